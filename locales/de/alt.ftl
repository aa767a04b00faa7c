## Alternativtexte der Bilder: was ein Screenreader zu jedem sagt (höchstens 256 Zeichen,
## die unwichtigsten Teile fallen zuerst weg: siehe screens/alt_text.py).

alt-sep = { "; " }
alt-score = { $player } { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
alt-own-score = { $player }: { $points ->
    [one] { $points } Punkt.
   *[other] { $points } Punkte.
}
alt-scores = Punkte: { $scores }.
alt-others = Die anderen: { $scores }.
alt-place = { $place }. { $player }: { $points }
alt-best = Bisher beste: { $best }.
alt-legend = Legende von { $game }:

## Dice Stars

alt-ds-refill = Dice Stars, { $player } ist dran: Der Beutel wird aufgefüllt; behalte die Reserve oder lege sie zurück.
alt-ds-draw = Dice Stars, { $player } ist dran: Ziehe { $least } bis { $most } Würfel.
alt-ds-draw-all = Dice Stars, { $player } ist dran: Ziehe { $count } Würfel.
alt-ds-take = Dice Stars, { $player } ist dran: Nimm Würfel.
alt-ds-fits = Passt: { $fits }.
alt-ds-fit-number = Zahl { $n } ({ $count } Würfel) in Zeile { $n }
alt-ds-fit-colour = { $colour } ({ $faces }) in { $count ->
    [one] Zeile
   *[other] Zeilen
} { $rows }
alt-ds-fit-stars = { $count ->
    [one] { $count } Stern
   *[other] { $count } Sterne
} auf Multiplikatorfelder
alt-ds-nothing-fits = Nichts passt: Eine Farbe oder Zahl geht ins Strafkästchen.
alt-ds-last-round = Letzte Runde.
alt-ds-reserve = Reserve: { $dice }.
alt-ds-reserve-empty = Reserve leer.
alt-ds-solo-opponent = Solo-Gegner { $points ->
    [one] { $points } Punkt.
   *[other] { $points } Punkte.
}
alt-ds-bag = Beutel { $bag }, Ablage { $discard }.
alt-ds-sheet = Dice-Stars-Blatt von { $player }: { $points ->
    [one] { $points } Punkt.
   *[other] { $points } Punkte.
}
alt-ds-white = { $filled } von { $white } weißen Feldern ausgefüllt.
alt-ds-penalty = Strafkästchen { $points }.
alt-ds-rows = Zeilen: { $rows }.
alt-ds-solo-grid = Solo-Raster: { $crossed } von { $boxes } Kästchen angekreuzt.
alt-ds-solo-result = Dice Stars solo, { $outcome ->
    [solo_win] { $player } gewinnt
    [solo_tie] unentschieden
    [solo_grid_full] { $player } verliert, das Solo-Raster ist voll
   *[solo_loss] { $player } verliert
}: { $points } zu { $opponent }.
alt-ds-result = Dice Stars, Endstand{ $shared ->
    [1] , ein geteilter Sieg:
   *[other] :
}

## Dizzle

alt-dz-round = Dizzle, Runde { $round } von { $rounds }{ $passes ->
    [1] .
   *[other] , Durchgang { $pass } von { $passes }.
}
alt-dz-place = { $player } ist dran: Lege einen Würfel aus der Mitte.
alt-dz-forced = { $player } hat neu gewürfelt: Lege einen Würfel aus der Mitte.
alt-dz-stuck = { $player } ist dran: Kein Würfel passt; würfle neu oder passe.
alt-dz-return = Der Neuwurf von { $player } ging daneben: Gib einen Würfel dieses Durchgangs zurück, auf { $fields }.
alt-dz-fits = Passt: { $fits }.
alt-dz-fit = { $value } auf { $fields }
alt-dz-planets = Dizzle, Raketen gestartet: { $players } { $count ->
    [one] wählt einen Planeten.
   *[other] wählen ihre Planeten.
}
alt-dz-planet-fields = Planeten: { $fields }.
alt-dz-last-turn = Letzter Zug.
alt-dz-middle = Mitte: { $count ->
    [0] leer.
   *[other] { $dice }.
}
alt-dz-passed = Gepasst: { $players }.
alt-dz-opponent = Gegnerwürfel: { $dice }.
alt-dz-sheet = Dizzle-Blatt von { $player }, { $level }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $crosses ->
    [one] { $crosses } Kreuz.
   *[other] { $crosses } Kreuze.
}
alt-dz-dice = Würfel dieses Durchgangs auf { $fields }.
alt-dz-boxed-in = Eingesperrt: Der nächste Würfel darf neben jedes Kreuz.
alt-dz-score-parts = Edelsteine { $gems }, Puzzleteile { $puzzles }, Linien { $lines }, Fahnen { $flags }, Bomben { $bombs }, Kackhaufen { $poop }.
alt-dz-solo-result = Dizzle solo, { $level }: { $player } { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $crosses ->
    [one] { $crosses } Kreuz.
   *[other] { $crosses } Kreuze.
}
alt-dz-result = Dizzle, { $level }, { $over ->
    [1] Endstand:
   *[other] Zwischenstand:
}

## Stella

alt-st-round = Stella, Runde { $round } von { $rounds }, das Wort lautet „{ $word }“.
alt-st-grid = 15 Bildkarten in 3 Zeilen zu 5, { $first } bis { $last }.
alt-st-mark = Markiere auf deiner Tafel { $min } bis { $max } Karten, die zum Wort passen.
alt-st-slate = Deine Tafel: { $count ->
    [0] keine Karte markiert.
    [one] { $count } Karte markiert, { $labels }.
   *[other] { $count } Karten markiert, { $labels }.
}
alt-st-locked = Festgelegt.
alt-st-draft = Noch nicht festgelegt.
alt-st-fallen = Du bist in dieser Runde gefallen.
alt-st-to-designate = Noch zu zeigen: { $labels }.
alt-st-revealed-mine = Aufgedeckt: { $labels }.
alt-st-designates = Erkundung: { $player } zeigt eine Karte.
alt-st-round-over = Die Erkundung dieser Runde ist vorbei.
alt-st-revealed = Aufgedeckt: { $reveals }.
alt-st-none-revealed = Noch keine Karte aufgedeckt.
alt-st-spark = { $label } von { $player }, markiert von { $players }: Funken zu { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
}
alt-st-fall = { $label } von { $player }: ein Sturz
alt-st-darkness = In der Dunkelheit: { $player }.
alt-st-points = Diese Runde: { $points }.
alt-st-counts = Markierte Karten: { $counts }.
alt-st-round-scores-none = Stella, die Punkte der Runde.
alt-st-round-scores = Stella, Punkte der Runde { $round } („{ $word }“):
alt-st-totals = Gesamt: { $scores }.
alt-st-result = Stella, { $over ->
    [1] Endstand{ $shared ->
        [1] , ein geteilter Sieg:
       *[other] :
    }
   *[other] Zwischenstand:
}
alt-st-left = { $entry } (ausgestiegen)
