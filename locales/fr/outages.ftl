# Le fil d’une table disparu, Discord ou la base de données absents un moment.

outage-thread-deleted = La table de { $game } est terminée : son fil a été supprimé.
outage-thread-locked = La table de { $game } dans { $thread } est terminée : son fil a été verrouillé, plus personne ne peut y jouer.
outage-discord-pending = Discord ne répond pas pour le moment. Ce clic compte : il est enregistré, et la table l’affiche dès que Discord est de retour.
outage-discord-retry = Discord ne répond pas pour le moment ; ce clic n’a rien changé. Réessaie dans un instant.
outage-storage-retry = Le bot n’arrive pas à joindre la mémoire des parties en ce moment ; ce clic n’a rien changé. Réessaie dans un instant.
