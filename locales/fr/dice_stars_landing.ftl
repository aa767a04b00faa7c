# Où une prise pose ses dés, sur les boutons : « Bleu · 3 dés = 12 → colonne bleue ».
ds-lands-colour = { $colour ->
    [black] → colonne noire
    [purple] → colonne violette
    [blue] → colonne bleue
   *[yellow] → colonne jaune
}
ds-lands-number = → ligne { $n }
