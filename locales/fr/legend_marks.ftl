# What the legends say of the marks the pictures count with.
legend-dice_stars-row-marks = Lignes sous chaque nom : vert doublée, rouge perdue (étoiles en partie), blanc remplie
legend-dizzle-crosses = Croix sur la feuille : à égalité de points, le moins de croix gagne
legend-stella-marks-count = Cartes marquées cette manche
legend-stella-total = Points jusqu'ici
