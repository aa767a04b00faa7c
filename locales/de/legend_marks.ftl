# What the legends say of the marks the pictures count with.
legend-dice_stars-row-marks = Zeilen unter jedem Namen: grün verdoppelt, rot verloren (Sterne nur teilweise), weiß beschrieben
legend-dizzle-crosses = Kreuze auf dem Blatt: bei gleichen Punkten gewinnt, wer weniger hat
legend-stella-marks-count = In dieser Runde markierte Karten
legend-stella-total = Punkte bisher
