# Ein Name und sein Wert, wie ein Menü oder ein Knopf ihn zeigt („Zugzeit: 2 Minuten“).
label-value = { $label }: { $value }
# Der Knopf, der eine Ja/Nein-Einstellung umschaltet: die Einstellung und was ein Druck daraus macht.
lobby-setting-switch = { $name } → { $value }
