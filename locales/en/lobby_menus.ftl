# A label and its value, as a menu or a button shows it ("Turn timer: 2 minutes").
label-value = { $label }: { $value }
# The button that switches a yes/no setting: the setting, and what pressing it makes of it.
lobby-setting-switch = { $name } → { $value }
