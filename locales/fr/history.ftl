cmd-history = historique
    .name = historique
    .description = Parties terminées de ce serveur, records et rediffusions
    .player = Parties, victoires et meilleurs scores d'un joueur
    .player-name = joueur
history-none = Aucune partie n'a encore été terminée sur ce serveur.
history-title = 📜 **Parties terminées et records**
history-recent = **Dernières parties** (choisis-en une ci-dessous pour la revoir coup par coup) :
history-pick = Revoir une partie…
history-record-dice-stars = 🎲 Meilleur score à Dice Stars : **{ $points }** par { $player }
history-record-dizzle-solo = 🧩 Meilleur solo de Dizzle au { $level } : **{ $points }** par { $player }
history-record-stella = ✨ Le plus de victoires à Stella : { $player } ({ $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
})
history-unknown = Cette partie ne peut pas être revue ici.
history-step = 🎞️ Rediffusion — coup { $step } sur { $steps }
history-first = Début
history-back = Retour
history-next = Suivant
history-last = Fin
