# Dizzle. Les arguments sont ceux de l'événement ; l'adaptateur ajoute $player (le nom du
# « seat ») et met les listes en texte : $players (« seats ») et $scribbled en noms, $values et
# $removed en dés. $field est une case comme sur la feuille (« C5 ») ; $count, $taken, $dice et
# $returned sont des nombres.

dz-level-title = Niveau { $number }

## Termes

dz-special-gem = Gemme
dz-special-puzzle = Pièce de puzzle
dz-special-key = Clé
dz-special-lock = Cadenas
dz-special-bomb = Bombe
dz-special-rocket = Fusée
dz-special-planet = Planète
dz-special-flag = Drapeau
dz-special-poop = Crotte
dz-color-name = { $color ->
    [red] rouge
    [blue] bleu
    [green] vert
    [yellow] jaune
    [purple] violet
   *[orange] orange
}

## Boutons et état

dz-action-reroll = Relancer
dz-action-pass = Passer
dz-action-return-die = Rendre le { $value } de { $field }
dz-action-choose-planet = Planète { $field }
dz-status-turn = { $player }, à toi : pose un dé.
dz-status-stuck = { $player }, aucun dé ne convient : relance ou passe.
dz-status-forced = { $player }, un dé convient maintenant : pose-le.
dz-status-return = { $player }, toujours rien : rends au centre un de tes dés de ce tour de table.
dz-status-planets = Fusées lancées : { $players } { $count ->
    [one] choisit une planète.
   *[other] choisissent leurs planètes.
}
dz-status-boxed-in = Bloqué : le prochain dé peut aller à côté de n'importe laquelle de tes croix.

## Événements

dz-event-start_player = { $player } est le premier joueur à lancer.
dz-event-roll = Manche { $round }/{ $rounds }, tour de table { $pass }/{ $passes } : { $player } lance { $values }.
dz-event-place = { $player } pose un { $value } sur { $field }.
dz-event-reroll = { $player } ne peut rien poser et relance { $dice ->
    [1] le dé
   *[other] les { $dice } dés
} du centre.
dz-event-rerolled = La relance donne { $values }.
dz-event-reroll_failed = Toujours rien pour { $player }. { $returned ->
    [0] Aucun dé de ce tour de table à rendre ; { $player } reste dans le tour.
   *[other] Un dé retourne au centre ; { $player } reste dans le tour.
}
dz-event-return_die = { $player } rend le { $value } de { $field } au centre.
dz-event-pass = { $player } passe et sort de ce tour de table.
dz-event-last_turn = Tous les autres ont passé : { $player } joue encore une seule fois.
dz-event-opponent = Les dés adverses montrent { $values } et retirent { $taken ->
    [0] rien
   *[other] { $removed }
} du centre.
dz-event-pass_end = { $table_size ->
    [1] Fin du tour de table : tes dés deviennent des croix.
   *[other] Fin du tour de table : chacun coche les cases sous ses dés.
}
dz-event-bomb = La bombe en { $field } a été cochée par { $players }{ $count ->
    [0] .
    [one] {" ;"} { $scribbled } doit la gribouiller ({ $penalty } points).
   *[other] {" ;"} { $scribbled } doivent la gribouiller ({ $penalty } points).
}
dz-event-flag = Drapeau en { $field } atteint par { $players } : { $value ->
    [0] plus aucun point.
    [one] { $value } point.
   *[other] { $value } points.
}
dz-event-key = { $player } a coché la clé { $color ->
    [red] rouge
    [blue] bleue
    [green] verte
    [yellow] jaune
    [purple] violette
   *[orange] orange
} en { $field } : les cadenas de cette couleur s'ouvrent dès le prochain tour de table.
dz-event-rockets = { $player } lance { $count ->
    [1] une fusée
   *[other] { $count } fusées
}.
dz-event-planet = { $player } se pose sur la planète { $field }.
dz-event-game_over = La partie est terminée.

## Erreurs

dz-error-player-count = Dizzle se joue de 1 à 4 joueurs.
dz-error-no-level = Aucun niveau n'a été choisi pour cette partie.
dz-error-game-over = Cette partie est déjà terminée.
dz-error-not-your-turn = Ce n'est pas ton tour.
dz-error-unknown-action = Ce coup n'existe pas ici.
dz-error-no-chance = Ce n'est pas le moment de lancer les dés.
dz-error-bad-outcome = Ces dés ne peuvent pas sortir maintenant.
dz-error-no-field = Il n'y a pas de case à cet endroit.
dz-error-field-taken = La case { $field } est déjà prise.
dz-error-field-scribbled = La case { $field } est gribouillée.
dz-error-field-locked = Le cadenas en { $field } est encore fermé : il te faut sa clé, cochée lors d'un tour de table précédent.
dz-error-no-matching-die = Il n'y a pas de { $value } au centre pour { $field }.
dz-error-not-adjacent = { $field } ne touche pas tes dés de ce tour de table (pour le premier dé : aucune de tes croix).
dz-error-must-place = Un dé convient, tu dois donc en poser un.
dz-error-must-return-die = Toujours rien : rends d'abord un de tes dés de ce tour de table.
dz-error-no-die-there = Tu n'as aucun dé de ce tour de table en { $field }.
dz-error-not-a-planet = { $field } n'est pas une planète.

# Picture labels

dz-img-round = Manche
dz-img-pass = Tour de table
dz-img-level = Niveau
dz-img-crosses = Croix
dz-img-gems = Gemmes
dz-img-puzzles = Puzzles
dz-img-lines = Lignes
dz-img-flags = Drapeaux
dz-img-bombs = Bombes
dz-img-poop = Crottes
dz-img-total = Total
dz-img-game-over = Score final
dz-img-turn = à son tour
dz-img-passed = a passé
dz-img-last-turn = un dernier coup
dz-img-opponent = Dés adverses
dz-img-planets = choisit une planète
dz-img-planets-note = Fusées lancées, planètes à choisir :
dz-img-middle-empty = Plus aucun dé au centre
dz-img-ranking = Classement final
dz-img-standings = Classement provisoire
dz-img-tie-break = Égalité de points ? Le moins de croix l'emporte ; sinon, la place est partagée.
dz-img-shared = ex æquo
dz-sum-sheet = { $player }, { $level } : { $total } points avec { $crosses } croix (gemmes { $gems }, puzzles { $puzzles }, lignes { $lines }, drapeaux { $flags }, bombes { $bombs }, crottes { $poop }).
dz-sum-dice = { $count ->
    [1] Un dé de ce tour de table est posé sur { $fields }.
   *[other] { $count } dés de ce tour de table sont posés sur { $fields }.
}
dz-sum-turn = { $player } joue ; { $dice ->
    [0] le centre est vide.
   *[other] au centre : { $middle }.
}
dz-sum-planets = Fusées lancées : { $players } { $count ->
    [one] choisit une planète.
   *[other] choisissent leurs planètes.
}
dz-sum-over = { $level } : la partie est terminée.
dz-sum-passed = Hors du tour de table : { $players }.
dz-sum-opponent = Dés adverses : { $values }.
