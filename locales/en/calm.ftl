# A calm channel: notifications, moves that play themselves, confirmations.

table-your-turn = 🔔 { $players }: { $count ->
    [one] it is your turn.
   *[other] it is your turn.
}
table-only-choice-tag = (the only possible move, played at once)
table-only-choice = { $player } had only one possible move; it was played at once.

ds-stars-choose = { $count ->
    [1] Your star: pick its row
   *[other] Your { $count } stars: pick { $count } rows
} · ⚠️ a row with only some of its stars crossed scores 0
ds-stars-row = Row { $row } · { $crossed } of { $fields } crossed
ds-stars-row-again = Row { $row } · { $star ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $star }th
} star
ds-stars-after = { $full ->
    [1] then all { $fields } crossed: the row counts double
   *[0] then { $after } of { $fields }: the row scores 0 until all are crossed
}

table-confirm-cancel = Cancel this table for everyone? { $running ->
    [1] The game ends here and cannot be resumed.
   *[0] The lobby closes.
}
table-confirm-cancel-button = Yes, cancel the table
table-confirm-leave = { $running ->
    [1] Give up your seat for good? The autopilot plays it for the rest of the game.
   *[0] Leave this table?
}
table-confirm-leave-button = Yes, leave
