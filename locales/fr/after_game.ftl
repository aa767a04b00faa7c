# Après la partie : revanche, les statistiques d'un joueur, la feuille de chaque place.

rematch-button = Revanche
rematch-invite = 🔁 Revanche ! { $players } : { $count ->
    [one] appuie sur **Rejoindre** pour rejouer.
   *[other] appuyez sur **Rejoindre** pour rejouer.
}
rematch-open = La revanche est déjà ouverte : { $link }
rematch-channel-busy = Ce salon a déjà une table : { $link }. Termine-la ou annule-la d'abord.
rematch-players-only = Seuls les joueurs de cette partie peuvent demander une revanche.

history-player-title = 📊 **{ $player }** sur ce serveur :
history-player-line = { $game } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
} · meilleur score **{ $best }**
history-player-line-no-best = { $game } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}
history-player-none = { $player } n'a encore terminé aucune partie sur ce serveur.

ds-sheet-whose = Tu ne joues pas à cette table : indique la place dont tu veux voir la feuille.
