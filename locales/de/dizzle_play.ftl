# Dizzle auf Discord: Befehle, Aufforderungen und Bedienelemente.

cmd-dizzle = dizzle
    .name = dizzle
    .description = Dizzle spielen
cmd-dizzle-new = neu
    .name = neu
    .description = Eröffnet einen Dizzle-Tisch in diesem Kanal
    .level = Das Blatt, das alle spielen (ohne Angabe: Level 1)
    .level-name = level
    .solo = Allein spielen, sofort starten
    .solo-name = solo
cmd-dizzle-sheet = blatt
    .name = blatt
    .description = Zeigt das Blatt eines Spielers (nur du siehst es)
    .player = Wessen Blatt (ohne Angabe: deins)
    .player-name = spieler

option-level = Level

dz-place-bomb = { $solo ->
    [1] Bombe: +{ $points } im Solospiel
   *[other] Bombe: { $points } für alle, die sie in diesem Durchgang nicht ankreuzen
}
dz-choose-place = Würfel legen
dz-choose-return = Einen Würfel dieses Durchgangs zurücklegen
dz-choose-planet = Planeten wählen
dz-choose-part = { $choose }: { $first } … { $last }
dz-more-choices = Mehr: { $first } … { $last }
dz-more-title = Die übrigen Felder für deinen Würfel (nur du siehst das):
dz-planets-hint = Wählt im Menü unten, einen Planeten pro Rakete; jeder wählt auf seinem eigenen Blatt (anzeigen mit /dizzle blatt).

dz-final-line = { $place }. { $player } – { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} ({ $crosses ->
    [one] { $crosses } Kreuz
   *[other] { $crosses } Kreuze
})
dz-final-tie-break = Punktgleich: Wer weniger Kreuze hat, liegt vorn; bei gleich vielen Kreuzen teilen sie sich den Platz.
dz-no-game-here = In diesem Kanal läuft keine Dizzle-Partie.
dz-not-a-player = { $player } spielt an diesem Tisch nicht mit.
dz-sheet-whose = Du spielst an diesem Tisch nicht mit: Gib an, wessen Blatt du sehen willst.
dz-unknown-level = Es gibt kein Level namens „{ $level }“. Wähle eines aus der Liste.
