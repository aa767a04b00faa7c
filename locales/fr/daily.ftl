# Le défi du jour : les mêmes dés pour tout le monde, chaque jour (UTC).

cmd-daily = défi
    .name = défi
    .description = Le défi du jour : classement et séries
    .share = Montrer la réponse au salon
    .share-name = partager
cmd-dicestars-daily = défi
    .name = défi
    .description = Le défi Dice Stars du jour : les mêmes dés pour tout le monde
cmd-dizzle-daily = défi
    .name = défi
    .description = Le défi Dizzle du jour : les mêmes dés pour tout le monde

daily-unavailable = Le défi du jour n'est pas disponible pour le moment.
daily-no-level = La feuille du jour ({ $level }) manque à ce bot : pas de défi aujourd'hui, désolé.
daily-no-dm = Je ne peux pas t'envoyer de messages privés : autorise les MP des membres de ce serveur, puis réessaie. Le défi se joue en MP pour que personne ne voie tes dés.
daily-dm-busy = Nos MP tiennent déjà un autre défi : termine-le d'abord ({ $link }).
daily-started = 📅 Le défi du jour t'attend en MP : { $link }
    Les mêmes dés pour tout le monde aujourd'hui. Un seul essai : il compte dès maintenant et jusqu'à minuit UTC.
daily-resume = ⏯️ Ton défi du jour est encore en cours : { $link }
    Termine-le avant minuit UTC, sinon il compte avec le score qu'il aura alors.
daily-result-title = 📅 **{ $game }** — défi du { $day } : **{ $score }** { $score ->
        [one] point
       *[other] points
    }
daily-rank-here = 🏠 { $place ->
        [1] 1er
       *[other] { $place }e
    } sur { $players } sur ce serveur aujourd'hui
daily-rank-all = 🌍 { $place ->
        [1] 1er
       *[other] { $place }e
    } sur { $players } parmi tous les joueurs aujourd'hui
daily-streak = 🔥 Série : { $streak } { $streak ->
        [one] jour
       *[other] jours
    } (record : { $best })
daily-share-hint = Partage-le où tu veux, il ne montre aucun dé :
daily-share = { $game } défi du { $day } : { $score }
daily-public = 📅 **{ $player }** a joué le défi { $game } du { $day } : **{ $score }** { $score ->
        [one] point
       *[other] points
    } — { $place ->
        [1] 1er
       *[other] { $place }e
    } sur { $players } ici, { $place_all ->
        [1] 1er
       *[other] { $place_all }e
    } sur { $players_all } en tout.
daily-board-title = 📅 **Défi du { $day }** — ce serveur
daily-board-title-all = 📅 **Défi du { $day }** — tous les joueurs
daily-board-game = **{ $game }**
daily-board-game-level = **{ $game }** — { $level }
daily-board-line = { $place } { $player } — { $score } pts
daily-board-empty = Personne ne l'a encore terminé.
daily-yesterday = Vainqueur d'hier : { $player } ({ $score })
daily-your-streak = Ta série : { $streak } (record : { $best })
daily-history-tag = défi du { $day }
daily-dm-intro = 📅 **{ $game }** — le défi du { $day }. Les mêmes dés pour tout le monde aujourd'hui ; ton score compte dès que tu as fini, ou à minuit UTC.
daily-day-over = La journée de ce défi est finie : il compte avec le score qu'il avait à minuit UTC.
