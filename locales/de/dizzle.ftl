# Dizzle. Die Argumente sind die des Ereignisses; der Adapter ergänzt $player (Name zu "seat")
# und macht Listen zu Text: $players ("seats") und $scribbled als Namen, $values und $removed als
# Würfel. $field ist ein Feld wie auf dem Blatt ("C5"), $count/$taken/$dice/$returned sind Zahlen.

dz-level-title = Level { $number }

## Begriffe

dz-special-gem = Edelstein
dz-special-puzzle = Puzzleteil
dz-special-key = Schlüssel
dz-special-lock = Schloss
dz-special-bomb = Bombe
dz-special-rocket = Rakete
dz-special-planet = Planet
dz-special-flag = Fahne
dz-special-poop = Kackhaufen
dz-color-name = { $color ->
    [red] rot
    [blue] blau
    [green] grün
    [yellow] gelb
    [purple] lila
   *[orange] orange
}

## Knöpfe und Status

dz-action-reroll = Neu würfeln
dz-action-pass = Passen
dz-action-return-die = Die { $value } von { $field } zurücklegen
dz-action-choose-planet = Planet { $field }
dz-status-turn = { $player }, du bist dran: Lege einen Würfel.
dz-status-stuck = { $player }, kein Würfel passt: neu würfeln oder passen.
dz-status-forced = { $player }, jetzt passt ein Würfel: Lege ihn.
dz-status-return = { $player }, wieder nichts: Lege einen deiner Würfel aus diesem Durchgang zurück in die Mitte.
dz-status-planets = Raketen gestartet: { $players } { $count ->
    [one] wählt einen Planeten.
   *[other] wählen ihre Planeten.
}
dz-status-boxed-in = Eingekesselt: Der nächste Würfel darf neben jedes deiner Kreuze.

## Ereignisse

dz-event-start_player = { $player } ist der erste Startspieler.
dz-event-roll = Runde { $round }/{ $rounds }, Durchgang { $pass }/{ $passes }: { $player } würfelt { $values }.
dz-event-place = { $player } legt eine { $value } auf { $field }.
dz-event-reroll = { $player } kann nichts legen und würfelt { $dice ->
    [1] den Würfel
   *[other] die { $dice } Würfel
} in der Mitte neu.
dz-event-rerolled = Neu gewürfelt: { $values }.
dz-event-reroll_failed = Für { $player } passt weiterhin nichts. { $returned ->
    [0] Es gibt keinen Würfel aus diesem Durchgang zum Zurücklegen; { $player } bleibt im Durchgang.
   *[other] Ein Würfel geht zurück in die Mitte; { $player } bleibt im Durchgang.
}
dz-event-return_die = { $player } legt die { $value } von { $field } zurück in die Mitte.
dz-event-pass = { $player } passt und scheidet aus diesem Durchgang aus.
dz-event-last_turn = Alle anderen haben gepasst: { $player } ist noch genau einmal dran.
dz-event-opponent = Die Gegnerwürfel zeigen { $values } und nehmen { $taken ->
    [0] nichts
   *[other] { $removed }
} aus der Mitte.
dz-event-pass_end = { $table_size ->
    [1] Der Durchgang ist vorbei: Deine Würfel werden zu Kreuzen.
   *[other] Der Durchgang ist vorbei: Alle kreuzen die Felder unter ihren Würfeln an.
}
dz-event-bomb = Die Bombe auf { $field } wurde von { $players } angekreuzt{ $count ->
    [0] .
    [one] ; { $scribbled } muss sie durchstreichen ({ $penalty } Punkte).
   *[other] ; { $scribbled } müssen sie durchstreichen ({ $penalty } Punkte).
}
dz-event-flag = Fahne auf { $field } erreicht von { $players }: { $value ->
    [0] keine Punkte mehr.
    [one] { $value } Punkt.
   *[other] { $value } Punkte.
}
dz-event-key = { $player } hat den { $color ->
    [red] roten
    [blue] blauen
    [green] grünen
    [yellow] gelben
    [purple] lila
   *[orange] orangen
} Schlüssel auf { $field } angekreuzt: Ab dem nächsten Durchgang sind die Schlösser dieser Farbe offen.
dz-event-rockets = { $player } startet { $count ->
    [1] eine Rakete
   *[other] { $count } Raketen
}.
dz-event-planet = { $player } landet auf dem Planeten { $field }.
dz-event-game_over = Das Spiel ist zu Ende.

## Fehler

dz-error-player-count = Dizzle ist für 1 bis 4 Personen.
dz-error-no-level = Für dieses Spiel wurde kein Level gewählt.
dz-error-game-over = Dieses Spiel ist schon zu Ende.
dz-error-not-your-turn = Du bist nicht am Zug.
dz-error-unknown-action = Diesen Zug gibt es hier nicht.
dz-error-no-chance = Jetzt wird nicht gewürfelt.
dz-error-bad-outcome = Diese Würfel können jetzt nicht fallen.
dz-error-no-field = Dort ist kein Feld.
dz-error-field-taken = Das Feld { $field } ist schon belegt.
dz-error-field-scribbled = Das Feld { $field } ist durchgekritzelt.
dz-error-field-locked = Das Schloss auf { $field } ist noch zu: Du brauchst den passenden Schlüssel, angekreuzt in einem früheren Durchgang.
dz-error-no-matching-die = In der Mitte liegt keine { $value } für { $field }.
dz-error-not-adjacent = { $field } grenzt nicht an deine Würfel aus diesem Durchgang (beim ersten Würfel: an keines deiner Kreuze).
dz-error-must-place = Ein Würfel passt, also musst du einen legen.
dz-error-must-return-die = Wieder nichts: Lege zuerst einen deiner Würfel aus diesem Durchgang zurück.
dz-error-no-die-there = Auf { $field } liegt kein Würfel von dir aus diesem Durchgang.
dz-error-not-a-planet = { $field } ist kein Planet.

# Picture labels

dz-img-round = Runde
dz-img-pass = Durchgang
dz-img-level = Level
dz-img-crosses = Kreuze
dz-img-gems = Edelsteine
dz-img-puzzles = Puzzleteile
dz-img-lines = Linien
dz-img-flags = Fahnen
dz-img-bombs = Bomben
dz-img-poop = Kackhaufen
dz-img-total = Gesamt
dz-img-game-over = Endstand
dz-img-turn = ist dran
dz-img-passed = hat gepasst
dz-img-last-turn = ein letzter Zug
dz-img-opponent = Gegnerwürfel
dz-img-planets = wählt einen Planeten
dz-img-planets-note = Raketen gestartet, Planeten zu wählen:
dz-img-middle-empty = Keine Würfel in der Mitte
dz-img-ranking = Endwertung
dz-img-standings = Zwischenstand
dz-img-tie-break = Punktgleich? Wer weniger Kreuze hat, liegt vorn; sonst wird der Platz geteilt.
dz-img-shared = geteilt
dz-sum-sheet = { $player }, { $level }: { $total } Punkte mit { $crosses ->
    [one] { $crosses } Kreuz
   *[other] { $crosses } Kreuzen
} (Edelsteine { $gems }, Puzzleteile { $puzzles }, Linien { $lines }, Fahnen { $flags }, Bomben { $bombs }, Kackhaufen { $poop }).
dz-sum-dice = { $count ->
    [1] Ein Würfel aus diesem Durchgang liegt auf { $fields }.
   *[other] { $count } Würfel aus diesem Durchgang liegen auf { $fields }.
}
dz-sum-turn = { $player } ist dran; { $dice ->
    [0] die Mitte ist leer.
   *[other] in der Mitte: { $middle }.
}
dz-sum-planets = Raketen gestartet: { $players } { $count ->
    [one] wählt einen Planeten.
   *[other] wählen ihre Planeten.
}
dz-sum-over = { $level }: Das Spiel ist zu Ende.
dz-sum-passed = Gepasst: { $players }.
dz-sum-opponent = Gegnerwürfel: { $values }.
