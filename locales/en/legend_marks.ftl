# What the legends say of the marks the pictures count with.
legend-dice_stars-row-marks = Rows under each name: green doubled, red lost to partly crossed stars, white written
legend-dizzle-crosses = Crosses on the sheet: with equal points, fewer crosses wins
legend-stella-marks-count = Cards marked this round
legend-stella-total = Points so far
