# Die Tagesaufgabe: dieselben Würfel für alle, jeden Tag (UTC).

cmd-daily = tagesspiel
    .name = tagesspiel
    .description = Die heutige Tagesaufgabe: Rangliste und Serien
    .share = Die Antwort im Kanal zeigen
    .share-name = teilen
cmd-dicestars-daily = tagesspiel
    .name = tagesspiel
    .description = Die heutige Dice-Stars-Aufgabe: dieselben Würfel für alle
cmd-dizzle-daily = tagesspiel
    .name = tagesspiel
    .description = Die heutige Dizzle-Aufgabe: dieselben Würfel für alle

daily-unavailable = Die Tagesaufgabe ist gerade nicht verfügbar.
daily-no-level = Das heutige Blatt ({ $level }) fehlt diesem Bot: heute keine Tagesaufgabe, leider.
daily-no-dm = Ich kann dir keine Direktnachrichten schicken: erlaube DMs von Mitgliedern dieses Servers und versuch es noch einmal. Die Tagesaufgabe läuft in deinen DMs, damit niemand deine Würfel sieht.
daily-dm-busy = In deinen DMs mit mir läuft gerade eine andere Tagesaufgabe: beende sie zuerst ({ $link }).
daily-started = 📅 Die heutige Aufgabe wartet in deinen DMs: { $link }
    Heute dieselben Würfel für alle. Ein Versuch: er zählt ab jetzt bis Mitternacht UTC.
daily-resume = ⏯️ Deine heutige Tagesaufgabe läuft noch: { $link }
    Beende sie vor Mitternacht UTC, sonst zählt sie mit dem Punktestand von dann.
daily-result-title = 📅 **{ $game }** — Tagesaufgabe vom { $day }: **{ $score }** { $score ->
        [one] Punkt
       *[other] Punkte
    }
daily-rank-here = 🏠 Platz { $place } von { $players } auf diesem Server heute
daily-rank-all = 🌍 Platz { $place } von { $players } unter allen Spielern heute
daily-streak = 🔥 Serie: { $streak } { $streak ->
        [one] Tag
       *[other] Tage
    } (beste: { $best })
daily-share-hint = Teile es, wo du willst, es zeigt keine Würfel:
daily-share = { $game } Tagesaufgabe { $day }: { $score }
daily-public = 📅 **{ $player }** hat die { $game }-Tagesaufgabe vom { $day } gespielt: **{ $score }** { $score ->
        [one] Punkt
       *[other] Punkte
    } — Platz { $place } von { $players } hier, { $place_all } von { $players_all } insgesamt.
daily-board-title = 📅 **Tagesaufgabe vom { $day }** — dieser Server
daily-board-title-all = 📅 **Tagesaufgabe vom { $day }** — alle Spieler
daily-board-game = **{ $game }**
daily-board-game-level = **{ $game }**, { $level }
daily-board-line = { $place } { $player } — { $score } Pkt.
daily-board-empty = Noch hat niemand sie beendet.
daily-yesterday = Gestern gewann: { $player } ({ $score })
daily-your-streak = Deine Serie: { $streak } (beste: { $best })
daily-history-tag = Tagesaufgabe vom { $day }
daily-dm-intro = 📅 **{ $game }** — die Tagesaufgabe vom { $day }. Heute dieselben Würfel für alle; dein Ergebnis zählt, sobald du fertig bist, oder um Mitternacht UTC.
daily-day-over = Der Tag dieser Tagesaufgabe ist vorbei: sie zählt mit dem Punktestand von Mitternacht UTC.
