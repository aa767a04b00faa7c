# Ein ruhiger Kanal: Benachrichtigungen, Züge, die sich selbst spielen, Bestätigungen.

table-your-turn = 🔔 { $players }: { $count ->
    [one] du bist dran.
   *[other] ihr seid dran.
}
table-only-choice-tag = (der einzig mögliche Zug, sofort gespielt)
table-only-choice = { $player } hatte nur einen möglichen Zug; er wurde sofort gespielt.

ds-stars-choose = { $count ->
    [1] Dein Stern: wähle seine Zeile
   *[other] Deine { $count } Sterne: wähle { $count } Zeilen
} · ⚠️ eine Zeile mit nur teilweise angekreuzten Sternen zählt 0
ds-stars-row = Zeile { $row } · { $crossed } von { $fields } angekreuzt
ds-stars-row-again = Zeile { $row } · { $star }. Stern
ds-stars-after = { $full ->
    [1] dann alle { $fields } angekreuzt: die Zeile zählt doppelt
   *[0] dann { $after } von { $fields }: die Zeile zählt 0, bis alle angekreuzt sind
}

table-confirm-cancel = Diesen Tisch für alle abbrechen? { $running ->
    [1] Das Spiel endet hier und kann nicht fortgesetzt werden.
   *[0] Die Lobby wird geschlossen.
}
table-confirm-cancel-button = Ja, Tisch abbrechen
table-confirm-leave = { $running ->
    [1] Deinen Platz endgültig aufgeben? Der Autopilot spielt ihn bis zum Ende.
   *[0] Diesen Tisch verlassen?
}
table-confirm-leave-button = Ja, verlassen
