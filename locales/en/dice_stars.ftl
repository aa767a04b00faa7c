## Dice Stars. $player and $winners hold display names (the seat of the event, the winners
## joined); $dice is a list of dice written with ds-die and joined; $rows a joined list of rows.
## $colour is black, purple, blue or yellow; face 0 is a star.

## Pieces

ds-colour-black = black
ds-colour-purple = purple
ds-colour-blue = blue
ds-colour-yellow = yellow
ds-star = star
ds-die = { $colour ->
    [black] black
    [purple] purple
    [blue] blue
   *[yellow] yellow
} { $face ->
    [0] ★
   *[other] { $face }
}

## Buttons

ds-action-refill-keep = Refill, keep the reserve
ds-action-refill-return = Refill and return the reserve
ds-action-draw = { $n ->
    [one] Draw { $n } die
   *[other] Draw { $n } dice
}
ds-action-take_colour = { $colour ->
    [black] Black
    [purple] Purple
    [blue] Blue
   *[yellow] Yellow
}
ds-action-take_number = Number { $n }
ds-action-take_stars = { $count ->
    [1] Star
   *[other] { $count } stars
}
ds-action-penalty_colour = Penalty: { $colour ->
    [black] black
    [purple] purple
    [blue] blue
   *[yellow] yellow
}
ds-action-penalty_number = Penalty: number { $n }

## Events

ds-event-start_player = { $player } is the start player.
ds-event-turn = Your turn, { $player }.
ds-event-refill = { $from_reserve ->
    [0] { $player } puts the discard back into the bag.
   *[other] { $player } puts the discard and the reserve back into the bag.
} { $bag ->
    [one] { $bag } die is in the bag.
   *[other] { $bag } dice are in the bag.
}
ds-event-draw = { $player } draws { $n ->
    [one] { $n } die
   *[other] { $n } dice
}.
ds-event-dice = { $player } rolls { $dice }. { $bag ->
    [0] The bag is empty.
    [one] { $bag } die is left in the bag.
   *[other] { $bag } dice are left in the bag.
}
ds-event-take_colour = { $player } takes { $count ->
    [1] the { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } die
   *[other] the { $count } { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } dice
}: { $number } in row { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } cross
   *[other] , { $crosses } crosses
}.
ds-event-take_number = { $player } takes { $count ->
    [1] the { $n }
   *[other] the { $count } dice showing { $n }
}: { $number } in row { $row }{ $crosses ->
    [0] {""}
    [one] , { $crosses } cross
   *[other] , { $crosses } crosses
}.
ds-event-take_stars = { $player } takes { $count ->
    [1] the star and crosses a multiplier field in row { $rows }.
   *[other] the { $count } stars and crosses { $count } multiplier fields in { $lines ->
        [one] row { $rows }.
       *[other] rows { $rows }.
    }
}
ds-event-penalty_colour = Nothing fits: { $player } discards { $count ->
    [1] the { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } die
   *[other] the { $count } { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } dice
} and writes a penalty of { $penalty }.
ds-event-penalty_number = Nothing fits: { $player } discards { $count ->
    [1] the { $n }
   *[other] the { $count } dice showing { $n }
} and writes a penalty of { $penalty }.
ds-event-refill_due = { $reason ->
    [stars] Stars were taken: the next turn starts by putting the discard back into the bag.
   *[last_die] The last die left the bag: the next turn starts by putting the discard back into the bag.
}
ds-event-end_triggered = { $reason ->
    [penalty] { $player } wrote a penalty.
   *[sheet_full] { $player } filled their last white field.
} The game ends once this round is finished.
ds-event-solo_marks = { $boxes ->
    [0] The solo opponent crosses nothing this time.
    [one] The solo opponent crosses { $boxes } box ({ $crossed } of { $grid }).
   *[other] The solo opponent crosses { $boxes } boxes ({ $crossed } of { $grid }).
}
ds-event-solo_grid_full = The solo grid is full: the solo opponent wins at once.
ds-event-game_over = Game over. { $outcome ->
    [shared] Shared victory for { $winners } with { $best } points each!
    [solo_win] You win with { $score } points against the solo opponent's { $opponent }!
    [solo_tie] A tie: { $score } points against the solo opponent's { $opponent }.
    [solo_loss] The solo opponent wins with { $opponent } points against your { $score }.
    [solo_grid_full] The solo grid is full, so the solo opponent wins ({ $score } points against { $opponent }).
   *[win] { $winners } wins with { $best } points!
}

## Errors

ds-error-not-your-turn = It is not your turn.
ds-error-game-over = This game is over.
ds-error-unknown-action = That move does not exist in Dice Stars.
ds-error-bad-action = That move is not complete.
ds-error-dice-pending = The dice are still rolling.
ds-error-no-chance-due = No dice are being drawn right now.
ds-error-refill-first = First refill the bag.
ds-error-draw-first = First draw dice from the bag.
ds-error-already-drawn = You have already drawn: take dice from the reserve now.
ds-error-no-refill-due = No refill is due this turn.
ds-error-nothing-to-return = The reserve is empty: there is nothing to put back.
ds-error-must-draw = You must draw { $n ->
    [one] { $n } die
   *[other] { $n } dice
}.
ds-error-draw-count = Draw between 1 and { $most } dice.
ds-error-bad-colour = That colour does not exist.
ds-error-bad-number = Numbers go from 2 to 6.
ds-error-bad-row = Multiplier fields sit in rows 2 to 6.
ds-error-bad-seat = There is no such seat.
ds-error-not-in-reserve = { $choice ->
    [colour] No { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } die lies in the reserve.
    [number] No die in the reserve shows { $n }.
   *[stars] No star lies in the reserve.
}
ds-error-does-not-fit = That does not fit on your sheet: { $choice ->
    [colour] the { $colour ->
        [black] black
        [purple] purple
        [blue] blue
       *[yellow] yellow
    } column has fewer than { $count } empty fields.
    [number] row { $n } has fewer than { $count } empty fields.
   *[stars] fewer than { $count } multiplier fields are empty.
}
ds-error-star-count = Place every star: { $stars } in all, you placed { $given }.
ds-error-multipliers-full = Row { $row } has only { $free } empty multiplier fields.
ds-error-penalty-not-allowed = A choice still fits your sheet: you must take it, not a penalty.
ds-error-dice-count = Exactly { $n } dice come out of the bag.
ds-error-bad-face = A { $colour ->
    [black] black
    [purple] purple
    [blue] blue
   *[yellow] yellow
} die has no face { $face }.
ds-error-not-in-bag = There are not that many { $colour ->
    [black] black
    [purple] purple
    [blue] blue
   *[yellow] yellow
} dice in the bag.

# Picture labels

ds-img-penalty = Penalty
ds-img-total = Total
ds-img-solo = Solo opponent
ds-img-points = points
ds-img-game-over = Game over
ds-img-reserve-empty = empty
ds-img-bag = Bag
ds-img-discard = Discard
ds-img-refill-due = Refill the bag
ds-img-last-round = Last round
ds-img-nothing-fits = Nothing fits: penalty
ds-img-ranking = Final scores
ds-img-shared = Shared victory
ds-img-solo-win = Won
ds-img-solo-tie = Tie
ds-img-solo-loss = Lost
ds-img-solo-grid-full = Solo grid full: lost

## A sheet in one line (the text of /dicestars sheet) and a die as the alt texts name it.
## $rows joins ds-img-summary-row; $state is plain, double or zero.

ds-img-die = { $colour ->
    [black] black
    [purple] purple
    [blue] blue
   *[yellow] yellow
} { $face ->
    [0] star
   *[other] { $face }
}
ds-img-summary-sheet = { $player }: { $total ->
    [one] { $total } point
   *[other] { $total } points
}, { $filled } of { $white } white fields filled; { $rows }
ds-img-summary-row = row { $row }: { $state ->
    [double] { $final } (×2)
    [zero] 0 (stars incomplete)
   *[plain] { $final }
}
ds-img-summary-penalty = penalty { $penalty }
ds-img-summary-solo = solo opponent: { $points } points ({ $crossed } of { $boxes } boxes crossed)
