# Die Legende der Markierungen eines Zugbilds und die persönliche Bestmarke im Solospiel.
dz-img-legend-choices = Würfel passt
dz-img-legend-dice = dieser Durchgang
dz-img-solo-best = Deine Bestmarke auf { $level }: { $best }
dz-img-solo-new-best = Neue Bestmarke auf { $level }! (bisher { $best })
dz-img-solo-score = Solo-Wertung
