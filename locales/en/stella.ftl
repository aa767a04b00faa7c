## Stella. Variables named $player or $players hold display names; $label a grid label (A1-E3).

## Lobby options

st-option-preset = Rules
st-option-preset-seed = 2 points if two marked a card, 3 if more · 15 new cards each round
st-option-preset-published = 3 points if two marked a card, 2 if more · 5 new cards each round
st-option-language = Word language
st-option-language-en = English
st-option-language-de = German
st-option-language-fr = French
st-option-deck_size = Picture cards in the deck
st-option-host_starts = Host is the first scout

## Events

st-event-first_scout = { $player } is the first scout.
st-event-round_started = Round { $round }: the word is “{ $word }”.
st-event-new_row = Row { $row } gets new cards.
st-event-draft = { $count ->
    [0] Your slate is empty.
    [one] Your slate: { $count } mark ({ $labels }).
   *[other] Your slate: { $count } marks ({ $labels }).
}
st-event-locked_in = { $player } has locked in.
st-event-slate_locked = You locked in { $count ->
    [one] { $count } mark
   *[other] { $count } marks
} ({ $labels }).
st-event-sat_out = { $player } did not lock in in time and sits this round out.
st-event-timed_out = Time is up for { $player }: the autopilot designates one of their cards.
st-event-left = { $player } has left the game.
st-event-announcement = Every slate is locked in. The counts:
st-event-count = { $player }: { $count ->
    [one] { $count } mark
   *[other] { $count } marks
}
st-event-darkness = { $player } alone marked the most cards and goes into Darkness.
st-event-no_darkness = Tied for the most at { $count } marks: nobody goes into Darkness.
st-event-turn = { $player }, designate one of your cards.
st-event-designated = { $player } designates { $label }. Marked by: { $players }.
st-event-fall = A fall! Only { $player } marked { $label }, and they score nothing more this round.
st-event-spark = A spark for { $player }: +{ $points } points.
st-event-round_over = Round { $round } is over.
st-event-darkness_penalty = { $player } fell in Darkness and loses { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
st-event-round_score = { $player }: { $points ->
    [one] { $points } point
   *[other] { $points } points
} this round, { $total } in total.
st-event-ended_early = Fewer than two players remain: the game ends after round { $round }.
st-event-final_score = { $place }. { $player } with { $total ->
    [one] { $total } point
   *[other] { $total } points
}
st-event-winner = { $player } wins!

## Errors

st-error-players = Stella is played by { $min } to { $max } players.
st-error-unknown-preset = There is no rules preset called { $preset }.
st-error-unknown-language = There are no word cards in the language { $language }.
st-error-deck-too-small = This deck holds { $have } picture cards; these rules need at least { $need }.
st-error-game-over = The game is over.
st-error-unknown-action = That move does not exist in Stella.
st-error-no-such-seat = There is no such seat at this table.
st-error-has-left = You have left this game.
st-error-not-marking = Cards can only be marked before the announcement.
st-error-sitting-out = You are sitting this round out.
st-error-already-locked-in = You have already locked in; your marks are final.
st-error-bad-card = That is not a card of the grid.
st-error-card-twice = A card can be marked only once.
st-error-no-marks = Mark at least one card before you lock in.
st-error-too-many-marks = You marked { $count } cards; at most { $max } are allowed.
st-error-not-exploring = Cards are designated during the exploration only.
st-error-not-your-turn = It is not your turn.
st-error-already-revealed = { $card } has already been revealed.
st-error-not-marked = You did not mark { $card }.
st-error-no-chance-due = No card is to be dealt now.
st-error-bad-outcome = That deal is not possible.
st-error-picture-used = That picture card has already been used in this game.
st-error-word-used = That word card has already been used in this game.

# Picture labels

st-img-round = Round
st-img-colon = :
st-img-grid-hint = Mark 1 to 10 cards on your slate
st-img-marks = Marks
st-img-locked-in = Locked in
st-img-not-locked = Not locked in yet
st-img-locked = locked in
st-img-locked-count = Locked in
st-img-marking = Marking
st-img-still-marking = still marking
st-img-sits-out = sits this round out
st-img-left = left
st-img-sparks = Sparks
st-img-designates = is designating
st-img-exploration = Exploration
st-img-round-over = Round over
st-img-game-over = Game over
st-img-round-scores = Round scores
st-img-ranking = Final ranking
st-img-standings = Standings
st-img-shared = shared
st-img-tie-seed = Tied totals: the most points in the last round wins; still tied, the victory is shared.
st-img-tie-published = Tied totals share the victory.
st-sum-penalty = (Darkness −{ $points })
