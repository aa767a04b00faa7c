## Stella. $player und $players sind Anzeigenamen, $label ist eine Feldbezeichnung (A1-E3).

## Einstellungen

st-option-preset = Regeln
st-option-preset-seed = 2 Punkte, wenn zwei ein Bild markieren, 3 bei mehr · jede Runde 15 neue Bilder
st-option-preset-published = 3 Punkte, wenn zwei ein Bild markieren, 2 bei mehr · jede Runde 5 neue Bilder
st-option-language = Sprache der Wörter
st-option-language-en = Englisch
st-option-language-de = Deutsch
st-option-language-fr = Französisch
st-option-deck_size = Bildkarten im Stapel
st-option-host_starts = Gastgeber ist erster Späher

## Ereignisse

st-event-first_scout = { $player } ist erster Späher.
st-event-round_started = Runde { $round }: Das Wort lautet „{ $word }“.
st-event-new_row = Zeile { $row } bekommt neue Karten.
st-event-draft = { $count ->
    [0] Du hast noch keine Karte markiert.
    [one] Deine Tafel: { $count } Markierung ({ $labels }).
   *[other] Deine Tafel: { $count } Markierungen ({ $labels }).
}
st-event-locked_in = { $player } hat sich festgelegt.
st-event-slate_locked = Du hast dich festgelegt: { $count ->
    [one] { $count } Markierung
   *[other] { $count } Markierungen
} ({ $labels }).
st-event-sat_out = { $player } hat sich nicht rechtzeitig festgelegt und setzt diese Runde aus.
st-event-timed_out = Die Zeit von { $player } ist abgelaufen: Der Autopilot zeigt eine Karte von { $player }.
st-event-left = { $player } hat das Spiel verlassen.
st-event-announcement = Alle haben sich festgelegt. So viele Karten wurden markiert:
st-event-count = { $player }: { $count ->
    [one] { $count } Markierung
   *[other] { $count } Markierungen
}
st-event-darkness = { $player } hat allein die meisten Karten markiert und geht in die Dunkelheit.
st-event-no_darkness = Gleichstand bei { $count } Markierungen: Niemand geht in die Dunkelheit.
st-event-turn = { $player }, zeige eine deiner Karten.
st-event-designated = { $player } zeigt { $label }. Markiert von: { $players }.
st-event-fall = Sturz! Nur { $player } hat { $label } markiert und bekommt in dieser Runde nichts mehr.
st-event-spark = Ein Funke für { $player }: +{ $points } Punkte.
st-event-round_over = Runde { $round } ist vorbei.
st-event-darkness_penalty = { $player } ist in der Dunkelheit gestürzt und verliert { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.
st-event-round_score = { $player }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} in dieser Runde, insgesamt { $total }.
st-event-ended_early = Es sind weniger als zwei Spieler übrig: Das Spiel endet nach Runde { $round }.
st-event-final_score = { $place }. { $player } mit { $total ->
    [one] { $total } Punkt
   *[other] { $total } Punkten
}
st-event-winner = { $player } gewinnt!

## Fehler

st-error-players = Stella ist für { $min } bis { $max } Personen.
st-error-unknown-preset = Es gibt keine Regelvariante namens { $preset }.
st-error-unknown-language = Es gibt keine Wortkarten in der Sprache { $language }.
st-error-deck-too-small = Dieser Stapel hat { $have } Bildkarten; diese Regeln brauchen mindestens { $need }.
st-error-game-over = Das Spiel ist vorbei.
st-error-unknown-action = Diesen Zug gibt es bei Stella nicht.
st-error-no-such-seat = An diesem Tisch gibt es diesen Platz nicht.
st-error-has-left = Du hast dieses Spiel verlassen.
st-error-not-marking = Karten markiert man nur vor der Ansage.
st-error-sitting-out = Du setzt diese Runde aus.
st-error-already-locked-in = Du hast dich schon festgelegt; deine Markierungen stehen fest.
st-error-bad-card = Diese Karte liegt nicht im Raster.
st-error-card-twice = Eine Karte kann nur einmal markiert werden.
st-error-no-marks = Markiere mindestens eine Karte, bevor du dich festlegst.
st-error-too-many-marks = Du hast { $count } Karten markiert; erlaubt sind höchstens { $max }.
st-error-not-exploring = Karten werden erst bei der Erkundung gezeigt.
st-error-not-your-turn = Du bist nicht am Zug.
st-error-already-revealed = { $card } wurde schon aufgedeckt.
st-error-not-marked = Du hast { $card } nicht markiert.
st-error-no-chance-due = Gerade werden keine Karten ausgeteilt.
st-error-bad-outcome = Diese Auslage ist nicht möglich.
st-error-picture-used = Diese Bildkarte war in diesem Spiel schon im Einsatz.
st-error-word-used = Diese Wortkarte war in diesem Spiel schon im Einsatz.

# Picture labels

st-img-round = Runde
st-img-colon = :
st-img-grid-hint = Markiere 1 bis 10 Karten
st-img-marks = Markierungen
st-img-locked-in = Festgelegt
st-img-not-locked = Noch nicht festgelegt
st-img-locked = hat sich festgelegt
st-img-locked-count = Festgelegt
st-img-marking = Markieren
st-img-still-marking = markiert noch
st-img-sits-out = setzt diese Runde aus
st-img-left = ausgestiegen
st-img-sparks = Funken
st-img-designates = ist am Zug
st-img-exploration = Erkundung
st-img-round-over = Runde vorbei
st-img-game-over = Spiel vorbei
st-img-round-scores = Rundenwertung
st-img-ranking = Endstand
st-img-standings = Zwischenstand
st-img-shared = geteilt
st-img-tie-seed = Gleichstand: Wer in der letzten Runde mehr Punkte holte, gewinnt; sonst teilen sie sich den Platz.
st-img-tie-published = Bei Gleichstand wird der Sieg geteilt.
st-sum-penalty = (Dunkelheit −{ $points })
