cmd-history = verlauf
    .name = verlauf
    .description = Beendete Spiele dieses Servers, Rekorde und Aufzeichnungen
    .player = Spiele, Siege und Bestwerte eines Spielers
    .player-name = spieler
history-none = Auf diesem Server wurde noch kein Spiel beendet.
history-title = 📜 **Beendete Spiele und Rekorde**
history-recent = **Letzte Spiele** (wähle unten eines, um es Zug für Zug anzusehen):
history-pick = Partie ansehen…
history-record-dice-stars = 🎲 Höchste Punktzahl in Dice Stars: **{ $points }** von { $player }
history-record-dizzle-solo = 🧩 Bestes Dizzle-Solo auf { $level }: **{ $points }** von { $player }
history-record-stella = ✨ Meiste Stella-Siege: { $player } ({ $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
})
history-unknown = Diese Partie kann hier nicht angesehen werden.
history-step = 🎞️ Aufzeichnung – Zug { $step } von { $steps }
history-first = Anfang
history-back = Zurück
history-next = Weiter
history-last = Ende
