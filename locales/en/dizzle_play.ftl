# Dizzle on Discord: commands, prompts and controls.

cmd-dizzle = dizzle
    .name = dizzle
    .description = Play Dizzle
cmd-dizzle-new = new
    .name = new
    .description = Open a Dizzle table in this channel
    .level = The sheet everyone plays (default: Level 1)
    .level-name = level
    .solo = Play alone, starting at once
    .solo-name = solo
cmd-dizzle-sheet = sheet
    .name = sheet
    .description = Look at a player's sheet (only you see it)
    .player = Whose sheet (default: yours)
    .player-name = player

option-level = Level

dz-place-bomb = { $solo ->
    [1] Bomb: +{ $points } in solo
   *[other] Bomb: { $points } for everyone who does not cross it this pass
}
dz-choose-place = Place a die
dz-choose-return = Give a die of this pass back
dz-choose-planet = Pick a planet
dz-choose-part = { $choose }: { $first } … { $last }
dz-more-choices = More: { $first } … { $last }
dz-more-title = The other places for your die (only you see this):
dz-planets-hint = Pick in the menu below, one planet per rocket; each of you picks on your own sheet (see it with /dizzle sheet).

dz-final-line = { $place }. { $player } — { $points ->
    [one] { $points } point
   *[other] { $points } points
} ({ $crosses ->
    [one] { $crosses } cross
   *[other] { $crosses } crosses
})
dz-final-tie-break = Tied on points: fewer crosses ranks ahead; with as many crosses too, the place is shared.
dz-no-game-here = No Dizzle game is running in this channel.
dz-not-a-player = { $player } is not playing at this table.
dz-sheet-whose = You are not playing at this table: name the player whose sheet you want to see.
dz-unknown-level = There is no level called “{ $level }”. Pick one from the list.
