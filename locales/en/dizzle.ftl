# Dizzle. Event arguments are the event's own; the adapter adds $player (the name of "seat") and
# turns lists into text: $players ("seats") and $scribbled as names, $values and $removed as dice.
# $field is a field as printed on the sheet ("C5"), $count/$taken/$dice/$returned are numbers.

dz-level-title = Level { $number }

## Terms

dz-special-gem = Gem
dz-special-puzzle = Puzzle piece
dz-special-key = Key
dz-special-lock = Lock
dz-special-bomb = Bomb
dz-special-rocket = Rocket
dz-special-planet = Planet
dz-special-flag = Flag
dz-special-poop = Poop pile
dz-color-name = { $color ->
    [red] red
    [blue] blue
    [green] green
    [yellow] yellow
    [purple] purple
   *[orange] orange
}

## Buttons and status

dz-action-reroll = Reroll
dz-action-pass = Pass
dz-action-return-die = Return the { $value } from { $field }
dz-action-choose-planet = Planet { $field }
dz-status-turn = { $player }, your turn: place a die.
dz-status-stuck = { $player }, no die fits: reroll or pass.
dz-status-forced = { $player }, a die fits now: place it.
dz-status-return = { $player }, the reroll missed: give one of your dice of this pass back.
dz-status-planets = Rockets launched: { $players } { $count ->
    [one] picks a planet.
   *[other] pick their planets.
}
dz-status-boxed-in = Boxed in: the next die may go next to any of your crosses.

## Events

dz-event-start_player = { $player } is the first start player.
dz-event-roll = Round { $round }/{ $rounds }, pass { $pass }/{ $passes }: { $player } rolls { $values }.
dz-event-place = { $player } puts a { $value } on { $field }.
dz-event-reroll = { $player } cannot place and rerolls { $dice ->
    [1] the die
   *[other] the { $dice } dice
} in the middle.
dz-event-rerolled = The reroll shows { $values }.
dz-event-reroll_failed = Still nothing fits for { $player }. { $returned ->
    [0] They have no die of this pass to give back and stay in the pass.
   *[other] They give a die back and stay in the pass.
}
dz-event-return_die = { $player } returns the { $value } from { $field } to the middle.
dz-event-pass = { $player } passes and drops out of this pass.
dz-event-last_turn = Everyone else has passed: { $player } gets one more turn.
dz-event-opponent = The opponent dice show { $values } and take { $taken ->
    [0] nothing
   *[other] { $removed }
} from the middle.
dz-event-pass_end = { $table_size ->
    [1] The pass is over: your dice become crosses.
   *[other] The pass is over: everyone crosses the fields under their dice.
}
dz-event-bomb = The bomb on { $field } was crossed by { $players }. { $count ->
    [0] {""}
   *[other] { $scribbled } must scribble it out ({ $penalty } points).
}
dz-event-flag = The flag on { $field } was reached by { $players }: { $value ->
    [0] no points left.
    [one] { $value } point.
   *[other] { $value } points.
}
dz-event-key = { $player } crossed the { dz-color-name } key on { $field }: { dz-color-name } locks open from the next pass on.
dz-event-rockets = { $player } launches { $count ->
    [1] a rocket
   *[other] { $count } rockets
}.
dz-event-planet = { $player } lands on the planet { $field }.
dz-event-game_over = The game is over.

## Errors

dz-error-player-count = Dizzle is played by 1 to 4 players.
dz-error-no-level = No level has been chosen for this game.
dz-error-game-over = This game is already over.
dz-error-not-your-turn = It is not your turn.
dz-error-unknown-action = That move does not exist here.
dz-error-no-chance = No dice are to be rolled now.
dz-error-bad-outcome = Those dice cannot come up now.
dz-error-no-field = There is no field there.
dz-error-field-taken = The field { $field } is already taken.
dz-error-field-scribbled = The field { $field } is scribbled out.
dz-error-field-locked = The lock on { $field } is still closed: you need its key, crossed in an earlier pass.
dz-error-no-matching-die = No { $value } lies in the middle for { $field }.
dz-error-not-adjacent = { $field } does not touch your dice of this pass (or, for the first die, one of your crosses).
dz-error-must-place = A die fits, so you must place one.
dz-error-must-return-die = The reroll missed: give one of your dice of this pass back first.
dz-error-no-die-there = You have no die of this pass on { $field }.
dz-error-not-a-planet = { $field } is not a planet.

# Picture labels

dz-img-round = Round
dz-img-pass = Pass
dz-img-level = Level
dz-img-crosses = Crosses
dz-img-gems = Gems
dz-img-puzzles = Puzzles
dz-img-lines = Lines
dz-img-flags = Flags
dz-img-bombs = Bombs
dz-img-poop = Poop
dz-img-total = Total
dz-img-game-over = Final score
dz-img-turn = to play
dz-img-passed = passed
dz-img-last-turn = one last turn
dz-img-opponent = Opponent dice
dz-img-planets = picking a planet
dz-img-planets-note = Rockets launched, planets to pick:
dz-img-middle-empty = No dice in the middle
dz-img-ranking = Final ranking
dz-img-standings = Standings
dz-img-tie-break = Tied on points? Fewer crosses wins the tie; still tied, the place is shared.
dz-img-shared = shared
dz-sum-sheet = { $player }, { $level }: { $total } points with { $crosses ->
    [one] { $crosses } cross
   *[other] { $crosses } crosses
} (gems { $gems }, puzzles { $puzzles }, lines { $lines }, flags { $flags }, bombs { $bombs }, poop { $poop }).
dz-sum-dice = { $count ->
    [1] A die of this pass lies on { $fields }.
   *[other] { $count } dice of this pass lie on { $fields }.
}
dz-sum-turn = { $player } to play; { $dice ->
    [0] the middle is empty.
   *[other] in the middle: { $middle }.
}
dz-sum-planets = Rockets launched: { $players } { $count ->
    [one] picks a planet.
   *[other] pick their planets.
}
dz-sum-over = { $level }: the game is over.
dz-sum-passed = Passed: { $players }.
dz-sum-opponent = Opponent dice: { $values }.
