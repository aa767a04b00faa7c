# Slash command names (lowercase, no spaces) and descriptions.

cmd-status = status
    .name = status
    .description = Show the table in this channel
cmd-cancel = cancel
    .name = cancel
    .description = Cancel the table in this channel (host or server managers)
cmd-leave = leave
    .name = leave
    .description = Leave the table in this channel
cmd-help = help
    .name = help
    .description = How to play with this bot
cmd-about = about
    .name = about
    .description = Version and credits

help-text = **Dice Stars, Dizzle and Stella — at your Discord table**
    Open a table in any channel or thread, friends press **Join**, the host presses **Start**. Every choice is a button or a menu; secret choices come by direct message.
    • `/dicestars new` — Dice Stars, 1–4 players (alone: solo against the bag)
    • `/dizzle new` — Dizzle, 1–4 players, pick a level
    • `/stella new` — Stella, 3–6 players, secret marks in DMs
    • `/status` shows the table here, `/leave` gives up your seat, `/cancel` closes the table.
    • `/spectate` follows a table from another channel, `/history` shows finished games, records and replays (`player:` for one player's games and wins).
    • When a game ends, **Rematch** opens the same table again and invites everyone who played.
    • `/help game:` — how a game is played, with a legend of its pictures (also **How to play** in the lobby).
    One table per channel: open a thread to play several games side by side.
about-text = **Table bot** { $version }
    Plays Dice Stars (Bruno Cathala, Ludovic Maublanc), Dizzle (Ralf zur Linde) and Stella (Libellud, in the Dixit world) with your friends on Discord. These are fan adaptations for playing together; buy the boxed games to support their authors.
    Card pictures: OpenMoji – the open-source emoji and icon project, CC BY-SA 4.0. Font: DejaVu Sans.
cmd-timer = turn_timer
    .name = turn_timer
    .description = Minutes per turn (0: no timer)
