# Où une prise pose ses dés, sur les boutons : « Bleu · 3 dés = 12 → colonne bleue ».
ds-lands-colour = { $colour ->
    [black] → colonne noire
    [purple] → colonne violette
    [blue] → colonne bleue
   *[yellow] → colonne jaune
}
ds-lands-number = → ligne { $n }
# Dans le résultat solo, sous le score : le meilleur score solo précédent du joueur.
ds-img-solo-best = Ton record en solo : { $best }
ds-img-solo-new-best = Nouveau record ! (avant : { $best })
