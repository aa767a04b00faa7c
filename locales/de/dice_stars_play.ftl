cmd-dicestars = dicestars
    .name = dicestars
    .description = Dice Stars spielen
cmd-dicestars-new = neu
    .name = neu
    .description = Eröffnet einen Dice-Stars-Tisch in diesem Kanal
    .solo = Allein gegen den Solo-Gegner spielen, sofort starten
    .solo-name = solo
cmd-dicestars-sheet = blatt
    .name = blatt
    .description = Zeigt das Blatt eines Spielers (nur du siehst es)
    .player = Wessen Blatt (ohne Angabe: deins)
    .player-name = spieler

ds-prompt-refill = { $player }, der Beutel wird zuerst mit der Ablage aufgefüllt. Legst du auch die Reserve zurück?
ds-prompt-draw = { $player }, wie viele Würfel ziehst du aus dem Beutel?
ds-prompt-take = { $player }, nimm alle Würfel einer Art: eine Farbe, eine Zahl oder die Sterne.
ds-prompt-penalty = { $player }, nichts passt auf dein Blatt. Wähle eine Farbe oder Zahl zum Ablegen: ihre Summe kommt in dein Strafkästchen, und das Spiel endet nach dieser Runde.
ds-choice-detail = { $count ->
    [one] { $count } Würfel
   *[other] { $count } Würfel
} = { $sum }
ds-final-line = { $place }. { $player } – { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
ds-no-game-here = In diesem Kanal läuft kein Dice-Stars-Spiel.
ds-not-a-player = { $player } spielt an diesem Tisch nicht mit.
