# Un nom et sa valeur, comme un menu ou un bouton les montre (« Minuteur de tour : 2 minutes »).
label-value = { $label } : { $value }
# Le bouton qui bascule un réglage oui/non : le réglage, et ce qu'un appui en fait.
lobby-setting-switch = { $name } → { $value }
