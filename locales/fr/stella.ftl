## Stella. $player et $players sont des noms affichés, $label une case de la grille (A1-E3).

## Options de la partie

st-option-preset = Règles
st-option-preset-seed = 2 points si deux marquent une image, 3 au-delà · 15 nouvelles images par manche
st-option-preset-published = 3 points si deux marquent une image, 2 au-delà · 5 nouvelles images par manche
st-option-language = Langue des mots
st-option-language-en = Anglais
st-option-language-de = Allemand
st-option-language-fr = Français
st-option-deck_size = Cartes illustrées dans la pioche
st-option-host_starts = L'hôte est le premier éclaireur

## Événements

st-event-first_scout = { $player } est le premier éclaireur.
st-event-round_started = Manche { $round } : le mot est « { $word } ».
st-event-new_row = La rangée { $row } reçoit de nouvelles cartes.
st-event-draft = { $count ->
    [0] Ton ardoise est vide.
    [one] Ton ardoise : { $count } marque ({ $labels }).
   *[other] Ton ardoise : { $count } marques ({ $labels }).
}
st-event-locked_in = { $player } a validé son ardoise.
st-event-slate_locked = Ardoise validée : { $count ->
    [one] { $count } marque
   *[other] { $count } marques
} ({ $labels }).
st-event-sat_out = { $player } n'a pas validé à temps et passe cette manche.
st-event-timed_out = Temps écoulé pour { $player } : le pilote automatique désigne une de ses cartes.
st-event-left = { $player } a quitté la partie.
st-event-announcement = Toutes les ardoises sont validées. Nombre de marques :
st-event-count = { $player } : { $count ->
    [one] { $count } marque
   *[other] { $count } marques
}
st-event-darkness = { $player } est seul à avoir marqué le plus de cartes et passe dans l'Obscurité.
st-event-no_darkness = Égalité à { $count } marques : personne ne passe dans l'Obscurité.
st-event-turn = { $player }, désigne une de tes cartes.
st-event-designated = { $player } désigne { $label }. Marquée par : { $players }.
st-event-fall = Chute ! Personne d'autre n'a marqué { $label } : { $player } ne gagne plus rien cette manche.
st-event-spark = Une étincelle pour { $player } : +{ $points } points.
st-event-round_over = Fin de la manche { $round }.
st-event-darkness_penalty = { $player } a chuté dans l'Obscurité et perd { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
st-event-round_score = { $player } : { $points ->
    [one] { $points } point
   *[other] { $points } points
} cette manche, { $total } au total.
st-event-ended_early = Il reste moins de deux joueurs : la partie s'arrête après la manche { $round }.
st-event-final_score = { $place ->
    [1] 1er
   *[other] { $place }e
} : { $player } avec { $total ->
    [one] { $total } point
   *[other] { $total } points
}
st-event-winner = { $player } remporte la partie !

## Erreurs

st-error-players = Stella se joue de { $min } à { $max } joueurs.
st-error-unknown-preset = Il n'existe pas de variante de règles nommée { $preset }.
st-error-unknown-language = Il n'y a pas de cartes mots dans la langue { $language }.
st-error-deck-too-small = Cette pioche compte { $have } cartes illustrées ; ces règles en demandent au moins { $need }.
st-error-game-over = La partie est terminée.
st-error-unknown-action = Ce coup n'existe pas dans Stella.
st-error-no-such-seat = Cette place n'existe pas à cette table.
st-error-has-left = Tu as quitté cette partie.
st-error-not-marking = On ne marque des cartes qu'avant l'annonce.
st-error-sitting-out = Tu passes cette manche.
st-error-already-locked-in = Tu as déjà validé ; tes marques sont définitives.
st-error-bad-card = Cette carte n'est pas dans la grille.
st-error-card-twice = Une carte ne peut être marquée qu'une fois.
st-error-no-marks = Marque au moins une carte avant de valider.
st-error-too-many-marks = Tu as marqué { $count } cartes ; { $max } au maximum sont permises.
st-error-not-exploring = On ne désigne des cartes que pendant l'exploration.
st-error-not-your-turn = Ce n'est pas ton tour.
st-error-already-revealed = { $card } a déjà été révélée.
st-error-not-marked = Tu n'as pas marqué { $card }.
st-error-no-chance-due = Aucune carte n'est à distribuer maintenant.
st-error-bad-outcome = Cette donne est impossible.
st-error-picture-used = Cette carte illustrée a déjà servi dans cette partie.
st-error-word-used = Cette carte mot a déjà servi dans cette partie.

# Picture labels

st-img-round = Manche
st-img-colon = { "\u00A0" }:
st-img-grid-hint = Marque 1 à 10 cartes sur ton ardoise
st-img-marks = Marques
st-img-locked-in = Validée
st-img-not-locked = Pas encore validée
st-img-locked = a validé
st-img-locked-count = Ardoises validées
st-img-marking = Marquage
st-img-still-marking = marque encore
st-img-sits-out = passe cette manche
st-img-left = a quitté la partie
st-img-sparks = Étincelles
st-img-designates = désigne une carte
st-img-exploration = Exploration
st-img-round-over = Manche terminée
st-img-game-over = Partie terminée
st-img-round-scores = Scores de la manche
st-img-ranking = Classement final
st-img-standings = Classement provisoire
st-img-shared = ex æquo
st-img-tie-seed = Égalité au total : le plus de points à la dernière manche l'emporte ; sinon, la victoire est partagée.
st-img-tie-published = En cas d'égalité au total, la victoire est partagée.
st-sum-penalty = (Obscurité −{ $points })
