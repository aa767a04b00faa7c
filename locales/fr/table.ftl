# Commun à toutes les tables : salon d'attente, places, erreurs.

game-dice_stars = Dice Stars
game-dizzle = Dizzle
game-stella = Stella

lobby-host-tag = (hôte)
lobby-seats = Places ({ $count }/{ $max }) : { $names }
lobby-setting = { $name } : **{ $value }**
lobby-help = Appuie sur **Rejoindre** pour prendre place. L'hôte lance la partie avec { $min } à { $max } joueurs et peut modifier les réglages ci-dessous.
lobby-started = La partie commence ! Joueurs dans l'ordre des places : { $names }
lobby-closed = Cette table est fermée.
lobby-join = Rejoindre
lobby-leave = Quitter
lobby-start = Lancer
lobby-cancel = Annuler la table
lobby-add-computer = Ajouter un ordinateur

option-host_starts = Premier joueur
option-host_starts-true = l'hôte commence
option-host_starts-false = tiré au sort

table-computer-name = Robo { $n }
table-none-here = Il n'y a pas de table dans ce salon. Ouvres-en une avec `/dicestars nouvelle`, `/dizzle nouvelle` ou `/stella nouvelle`.
table-cancelled = La table a été annulée par { $user }.
table-you-left = Tu as quitté la table.
table-player-left = { $player } a quitté la table ; le pilote automatique joue désormais à sa place.

table-error-guild-only = Les tables s'ouvrent dans un salon ou un fil d'un serveur, pas en message privé.
table-error-channel-busy = Ce salon a déjà une table. Termine-la ou annule-la d'abord, ou ouvre un fil pour une deuxième partie.
table-error-unknown-game = Ce bouton n'appartient à aucune table ici.
table-error-closed = Cette partie est terminée ; ce bouton ne fait plus rien.
table-error-unknown-control = Bouton inconnu ; rien n'a été modifié.
table-error-stale = Ce message n'est plus à jour — utilise le message le plus récent.
table-error-not-seated = Tu ne joues pas à cette table.
table-error-not-started = La partie n'a pas encore commencé.
table-error-not-in-lobby = La partie a déjà commencé ; les places ne peuvent plus changer.
table-error-already-seated = Tu as déjà une place à cette table.
table-error-full = La table est complète ({ $max } joueurs au maximum).
table-error-host-only = Seul l'hôte peut faire cela.
table-error-bad-option = Ce n'est pas un choix valable pour { $option }.
table-error-player-count = Ce jeu se joue de { $min } à { $max } joueurs.
table-error-cancel-forbidden = Seul l'hôte ou un membre avec « Gérer le serveur » peut annuler la table.
table-error-internal = Un problème est survenu de notre côté ; ton clic n'a rien changé. Réessaie.
table-error-bad-value = « { $value } » n'est pas une valeur possible pour cette option ; rien n'a été modifié.
table-error-not-allowed = Tu ne peux pas utiliser cette commande ici.
table-restarting = Le bot redémarre un instant ; rien n'a été modifié. Réessaie dans quelques secondes.
table-error-not-your-turn = Ce n'est pas ton tour.
table-left-tag = (a quitté)
table-timer = Minuteur de tour
table-timer-off = pas de minuteur
table-timer-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
table-timer-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
table-timer-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
table-timer-reminder = ⏳ { $player }, c'est toujours ton tour : il reste { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
table-timer-reminder-dm = ⏳ C'est ton tour à la table, il reste { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} : { $url }
table-timed-out = ⏰ Le temps de { $player } est écoulé ; le pilote automatique a joué à sa place.
table-remove-player = Retirer { $player }
table-player-removed = L'hôte a retiré { $player } ; le pilote automatique joue désormais à sa place.
table-error-remove-too-early = Un joueur ne peut être retiré qu'après deux dépassements de temps d'affilée.
lobby-watching = Suivie depuis : { $channels }
cmd-spectate = regarder
    .name = regarder
    .description = Suivre une table depuis ce salon
    .table = Le salon ou le fil où se joue la partie
    .table-name = table
    .stop = Arrêter de la suivre
    .stop-name = arrêter
spectate-started = 👀 Ce salon suit désormais la table de { $channel } : chaque coup public apparaît ici.
spectate-stopped = Ce salon ne suit plus la table de { $channel }.
spectate-error-same-channel = C'est le salon de la table elle-même ; choisis un autre salon pour regarder.
spectate-error-no-table = Il n'y a pas de table ouverte dans ce salon.
table-error-not-watching = Ce salon ne suit pas cette table.
table-error-already-watching = Ce salon suit déjà cette table.
table-error-too-many-watchers = Une table peut être suivie depuis { $max } salons au plus.
table-error-timer-range = Un minuteur de tour va de 0 (aucun) à { $max } minutes.
