"""Stella: find the picture cards that others link to the same word (rules: shared/rules/stella.md).

Four rounds. A round deals a grid of 15 picture cards (labels A1-E3, card index ``n`` in row-major
order: column ``"ABCDE"[n % 5]``, row ``n // 5 + 1``) and shows one word. Every player marks 1 to
10 cards on a secret slate, all at once; when the last slate is locked in the counts are
announced and the one player alone with the most marks goes into Darkness. Then the scouts
designate their marked cards one at a time: a card nobody else marked is a fall, a shared card
gives a spark to each marker still standing.

Flow of a game (``to_move``):

- ``setup``: chance ``{"type": "first_scout", "seat": s}`` (skipped when the host starts),
- ``deal``: chance ``{"type": "deal", "cards": [...], "word": k, "side": 0|1}`` (15 picture ids,
  or 5 for the replaced row under the ``published`` preset), which starts the round,
- ``marking``: every seat of the round not yet locked in: ``set_marks`` / ``lock_in``,
- ``exploration``: the active scout: ``designate``,
- ``over``.

Table actions, accepted by :func:`apply` but never listed by :func:`legal_actions`:
``{"type": "time_out"}`` (the table's timer ran out for that seat; a scout's may name the
``"card"`` designated for it) and ``{"type": "leave"}``.

Secrecy: :func:`view` shows a seat its own slate only, counts only from the announcement on, and
other players' marks only on revealed cards. Events that carry a secret have a ``"to"`` key (the
one seat that may see them); every other event is public. Finished rounds keep only what was
revealed, so the state itself forgets every mark of a card that was never designated.

Chance steps advance the state's source when applied, whether the outcome came from
:func:`sample_chance` (which reads a copy) or was injected, so seed + every logged move and seed
+ the players' moves (chance drawn again) replay to equal states; a ``time_out`` without a card
draws from the same source.

Events name seats by number: ``seat`` (the table shows that player's name as ``$player``) and
``seats`` (names as ``$players``). Error keys are the Fluent ids (``st-error-...``).

Where the rules say nothing:

- Leaving before the announcement discards the slate even if it was locked in (the player
  "counts as having marked nothing").
- A player who leaves while in Darkness did not fall, so their sparks are not reduced.
- A round with a single participant puts that player in Darkness (alone with the most); a round
  in which nobody locked in has no Darkness and no exploration.
- ``timeouts`` counts each seat's timeouts in a row (reset by its own lock-in or designation), so
  the table can offer the host a removal after two.
- ``legal_actions`` lists the drafts one toggle away from the current one (the slate's buttons);
  ``apply`` accepts any draft of 0-15 distinct cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from games.engine import CHANCE, Action, Event, GameInfo, Option, Rng, RulesError, rank
from games.stella_words import WORD_CARDS

# The table: a grid of 3 rows of 5, four rounds, a slate holds 1 to 10 marks.
ROUNDS = 4
COLUMNS = "ABCDE"
ROWS = 3
ROW_LENGTH = len(COLUMNS)
GRID_SIZE = ROWS * ROW_LENGTH
MIN_MARKS = 1
MAX_MARKS = 10

PRESETS = ("seed", "published")
LANGUAGES = tuple(WORD_CARDS)
#: Points of a spark by preset: (exactly two players marked the card, three or more did).
SPARK_POINTS = {"seed": (2, 3), "published": (3, 2)}
#: Picture cards a game uses up: four full grids, or one grid and three new rows.
CARDS_NEEDED = {"seed": ROUNDS * GRID_SIZE, "published": GRID_SIZE + (ROUNDS - 1) * ROW_LENGTH}
#: Size of the deck the bot draws itself. The option ``deck_size`` is no lobby menu: the table
#: sets it from the deck it plays with (a server's own folder may hold more cards).
DEFAULT_DECK_SIZE = 120

SETUP, DEAL, MARKING, EXPLORATION, OVER = "setup", "deal", "marking", "exploration", "over"

INFO = GameInfo(
    kind="stella",
    min_players=3,
    max_players=6,
    options=(
        Option("preset", PRESETS, "seed"),
        Option("language", LANGUAGES, "en"),
        Option("host_starts", (False, True), False),
    ),
)


class SetupError(RulesError, ValueError):
    """Options a game cannot start with (too few picture cards, unknown preset, ...)."""


@dataclass
class State:
    seats: int
    preset: str
    language: str
    deck_size: int
    rng: Rng
    phase: str = SETUP
    round: int = 0
    first_scout: int = -1
    grid: list[int] = field(default_factory=list)  # picture card ids, row-major
    dealt: list[int] = field(default_factory=list)  # every picture id dealt in this game
    words: list[int] = field(default_factory=list)  # word cards drawn, the current one last
    side: int = 0
    slates: list[list[int]] = field(default_factory=list)  # drafts, then locked marks
    locked: list[bool] = field(default_factory=list)
    taking_part: list[bool] = field(default_factory=list)  # in the current round
    left: list[bool] = field(default_factory=list)
    darkness: int = -1
    fallen: list[bool] = field(default_factory=list)
    reveals: list[list[int]] = field(default_factory=list)  # [grid index, designating seat]
    active: int = -1
    sparks: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # spark points this round
    round_scores: list[list[int]] = field(default_factory=list)  # per seat, one per round
    history: list[dict[str, Any]] = field(default_factory=list)  # public record of past rounds
    timeouts: list[int] = field(default_factory=list)  # timeouts in a row per seat


# --- labels -------------------------------------------------------------------------------


def label(card: int) -> str:
    """The label printed on the grid: ``0`` -> ``"A1"``, ``14`` -> ``"E3"``."""
    return f"{COLUMNS[card % ROW_LENGTH]}{card // ROW_LENGTH + 1}"


LABELS = tuple(label(card) for card in range(GRID_SIZE))


def card_at(text: str) -> int:
    """The grid index of a label such as ``"C2"``."""
    column, row = text[0].upper(), int(text[1:])
    if column not in COLUMNS or not 1 <= row <= ROWS:
        raise ValueError(f"no such grid label: {text!r}")
    return (row - 1) * ROW_LENGTH + COLUMNS.index(column)


def word(state: State) -> str | None:
    """The word shown this round (in the table's language), or None before the first deal."""
    if not state.words:
        return None
    return WORD_CARDS[state.language][state.words[-1]][state.side]


# --- setup and serialisation ----------------------------------------------------------------


def new_game(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    preset = options.get("preset", "seed")
    language = options.get("language", "en")
    deck_size = options.get("deck_size", DEFAULT_DECK_SIZE)
    if not INFO.min_players <= seats <= INFO.max_players:
        raise SetupError("st-error-players", min=INFO.min_players, max=INFO.max_players)
    if preset not in PRESETS:
        raise SetupError("st-error-unknown-preset", preset=str(preset))
    if language not in LANGUAGES:
        raise SetupError("st-error-unknown-language", language=str(language))
    if not isinstance(deck_size, int) or deck_size < CARDS_NEEDED[preset]:
        raise SetupError("st-error-deck-too-small", need=CARDS_NEEDED[preset], have=deck_size)
    state = State(
        seats=seats,
        preset=preset,
        language=language,
        deck_size=deck_size,
        rng=Rng(seed & ((1 << 64) - 1)),
        slates=[[] for _ in range(seats)],
        locked=[False] * seats,
        taking_part=[False] * seats,
        left=[False] * seats,
        fallen=[False] * seats,
        sparks=[0] * seats,
        points=[0] * seats,
        round_scores=[[] for _ in range(seats)],
        timeouts=[0] * seats,
    )
    if options.get("host_starts", False):
        state.first_scout, state.phase = 0, DEAL
    return state


_FIELDS = tuple(f.name for f in fields(State))


def to_json(state: State) -> dict[str, Any]:
    """What ``dataclasses.asdict`` gives, without its generic (and slow) walk."""
    data = {name: _copied(getattr(state, name)) for name in _FIELDS}
    data["rng"] = {"state": state.rng.state}
    return data


def from_json(data: Mapping[str, Any]) -> State:
    # A deep copy: applying moves must never change the JSON the state was read from.
    read = {name: _copied(value) for name, value in data.items()}
    read["rng"] = Rng(data["rng"]["state"])
    return State(**read)


def _copied(value: Any) -> Any:
    """A copy of JSON-like data (lists, tuples, dicts of plain values), all the way down."""
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_copied(item) for item in value)
    return value


# --- whose turn ----------------------------------------------------------------------------


def to_move(state: State) -> list[int]:
    if state.phase in (SETUP, DEAL):
        return [CHANCE]
    if state.phase == MARKING:
        return _still_marking(state)
    if state.phase == EXPLORATION:
        return [state.active]
    return []


def legal_actions(state: State, seat: int) -> list[Action]:
    if state.phase == MARKING and seat in _still_marking(state):
        marks = set(state.slates[seat])
        actions: list[Action] = [
            {"type": "set_marks", "cards": sorted(marks ^ {card})} for card in range(GRID_SIZE)
        ]
        if MIN_MARKS <= len(marks) <= MAX_MARKS:
            actions.append({"type": "lock_in"})
        return actions
    if state.phase == EXPLORATION and seat == state.active:
        return [{"type": "designate", "card": card} for card in _unrevealed_marks(state, seat)]
    return []


def _still_marking(state: State) -> list[int]:
    return [s for s in range(state.seats) if state.taking_part[s] and not state.locked[s]]


def _revealed(state: State) -> set[int]:
    return {card for card, _ in state.reveals}


def _unrevealed_marks(state: State, seat: int) -> list[int]:
    revealed = _revealed(state)
    return [card for card in state.slates[seat] if card not in revealed]


def _can_scout(state: State, seat: int) -> bool:
    return (
        state.taking_part[seat]
        and not state.fallen[seat]
        and not state.left[seat]
        and bool(_unrevealed_marks(state, seat))
    )


def _present(state: State) -> int:
    return state.left.count(False)


def _next_present(state: State, start: int) -> int:
    """The first seat from ``start`` on (wrapping) whose player has not left."""
    for step in range(state.seats):
        seat = (start + step) % state.seats
        if not state.left[seat]:
            return seat
    return -1


# --- applying moves ------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == OVER:
        raise RulesError("st-error-game-over")
    if not isinstance(action, Mapping):
        raise RulesError("st-error-unknown-action")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise RulesError("st-error-no-such-seat")
    handler = _PLAYER_ACTIONS.get(action.get("type"))
    if handler is None:
        raise RulesError("st-error-unknown-action")
    if state.left[seat]:
        raise RulesError("st-error-has-left")
    return handler(state, seat, action)


def _check_marking(state: State, seat: int) -> None:
    if state.phase != MARKING:
        raise RulesError("st-error-not-marking")
    if not state.taking_part[seat]:
        raise RulesError("st-error-sitting-out")
    if state.locked[seat]:
        raise RulesError("st-error-already-locked-in")


def _grid_cards(value: Any) -> list[int]:
    if not isinstance(value, list):
        raise RulesError("st-error-bad-card")
    for card in value:
        if type(card) is not int or not 0 <= card < GRID_SIZE:
            raise RulesError("st-error-bad-card")
    if len(set(value)) != len(value):
        raise RulesError("st-error-card-twice")
    return sorted(value)


def _slate_args(cards: list[int]) -> dict[str, Any]:
    """A slate as event arguments (for its owner only)."""
    return {"cards": list(cards), "count": len(cards), "labels": " ".join(map(label, cards))}


def _set_marks(state: State, seat: int, action: Action) -> list[Event]:
    _check_marking(state, seat)
    cards = _grid_cards(action.get("cards"))
    state.slates[seat] = cards
    return [{"type": "draft", "to": seat, **_slate_args(cards)}]


def _lock_in(state: State, seat: int, action: Action) -> list[Event]:
    _check_marking(state, seat)
    count = len(state.slates[seat])
    if count < MIN_MARKS:
        raise RulesError("st-error-no-marks")
    if count > MAX_MARKS:
        raise RulesError("st-error-too-many-marks", count=count, max=MAX_MARKS)
    state.locked[seat] = True
    state.timeouts[seat] = 0
    events: list[Event] = [
        {"type": "locked_in", "seat": seat},
        {"type": "slate_locked", "to": seat, **_slate_args(state.slates[seat])},
    ]
    return events + _announce_when_ready(state)


def _designate(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase != EXPLORATION:
        raise RulesError("st-error-not-exploring")
    if seat != state.active:
        raise RulesError("st-error-not-your-turn")
    card = action.get("card")
    if type(card) is not int or not 0 <= card < GRID_SIZE:
        raise RulesError("st-error-bad-card")
    if card in _revealed(state):
        raise RulesError("st-error-already-revealed", card=label(card))
    if card not in state.slates[seat]:
        raise RulesError("st-error-not-marked", card=label(card))
    state.timeouts[seat] = 0
    return _reveal(state, seat, card)


def _time_out(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == MARKING:
        _check_marking(state, seat)
        _sit_out(state, seat)
        state.timeouts[seat] += 1
        return [{"type": "sat_out", "seat": seat}, *_announce_when_ready(state)]
    if state.phase == EXPLORATION and seat == state.active:
        card = _timeout_card(state, seat, action.get("card"))
        state.timeouts[seat] += 1
        return [{"type": "timed_out", "seat": seat}, *_reveal(state, seat, card)]
    raise RulesError("st-error-not-your-turn")


def _timeout_card(state: State, seat: int, card: Any) -> int:
    """The card a timed-out scout designates: the one the table chose for it (its most likely
    match), else, as in games logged before the table chose, one drawn from the source."""
    cards = _unrevealed_marks(state, seat)
    if card is None:
        return state.rng.choice(cards)
    if type(card) is not int or card not in cards:
        raise RulesError("st-error-bad-card")
    return card


def _leave(state: State, seat: int, action: Action) -> list[Event]:
    state.left[seat] = True
    events: list[Event] = [{"type": "left", "seat": seat}]
    if state.phase == MARKING:
        if state.taking_part[seat]:
            _sit_out(state, seat)
            events += _announce_when_ready(state)
    elif state.phase == EXPLORATION:
        if seat == state.active:
            events += _next_scout(state)
    elif _present(state) < 2:
        # Between rounds: the round that would follow cannot be played.
        events += _finish(state)
    return events


def _sit_out(state: State, seat: int) -> None:
    """The seat takes no part in this round: as if it had marked nothing."""
    state.taking_part[seat] = False
    state.locked[seat] = False
    state.slates[seat] = []


_PLAYER_ACTIONS = {
    "set_marks": _set_marks,
    "lock_in": _lock_in,
    "designate": _designate,
    "time_out": _time_out,
    "leave": _leave,
}


# --- the round -----------------------------------------------------------------------------


def _announce_when_ready(state: State) -> list[Event]:
    """All counts at once, when the last slate of the round is in."""
    if _still_marking(state):
        return []
    state.phase = EXPLORATION
    counts = {s: len(state.slates[s]) for s in range(state.seats) if state.taking_part[s]}
    events: list[Event] = [{"type": "announcement", "round": state.round}]
    events += [{"type": "count", "seat": s, "count": n} for s, n in counts.items()]
    if counts:
        most = max(counts.values())
        in_the_lead = [s for s, n in counts.items() if n == most]
        if len(in_the_lead) == 1:
            state.darkness = in_the_lead[0]
            events.append({"type": "darkness", "seat": state.darkness})
        else:
            events.append({"type": "no_darkness", "count": most})
    state.active = (state.first_scout - 1) % state.seats
    return events + _next_scout(state)


def _reveal(state: State, seat: int, card: int) -> list[Event]:
    markers = _markers(state, card)
    state.reveals.append([card, seat])
    designated = {"type": "designated", "seat": seat, "card": card, "label": label(card)}
    events: list[Event] = [{**designated, "seats": markers}]
    if markers == [seat]:
        state.fallen[seat] = True
        events.append({"type": "fall", "seat": seat, "label": label(card)})
    else:
        pair, crowd = SPARK_POINTS[state.preset]
        value = pair if len(markers) == 2 else crowd
        for marker in markers:
            if not state.fallen[marker] and not state.left[marker]:
                state.sparks[marker] += 1
                state.points[marker] += value
                events.append({"type": "spark", "seat": marker, "points": value})
    return events + _next_scout(state)


def _next_scout(state: State) -> list[Event]:
    """Pass the turn round the seats to the next player who can still designate."""
    for step in range(1, state.seats + 1):
        seat = (state.active + step) % state.seats
        if _can_scout(state, seat):
            state.active = seat
            return [{"type": "turn", "seat": seat}]
    return _end_round(state)


def _end_round(state: State) -> list[Event]:
    events: list[Event] = [{"type": "round_over", "round": state.round}]
    dark = state.darkness
    if dark >= 0 and state.fallen[dark] and state.sparks[dark]:
        events.append({"type": "darkness_penalty", "seat": dark, "points": state.sparks[dark]})
    scores = []
    for seat in range(state.seats):
        score = state.points[seat] if state.taking_part[seat] else 0
        if seat == dark and state.fallen[seat]:
            score -= state.sparks[seat]
        scores.append(score)
        state.round_scores[seat].append(score)
        total = sum(state.round_scores[seat])
        events.append({"type": "round_score", "seat": seat, "points": score, "total": total})
    state.history.append(_public_record(state, scores))
    _clear_round(state)
    if state.round >= ROUNDS or _present(state) < 2:
        return events + _finish(state)
    state.phase = DEAL
    return events


def _public_record(state: State, scores: list[int]) -> dict[str, Any]:
    """What stays of a round once it is over: only what was revealed, and the scores."""
    return {
        "round": state.round,
        "word": word(state),
        "counts": _counts(state),
        "darkness": state.darkness if state.darkness >= 0 else None,
        "reveals": [
            [card, state.grid[card], seat, markers]
            for card, seat, markers in _public_reveals(state)
        ],
        "scores": scores,
    }


def _public_reveals(state: State) -> list[list[Any]]:
    """This round's designations: ``[grid index, designated by, marked by]``."""
    return [[card, seat, _markers(state, card)] for card, seat in state.reveals]


def _markers(state: State, card: int) -> list[int]:
    """Who marked a card (players who fell or left included): public once it is revealed."""
    return [s for s in range(state.seats) if state.taking_part[s] and card in state.slates[s]]


def _clear_round(state: State) -> None:
    seats = state.seats
    state.slates = [[] for _ in range(seats)]
    state.locked = [False] * seats
    state.taking_part = [False] * seats
    state.fallen = [False] * seats
    state.sparks = [0] * seats
    state.points = [0] * seats
    state.reveals = []
    state.darkness = -1
    state.active = -1


def _finish(state: State) -> list[Event]:
    events: list[Event] = []
    if state.round < ROUNDS:
        events.append({"type": "ended_early", "round": state.round})
    state.phase = OVER
    totals, places = scores(state), ranking(state)
    events += [
        {"type": "final_score", "seat": s, "total": totals[s], "place": places[s]}
        for s in range(state.seats)
    ]
    events += [{"type": "winner", "seat": s} for s in range(state.seats) if places[s] == 1]
    return events


# --- chance --------------------------------------------------------------------------------


def _cards_to_deal(state: State) -> int:
    if state.round == 0 or state.preset == "seed":
        return GRID_SIZE
    return ROW_LENGTH


def _draw(rng: Rng, pool: list[int], count: int) -> list[int]:
    """``count`` distinct items of ``pool`` (a partial shuffle: one draw per item taken)."""
    pool = list(pool)
    for i in range(count):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


def sample_chance(state: State) -> Action:
    """The pending outcome drawn from the state's source.

    It reads a copy of the source; applying the outcome (sampled or injected) advances the
    source itself, so a replayed log of outcomes leaves it exactly as sampling did.
    """
    return _draw_outcome(state, Rng(state.rng.state))


def _draw_outcome(state: State, rng: Rng) -> Action:
    if state.phase == SETUP:
        return {"type": "first_scout", "seat": rng.below(state.seats)}
    if state.phase != DEAL:
        raise RulesError("st-error-no-chance-due")
    dealt, drawn = set(state.dealt), set(state.words)
    pictures = [c for c in range(state.deck_size) if c not in dealt]
    word_cards = [w for w in range(len(WORD_CARDS[state.language])) if w not in drawn]
    cards = _draw(rng, pictures, _cards_to_deal(state))
    return {"type": "deal", "cards": cards, "word": rng.choice(word_cards), "side": rng.below(2)}


def _apply_chance(state: State, outcome: Action) -> list[Event]:
    if state.phase == SETUP and outcome.get("type") == "first_scout":
        seat = outcome.get("seat")
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise RulesError("st-error-bad-outcome")
        _move_source_on(state)
        state.first_scout = seat
        state.phase = DEAL
        return []  # announced with the first round
    if state.phase == DEAL and outcome.get("type") == "deal":
        _check_deal(state, outcome)
        _move_source_on(state)
        return _start_round(state, list(outcome["cards"]), outcome["word"], outcome["side"])
    if state.phase in (SETUP, DEAL):
        raise RulesError("st-error-bad-outcome")
    raise RulesError("st-error-no-chance-due")


def _move_source_on(state: State) -> None:
    """Advance the source past this chance step, as drawing its outcome does."""
    _draw_outcome(state, state.rng)


def _check_deal(state: State, outcome: Action) -> None:
    cards, word_card, side = outcome.get("cards"), outcome.get("word"), outcome.get("side")
    if not isinstance(cards, list) or len(cards) != _cards_to_deal(state):
        raise RulesError("st-error-bad-outcome")
    if any(type(c) is not int or not 0 <= c < state.deck_size for c in cards):
        raise RulesError("st-error-bad-outcome")
    if len(set(cards)) != len(cards) or set(cards) & set(state.dealt):
        raise RulesError("st-error-picture-used")
    if type(word_card) is not int or not 0 <= word_card < len(WORD_CARDS[state.language]):
        raise RulesError("st-error-bad-outcome")
    if word_card in state.words:
        raise RulesError("st-error-word-used")
    if side not in (0, 1) or type(side) is not int:
        raise RulesError("st-error-bad-outcome")


def _start_round(state: State, cards: list[int], word_card: int, side: int) -> list[Event]:
    state.round += 1
    events: list[Event] = []
    if len(cards) == GRID_SIZE:
        state.grid = cards
    else:
        # Published preset: the bottom row goes after round 1, then the middle, then the top.
        row = ROWS - (state.round - 1)
        start = row * ROW_LENGTH
        state.grid[start : start + ROW_LENGTH] = cards
        events.append({"type": "new_row", "row": row + 1})
    state.dealt += cards
    state.words.append(word_card)
    state.side = side
    start = state.first_scout if state.round == 1 else state.first_scout + 1
    state.first_scout = _next_present(state, start % state.seats)
    state.taking_part = [not gone for gone in state.left]
    state.phase = MARKING
    started = {"type": "round_started", "round": state.round, "word": word(state)}
    return [started, *events, {"type": "first_scout", "seat": state.first_scout}]


# --- what a viewer sees --------------------------------------------------------------------


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None for a spectator) may see.

    Lists indexed by seat: ``left``, ``taking_part`` (this round), ``locked_in``, ``fallen``,
    ``sparks`` and ``points`` (this round), ``totals``, ``timeouts`` (in a row), and from the
    announcement to the end of the exploration ``counts`` (None: not taking part). ``revealed``
    lists this round's designations in order; ``my_slate`` is the viewer's own draft or marks.
    Past rounds are in ``history``: word, counts, Darkness, the revealed cards as
    ``[grid index, picture id, designated by, marked by]``, and the scores.
    """
    data: dict[str, Any] = {
        "kind": INFO.kind,
        "preset": state.preset,
        "language": state.language,
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "grid": list(state.grid),
        "word": word(state),
        "first_scout": state.first_scout if state.first_scout >= 0 else None,
        "active": state.active if state.phase == EXPLORATION else None,
        "darkness": state.darkness if state.darkness >= 0 else None,
        "left": list(state.left),
        "taking_part": list(state.taking_part),
        "locked_in": list(state.locked),
        "fallen": list(state.fallen),
        "sparks": list(state.sparks),
        "points": list(state.points),
        "totals": scores(state),
        "timeouts": list(state.timeouts),
        "revealed": [
            {"card": card, "label": LABELS[card], "by": seat, "marked_by": _markers(state, card)}
            for card, seat in state.reveals
        ],
        # Records are never changed once written, so the view shares them: read, don't edit.
        "history": list(state.history),
        "viewer": viewer,
    }
    if state.phase == EXPLORATION:  # counts are public from the announcement on
        data["counts"] = _counts(state)
    if viewer is not None and 0 <= viewer < state.seats:
        data["my_slate"] = list(state.slates[viewer])
    if state.phase == OVER:
        data["ranking"] = ranking(state)
    return data


def _counts(state: State) -> list[int | None]:
    return [
        len(slate) if taking_part else None
        for slate, taking_part in zip(state.slates, state.taking_part, strict=True)
    ]


# --- results and the autopilot -------------------------------------------------------------


def is_over(state: State) -> bool:
    return state.phase == OVER


def scores(state: State) -> list[int]:
    return [sum(rounds) for rounds in state.round_scores]


def ranking(state: State) -> list[int]:
    totals = scores(state)
    if state.preset == "published":
        return rank([(total,) for total in totals])
    # Seed preset: a tie on the total goes to the most points in the last round played.
    last = [rounds[-1] if rounds else 0 for rounds in state.round_scores]
    return rank(list(zip(totals, last, strict=True)))


def autopilot(
    state: State, seat: int, describe: Callable[[int], Mapping[str, float]] | None = None
) -> Action:
    """A computer seat's next move (``games.stella_ai``): its slate, lock in, or its designation.

    It changes nothing and reads only what that seat may see. ``describe`` tells what each
    picture card shows (default: the painted deck).
    """
    from games import stella_ai  # the computer builds on these rules

    if describe is None:
        return stella_ai.move(state, seat)
    return stella_ai.move(state, seat, describe)
