# Un salon calme : notifications, coups qui se jouent seuls, confirmations.

table-your-turn = 🔔 { $players } : { $count ->
    [one] c’est ton tour.
   *[other] c’est votre tour.
}
table-only-choice-tag = (le seul coup possible, joué aussitôt)
table-only-choice = { $player } n’avait qu’un seul coup possible ; il a été joué aussitôt.

ds-stars-choose = { $count ->
    [1] Ton étoile : choisis sa ligne
   *[other] Tes { $count } étoiles : choisis { $count } lignes
} · ⚠️ une ligne dont seules certaines étoiles sont cochées vaut 0
ds-stars-row = Ligne { $row } · { $crossed } sur { $fields } cochées
ds-stars-row-again = Ligne { $row } · { $star ->
    [1] 1re
   *[other] { $star }e
} étoile
ds-stars-after = { $full ->
    [1] puis les { $fields } cochées : la ligne compte double
   *[0] puis { $after } sur { $fields } : la ligne vaut 0 tant que toutes ne sont pas cochées
}

table-confirm-cancel = Annuler cette table pour tout le monde ? { $running ->
    [1] La partie s’arrête ici et ne pourra pas reprendre.
   *[0] Le salon d’attente se ferme.
}
table-confirm-cancel-button = Oui, annuler la table
table-confirm-leave = { $running ->
    [1] Abandonner ta place pour de bon ? Le pilote automatique la joue jusqu’à la fin.
   *[0] Quitter cette table ?
}
table-confirm-leave-button = Oui, quitter
