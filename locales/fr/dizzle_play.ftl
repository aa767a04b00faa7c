# Dizzle sur Discord : commandes, invites et commandes de jeu.

cmd-dizzle = dizzle
    .name = dizzle
    .description = Jouer à Dizzle
cmd-dizzle-new = nouvelle
    .name = nouvelle
    .description = Ouvre une table de Dizzle dans ce salon
    .level = La feuille que tout le monde joue (par défaut : Niveau 1)
    .level-name = niveau
    .solo = Jouer seul, en commençant tout de suite
    .solo-name = solo
cmd-dizzle-sheet = feuille
    .name = feuille
    .description = Affiche la feuille d'un joueur (toi seul la vois)
    .player = La feuille de qui (par défaut : la tienne)
    .player-name = joueur

option-level = Niveau

dz-place-bomb = { $solo ->
    [1] Bombe : +{ $points } en solo
   *[other] Bombe : { $points } pour tous ceux qui ne la cochent pas à ce tour de table
}
dz-choose-place = Poser un dé
dz-choose-return = Rendre un dé de ce tour de table
dz-choose-planet = Choisir une planète
dz-choose-part = { $choose } : { $first } … { $last }
dz-more-choices = Plus : { $first } … { $last }
dz-more-title = Les autres cases pour ton dé (toi seul vois ceci) :
dz-planets-hint = Choisis dans le menu ci-dessous, une planète par fusée ; chacun choisit sur sa propre feuille (à voir avec /dizzle feuille).

dz-final-line = { $place }. { $player } — { $points ->
    [one] { $points } point
   *[other] { $points } points
} ({ $crosses ->
    [one] { $crosses } croix
   *[other] { $crosses } croix
})
dz-final-tie-break = Égalité de points : celui qui a le moins de croix passe devant ; avec autant de croix, la place est partagée.
dz-no-game-here = Aucune partie de Dizzle n'est en cours dans ce salon.
dz-not-a-player = { $player } ne joue pas à cette table.
dz-sheet-whose = Tu ne joues pas à cette table : indique le joueur dont tu veux voir la feuille.
dz-unknown-level = Il n'y a pas de niveau appelé « { $level } ». Choisis-en un dans la liste.
