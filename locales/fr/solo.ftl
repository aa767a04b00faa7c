# Le résultat d'une partie solo : gagnée ou perdue contre l'adversaire solo (Dice Stars), ou un
# score joué pour battre son record (Dizzle). Un résultat solo ne montre pas de place.

ds-solo-result = { $outcome ->
    [solo_win] 🏆 { $player } bat l'adversaire solo : { $score } { $score ->
        [one] point
       *[other] points
    } contre { $opponent }.
    [solo_tie] 🤝 { $player } et l'adversaire solo sont à égalité avec { $score } { $score ->
        [one] point
       *[other] points
    } chacun : une victoire partagée.
    [solo_loss] { $player } perd contre l'adversaire solo : { $score } { $score ->
        [one] point
       *[other] points
    } contre { $opponent }.
   *[solo_grid_full] { $player } perd : la grille solo est pleine ({ $score } { $score ->
        [one] point
       *[other] points
    } contre { $opponent } pour l'adversaire solo).
}
ds-solo-result-grid = Grille solo : { $crossed } { $crossed ->
    [one] case cochée
   *[other] cases cochées
} sur { $boxes }.
# Le titre de la carte du haut de l'image d'un résultat solo (au lieu de « Classement »).
ds-img-solo-result = Partie solo

dz-solo-result = { $player } — { $score } { $score ->
    [one] point
   *[other] points
} ({ $crosses } croix)

# Après une partie solo dans la liste de /history : gagnée, perdue, ou ni l'un ni l'autre.
solo-history-tag = { $outcome ->
    [won] solo, gagnée
    [lost] solo, perdue
   *[none] solo
}
