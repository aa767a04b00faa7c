# A solo game's result: won or lost against the solo opponent (Dice Stars), or a score played
# for a personal best (Dizzle). A solo result shows no place.

ds-solo-result = { $outcome ->
    [solo_win] 🏆 { $player } beats the solo opponent: { $score } { $score ->
        [one] point
       *[other] points
    } against { $opponent }.
    [solo_tie] 🤝 { $player } ties with the solo opponent at { $score } { $score ->
        [one] point
       *[other] points
    }: a shared victory.
    [solo_loss] { $player } loses to the solo opponent: { $score } { $score ->
        [one] point
       *[other] points
    } against { $opponent }.
   *[solo_grid_full] { $player } loses: the solo grid is full ({ $score } { $score ->
        [one] point
       *[other] points
    } against the solo opponent's { $opponent }).
}
ds-solo-result-grid = Solo grid: { $crossed } of { $boxes } boxes crossed.
# The title of a solo result picture's top card (instead of "Ranking").
ds-img-solo-result = Solo game

dz-solo-result = { $player } — { $score } { $score ->
    [one] point
   *[other] points
} ({ $crosses } { $crosses ->
    [one] cross
   *[other] crosses
})

# After a solo game in /history's list: won or lost against the solo opponent, or neither.
solo-history-tag = { $outcome ->
    [won] solo, won
    [lost] solo, lost
   *[none] solo
}
