# Wohin ein Nehmen die Würfel setzt, auf den Knöpfen: „Blau · 3 Würfel = 12 → Spalte Blau“.
ds-lands-colour = { $colour ->
    [black] → Spalte Schwarz
    [purple] → Spalte Lila
    [blue] → Spalte Blau
   *[yellow] → Spalte Gelb
}
ds-lands-number = → Reihe { $n }
# Im Solo-Ergebnis unter der Wertung: die bisher beste Solo-Wertung des Spielers.
ds-img-solo-best = Deine Solo-Bestmarke: { $best }
ds-img-solo-new-best = Neue Bestmarke! (bisher { $best })
