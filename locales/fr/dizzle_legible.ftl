# La légende des marques d'une image de tour, et le record personnel d'une partie solo.
dz-img-legend-choices = dé possible
dz-img-legend-dice = ce tour
dz-img-solo-best = Ton record au { $level } : { $best }
dz-img-solo-new-best = Nouveau record au { $level } ! (avant : { $best })
dz-img-solo-score = Score en solo
