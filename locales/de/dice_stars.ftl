## Dice Stars. $player und $winners sind Anzeigenamen (der Platz des Ereignisses, die Gewinner
## aneinandergereiht); $dice ist eine Liste von Würfeln, jeder mit ds-die geschrieben; $rows eine
## Liste von Zeilen. $colour ist black, purple, blue oder yellow; die Seite 0 ist ein Stern.

## Material

ds-colour-black = Schwarz
ds-colour-purple = Lila
ds-colour-blue = Blau
ds-colour-yellow = Gelb
ds-star = Stern
ds-die = { $colour ->
    [black] Schwarz
    [purple] Lila
    [blue] Blau
   *[yellow] Gelb
} { $face ->
    [0] ★
   *[other] { $face }
}

## Schaltflächen

ds-action-refill-keep = Auffüllen, Reserve behalten
ds-action-refill-return = Auffüllen und Reserve zurückwerfen
ds-action-draw = { $n ->
    [one] { $n } Würfel ziehen
   *[other] { $n } Würfel ziehen
}
ds-action-take_colour = { $colour ->
    [black] Schwarz
    [purple] Lila
    [blue] Blau
   *[yellow] Gelb
}
ds-action-take_number = Zahl { $n }
ds-action-take_stars = { $count ->
    [1] Stern
   *[other] { $count } Sterne
}
ds-action-penalty_colour = Strafe: { $colour ->
    [black] Schwarz
    [purple] Lila
    [blue] Blau
   *[yellow] Gelb
}
ds-action-penalty_number = Strafe: Zahl { $n }

## Ereignisse

ds-event-start_player = { $player } beginnt das Spiel.
ds-event-turn = { $player }, du bist am Zug.
ds-event-refill = { $from_reserve ->
    [0] { $player } wirft die Ablage zurück in den Beutel.
   *[other] { $player } wirft die Ablage und die Reserve zurück in den Beutel.
} { $bag ->
    [one] Im Beutel liegt jetzt { $bag } Würfel.
   *[other] Im Beutel liegen jetzt { $bag } Würfel.
}
ds-event-draw = { $player } zieht { $n ->
    [1] einen Würfel
   *[other] { $n } Würfel
}.
ds-event-dice = { $player } würfelt { $dice }. { $bag ->
    [0] Der Beutel ist leer.
    [one] Im Beutel liegt noch { $bag } Würfel.
   *[other] Im Beutel liegen noch { $bag } Würfel.
}
ds-event-take_colour = { $player } nimmt { $count ->
    [1] den { $colour ->
        [black] schwarzen
        [purple] lila
        [blue] blauen
       *[yellow] gelben
    } Würfel
   *[other] die { $count } { $colour ->
        [black] schwarzen
        [purple] lila
        [blue] blauen
       *[yellow] gelben
    } Würfel
}: { $number } in Zeile { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } Kreuz
   *[other] , { $crosses } Kreuze
}.
ds-event-take_number = { $player } nimmt { $count ->
    [1] die { $n }
   *[other] die { $count } Würfel mit der Zahl { $n }
}: { $number } in Zeile { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } Kreuz
   *[other] , { $crosses } Kreuze
}.
ds-event-take_stars = { $player } nimmt { $count ->
    [1] den Stern und kreuzt ein Multiplikatorfeld in Zeile { $rows } an.
   *[other] die { $count } Sterne und kreuzt { $count } Multiplikatorfelder in { $lines ->
        [one] Zeile { $rows } an.
       *[other] den Zeilen { $rows } an.
    }
}
ds-event-penalty_colour = Nichts passt: { $player } legt { $count ->
    [1] den { $colour ->
        [black] schwarzen
        [purple] lila
        [blue] blauen
       *[yellow] gelben
    } Würfel
   *[other] die { $count } { $colour ->
        [black] schwarzen
        [purple] lila
        [blue] blauen
       *[yellow] gelben
    } Würfel
} ab und trägt { $penalty } als Strafe ein.
ds-event-penalty_number = Nichts passt: { $player } legt { $count ->
    [1] die { $n }
   *[other] die { $count } Würfel mit der Zahl { $n }
} ab und trägt { $penalty } als Strafe ein.
ds-event-refill_due = { $reason ->
    [stars] Es wurden Sterne genommen: Der nächste Zug beginnt damit, die Ablage zurück in den Beutel zu werfen.
   *[last_die] Der letzte Würfel wurde gezogen: Der nächste Zug beginnt damit, die Ablage zurück in den Beutel zu werfen.
}
ds-event-end_triggered = { $reason ->
    [penalty] { $player } hat eine Strafe eingetragen.
   *[sheet_full] { $player } hat das letzte weiße Feld gefüllt.
} Das Spiel endet, sobald diese Runde zu Ende gespielt ist.
ds-event-solo_marks = { $boxes ->
    [0] Der Solo-Gegner kreuzt diesmal nichts an.
    [one] Der Solo-Gegner kreuzt { $boxes } Kästchen an ({ $crossed } von { $grid }).
   *[other] Der Solo-Gegner kreuzt { $boxes } Kästchen an ({ $crossed } von { $grid }).
}
ds-event-solo_grid_full = Das Solo-Raster ist voll: Der Solo-Gegner gewinnt sofort.
ds-event-game_over = Spielende. { $outcome ->
    [shared] Geteilter Sieg für { $winners } mit je { $best } Punkten!
    [solo_win] Du gewinnst mit { $score } zu { $opponent } Punkten gegen den Solo-Gegner!
    [solo_tie] Unentschieden: { $score } zu { $opponent } Punkten gegen den Solo-Gegner.
    [solo_loss] Der Solo-Gegner gewinnt mit { $opponent } zu { $score } Punkten.
    [solo_grid_full] Das Solo-Raster ist voll, also gewinnt der Solo-Gegner ({ $score } zu { $opponent } Punkten).
   *[win] { $winners } gewinnt mit { $best } Punkten!
}

## Fehler

ds-error-not-your-turn = Du bist nicht am Zug.
ds-error-game-over = Dieses Spiel ist vorbei.
ds-error-unknown-action = Diesen Zug gibt es bei Dice Stars nicht.
ds-error-bad-action = Dieser Zug ist unvollständig.
ds-error-dice-pending = Die Würfel rollen noch.
ds-error-no-chance-due = Gerade werden keine Würfel gezogen.
ds-error-refill-first = Wirf zuerst die Ablage zurück in den Beutel.
ds-error-draw-first = Ziehe zuerst Würfel aus dem Beutel.
ds-error-already-drawn = Du hast schon gezogen: Nimm jetzt Würfel aus der Reserve.
ds-error-no-refill-due = In diesem Zug wird der Beutel nicht aufgefüllt.
ds-error-nothing-to-return = Die Reserve ist leer: Es gibt nichts zurückzuwerfen.
ds-error-must-draw = Du musst { $n ->
    [1] einen Würfel
   *[other] { $n } Würfel
} ziehen.
ds-error-draw-count = Ziehe 1 bis { $most } Würfel.
ds-error-bad-colour = Diese Farbe gibt es nicht.
ds-error-bad-number = Die Zahlen reichen von 2 bis 6.
ds-error-bad-row = Multiplikatorfelder gibt es nur in den Zeilen 2 bis 6.
ds-error-bad-seat = Diesen Platz gibt es nicht.
ds-error-not-in-reserve = { $choice ->
    [colour] In der Reserve liegt kein { $colour ->
        [black] schwarzer
        [purple] lila
        [blue] blauer
       *[yellow] gelber
    } Würfel.
    [number] Kein Würfel in der Reserve zeigt eine { $n }.
   *[stars] In der Reserve liegt kein Stern.
}
ds-error-does-not-fit = Das passt nicht auf dein Blatt: { $choice ->
    [colour] In der { $colour ->
        [black] schwarzen
        [purple] lila
        [blue] blauen
       *[yellow] gelben
    } Spalte sind weniger als { $count } Felder frei.
    [number] In Zeile { $n } sind weniger als { $count } Felder frei.
   *[stars] Es sind weniger als { $count } Multiplikatorfelder frei.
}
ds-error-star-count = Setze jeden Stern ein: { $stars } insgesamt, du hast { $given } gesetzt.
ds-error-multipliers-full = In Zeile { $row } sind nur { $free } Multiplikatorfelder frei.
ds-error-penalty-not-allowed = Eine Wahl passt noch auf dein Blatt: Du musst sie nehmen statt einer Strafe.
ds-error-dice-count = Es kommen genau { $n } Würfel aus dem Beutel.
ds-error-bad-face = Ein { $colour ->
    [black] schwarzer
    [purple] lila
    [blue] blauer
   *[yellow] gelber
} Würfel hat keine Seite { $face }.
ds-error-not-in-bag = So viele { $colour ->
    [black] schwarze
    [purple] lila
    [blue] blaue
   *[yellow] gelbe
} Würfel sind nicht im Beutel.

# Picture labels

ds-img-penalty = Strafe
ds-img-total = Gesamt
ds-img-solo = Solo-Gegner
ds-img-points = Punkte
ds-img-game-over = Spielende
ds-img-reserve-empty = leer
ds-img-bag = Beutel
ds-img-discard = Ablage
ds-img-refill-due = Beutel auffüllen
ds-img-last-round = Letzte Runde
ds-img-nothing-fits = Nichts passt: Strafe
ds-img-ranking = Endstand
ds-img-shared = Geteilter Sieg
ds-img-solo-win = Gewonnen
ds-img-solo-tie = Unentschieden
ds-img-solo-loss = Verloren
ds-img-solo-grid-full = Solo-Raster voll: verloren

## Ein Blatt in einer Zeile (der Text von /dicestars sheet) und ein Würfel, wie ihn die
## Alternativtexte nennen. $rows reiht ds-img-summary-row aneinander; $state ist plain, double
## oder zero.

ds-img-die = { $face ->
    [0] { $colour ->
        [black] schwarzer
        [purple] lila
        [blue] blauer
       *[yellow] gelber
    } Stern
   *[other] { $colour ->
        [black] schwarze
        [purple] lila
        [blue] blaue
       *[yellow] gelbe
    } { $face }
}
ds-img-summary-sheet = { $player }: { $total ->
    [one] { $total } Punkt
   *[other] { $total } Punkte
}, { $filled } von { $white } weißen Feldern ausgefüllt; { $rows }
ds-img-summary-row = Zeile { $row }: { $state ->
    [double] { $final } (×2)
    [zero] 0 (Sterne unvollständig)
   *[plain] { $final }
}
ds-img-summary-penalty = Strafe { $penalty }
ds-img-summary-solo = Solo-Gegner: { $points } Punkte ({ $crossed } von { $boxes } Kästchen angekreuzt)
