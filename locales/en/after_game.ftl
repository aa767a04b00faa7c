# After the game: rematch, a player's statistics, every seat's sheet.

rematch-button = Rematch
rematch-invite = 🔁 Rematch! { $players }: { $count ->
    [one] press **Join** to play again.
   *[other] press **Join** to play again.
}
rematch-open = The rematch is already open: { $link }
rematch-channel-busy = This channel already has a table: { $link }. Finish or cancel it first.
rematch-players-only = Only the players of this game can ask for a rematch.

history-player-title = 📊 **{ $player }** on this server:
history-player-line = { $game }: { $games ->
    [one] { $games } game
   *[other] { $games } games
} · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} · best score **{ $best }**
history-player-line-no-best = { $game }: { $games ->
    [one] { $games } game
   *[other] { $games } games
} · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}
history-player-none = { $player } has not finished a game on this server yet.

ds-sheet-whose = You are not playing at this table: name the seat whose sheet you want to see.
