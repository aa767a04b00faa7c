## Alt text of the pictures: what a screen reader says of each one (at most 256 characters,
## parts dropped from the least important: see screens/alt_text.py). $player and $players are
## names, $dice a list joined by ds-img-die, $fields and $labels lists of fields or cards.

# Between the items of a list whose items hold commas.
alt-sep = { "; " }
alt-score = { $player } { $points ->
    [one] { $points } point
   *[other] { $points } points
}
alt-own-score = { $player }: { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-scores = Scores: { $scores }.
alt-others = Others: { $scores }.
alt-place = { $place }. { $player }: { $points }
alt-best = Best before: { $best }.
alt-legend = Legend of { $game }:

## Dice Stars

alt-ds-refill = Dice Stars, { $player }’s turn: the bag is refilled; keep the reserve or put it back.
alt-ds-draw = Dice Stars, { $player }’s turn: draw { $least } to { $most } dice.
alt-ds-draw-all = Dice Stars, { $player }’s turn: draw { $count ->
    [one] { $count } die.
   *[other] { $count } dice.
}
alt-ds-take = Dice Stars, { $player }’s turn: take dice.
alt-ds-fits = Fits: { $fits }.
alt-ds-fit-number = number { $n } ({ $count ->
    [one] { $count } die
   *[other] { $count } dice
}) in row { $n }
alt-ds-fit-colour = { $colour } ({ $faces }) in { $count ->
    [one] row
   *[other] rows
} { $rows }
alt-ds-fit-stars = { $count ->
    [one] { $count } star
   *[other] { $count } stars
} on multiplier fields
alt-ds-nothing-fits = Nothing fits: one colour or number goes to the penalty box.
alt-ds-last-round = Last round.
alt-ds-reserve = Reserve: { $dice }.
alt-ds-reserve-empty = Reserve empty.
alt-ds-solo-opponent = Solo opponent { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-ds-bag = Bag { $bag }, discard { $discard }.
alt-ds-sheet = { $player }’s Dice Stars sheet: { $points ->
    [one] { $points } point.
   *[other] { $points } points.
}
alt-ds-white = { $filled } of { $white } white fields filled.
alt-ds-penalty = Penalty box { $points }.
alt-ds-rows = Rows: { $rows }.
alt-ds-solo-grid = Solo grid: { $crossed } of { $boxes } boxes crossed.
alt-ds-solo-result = Dice Stars solo, { $outcome ->
    [solo_win] { $player } wins
    [solo_tie] a tie
    [solo_grid_full] { $player } loses, the solo grid is full
   *[solo_loss] { $player } loses
}: { $points } to { $opponent }.
alt-ds-result = Dice Stars, final scores{ $shared ->
    [1] , a shared victory:
   *[other] :
}

## Dizzle

alt-dz-round = Dizzle, round { $round } of { $rounds }{ $passes ->
    [1] .
   *[other] , pass { $pass } of { $passes }.
}
alt-dz-place = { $player }’s turn: place a die of the middle.
alt-dz-forced = { $player } rerolled: place a die of the middle.
alt-dz-stuck = { $player }’s turn: no die fits; reroll or pass.
alt-dz-return = { $player }’s reroll missed: give back one die of this pass, on { $fields }.
alt-dz-fits = Fits: { $fits }.
alt-dz-fit = { $value } on { $fields }
alt-dz-planets = Dizzle, rockets launched: { $players } { $count ->
    [one] picks a planet.
   *[other] pick their planets.
}
alt-dz-planet-fields = Planets: { $fields }.
alt-dz-last-turn = Last turn.
alt-dz-middle = Middle: { $count ->
    [0] empty.
   *[other] { $dice }.
}
alt-dz-passed = Passed: { $players }.
alt-dz-opponent = Opponent dice: { $dice }.
alt-dz-sheet = { $player }’s Dizzle sheet, { $level }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $crosses ->
    [one] { $crosses } cross.
   *[other] { $crosses } crosses.
}
alt-dz-dice = Dice of this pass on { $fields }.
alt-dz-boxed-in = Boxed in: the next die may go next to any cross.
alt-dz-score-parts = Gems { $gems }, puzzles { $puzzles }, lines { $lines }, flags { $flags }, bombs { $bombs }, poop { $poop }.
alt-dz-solo-result = Dizzle solo, { $level }: { $player } { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $crosses ->
    [one] { $crosses } cross.
   *[other] { $crosses } crosses.
}
alt-dz-result = Dizzle, { $level }, { $over ->
    [1] final scores:
   *[other] standings:
}

## Stella

alt-st-round = Stella, round { $round } of { $rounds }, the word is “{ $word }”.
alt-st-grid = 15 picture cards in 3 rows of 5, { $first } to { $last }.
alt-st-mark = Mark { $min } to { $max } cards that fit the word on your slate.
alt-st-slate = Your slate: { $count ->
    [0] no card marked.
    [one] { $count } card marked, { $labels }.
   *[other] { $count } cards marked, { $labels }.
}
alt-st-locked = Locked in.
alt-st-draft = Not locked in yet.
alt-st-fallen = You have fallen this round.
alt-st-to-designate = Still to designate: { $labels }.
alt-st-revealed-mine = Revealed: { $labels }.
alt-st-designates = Exploration: { $player } designates a card.
alt-st-round-over = The round’s exploration is over.
alt-st-revealed = Revealed: { $reveals }.
alt-st-none-revealed = No card revealed yet.
alt-st-spark = { $label } by { $player }, marked by { $players }: sparks of { $points ->
    [one] { $points } point
   *[other] { $points } points
}
alt-st-fall = { $label } by { $player }: a fall
alt-st-darkness = In Darkness: { $player }.
alt-st-points = This round: { $points }.
alt-st-counts = Cards marked: { $counts }.
alt-st-round-scores-none = Stella, the round’s scores.
alt-st-round-scores = Stella, scores of round { $round } (“{ $word }”):
alt-st-totals = Totals: { $scores }.
alt-st-result = Stella, { $over ->
    [1] final scores{ $shared ->
        [1] , a shared victory:
       *[other] :
    }
   *[other] standings:
}
alt-st-left = { $entry } (left)
