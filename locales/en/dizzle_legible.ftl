# The legend of a turn picture's marks, and a solo result's personal best.
dz-img-legend-choices = die fits
dz-img-legend-dice = this pass
dz-img-solo-best = Your best on { $level }: { $best }
dz-img-solo-new-best = New best on { $level }! (was { $best })
dz-img-solo-score = Solo score
