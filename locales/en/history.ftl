cmd-history = history
    .name = history
    .description = Finished games of this server, records and replays
    .player = Games, wins and best scores of one player
    .player-name = player
history-none = No game has been finished on this server yet.
history-title = 📜 **Finished games and records**
history-recent = **Latest games** (pick one below to watch it move by move):
history-pick = Watch a game…
history-record-dice-stars = 🎲 Best Dice Stars score: **{ $points }** by { $player }
history-record-dizzle-solo = 🧩 Best Dizzle solo on { $level }: **{ $points }** by { $player }
history-record-stella = ✨ Most Stella wins: { $player } ({ $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
})
history-unknown = That game cannot be shown here.
history-step = 🎞️ Replay — move { $step } of { $steps }
history-first = Start
history-back = Back
history-next = Forward
history-last = End
