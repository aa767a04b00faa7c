"""Dice Stars (Bruno Cathala, Ludovic Maublanc; Matagot 2016): the rules engine.

The specification is ``shared/rules/dice-stars.md``; this module follows the contract of
:mod:`games.engine`. A turn is: ``refill`` (only when due) -> ``draw`` -> chance ``dice`` ->
one take (``take_colour`` / ``take_number`` / ``take_stars``) or, when nothing fits, a penalty
(``penalty_colour`` / ``penalty_number``).

Besides the contract: :func:`reserve_choices` / :func:`fitting_choices` list per choice the
dice it would take (for buttons), :func:`draw_options` the legal draw sizes,
:func:`star_placements` the ways to place stars, :func:`result` the outcome with the winners
(``shared`` when tied winners share the victory), :func:`solo_marks_for` the solo opponent's
boxes for a reserve.

Encoding:
- A sheet keeps its fields row by row: positions 0-3 are the white fields under the columns
  black, purple, blue, yellow; positions 4 and up are the row's green fields. A field is
  ``None`` (empty), ``"x"`` (a cross) or an int (a written number, 0 included).
- Events name a field as ``[row, position]`` with the same positions.
- Dice are ``[colour, face]`` in actions, events and views, face 0 being a star; inside the
  state the colour is its column index.

Choices where the specification is silent:
- The start player is a chance step (``start_player``) unless the host starts; a solo game has
  no such step.
- ``refill`` with ``return_reserve: true`` is refused while the reserve is empty (nothing to
  return), so the question only has one answer then.
- Solo ranking compares the player with the solo opponent: place 1 for a win or a tie, place 2
  for a loss (a full solo grid is always a loss).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine import CHANCE, Action, Event, GameInfo, Option, Rng, RulesError, rank

# --- The printed sheet and the dice -----------------------------------------------------------
# (The split of green and multiplier fields over the rows and the solo grid size are the best
# available reading of the printed sheet.)
COLOURS = ("black", "purple", "blue", "yellow")  # colour columns, left to right
ROWS = (2, 3, 4, 5, 6)  # number rows, top to bottom
GREEN_FIELDS = {2: 4, 3: 3, 4: 2, 5: 1, 6: 0}  # bonus fields right of each row's white fields
MULTIPLIER_FIELDS = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6}  # yellow multiplier fields per row
MULTIPLIER_FULL = 2  # a row whose multiplier fields are all crossed counts this many times
SOLO_GRID_BOXES = 24
SOLO_POINTS_PER_BOX = 5
SOLO_PIPS_PER_BOX = 5  # the solo opponent crosses one box per started 5 of the reserve's sum
STAR = 0  # a star face; it counts 0 when entered as a colour
DICE_PER_COLOUR = {"black": 2, "purple": 3, "blue": 4, "yellow": 5}
FACES = {
    "black": (STAR, 2, 3, 4, 5, 6),
    "purple": (STAR, 2, 3, 4, 5, 6),
    "blue": (STAR, 2, 3, 4, 5, 6),
    "yellow": (STAR, STAR, 3, 4, 5, 6),
}
MAX_DRAW = 3
# -----------------------------------------------------------------------------------------------

INFO = GameInfo("dice_stars", 1, 4, (Option("host_starts", (False, True), False),))

CROSS = "x"
WHITE = len(COLOURS)  # white fields per row, before the green ones
WHITE_FIELDS = WHITE * len(ROWS)

# Phases of a turn (and of the whole game).
START, REFILL, DRAW, ROLL, TAKE, OVER = "start", "refill", "draw", "roll", "take", "over"

Cell = int | str | None
Die = list[int]  # [colour index, face]


@dataclass
class Sheet:
    fields: list[list[Cell]]  # per row: 4 white fields, then the green ones
    multipliers: list[int]  # crossed multiplier fields per row (they are interchangeable)
    penalty: int | None = None


@dataclass
class State:
    seats: int
    rng: Rng
    phase: str
    start_player: int
    current: int
    bag: list[int]  # dice per colour
    discard: list[int]  # dice per colour
    reserve: list[Die]
    sheets: list[Sheet]
    turns: list[int]  # turns played per seat
    refill_due: bool = False
    to_draw: int = 0  # dice announced by the draw, waiting for the chance step
    end_triggered: bool = False
    solo_crosses: int = 0


# --- Setup and JSON -----------------------------------------------------------------------------


def _empty_sheet() -> Sheet:
    return Sheet(
        fields=[[None] * (WHITE + GREEN_FIELDS[row]) for row in ROWS],
        multipliers=[0] * len(ROWS),
    )


def new_game(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    if not INFO.min_players <= seats <= INFO.max_players:
        raise ValueError(f"Dice Stars takes 1-4 seats, not {seats}")
    draw_start = seats > 1 and not options.get("host_starts", False)
    return State(
        seats=seats,
        rng=Rng(seed & ((1 << 64) - 1)),
        phase=START if draw_start else DRAW,
        start_player=0,
        current=0,
        bag=[DICE_PER_COLOUR[colour] for colour in COLOURS],
        discard=[0] * WHITE,
        reserve=[],
        sheets=[_empty_sheet() for _ in range(seats)],
        turns=[0] * seats,
    )


def to_json(state: State) -> dict[str, Any]:
    return {
        "seats": state.seats,
        "rng": state.rng.state,
        "phase": state.phase,
        "start": state.start_player,
        "current": state.current,
        "bag": list(state.bag),
        "discard": list(state.discard),
        "reserve": [list(die) for die in state.reserve],
        "sheets": [
            {"fields": [list(r) for r in s.fields], "mult": list(s.multipliers), "pen": s.penalty}
            for s in state.sheets
        ],
        "turns": list(state.turns),
        "refill_due": state.refill_due,
        "to_draw": state.to_draw,
        "end": state.end_triggered,
        "solo": state.solo_crosses,
    }


def from_json(data: Mapping[str, Any]) -> State:
    return State(
        seats=data["seats"],
        rng=Rng(data["rng"]),
        phase=data["phase"],
        start_player=data["start"],
        current=data["current"],
        bag=list(data["bag"]),
        discard=list(data["discard"]),
        reserve=[list(die) for die in data["reserve"]],
        sheets=[
            Sheet([list(r) for r in s["fields"]], list(s["mult"]), s["pen"]) for s in data["sheets"]
        ],
        turns=list(data["turns"]),
        refill_due=data["refill_due"],
        to_draw=data["to_draw"],
        end_triggered=data["end"],
        solo_crosses=data["solo"],
    )


# --- Reading a sheet ----------------------------------------------------------------------------


def _numbers(cells: list[Cell]) -> int:
    """The sum of the numbers written in some fields (crosses count 0)."""
    return sum(cell for cell in cells if type(cell) is int)


def row_subtotal(sheet: Sheet, row_index: int) -> int:
    return _numbers(sheet.fields[row_index])


def row_final(sheet: Sheet, row_index: int) -> int:
    crossed = sheet.multipliers[row_index]
    if crossed == 0:
        return row_subtotal(sheet, row_index)
    if crossed == MULTIPLIER_FIELDS[ROWS[row_index]]:
        return MULTIPLIER_FULL * row_subtotal(sheet, row_index)
    return 0


def sheet_total(sheet: Sheet) -> int:
    return sum(row_final(sheet, i) for i in range(len(ROWS))) - (sheet.penalty or 0)


def white_filled(sheet: Sheet) -> int:
    return sum(WHITE - row[:WHITE].count(None) for row in sheet.fields)


def _free_multipliers(sheet: Sheet) -> list[int]:
    return [MULTIPLIER_FIELDS[row] - sheet.multipliers[i] for i, row in enumerate(ROWS)]


def _column_fields(sheet: Sheet, column: int, count: int) -> list[tuple[int, int]] | None:
    """The first ``count`` empty white fields of a column, top to bottom (None: no room)."""
    empty = [(r, column) for r in range(len(ROWS)) if sheet.fields[r][column] is None]
    return empty[:count] if len(empty) >= count else None


def _row_fields(sheet: Sheet, row_index: int, count: int) -> list[tuple[int, int]] | None:
    """The first ``count`` empty fields of a row, white then green, left to right."""
    cells = sheet.fields[row_index]
    empty = [(row_index, p) for p, cell in enumerate(cells) if cell is None]
    return empty[:count] if len(empty) >= count else None


# --- The reserve and its choices ----------------------------------------------------------------


def _die_json(die: Die) -> list[Any]:
    return [COLOURS[die[0]], die[1]]


def _groups(state: State, seat: int) -> list[tuple[str, int, list[Die], bool]]:
    """The types present in the reserve: (kind, colour index / number / star count, dice, fits)."""
    sheet = state.sheets[seat]
    by_colour: list[list[Die]] = [[] for _ in COLOURS]
    by_face: dict[int, list[Die]] = {}
    for die in state.reserve:
        by_colour[die[0]].append(die)
        by_face.setdefault(die[1], []).append(die)
    groups = []
    for ci, dice in enumerate(by_colour):
        if dice:
            empty = sum(row[ci] is None for row in sheet.fields)
            groups.append(("colour", ci, dice, empty >= len(dice)))
    for ri, row in enumerate(ROWS):
        dice = by_face.get(row)
        if dice:
            empty = sheet.fields[ri].count(None)
            groups.append(("number", row, dice, empty >= len(dice)))
    stars = by_face.get(STAR)
    if stars:
        free = sum(MULTIPLIER_FIELDS.values()) - sum(sheet.multipliers)
        groups.append(("stars", len(stars), stars, free >= len(stars)))
    return groups


def reserve_choices(state: State, seat: int) -> list[dict[str, Any]]:
    """Every type present in the reserve, with its dice and whether it fits the seat's sheet.

    Entries: ``{"kind": "colour", "colour": c, ...}``, ``{"kind": "number", "n": n, ...}``,
    ``{"kind": "stars", "count": k, ...}``, each with ``dice``, ``sum`` and ``fits``.
    """
    choices = []
    for kind, value, dice, fits in _groups(state, seat):
        choice: dict[str, Any] = {"kind": kind}
        if kind == "colour":
            choice["colour"] = COLOURS[value]
        else:
            choice["n" if kind == "number" else "count"] = value
        choice |= {"dice": [_die_json(d) for d in dice], "sum": _pips(dice), "fits": fits}
        choices.append(choice)
    return choices


def fitting_choices(state: State, seat: int) -> list[dict[str, Any]]:
    """The choices the seat may take now (see :func:`reserve_choices`); empty means penalty."""
    return [c for c in reserve_choices(state, seat) if c["fits"]]


def _pips(dice: list[Die]) -> int:
    return sum(face for _, face in dice)


def star_placements(free: list[int], stars: int) -> list[list[int]]:
    """Every way (rows in increasing order) to cross ``stars`` multiplier fields."""
    placements = itertools.combinations_with_replacement(ROWS, stars)
    if min(free) >= stars:  # no row can overflow
        return [list(rows) for rows in placements]
    room = dict(zip(ROWS, free, strict=True))
    return [list(rows) for rows in placements if all(rows.count(row) <= room[row] for row in rows)]


def draw_options(state: State) -> list[int]:
    """The legal sizes of the draw (after the optional return of the reserve)."""
    most = min(MAX_DRAW, sum(state.bag))
    if all(face == STAR for _, face in state.reserve):  # also true for an empty reserve
        return [most]
    return list(range(1, most + 1))


# --- Whose move, what is legal ----------------------------------------------------------------


def is_over(state: State) -> bool:
    return state.phase == OVER


def to_move(state: State) -> list[int]:
    if state.phase == OVER:
        return []
    if state.phase in (START, ROLL):
        return [CHANCE]
    return [state.current]


def _take_actions(state: State, seat: int, kind: str, value: int) -> list[Action]:
    if kind == "colour":
        return [{"type": "take_colour", "colour": COLOURS[value]}]
    if kind == "number":
        return [{"type": "take_number", "n": value}]
    free = _free_multipliers(state.sheets[seat])
    return [{"type": "take_stars", "rows": rows} for rows in star_placements(free, value)]


def _penalty_action(kind: str, value: int) -> Action:
    if kind == "colour":
        return {"type": "penalty_colour", "colour": COLOURS[value]}
    return {"type": "penalty_number", "n": value}


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat == CHANCE or seat not in to_move(state):
        return []
    if state.phase == REFILL:
        answers = [False, True] if state.reserve else [False]
        return [{"type": "refill", "return_reserve": answer} for answer in answers]
    if state.phase == DRAW:
        return [{"type": "draw", "n": n} for n in draw_options(state)]
    groups = _groups(state, seat)
    if any(fits for *_, fits in groups):
        return [a for k, v, _, fits in groups if fits for a in _take_actions(state, seat, k, v)]
    return [_penalty_action(k, v) for k, v, _, _ in groups if k != "stars"]


# --- Applying moves -----------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == OVER:
        raise RulesError("ds-error-game-over")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RulesError("ds-error-unknown-action")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if state.phase in (START, ROLL):
        raise RulesError("ds-error-dice-pending")
    if seat != state.current:
        raise RulesError("ds-error-not-your-turn")
    handler = _PLAYER_ACTIONS.get(action["type"])
    if handler is None:
        raise RulesError("ds-error-unknown-action")
    return handler(state, seat, action)


def _expect_phase(state: State, phase: str) -> None:
    if state.phase == phase:
        return
    if state.phase == REFILL:
        raise RulesError("ds-error-refill-first")
    if state.phase == DRAW:
        raise RulesError("ds-error-draw-first")
    raise RulesError("ds-error-already-drawn")


def _colour_arg(action: Action) -> int:
    colour = action.get("colour")
    if colour not in COLOURS:
        raise RulesError("ds-error-bad-colour")
    return COLOURS.index(colour)


def _number_arg(action: Action) -> int:
    n = action.get("n")
    if type(n) is not int or n not in ROWS:
        raise RulesError("ds-error-bad-number")
    return n


def _refill(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase != REFILL:
        if state.phase == DRAW:
            raise RulesError("ds-error-no-refill-due")
        _expect_phase(state, REFILL)
    return_reserve = action.get("return_reserve")
    if type(return_reserve) is not bool:
        raise RulesError("ds-error-bad-action")
    if return_reserve and not state.reserve:
        raise RulesError("ds-error-nothing-to-return")
    from_discard = sum(state.discard)
    for ci in range(WHITE):
        state.bag[ci] += state.discard[ci]
        state.discard[ci] = 0
    from_reserve = len(state.reserve) if return_reserve else 0
    if return_reserve:
        for ci, _ in state.reserve:
            state.bag[ci] += 1
        state.reserve = []
    state.refill_due = False
    state.phase = DRAW
    return [
        {
            "type": "refill",
            "seat": seat,
            "return_reserve": return_reserve,
            "from_discard": from_discard,
            "from_reserve": from_reserve,
            "bag": sum(state.bag),
        }
    ]


def _draw(state: State, seat: int, action: Action) -> list[Event]:
    _expect_phase(state, DRAW)
    n = action.get("n")
    options = draw_options(state)
    if type(n) is not int or n not in options:
        if len(options) == 1:
            raise RulesError("ds-error-must-draw", n=options[0])
        raise RulesError("ds-error-draw-count", most=options[-1])
    state.to_draw = n
    state.phase = ROLL
    return [{"type": "draw", "seat": seat, "n": n}]


def _take_colour(state: State, seat: int, action: Action) -> list[Event]:
    _expect_phase(state, TAKE)
    column = _colour_arg(action)
    dice = [d for d in state.reserve if d[0] == column]
    if not dice:
        raise RulesError("ds-error-not-in-reserve", choice="colour", colour=COLOURS[column])
    fields = _column_fields(state.sheets[seat], column, len(dice))
    if fields is None:
        raise RulesError(
            "ds-error-does-not-fit", choice="colour", colour=COLOURS[column], count=len(dice)
        )
    event = {"type": "take_colour", "seat": seat, "colour": COLOURS[column]}
    return [event | _enter(state, seat, dice, fields), *_end_turn(state, took_stars=False)]


def _take_number(state: State, seat: int, action: Action) -> list[Event]:
    _expect_phase(state, TAKE)
    n = _number_arg(action)
    dice = [d for d in state.reserve if d[1] == n]
    if not dice:
        raise RulesError("ds-error-not-in-reserve", choice="number", n=n)
    fields = _row_fields(state.sheets[seat], ROWS.index(n), len(dice))
    if fields is None:
        raise RulesError("ds-error-does-not-fit", choice="number", n=n, count=len(dice))
    event = {"type": "take_number", "seat": seat, "n": n}
    return [event | _enter(state, seat, dice, fields), *_end_turn(state, took_stars=False)]


def _enter(state: State, seat: int, dice: list[Die], fields: list[tuple[int, int]]) -> Event:
    """Cross all fields but the last, write the dice's sum there, discard the dice."""
    sheet = state.sheets[seat]
    total = _pips(dice)
    for r, p in fields[:-1]:
        sheet.fields[r][p] = CROSS
    last_row, last_position = fields[-1]
    sheet.fields[last_row][last_position] = total
    _discard(state, dice)
    return {
        "count": len(dice),
        "dice": [_die_json(d) for d in dice],
        "crosses": len(fields) - 1,
        "number": total,
        "row": ROWS[last_row],
        "fields": [[ROWS[r], p] for r, p in fields],
    }


def _take_stars(state: State, seat: int, action: Action) -> list[Event]:
    _expect_phase(state, TAKE)
    stars = [d for d in state.reserve if d[1] == STAR]
    if not stars:
        raise RulesError("ds-error-not-in-reserve", choice="stars")
    sheet = state.sheets[seat]
    free = _free_multipliers(sheet)
    if sum(free) < len(stars):
        raise RulesError("ds-error-does-not-fit", choice="stars", count=len(stars))
    rows = action.get("rows")
    if not isinstance(rows, list) or any(type(r) is not int or r not in ROWS for r in rows):
        raise RulesError("ds-error-bad-row")
    if len(rows) != len(stars):
        raise RulesError("ds-error-star-count", stars=len(stars), given=len(rows))
    for i, row in enumerate(ROWS):
        if rows.count(row) > free[i]:
            raise RulesError("ds-error-multipliers-full", row=row, free=free[i])
    for row in rows:
        sheet.multipliers[ROWS.index(row)] += 1
    _discard(state, stars)
    event = {"type": "take_stars", "seat": seat, "count": len(stars), "rows": sorted(rows)}
    return [event, *_end_turn(state, took_stars=True)]


def _penalty(state: State, seat: int, action: Action) -> list[Event]:
    _expect_phase(state, TAKE)
    if any(fits for *_, fits in _groups(state, seat)):
        raise RulesError("ds-error-penalty-not-allowed")
    if action["type"] == "penalty_colour":
        column = _colour_arg(action)
        dice = [d for d in state.reserve if d[0] == column]
        named: dict[str, Any] = {"choice": "colour", "colour": COLOURS[column]}
    else:
        n = _number_arg(action)
        dice = [d for d in state.reserve if d[1] == n]
        named = {"choice": "number", "n": n}
    if not dice:
        raise RulesError("ds-error-not-in-reserve", **named)
    penalty = _pips(dice)
    state.sheets[seat].penalty = penalty
    _discard(state, dice)
    event = {
        "type": action["type"],
        "seat": seat,
        **{k: v for k, v in named.items() if k != "choice"},
        "count": len(dice),
        "dice": [_die_json(d) for d in dice],
        "penalty": penalty,
    }
    return [event, *_end_turn(state, took_stars=False)]


def _discard(state: State, dice: list[Die]) -> None:
    taken = {id(d) for d in dice}
    state.reserve = [d for d in state.reserve if id(d) not in taken]
    for ci, _ in dice:
        state.discard[ci] += 1


_PLAYER_ACTIONS = {
    "refill": _refill,
    "draw": _draw,
    "take_colour": _take_colour,
    "take_number": _take_number,
    "take_stars": _take_stars,
    "penalty_colour": _penalty,
    "penalty_number": _penalty,
}


# --- End of a turn, solo opponent, end of the game ------------------------------------------------


def last_seat(state: State) -> int:
    """The seat whose turn closes a round: the one before the start player."""
    return (state.start_player - 1) % state.seats


def _end_turn(state: State, took_stars: bool) -> list[Event]:
    seat = state.current
    state.turns[seat] += 1
    events: list[Event] = []
    if took_stars or state.refill_due:
        reason = "stars" if took_stars else "last_die"
        state.refill_due = True
        events.append({"type": "refill_due", "seat": seat, "reason": reason})
    events.extend(_check_end_trigger(state, seat))
    if state.seats == 1:
        events.extend(_solo_opponent_marks(state))
    if state.solo_crosses >= SOLO_GRID_BOXES or (state.end_triggered and seat == last_seat(state)):
        state.phase = OVER
        events.append({"type": "game_over", **result(state)})
        return events
    state.current = (seat + 1) % state.seats
    state.phase = REFILL if state.refill_due else DRAW
    events.append({"type": "turn", "seat": state.current, "refill": state.refill_due})
    return events


def _check_end_trigger(state: State, seat: int) -> list[Event]:
    """A full white grid or a penalty triggers the end; later triggers change nothing."""
    sheet = state.sheets[seat]
    if state.end_triggered:
        return []
    if sheet.penalty is not None:
        reason = "penalty"
    elif white_filled(sheet) == WHITE_FIELDS:
        reason = "sheet_full"
    else:
        return []
    state.end_triggered = True
    return [
        {"type": "end_triggered", "seat": seat, "reason": reason, "last_seat": last_seat(state)}
    ]


def solo_marks_for(reserve: list[Die]) -> tuple[int, int, bool]:
    """Boxes the solo opponent crosses for a reserve: (boxes, sum of numbers, doubled)."""
    if not reserve:
        return 0, 0, False
    numbers = sum(face for _, face in reserve)
    doubled = any(face == STAR for _, face in reserve)
    if numbers == 0:
        return 1, 0, doubled
    pips = numbers * 2 if doubled else numbers
    return -(-pips // SOLO_PIPS_PER_BOX), pips, doubled


def _solo_opponent_marks(state: State) -> list[Event]:
    boxes, pips, doubled = solo_marks_for(state.reserve)
    before = state.solo_crosses
    state.solo_crosses = min(SOLO_GRID_BOXES, before + boxes)
    events: list[Event] = [
        {
            "type": "solo_marks",
            "boxes": boxes,
            "sum": pips,
            "doubled": doubled,
            "crossed": state.solo_crosses,
            "grid": SOLO_GRID_BOXES,
            "lost": before + boxes - state.solo_crosses,
        }
    ]
    if state.solo_crosses >= SOLO_GRID_BOXES:
        events.append({"type": "solo_grid_full"})
    return events


def scores(state: State) -> list[int]:
    return [sheet_total(sheet) for sheet in state.sheets]


def solo_opponent_score(state: State) -> int:
    return state.solo_crosses * SOLO_POINTS_PER_BOX


def solo_outcome(state: State) -> str:
    """``win``, ``loss`` or ``tie`` of the solo player (as things stand now)."""
    if state.solo_crosses >= SOLO_GRID_BOXES:
        return "loss"
    mine, theirs = sheet_total(state.sheets[0]), solo_opponent_score(state)
    return "win" if mine > theirs else "tie" if mine == theirs else "loss"


def ranking(state: State) -> list[int]:
    if state.seats == 1:
        return [2 if solo_outcome(state) == "loss" else 1]
    return rank(scores(state))


def result(state: State) -> dict[str, Any]:
    """The result as it stands (final once the game is over).

    ``outcome`` is ``win`` or ``shared`` (tied winners share the victory), or in solo
    ``solo_win``, ``solo_tie``, ``solo_loss`` or ``solo_grid_full``.
    """
    totals = scores(state)
    places = ranking(state)
    winners = [seat for seat, place in enumerate(places) if place == 1]
    outcome: dict[str, Any] = {"scores": totals, "ranking": places, "best": max(totals)}
    if state.seats > 1:
        shared = len(winners) > 1
        return outcome | {"winners": winners, "outcome": "shared" if shared else "win"}
    solo = solo_outcome(state)
    grid_full = state.solo_crosses >= SOLO_GRID_BOXES
    return outcome | {
        "winners": [] if solo == "loss" else [0],
        "outcome": "solo_grid_full" if grid_full else f"solo_{solo}",
        "score": totals[0],
        "opponent": solo_opponent_score(state),
        "crossed": state.solo_crosses,
    }


# --- Chance -------------------------------------------------------------------------------------


def sample_chance(state: State) -> Action:
    """The pending outcome drawn from the state's source.

    It reads a copy of the source; applying the outcome (sampled or injected) advances the
    source itself, so a replayed log of outcomes leaves it exactly as sampling did.
    """
    rng = Rng(state.rng.state)
    if state.phase == START:
        return {"type": "start_player", "seat": rng.below(state.seats)}
    if state.phase != ROLL:
        raise RulesError("ds-error-no-chance-due")
    bag = list(state.bag)
    dice = []
    for _ in range(state.to_draw):
        pick = rng.below(sum(bag))
        column = 0
        while pick >= bag[column]:
            pick -= bag[column]
            column += 1
        bag[column] -= 1
        colour = COLOURS[column]
        dice.append([colour, rng.choice(FACES[colour])])
    return {"type": "dice", "dice": dice}


def _apply_chance(state: State, outcome: Action) -> list[Event]:
    if state.phase == START and outcome["type"] == "start_player":
        events = _start_player(state, outcome)
        _advance_source(state)
        return events
    if state.phase == ROLL and outcome["type"] == "dice":
        events = _roll(state, outcome)
        _advance_source(state)
        return events
    if state.phase in (START, ROLL):
        raise RulesError("ds-error-unknown-action")
    raise RulesError("ds-error-no-chance-due")


def _advance_source(state: State) -> None:
    """Start a fresh stream: the next outcome shares no draws with the last one."""
    state.rng = Rng(state.rng.next_u64())


def _start_player(state: State, outcome: Action) -> list[Event]:
    seat = outcome.get("seat")
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise RulesError("ds-error-bad-seat")
    state.start_player = state.current = seat
    state.phase = DRAW
    return [{"type": "start_player", "seat": seat}, {"type": "turn", "seat": seat, "refill": False}]


def _parse_dice(state: State, raw: Any) -> list[Die]:
    if not isinstance(raw, list) or len(raw) != state.to_draw:
        raise RulesError("ds-error-dice-count", n=state.to_draw)
    dice, wanted = [], [0] * WHITE
    for entry in raw:
        if not isinstance(entry, list | tuple) or len(entry) != 2 or entry[0] not in COLOURS:
            raise RulesError("ds-error-bad-colour")
        colour, face = entry
        if type(face) is not int or face not in FACES[colour]:
            raise RulesError("ds-error-bad-face", colour=colour, face=face)
        column = COLOURS.index(colour)
        wanted[column] += 1
        if wanted[column] > state.bag[column]:
            raise RulesError("ds-error-not-in-bag", colour=colour)
        dice.append([column, face])
    return dice


def _roll(state: State, outcome: Action) -> list[Event]:
    dice = _parse_dice(state, outcome.get("dice"))
    for column, _ in dice:
        state.bag[column] -= 1
    state.reserve.extend(dice)
    state.to_draw = 0
    if sum(state.bag) == 0:
        state.refill_due = True
    state.phase = TAKE
    return [
        {
            "type": "dice",
            "seat": state.current,
            "dice": [_die_json(d) for d in dice],
            "bag": sum(state.bag),
        }
    ]


# --- What a viewer sees -------------------------------------------------------------------------


def _cell_view(cell: Cell) -> dict[str, Any]:
    return {"cross": cell == CROSS, "number": cell if isinstance(cell, int) else None}


def _sheet_view(sheet: Sheet) -> dict[str, Any]:
    rows = []
    for i, row in enumerate(ROWS):
        cells = sheet.fields[i]
        rows.append(
            {
                "row": row,
                "white": {c: _cell_view(cells[p]) for p, c in enumerate(COLOURS)},
                "green": [_cell_view(cell) for cell in cells[WHITE:]],
                "multiplier_fields": MULTIPLIER_FIELDS[row],
                "multipliers_crossed": sheet.multipliers[i],
                "subtotal": row_subtotal(sheet, i),
                "final": row_final(sheet, i),
            }
        )
    return {
        "rows": rows,
        "penalty": sheet.penalty,
        "total": sheet_total(sheet),
        "white_filled": white_filled(sheet),
    }


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Everything is public in Dice Stars: every viewer gets the same picture."""
    seat = state.current
    return {
        "kind": INFO.kind,
        "phase": state.phase,
        "seats": state.seats,
        "current": seat if state.phase != OVER else None,
        "to_move": to_move(state),
        "start_player": state.start_player,
        "last_seat": last_seat(state),
        "refill_due": state.refill_due,
        "draw_options": draw_options(state) if state.phase == DRAW else [],
        "to_draw": state.to_draw,
        "reserve": [{"colour": COLOURS[c], "face": f} for c, f in state.reserve],
        "bag": sum(state.bag),
        "discard": sum(state.discard),
        "bag_by_colour": dict(zip(COLOURS, state.bag, strict=True)),
        "discard_by_colour": dict(zip(COLOURS, state.discard, strict=True)),
        "choices": reserve_choices(state, seat) if state.phase == TAKE else [],
        "end_triggered": state.end_triggered,
        "turns": list(state.turns),
        "sheets": [_sheet_view(sheet) for sheet in state.sheets],
        "solo": _solo_view(state),
        "result": result(state) if state.phase == OVER else None,
    }


def _solo_view(state: State) -> dict[str, Any] | None:
    if state.seats != 1:
        return None
    return {
        "boxes": SOLO_GRID_BOXES,
        "crossed": state.solo_crosses,
        "points": solo_opponent_score(state),
    }


# --- Autopilot ----------------------------------------------------------------------------------
# It scores a sheet by what it will probably be worth: a row's subtotal plus a hope for each
# empty field, times the row's multiplier (a half-crossed row is a gamble, so it hopes half).

FIELD_HOPE = 0.5  # expected points per empty field, per pip of the row's number
HALF_CROSSED_HOPE = 0.5
GOOD_GAIN = 3.0  # a take worth this much makes a small draw enough
SOLO_BOX_COST = 12.0  # a solo box: 5 points for the opponent, and a step towards a full grid


def _row_hope(fields: list[Cell], row: int, crossed: int) -> float:
    worth = _numbers(fields) + fields.count(None) * row * FIELD_HOPE
    if crossed == 0:
        return worth
    if crossed == MULTIPLIER_FIELDS[row]:
        return MULTIPLIER_FULL * worth
    return HALF_CROSSED_HOPE * worth


def _fill_gain(sheet: Sheet, dice: list[Die], fields: list[tuple[int, int]]) -> float:
    total = _pips(dice)
    gain = 0.0
    for r in {r for r, _ in fields}:
        after = list(sheet.fields[r])
        for rr, p in fields:
            if rr == r:
                after[p] = CROSS
        if fields[-1][0] == r:
            after[fields[-1][1]] = total
        crossed = sheet.multipliers[r]
        gain += _row_hope(after, ROWS[r], crossed) - _row_hope(sheet.fields[r], ROWS[r], crossed)
    return gain


def _stars_gain(sheet: Sheet, rows: list[int]) -> float:
    gain = 0.0
    for row in set(rows):
        r = ROWS.index(row)
        crossed = sheet.multipliers[r]
        after = _row_hope(sheet.fields[r], row, crossed + rows.count(row))
        gain += after - _row_hope(sheet.fields[r], row, crossed)
    return gain


def _completes_rows(sheet: Sheet, rows: list[int]) -> bool:
    free = _free_multipliers(sheet)
    return all(rows.count(row) == free[ROWS.index(row)] for row in set(rows))


def _taken_dice(state: State, action: Action) -> list[Die]:
    """The reserve dice a take or penalty action would take."""
    if action["type"] == "take_stars":
        return [d for d in state.reserve if d[1] == STAR]
    if "colour" in action:
        column = COLOURS.index(action["colour"])
        return [d for d in state.reserve if d[0] == column]
    return [d for d in state.reserve if d[1] == action["n"]]


def _take_gain(state: State, seat: int, action: Action) -> float:
    sheet = state.sheets[seat]
    dice = _taken_dice(state, action)
    if action["type"] == "take_stars":
        gain = _stars_gain(sheet, action["rows"])
    else:
        if action["type"] == "take_colour":
            fields = _column_fields(sheet, COLOURS.index(action["colour"]), len(dice))
        else:
            fields = _row_fields(sheet, ROWS.index(action["n"]), len(dice))
        assert fields is not None
        gain = _fill_gain(sheet, dice, fields)
    if state.seats == 1:
        # What stays in the reserve feeds the solo opponent.
        left = [d for d in state.reserve if d not in dice]
        gain -= SOLO_BOX_COST * solo_marks_for(left)[0]
    return gain


def _best_take(state: State, seat: int, actions: list[Action]) -> Action:
    sheet = state.sheets[seat]
    # Stars only when they finish every row they go into, unless nothing else fits.
    sensible = [
        a for a in actions if a["type"] != "take_stars" or _completes_rows(sheet, a["rows"])
    ]
    candidates = sensible or actions
    # max() keeps the first of equals: the order of legal_actions breaks ties deterministically.
    return max(candidates, key=lambda a: _take_gain(state, seat, a))


def _best_penalty(state: State, actions: list[Action]) -> Action:
    return min(actions, key=lambda a: _pips(_taken_dice(state, a)))


def autopilot(state: State, seat: int) -> Action:
    """A deterministic, sensible move: never returns the reserve, never gambles on stars."""
    actions = legal_actions(state, seat)
    if not actions:
        raise RulesError("ds-error-not-your-turn")
    if state.phase == REFILL:
        return {"type": "refill", "return_reserve": False}
    if state.phase == DRAW:
        return {"type": "draw", "n": _autopilot_draw(state, seat)}
    if actions[0]["type"].startswith("penalty"):
        return _best_penalty(state, actions)
    return _best_take(state, seat, actions)


def _autopilot_draw(state: State, seat: int) -> int:
    """Solo: as few dice as allowed. Else the most when the reserve offers nothing worth taking,
    two when it does."""
    options = draw_options(state)
    if len(options) == 1:
        return options[0]
    if state.seats == 1:
        return options[0]  # every die drawn may end up feeding the solo opponent
    takes = [
        action
        for kind, value, _, fits in _groups(state, seat)
        if fits and kind != "stars"
        for action in _take_actions(state, seat, kind, value)
    ]
    worth_taking = any(_take_gain(state, seat, action) >= GOOD_GAIN for action in takes)
    return min(2, options[-1]) if worth_taking else options[-1]
