## Dice Stars. $player et $winners sont des noms affichés (la place de l'événement, les gagnants
## mis bout à bout) ; $dice est une liste de dés, chacun écrit avec ds-die ; $rows une liste de
## lignes. $colour vaut black, purple, blue ou yellow ; la face 0 est une étoile.

## Matériel

ds-colour-black = noir
ds-colour-purple = violet
ds-colour-blue = bleu
ds-colour-yellow = jaune
ds-star = étoile
ds-die = { $colour ->
    [black] noir
    [purple] violet
    [blue] bleu
   *[yellow] jaune
} { $face ->
    [0] ★
   *[other] { $face }
}

## Boutons

ds-action-refill-keep = Remplir le sac, garder la réserve
ds-action-refill-return = Remplir le sac et y remettre la réserve
ds-action-draw = { $n ->
    [one] Tirer { $n } dé
   *[other] Tirer { $n } dés
}
ds-action-take_colour = { $colour ->
    [black] Noir
    [purple] Violet
    [blue] Bleu
   *[yellow] Jaune
}
ds-action-take_number = Les { $n }
ds-action-take_stars = { $count ->
    [1] Étoile
   *[other] { $count } étoiles
}
ds-action-penalty_colour = Pénalité : { $colour ->
    [black] noir
    [purple] violet
    [blue] bleu
   *[yellow] jaune
}
ds-action-penalty_number = Pénalité : nombre { $n }

## Événements

ds-event-start_player = { $player } commence la partie.
ds-event-turn = { $player }, à toi de jouer.
ds-event-refill = { $from_reserve ->
    [0] { $player } remet la défausse dans le sac.
   *[other] { $player } remet la défausse et la réserve dans le sac.
} { $bag ->
    [one] Le sac contient { $bag } dé.
   *[other] Le sac contient { $bag } dés.
}
ds-event-draw = { $player } tire { $n ->
    [1] un dé
   *[other] { $n } dés
}.
ds-event-dice = { $player } lance { $dice }. { $bag ->
    [0] Le sac est vide.
    [one] Il reste { $bag } dé dans le sac.
   *[other] Il reste { $bag } dés dans le sac.
}
ds-event-take_colour = { $player } prend { $count ->
    [1] le dé { $colour ->
        [black] noir
        [purple] violet
        [blue] bleu
       *[yellow] jaune
    }
   *[other] les { $count } dés { $colour ->
        [black] noirs
        [purple] violets
        [blue] bleus
       *[yellow] jaunes
    }
} : { $number } dans la ligne { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } croix
   *[other] , { $crosses } croix
}.
ds-event-take_number = { $player } prend { $count ->
    [1] le { $n }
   *[other] les { $count } dés de valeur { $n }
} : { $number } dans la ligne { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } croix
   *[other] , { $crosses } croix
}.
ds-event-take_stars = { $player } prend { $count ->
    [1] l'étoile et coche une case multiplicateur dans la ligne { $rows }.
   *[other] les { $count } étoiles et coche { $count } cases multiplicateur { $lines ->
        [one] dans la ligne { $rows }.
       *[other] dans les lignes { $rows }.
    }
}
ds-event-penalty_colour = Aucun choix possible : { $player } défausse { $count ->
    [1] le dé { $colour ->
        [black] noir
        [purple] violet
        [blue] bleu
       *[yellow] jaune
    }
   *[other] les { $count } dés { $colour ->
        [black] noirs
        [purple] violets
        [blue] bleus
       *[yellow] jaunes
    }
} et inscrit une pénalité de { $penalty }.
ds-event-penalty_number = Aucun choix possible : { $player } défausse { $count ->
    [1] le { $n }
   *[other] les { $count } dés de valeur { $n }
} et inscrit une pénalité de { $penalty }.
ds-event-refill_due = { $reason ->
    [stars] Des étoiles ont été prises : le prochain tour commence par remettre la défausse dans le sac.
   *[last_die] Le dernier dé a quitté le sac : le prochain tour commence par remettre la défausse dans le sac.
}
ds-event-end_triggered = { $reason ->
    [penalty] { $player } a inscrit une pénalité.
   *[sheet_full] { $player } a rempli sa dernière case blanche.
} La partie s'arrête à la fin de ce tour de table.
ds-event-solo_marks = { $boxes ->
    [0] L'adversaire solo ne coche rien cette fois.
    [one] L'adversaire solo coche { $boxes } case ({ $crossed } sur { $grid }).
   *[other] L'adversaire solo coche { $boxes } cases ({ $crossed } sur { $grid }).
}
ds-event-solo_grid_full = La grille solo est pleine : l'adversaire solo gagne immédiatement.
ds-event-game_over = Fin de la partie. { $outcome ->
    [shared] Victoire partagée pour { $winners } avec { $best } points chacun !
    [solo_win] Tu gagnes avec { $score } points contre { $opponent } pour l'adversaire solo !
    [solo_tie] Égalité : { $score } points contre { $opponent } pour l'adversaire solo.
    [solo_loss] L'adversaire solo gagne avec { $opponent } points contre { $score }.
    [solo_grid_full] La grille solo est pleine, l'adversaire solo gagne ({ $score } points contre { $opponent }).
   *[win] { $winners } gagne avec { $best } points !
}

## Erreurs

ds-error-not-your-turn = Ce n'est pas ton tour.
ds-error-game-over = Cette partie est terminée.
ds-error-unknown-action = Ce coup n'existe pas dans Dice Stars.
ds-error-bad-action = Ce coup est incomplet.
ds-error-dice-pending = Les dés roulent encore.
ds-error-no-chance-due = Aucun dé n'est tiré en ce moment.
ds-error-refill-first = Remets d'abord la défausse dans le sac.
ds-error-draw-first = Tire d'abord des dés du sac.
ds-error-already-drawn = Tu as déjà tiré : prends maintenant des dés dans la réserve.
ds-error-no-refill-due = Le sac ne se remplit pas à ce tour.
ds-error-nothing-to-return = La réserve est vide : il n'y a rien à remettre.
ds-error-must-draw = Tu dois tirer { $n ->
    [1] un dé
   *[other] { $n } dés
}.
ds-error-draw-count = Tire entre 1 et { $most } dés.
ds-error-bad-colour = Cette couleur n'existe pas.
ds-error-bad-number = Les nombres vont de 2 à 6.
ds-error-bad-row = Les cases multiplicateur se trouvent dans les lignes 2 à 6.
ds-error-bad-seat = Cette place n'existe pas.
ds-error-not-in-reserve = { $choice ->
    [colour] Aucun dé { $colour ->
        [black] noir
        [purple] violet
        [blue] bleu
       *[yellow] jaune
    } dans la réserve.
    [number] Aucun dé de la réserve n'affiche { $n }.
   *[stars] Aucune étoile dans la réserve.
}
ds-error-does-not-fit = Cela ne tient pas sur ta feuille : { $choice ->
    [colour] la colonne { $colour ->
        [black] noire
        [purple] violette
        [blue] bleue
       *[yellow] jaune
    } a moins de { $count } cases vides.
    [number] la ligne { $n } a moins de { $count } cases vides.
   *[stars] il reste moins de { $count } cases multiplicateur vides.
}
ds-error-star-count = Place chaque étoile : { $stars } en tout, tu en as placé { $given }.
ds-error-multipliers-full = La ligne { $row } n'a que { $free } cases multiplicateur vides.
ds-error-penalty-not-allowed = Un choix rentre encore sur ta feuille : tu dois le prendre au lieu d'une pénalité.
ds-error-dice-count = Exactement { $n } dés sortent du sac.
ds-error-bad-face = Un dé { $colour ->
    [black] noir
    [purple] violet
    [blue] bleu
   *[yellow] jaune
} n'a pas de face { $face }.
ds-error-not-in-bag = Il n'y a pas autant de dés { $colour ->
    [black] noirs
    [purple] violets
    [blue] bleus
   *[yellow] jaunes
} dans le sac.

# Picture labels

ds-img-penalty = Pénalité
ds-img-total = Total
ds-img-solo = Adversaire solo
ds-img-points = points
ds-img-game-over = Partie terminée
ds-img-reserve-empty = vide
ds-img-bag = Sac
ds-img-discard = Défausse
ds-img-refill-due = Remplir le sac
ds-img-last-round = Dernier tour de table
ds-img-nothing-fits = Aucun choix possible : pénalité
ds-img-ranking = Classement final
ds-img-shared = Victoire partagée
ds-img-solo-win = Gagné
ds-img-solo-tie = Égalité
ds-img-solo-loss = Perdu
ds-img-solo-grid-full = Grille solo pleine : perdu

## Une feuille en une ligne (le texte de /dicestars sheet) et un dé tel que le nomment les textes
## alternatifs. $rows met bout à bout des ds-img-summary-row ; $state vaut plain, double ou zero.

ds-img-die = { $face ->
    [0] étoile { $colour ->
        [black] noire
        [purple] violette
        [blue] bleue
       *[yellow] jaune
    }
   *[other] { $face } { $colour ->
        [black] noir
        [purple] violet
        [blue] bleu
       *[yellow] jaune
    }
}
ds-img-summary-sheet = { $player } : { $total ->
    [one] { $total } point
   *[other] { $total } points
}, { $filled } cases blanches remplies sur { $white } ; { $rows }
ds-img-summary-row = ligne { $row } : { $state ->
    [double] { $final } (×2)
    [zero] 0 (étoiles incomplètes)
   *[plain] { $final }
}
ds-img-summary-penalty = pénalité { $penalty }
ds-img-summary-solo = adversaire solo : { $points } points ({ $crossed } cases cochées sur { $boxes })
