# Where a take puts its dice, on the take buttons: "Blue · 3 dice = 12 → column blue".
ds-lands-colour = { $colour ->
    [black] → column black
    [purple] → column purple
    [blue] → column blue
   *[yellow] → column yellow
}
ds-lands-number = → row { $n }
# A solo result's line under the score: the player's best earlier solo score.
ds-img-solo-best = Your best solo score: { $best }
ds-img-solo-new-best = New best! (was { $best })
