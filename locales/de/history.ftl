cmd-history = verlauf
    .name = verlauf
    .description = Beendete Spiele dieses Servers, Rekorde und Wiederholungen
    .player = Spiele, Siege und Bestwerte eines Spielers
    .player-name = spieler
history-none = Auf diesem Server wurde noch kein Spiel beendet.
history-title = 📜 **Beendete Spiele und Rekorde**
history-recent = **Letzte Spiele** (wähle unten eines, um es Zug für Zug anzusehen):
history-pick = Ein Spiel wiederholen…
history-record-dice-stars = 🎲 Bester Dice-Stars-Wert: **{ $points }** von { $player }
history-record-dizzle-solo = 🧩 Bestes Dizzle-Solo auf { $level }: **{ $points }** von { $player }
history-record-stella = ✨ Meiste Stella-Siege: { $player } ({ $wins ->
    [one] 1 Sieg
   *[other] { $wins } Siege
})
history-unknown = Dieses Spiel kann hier nicht wiederholt werden.
history-step = 🎞️ Wiederholung – Zug { $step } von { $steps }
history-first = Anfang
history-back = Zurück
history-next = Weiter
history-last = Ende
