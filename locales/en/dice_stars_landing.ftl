# Where a take puts its dice, on the take buttons: "Blue · 3 dice = 12 → column blue".
ds-lands-colour = { $colour ->
    [black] → column black
    [purple] → column purple
    [blue] → column blue
   *[yellow] → column yellow
}
ds-lands-number = → row { $n }
