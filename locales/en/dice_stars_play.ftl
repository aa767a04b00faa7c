# Dice Stars on Discord: commands, prompts and controls.

cmd-dicestars = dicestars
    .name = dicestars
    .description = Play Dice Stars
cmd-dicestars-new = new
    .name = new
    .description = Open a Dice Stars table in this channel
    .solo = Play alone against the solo opponent, starting at once
    .solo-name = solo
cmd-dicestars-sheet = sheet
    .name = sheet
    .description = Look at a player's sheet (only you see it)
    .player = Whose sheet (default: yours)
    .player-name = player

ds-prompt-refill = { $player }, the bag is refilled from the discard first. Do you also put the reserve back?
ds-prompt-draw = { $player }, how many dice do you draw from the bag?
ds-prompt-take = { $player }, take all dice of one kind: a colour, a number or the stars.
ds-prompt-penalty = { $player }, nothing fits your sheet. Choose a colour or a number to discard: its sum goes into your penalty box, and that ends the game after this round.
ds-choice-detail = { $count ->
    [one] { $count } die
   *[other] { $count } dice
} = { $sum }
ds-final-line = { $place }. { $player } — { $points ->
    [one] { $points } point
   *[other] { $points } points
}
ds-no-game-here = No Dice Stars game is running in this channel.
ds-not-a-player = { $player } is not playing at this table.
