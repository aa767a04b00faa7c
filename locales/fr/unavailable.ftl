# La base de données est absente un instant (redémarrage, disque plein, sauvegarde qui verrouille le fichier).
table-error-try-again = Je ne peux rien enregistrer pour l’instant (la base de données est momentanément indisponible) ; rien n’a changé. Réessaie dans une minute.
