# Nach dem Spiel: Revanche, die Statistik eines Spielers, der Bogen jedes Platzes.

rematch-button = Revanche
rematch-invite = 🔁 Revanche! { $players }: { $count ->
    [one] drück **Beitreten**, um noch einmal zu spielen.
   *[other] drückt **Beitreten**, um noch einmal zu spielen.
}
rematch-open = Die Revanche ist schon eröffnet: { $link }
rematch-channel-busy = In diesem Kanal gibt es schon einen Tisch: { $link }. Beendet oder schließt ihn zuerst.
rematch-players-only = Nur wer dieses Spiel mitgespielt hat, kann eine Revanche eröffnen.

history-player-title = 📊 **{ $player }** auf diesem Server:
history-player-line = { $game }: { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} · { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
} · Bestwert **{ $best }**
history-player-line-no-best = { $game }: { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} · { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
}
history-player-none = { $player } hat auf diesem Server noch kein Spiel beendet.

ds-sheet-whose = Du spielst an diesem Tisch nicht mit: Gib an, wessen Blatt du sehen willst.
