# Das Ergebnis eines Solospiels: gegen den Solo-Gegner gewonnen oder verloren (Dice Stars),
# oder eine Wertung für die eigene Bestmarke (Dizzle). Ein Solo-Ergebnis zeigt keinen Platz.

ds-solo-result = { $outcome ->
    [solo_win] 🏆 { $player } schlägt den Solo-Gegner: { $score } zu { $opponent } Punkten.
    [solo_tie] 🤝 { $player } und der Solo-Gegner haben beide { $score } { $score ->
        [one] Punkt
       *[other] Punkte
    }: ein geteilter Sieg.
    [solo_loss] { $player } verliert gegen den Solo-Gegner: { $score } zu { $opponent } Punkten.
   *[solo_grid_full] { $player } verliert: Das Solo-Raster ist voll ({ $score } zu { $opponent } Punkten für den Solo-Gegner).
}
ds-solo-result-grid = Solo-Raster: { $crossed } von { $boxes } Kästchen angekreuzt.
# Der Titel der obersten Karte eines Solo-Ergebnisbilds (statt „Rangliste“).
ds-img-solo-result = Solospiel

dz-solo-result = { $player } – { $score } { $score ->
    [one] Punkt
   *[other] Punkte
} ({ $crosses } { $crosses ->
    [one] Kreuz
   *[other] Kreuze
})

# Nach einem Solospiel in der Liste von /history: gewonnen, verloren oder keins von beiden.
solo-history-tag = { $outcome ->
    [won] solo, gewonnen
    [lost] solo, verloren
   *[none] solo
}
