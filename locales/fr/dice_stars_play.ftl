cmd-dicestars = dicestars
    .name = dicestars
    .description = Jouer à Dice Stars
cmd-dicestars-new = nouvelle
    .name = nouvelle
    .description = Ouvre une table de Dice Stars dans ce salon
    .solo = Jouer seul contre l'adversaire solo, en commençant tout de suite
    .solo-name = solo
cmd-dicestars-sheet = feuille
    .name = feuille
    .description = Montre la feuille d'un joueur (toi seul la vois)
    .player = La feuille de qui (par défaut : la tienne)
    .player-name = joueur

ds-prompt-refill = { $player }, le sac est d'abord rempli avec la défausse. Remets-tu aussi la réserve dans le sac ?
ds-prompt-draw = { $player }, combien de dés tires-tu du sac ?
ds-prompt-take = { $player }, prends tous les dés d'une sorte : une couleur, un nombre ou les étoiles.
ds-prompt-penalty = { $player }, aucun choix possible sur ta feuille. Choisis une couleur ou une valeur à défausser : leur somme va dans ta case pénalité, et la partie se termine à la fin de ce tour de table.
ds-choice-detail = { $count ->
    [one] { $count } dé
   *[other] { $count } dés
} = { $sum }
ds-final-line = { $place }. { $player } — { $points ->
    [one] { $points } point
   *[other] { $points } points
}
ds-no-game-here = Aucune partie de Dice Stars n'est en cours dans ce salon.
ds-not-a-player = { $player } ne joue pas à cette table.
