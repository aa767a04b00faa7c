## Textes alternatifs des images : ce qu’un lecteur d’écran dit de chacune (256 caractères au
## plus, les parties les moins importantes tombent d’abord : voir screens/alt_text.py).

alt-sep = { "\u00A0; " }
alt-score = { $player } { $points ->
    [one] { $points } point
   *[other] { $points } points
}
alt-own-score = { $player } : { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-scores = Scores : { $scores }.
alt-others = Les autres : { $scores }.
alt-place = { $place }. { $player } : { $points }
alt-best = Meilleur score avant : { $best }.
alt-legend = Légende de { $game } :

## Dice Stars

alt-ds-refill = Dice Stars, au tour de { $player } : le sac est rempli ; garde la réserve ou remets-la dans le sac.
alt-ds-draw = Dice Stars, au tour de { $player } : tire de { $least } à { $most } dés.
alt-ds-draw-all = Dice Stars, au tour de { $player } : tire { $count ->
    [one] { $count } dé.
   *[other] { $count } dés.
}
alt-ds-take = Dice Stars, au tour de { $player } : prends des dés.
alt-ds-fits = Possible : { $fits }.
alt-ds-fit-number = valeur { $n } ({ $count ->
    [one] { $count } dé
   *[other] { $count } dés
}) sur la ligne { $n }
alt-ds-fit-colour = { $colour } ({ $faces }) sur { $count ->
    [one] la ligne
   *[other] les lignes
} { $rows }
alt-ds-fit-stars = { $count ->
    [one] { $count } étoile
   *[other] { $count } étoiles
} sur les cases multiplicateur
alt-ds-nothing-fits = Rien ne va : une couleur ou un nombre part en pénalité.
alt-ds-last-round = Dernier tour.
alt-ds-reserve = Réserve : { $dice }.
alt-ds-reserve-empty = Réserve vide.
alt-ds-solo-opponent = Adversaire solo { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-ds-bag = Sac { $bag }, défausse { $discard }.
alt-ds-sheet = Feuille Dice Stars de { $player } : { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-ds-white = { $filled } cases blanches remplies sur { $white }.
alt-ds-penalty = Pénalité { $points }.
alt-ds-rows = Lignes : { $rows }.
alt-ds-solo-grid = Grille solo : { $crossed } cases cochées sur { $boxes }.
alt-ds-solo-result = Dice Stars en solo, { $outcome ->
    [solo_win] { $player } gagne
    [solo_tie] égalité
    [solo_grid_full] { $player } perd, la grille solo est pleine
   *[solo_loss] { $player } perd
} : { $points } contre { $opponent }.
alt-ds-result = Dice Stars, scores finaux{ $shared ->
    [1] , une victoire partagée :
   *[other]  :
}

## Dizzle

alt-dz-round = Dizzle, manche { $round } sur { $rounds }{ $passes ->
    [1] .
   *[other] , tour de table { $pass } sur { $passes }.
}
alt-dz-place = Au tour de { $player } : pose un dé du centre.
alt-dz-forced = { $player } a relancé : pose un dé du centre.
alt-dz-stuck = Au tour de { $player } : aucun dé ne convient ; relance ou passe.
alt-dz-return = La relance de { $player } a échoué : rends un dé de ce tour de table, sur { $fields }.
alt-dz-fits = Possible : { $fits }.
alt-dz-fit = { $value } sur { $fields }
alt-dz-planets = Dizzle, fusées lancées : { $players } { $count ->
    [one] choisit une planète.
   *[other] choisissent leurs planètes.
}
alt-dz-planet-fields = Planètes : { $fields }.
alt-dz-last-turn = Dernier tour.
alt-dz-middle = Centre : { $count ->
    [0] vide.
   *[other] { $dice }.
}
alt-dz-passed = Ont passé : { $players }.
alt-dz-opponent = Dés de l’adversaire : { $dice }.
alt-dz-sheet = Feuille Dizzle de { $player }, { $level } : { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $crosses ->
    [one] { $crosses } croix.
   *[other] { $crosses } croix.
}
alt-dz-dice = Dés de ce tour de table sur { $fields }.
alt-dz-boxed-in = Bloqué : le prochain dé peut aller à côté de n’importe quelle croix.
alt-dz-score-parts = Gemmes { $gems }, puzzles { $puzzles }, lignes { $lines }, drapeaux { $flags }, bombes { $bombs }, crottes { $poop }.
alt-dz-solo-result = Dizzle en solo, { $level } : { $player } { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $crosses ->
    [one] { $crosses } croix.
   *[other] { $crosses } croix.
}
alt-dz-result = Dizzle, { $level }, { $over ->
    [1] scores finaux :
   *[other] classement provisoire :
}

## Stella

alt-st-round = Stella, manche { $round } sur { $rounds }, le mot est « { $word } ».
alt-st-grid = 15 cartes illustrées en 3 rangées de 5, de { $first } à { $last }.
alt-st-mark = Marque sur ton ardoise de { $min } à { $max } cartes qui vont avec le mot.
alt-st-slate = Ton ardoise : { $count ->
    [0] aucune carte marquée.
    [one] { $count } carte marquée, { $labels }.
   *[other] { $count } cartes marquées, { $labels }.
}
alt-st-locked = Validée.
alt-st-draft = Pas encore validée.
alt-st-fallen = Tu as chuté cette manche.
alt-st-to-designate = Encore à désigner : { $labels }.
alt-st-revealed-mine = Révélées : { $labels }.
alt-st-designates = Exploration : { $player } désigne une carte.
alt-st-round-over = L’exploration de la manche est finie.
alt-st-revealed = Révélées : { $reveals }.
alt-st-none-revealed = Aucune carte révélée pour l’instant.
alt-st-spark = { $label } par { $player }, marquée par { $players } : étincelles de { $points ->
    [one] { $points } point
   *[other] { $points } points
}
alt-st-fall = { $label } par { $player } : une chute
alt-st-darkness = Dans l’Obscurité : { $player }.
alt-st-points = Cette manche : { $points }.
alt-st-counts = Cartes marquées : { $counts }.
alt-st-round-scores-none = Stella, les points de la manche.
alt-st-round-scores = Stella, points de la manche { $round } (« { $word } ») :
alt-st-totals = Totaux : { $scores }.
alt-st-result = Stella, { $over ->
    [1] scores finaux{ $shared ->
        [1] , une victoire partagée :
       *[other]  :
    }
   *[other] classement provisoire :
}
alt-st-left = { $entry } (a quitté la partie)
