"""Dizzle: take dice from a shared middle and cross matching fields on your own sheet.

The rules are ``shared/rules/dizzle.md``; the sheets and their file format live in
:mod:`games.dizzle_levels`. The chosen level travels inside the state (option ``level``, the
level's JSON dict), so a stored game never depends on level files changing later.

Flow of a pass: chance ``{"type": "roll", "values": [...]}`` fills the middle; players then
``place`` / ``reroll`` / ``pass`` in seat order from the start player. A reroll is a chance
``roll`` of as many values as the middle holds, followed by a forced ``place`` or, when nothing
fits, ``return_die`` (automatic when the player has exactly one die, nothing when none). In solo
every placement that leaves dice in the middle is followed by the chance
``{"type": "opponent", "values": [a, b]}``. At the end of a pass the specials resolve; players
with rockets to spend may be asked ``choose_planet`` (simultaneously). Setup with a random start
player is the chance ``{"type": "start", "seat": n}``.

Fields are ``[row, col]`` (0-based) in actions and events; :func:`field_label` gives the printed
name ("C5"), and events carry it as ``field``. Events name seats by number: the adapter passes
the display name of ``seat`` as ``$player``, the names of ``seats`` and ``scribbled`` as
``$players`` and ``$scribbled``, and lists of dice joined as text (see ``locales/*/dizzle.ftl``).
Error keys are full message ids (``dz-error-...``); events map to ``dz-event-<type>``.

The lobby option ``level`` offers the ids of the shipped sheets (:data:`LEVEL_IDS`); the adapter
reads that file (``games/levels/<id>.toml``, or a server's own) with
:func:`games.dizzle_levels.parse_level` and passes ``level_to_json(level)`` to :func:`new_game`.

Where the rules are silent: a failed reroll returns the player's only die automatically; the
autopilot rerolls at most once per pass and only when a reroll has a fair chance to fit; in
solo the opponent dice are not rolled when the placement emptied the middle (the pass is over).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.dizzle_levels import (
    Level,
    cells_of,
    field_label,
    level_from_json,
    level_to_json,
)
from games.engine import CHANCE, Action, Event, GameInfo, Option, Rng, RulesError, rank

# --- the printed table: players -> dice in the middle, rounds (one pass per player a round) ---
DICE = {1: 8, 2: 7, 3: 10, 4: 13}
ROUNDS = {1: 10, 2: 6, 3: 4, 4: 3}
SOLO_OPPONENT_DICE = 2
SOLO_BOMB_POINTS = 2

LEVEL_IDS = ("level1", "level2", "level3", "level4")

INFO = GameInfo(
    kind="dizzle",
    min_players=1,
    max_players=4,
    options=(
        Option("host_starts", (False, True), False),
        Option("level", LEVEL_IDS, "level1"),
    ),
)

# Phases: who acts next is a function of the phase (chance, the turn seat, or planet pickers).
CHANCE_PHASES = ("start", "roll", "reroll", "opponent")


@dataclass
class Sheet:
    """One player's sheet; fields are bit masks over the level's cells."""

    crosses: int = 0  # crossed fields, the printed start crosses included
    scribbles: int = 0  # bombs scribbled out: dead fields that cost their penalty
    dice: int = 0  # fields under this player's dice in the current pass
    flags: dict[str, int] = field(default_factory=dict)  # flag id -> value won
    rockets: int = 0  # planets still to pick at the end of this pass
    rerolled: bool = False  # rerolled in this pass
    passed: bool = False


@dataclass
class State:
    seats: int
    level: Level
    rng: Rng
    phase: str = "roll"  # start roll turn reroll forced return opponent planets over
    first_start: int = 0
    pass_index: int = 0  # passes finished before this one
    turn: int = 0
    middle: list[int] = field(default_factory=list)  # sorted values
    out: list[int] = field(default_factory=list)  # solo: dice the opponent dice removed
    opponent: list[int] = field(default_factory=list)  # solo: the last opponent roll
    last_turn: bool = False  # the last remaining player's single turn is running
    flags_struck: dict[str, int] = field(default_factory=dict)  # flag id -> values used up
    sheets: list[Sheet] = field(default_factory=list)


# --- setup and JSON -------------------------------------------------------------------------


def new_game(seats: int, seed: int, options: Mapping[str, Any]) -> State:
    if not INFO.min_players <= seats <= INFO.max_players:
        raise RulesError("dz-error-player-count", seats=seats)
    if "level" not in options or not isinstance(options["level"], Mapping):
        raise RulesError("dz-error-no-level")
    level = level_from_json(options["level"])
    start_crosses = sum(1 << i for i in level.start_crosses)
    state = State(
        seats=seats,
        level=level,
        rng=Rng(seed & ((1 << 64) - 1)),
        sheets=[Sheet(crosses=start_crosses) for _ in range(seats)],
    )
    if seats > 1 and not options.get("host_starts", False):
        state.phase = "start"
    return state


def to_json(state: State) -> dict[str, Any]:
    return {
        "seats": state.seats,
        "level": level_to_json(state.level),
        "rng": state.rng.state,
        "phase": state.phase,
        "first_start": state.first_start,
        "pass_index": state.pass_index,
        "turn": state.turn,
        "middle": list(state.middle),
        "out": list(state.out),
        "opponent": list(state.opponent),
        "last_turn": state.last_turn,
        "flags_struck": dict(state.flags_struck),
        "sheets": [_sheet_to_json(s) for s in state.sheets],
    }


def _sheet_to_json(sheet: Sheet) -> dict[str, Any]:
    return {
        "crosses": cells_of(sheet.crosses),
        "scribbles": cells_of(sheet.scribbles),
        "dice": cells_of(sheet.dice),
        "flags": dict(sheet.flags),
        "rockets": sheet.rockets,
        "rerolled": sheet.rerolled,
        "passed": sheet.passed,
    }


def from_json(data: Mapping[str, Any]) -> State:
    return State(
        seats=data["seats"],
        level=level_from_json(data["level"]),
        rng=Rng(data["rng"]),
        phase=data["phase"],
        first_start=data["first_start"],
        pass_index=data["pass_index"],
        turn=data["turn"],
        middle=list(data["middle"]),
        out=list(data["out"]),
        opponent=list(data["opponent"]),
        last_turn=data["last_turn"],
        flags_struck=dict(data["flags_struck"]),
        sheets=[_sheet_from_json(s) for s in data["sheets"]],
    )


def _sheet_from_json(data: Mapping[str, Any]) -> Sheet:
    return Sheet(
        crosses=_mask(data["crosses"]),
        scribbles=_mask(data["scribbles"]),
        dice=_mask(data["dice"]),
        flags=dict(data["flags"]),
        rockets=data["rockets"],
        rerolled=data["rerolled"],
        passed=data["passed"],
    )


def _mask(cells: list[int]) -> int:
    return sum(1 << i for i in cells)


# --- counting the game ------------------------------------------------------------------------


def is_solo(state: State) -> bool:
    return state.seats == 1


def passes_total(state: State) -> int:
    return ROUNDS[state.seats] * state.seats


def start_player(state: State) -> int:
    """The start player of the current pass: the next seat after the previous pass's."""
    return (state.first_start + state.pass_index) % state.seats


def is_over(state: State) -> bool:
    return state.phase == "over"


def to_move(state: State) -> list[int]:
    if state.phase == "over":
        return []
    if state.phase in CHANCE_PHASES:
        return [CHANCE]
    if state.phase == "planets":
        return [seat for seat, sheet in enumerate(state.sheets) if sheet.rockets]
    return [state.turn]


# --- where a die may go -------------------------------------------------------------------------


def locked(level: Level, sheet: Sheet) -> int:
    """Locks this player cannot open yet (no key of their colour crossed in an earlier pass)."""
    closed = 0
    for keys, locks in level.lock_pairs:
        if not keys & sheet.crosses:
            closed |= locks
    return closed


def usable(level: Level, sheet: Sheet) -> int:
    """Fields a die could lie on, pips aside."""
    taken = sheet.crosses | sheet.scribbles | sheet.dice
    return level.field_mask & ~taken & ~locked(level, sheet)


def is_boxed_in(level: Level, sheet: Sheet) -> bool:
    return bool(sheet.dice) and not level.spread(sheet.dice) & usable(level, sheet)


def reach(level: Level, sheet: Sheet) -> int:
    """Fields the next die may go on, pips aside (first die, later dice, boxed in)."""
    free = usable(level, sheet)
    if sheet.dice:
        near = level.spread(sheet.dice) & free
        if near:
            return near
    return level.spread(sheet.crosses) & free


def pips_mask(level: Level, values: list[int]) -> int:
    mask = 0
    for value in set(values):
        mask |= level.pip_masks[value]
    return mask


def placeable(state: State, seat: int) -> int:
    """Fields where this seat may put a die from the middle now."""
    level = state.level
    return reach(level, state.sheets[seat]) & pips_mask(level, state.middle)


# --- legal actions ------------------------------------------------------------------------------


def _at(level: Level, cell: int) -> list[int]:
    return [cell // level.cols, cell % level.cols]


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat == CHANCE or seat not in to_move(state):
        return []
    level, sheet = state.level, state.sheets[seat]
    if state.phase == "planets":
        free = level.kind_masks["planet"] & ~sheet.crosses
        return [{"type": "choose_planet", "at": _at(level, c)} for c in cells_of(free)]
    if state.phase == "return":
        return [{"type": "return_die", "at": _at(level, c)} for c in cells_of(sheet.dice)]
    places = [{"type": "place", "at": _at(level, c)} for c in cells_of(placeable(state, seat))]
    if places or state.phase == "forced":
        return places
    return [{"type": "reroll"}, {"type": "pass"}]


# --- applying actions --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == "over":
        raise RulesError("dz-error-game-over")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise RulesError("dz-error-unknown-action")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if seat not in to_move(state):
        raise RulesError("dz-error-not-your-turn")
    kind = action["type"]
    if kind == "place":
        return _place(state, seat, action)
    if kind in ("reroll", "pass"):
        return _reroll_or_pass(state, seat, kind)
    if kind == "return_die":
        return _return_die(state, seat, action)
    if kind == "choose_planet":
        return _choose_planet(state, seat, action)
    raise RulesError("dz-error-unknown-action")


def _cell_of(level: Level, action: Action) -> int:
    at = action.get("at")
    if not (isinstance(at, list | tuple) and len(at) == 2 and all(type(v) is int for v in at)):
        raise RulesError("dz-error-unknown-action")
    row, col = at
    if not (0 <= row < level.rows and 0 <= col < level.cols):
        raise RulesError("dz-error-no-field")
    cell = level.cell(row, col)
    if not level.pips[cell]:
        raise RulesError("dz-error-no-field")
    return cell


def _place(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase == "return":
        raise RulesError("dz-error-must-return-die")
    if state.phase not in ("turn", "forced"):
        raise RulesError("dz-error-unknown-action")
    level, sheet = state.level, state.sheets[seat]
    cell = _cell_of(level, action)
    bit = 1 << cell
    if not bit & placeable(state, seat):
        _refuse_place(state, sheet, cell)
    value = level.pips[cell]
    sheet.dice |= bit
    state.middle.remove(value)
    events: list[Event] = [_field_event("place", level, cell, seat=seat, value=value)]
    if not state.middle:
        return events + _end_pass(state)
    if is_solo(state):
        state.phase = "opponent"
        return events
    return events + _end_turn(state)


def _refuse_place(state: State, sheet: Sheet, cell: int) -> None:
    """Say precisely why a die may not go on this field."""
    level, bit = state.level, 1 << cell
    label = field_label(*level.at(cell))
    if bit & sheet.scribbles:
        raise RulesError("dz-error-field-scribbled", field=label)
    if bit & (sheet.crosses | sheet.dice):
        raise RulesError("dz-error-field-taken", field=label)
    if bit & locked(level, sheet):
        raise RulesError("dz-error-field-locked", field=label)
    value = level.pips[cell]
    if value not in state.middle:
        raise RulesError("dz-error-no-matching-die", field=label, value=value)
    raise RulesError("dz-error-not-adjacent", field=label)


def _field_event(kind: str, level: Level, cell: int, **args: Any) -> Event:
    at = _at(level, cell)
    return {"type": kind, "at": at, "field": field_label(*at), **args}


def _reroll_or_pass(state: State, seat: int, kind: str) -> list[Event]:
    if state.phase == "return":
        raise RulesError("dz-error-must-return-die")
    if state.phase == "forced" or placeable(state, seat):
        raise RulesError("dz-error-must-place")
    if state.phase != "turn":
        raise RulesError("dz-error-unknown-action")
    sheet = state.sheets[seat]
    if kind == "reroll":
        sheet.rerolled = True
        state.phase = "reroll"
        return [{"type": "reroll", "seat": seat, "dice": len(state.middle)}]
    sheet.passed = True
    return [{"type": "pass", "seat": seat}, *_end_turn(state)]


def _return_die(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase != "return":
        raise RulesError("dz-error-unknown-action")
    level = state.level
    cell = _cell_of(level, action)
    if not (1 << cell) & state.sheets[seat].dice:
        raise RulesError("dz-error-no-die-there", field=field_label(*level.at(cell)))
    return _give_back(state, seat, cell) + _end_turn(state)


def _give_back(state: State, seat: int, cell: int) -> list[Event]:
    level = state.level
    state.sheets[seat].dice &= ~(1 << cell)
    value = level.pips[cell]
    state.middle = sorted([*state.middle, value])
    return [_field_event("return_die", level, cell, seat=seat, value=value)]


def _choose_planet(state: State, seat: int, action: Action) -> list[Event]:
    if state.phase != "planets":
        raise RulesError("dz-error-unknown-action")
    level, sheet = state.level, state.sheets[seat]
    cell = _cell_of(level, action)
    bit = 1 << cell
    label = field_label(*level.at(cell))
    if not bit & level.kind_masks["planet"]:
        raise RulesError("dz-error-not-a-planet", field=label)
    if bit & sheet.crosses:
        raise RulesError("dz-error-field-taken", field=label)
    sheet.crosses |= bit
    sheet.rockets -= 1
    events = [_field_event("planet", level, cell, seat=seat)]
    if any(s.rockets for s in state.sheets):
        return events
    return events + _next_pass(state)


def _end_turn(state: State) -> list[Event]:
    """Hand the turn on, or end the pass (everyone out, or the last player's turn is done)."""
    state.phase = "turn"
    if state.last_turn:
        return _end_pass(state)
    active = [seat for seat, sheet in enumerate(state.sheets) if not sheet.passed]
    if not active:
        return _end_pass(state)
    if is_solo(state):
        return []
    if len(active) == 1:
        state.last_turn = True
        state.turn = active[0]
        return [{"type": "last_turn", "seat": state.turn}]
    seat = state.turn
    while True:
        seat = (seat + 1) % state.seats
        if not state.sheets[seat].passed:
            state.turn = seat
            return []


# --- chance ---------------------------------------------------------------------------------


def sample_chance(state: State) -> Action:
    """The pending outcome from a copy of the state's source.

    Applying an outcome (sampled or injected) advances the source itself, so replaying the
    logged outcomes leaves the state exactly as playing did, as in the other engines.
    """
    return _sample(state, Rng(state.rng.state))


def _sample(state: State, rng: Rng) -> Action:
    if state.phase == "start":
        return {"type": "start", "seat": rng.below(state.seats)}
    if state.phase == "roll":
        return {"type": "roll", "values": [rng.die() for _ in range(DICE[state.seats])]}
    if state.phase == "reroll":
        return {"type": "roll", "values": [rng.die() for _ in state.middle]}
    if state.phase == "opponent":
        return {"type": "opponent", "values": [rng.die() for _ in range(SOLO_OPPONENT_DICE)]}
    raise RulesError("dz-error-no-chance")


def _dice_values(action: Action, count: int) -> list[int]:
    values = action.get("values")
    ok = (
        isinstance(values, list)
        and len(values) == count
        and all(type(v) is int and 1 <= v <= 6 for v in values)
    )
    if not ok:
        raise RulesError("dz-error-bad-outcome")
    return sorted(values)


def _apply_chance(state: State, action: Action) -> list[Event]:
    expected = {"start": "start", "roll": "roll", "reroll": "roll", "opponent": "opponent"}
    if state.phase not in expected:
        raise RulesError("dz-error-no-chance")
    if action["type"] != expected[state.phase]:
        raise RulesError("dz-error-bad-outcome")
    if state.phase == "start":
        seat = action.get("seat")
        if type(seat) is not int or not 0 <= seat < state.seats:
            raise RulesError("dz-error-bad-outcome")
        _sample(state, state.rng)  # advance the source as the draw did
        state.first_start = seat
        state.phase = "roll"
        return [{"type": "start_player", "seat": seat}]
    count = {"roll": DICE[state.seats], "reroll": len(state.middle)}.get(
        state.phase, SOLO_OPPONENT_DICE
    )
    values = _dice_values(action, count)
    _sample(state, state.rng)  # advance the source as the roll did
    if state.phase == "roll":
        return _roll(state, values)
    if state.phase == "reroll":
        return _rerolled(state, values)
    return _opponent(state, values)


def _roll(state: State, values: list[int]) -> list[Event]:
    state.middle = list(values)
    state.turn = start_player(state)
    state.phase = "turn"
    seats, rounds = state.seats, ROUNDS[state.seats]
    return [
        {
            "type": "roll",
            "seat": state.turn,
            "values": values,
            "round": state.pass_index // seats + 1,
            "rounds": rounds,
            "pass": state.pass_index % seats + 1,
            "passes": seats,
        }
    ]


def _rerolled(state: State, values: list[int]) -> list[Event]:
    seat = state.turn
    state.middle = list(values)
    events: list[Event] = [{"type": "rerolled", "seat": seat, "values": values}]
    if placeable(state, seat):
        state.phase = "forced"
        return events
    dice = cells_of(state.sheets[seat].dice)
    if len(dice) > 1:
        state.phase = "return"
        return events
    events.append({"type": "reroll_failed", "seat": seat, "returned": len(dice)})
    if dice:
        events += _give_back(state, seat, dice[0])
    return events + _end_turn(state)


def _opponent(state: State, values: list[int]) -> list[Event]:
    state.opponent = list(values)
    removed = []
    for value in values:
        if value in state.middle:
            state.middle.remove(value)
            removed.append(value)
    state.out = sorted(state.out + removed)
    events: list[Event] = [
        {"type": "opponent", "values": values, "removed": removed, "taken": len(removed)}
    ]
    if not state.middle:
        return events + _end_pass(state)
    return events + _end_turn(state)


# --- the end of a pass: cross, then bombs, flags, keys, rockets ---------------------------------


def _end_pass(state: State) -> list[Event]:
    level = state.level
    fresh = [sheet.dice for sheet in state.sheets]
    for sheet in state.sheets:
        sheet.crosses |= sheet.dice
        sheet.dice = 0
    events: list[Event] = [{"type": "pass_end", "crossed": [m.bit_count() for m in fresh]}]
    events += _resolve_bombs(state, fresh)
    events += _resolve_flags(state, fresh)
    for cell in cells_of(level.kind_masks["key"]):
        for seat in _crossers(fresh, cell):
            events.append(_field_event("key", level, cell, seat=seat, color=_color(level, cell)))
    events += _resolve_rockets(state, fresh)
    if any(sheet.rockets for sheet in state.sheets):
        state.phase = "planets"
        return events
    return events + _next_pass(state)


def _color(level: Level, cell: int) -> str:
    return level.specials[cell].color


def _crossers(fresh: list[int], cell: int) -> list[int]:
    return [seat for seat, mask in enumerate(fresh) if mask >> cell & 1]


def _resolve_bombs(state: State, fresh: list[int]) -> list[Event]:
    level, events = state.level, []
    for cell in cells_of(level.kind_masks["bomb"]):
        crossers = _crossers(fresh, cell)
        if not crossers:
            continue
        scribbled = []
        if not is_solo(state):
            for seat, sheet in enumerate(state.sheets):
                if not sheet.crosses >> cell & 1:
                    sheet.scribbles |= 1 << cell
                    scribbled.append(seat)
        penalty = level.specials[cell].points
        events.append(
            _field_event(
                "bomb",
                level,
                cell,
                seats=crossers,
                scribbled=scribbled,
                count=len(scribbled),
                penalty=penalty,
            )
        )
    return events


def _resolve_flags(state: State, fresh: list[int]) -> list[Event]:
    level, events = state.level, []
    for cell in cells_of(level.kind_masks["flag"]):
        crossers = _crossers(fresh, cell)
        if not crossers:
            continue
        flag_id = level.specials[cell].flag_id
        values = level.flags[flag_id]
        struck = state.flags_struck.get(flag_id, 0)
        value = values[struck] if struck < len(values) else 0
        for seat in crossers:
            state.sheets[seat].flags[flag_id] = value
        if struck < len(values):
            state.flags_struck[flag_id] = struck + 1
        events.append(_field_event("flag", level, cell, seats=crossers, value=value))
    return events


def _resolve_rockets(state: State, fresh: list[int]) -> list[Event]:
    level, events = state.level, []
    for seat, sheet in enumerate(state.sheets):
        rockets = (fresh[seat] & level.kind_masks["rocket"]).bit_count()
        if not rockets:
            continue
        free = level.kind_masks["planet"] & ~sheet.crosses
        events.append({"type": "rockets", "seat": seat, "count": rockets})
        if free.bit_count() > rockets:
            sheet.rockets = rockets
            continue
        sheet.crosses |= free
        events += [_field_event("planet", level, c, seat=seat) for c in cells_of(free)]
    return events


def _next_pass(state: State) -> list[Event]:
    state.pass_index += 1
    state.last_turn = False
    state.out, state.opponent, state.middle = [], [], []
    for sheet in state.sheets:
        sheet.passed = sheet.rerolled = False
    if state.pass_index < passes_total(state):
        state.phase = "roll"
        return []
    state.phase = "over"
    return [{"type": "game_over", "scores": scores(state), "ranking": ranking(state)}]


# --- scoring ------------------------------------------------------------------------------------


def score_sheet(level: Level, sheet: Sheet, solo: bool) -> dict[str, int]:
    """The score card of one sheet: each part and the total."""
    crossed = [(cell, s) for cell, s in level.specials.items() if sheet.crosses >> cell & 1]
    gems = sum(s.points for _, s in crossed if s.kind == "gem")
    poop = sum(s.points for _, s in crossed if s.kind == "poop")
    puzzles = sum(
        bonus
        for color, bonus in level.puzzle_bonus.items()
        if not level.color_mask("puzzle", color) & ~sheet.crosses
    )
    lines = sum(
        line.points
        for line, mask in zip(level.line_bonuses, level.line_masks, strict=True)
        if not mask & ~sheet.crosses
    )
    flags = sum(sheet.flags.values())
    if solo:
        bombs = SOLO_BOMB_POINTS * sum(1 for _, s in crossed if s.kind == "bomb")
    else:
        bombs = sum(level.specials[c].points for c in cells_of(sheet.scribbles))
    parts = {
        "gems": gems,
        "puzzles": puzzles,
        "lines": lines,
        "flags": flags,
        "bombs": bombs,
        "poop": poop,
    }
    return {**parts, "total": sum(parts.values())}


def scores(state: State) -> list[int]:
    solo = is_solo(state)
    return [score_sheet(state.level, s, solo)["total"] for s in state.sheets]


def ranking(state: State) -> list[int]:
    """Higher score first; tied players with fewer crosses rank ahead; still tied share."""
    crosses = [s.crosses.bit_count() for s in state.sheets]
    return rank([(score, -n) for score, n in zip(scores(state), crosses, strict=True)])


# --- what everybody sees ------------------------------------------------------------------------


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Everything on the table (Dizzle has no secrets), shaped for a renderer."""
    level, solo = state.level, is_solo(state)
    seats = state.seats
    return {
        "kind": INFO.kind,
        "viewer": viewer,
        "solo": solo,
        "level": _level_view(level),
        "phase": state.phase,
        "round": min(state.pass_index // seats + 1, ROUNDS[seats]),
        "rounds": ROUNDS[seats],
        "pass": state.pass_index % seats + 1 if state.phase != "over" else seats,
        "passes": seats,
        "start_player": start_player(state),
        "turn": state.turn if state.phase in ("turn", "forced", "return", "reroll") else None,
        "choices": _placements(state),
        "to_move": to_move(state),
        "last_turn": state.last_turn,
        "middle": list(state.middle),
        "out": list(state.out),
        "opponent": list(state.opponent) if solo else None,
        "flags_left": {
            flag_id: list(values[state.flags_struck.get(flag_id, 0) :])
            for flag_id, values in level.flags.items()
        },
        "players": [_sheet_view(state, seat) for seat in range(seats)],
        "scores": scores(state),
        "ranking": ranking(state) if state.phase == "over" else None,
    }


def _placements(state: State) -> list[list[int]]:
    """The fields where the player to act may place a die now (what their menu offers)."""
    if state.phase not in ("turn", "forced"):
        return []
    return [a["at"] for a in legal_actions(state, state.turn) if a["type"] == "place"]


def _level_view(level: Level) -> dict[str, Any]:
    cols = level.cols
    specials = []
    for cell, special in sorted(level.specials.items()):
        entry: dict[str, Any] = {"at": _at(level, cell), "kind": special.kind}
        if special.kind in ("gem", "poop", "bomb"):
            entry["points"] = special.points
        if special.color:
            entry["color"] = special.color
        if special.flag_id:
            entry["flag_id"] = special.flag_id
        specials.append(entry)
    return {
        "id": level.id,
        "title": level.title,
        "rows": level.rows,
        "cols": level.cols,
        # pips per row, 0 for a hole
        "pips": [list(level.pips[r * cols : (r + 1) * cols]) for r in range(level.rows)],
        "start_crosses": [_at(level, c) for c in level.start_crosses],
        "specials": specials,
        "puzzle_bonus": dict(level.puzzle_bonus),
        "flags": {flag_id: list(values) for flag_id, values in level.flags.items()},
        "line_bonus": [
            {"axis": b.axis, "index": b.index, "points": b.points} for b in level.line_bonuses
        ],
    }


def _sheet_view(state: State, seat: int) -> dict[str, Any]:
    level, sheet = state.level, state.sheets[seat]
    opened = sorted(
        {level.specials[c].color for c in cells_of(level.kind_masks["key"] & sheet.crosses)}
    )
    return {
        "seat": seat,
        "crosses": [_at(level, c) for c in cells_of(sheet.crosses)],
        "scribbles": [_at(level, c) for c in cells_of(sheet.scribbles)],
        "dice": [{"at": _at(level, c), "value": level.pips[c]} for c in cells_of(sheet.dice)],
        "cross_count": sheet.crosses.bit_count(),
        "passed": sheet.passed,
        "rerolled": sheet.rerolled,
        "planets_to_pick": sheet.rockets,
        "keys": opened,
        "flags": dict(sheet.flags),
        "boxed_in": is_boxed_in(level, sheet),
        "score": score_sheet(level, sheet, is_solo(state)),
    }


# --- the autopilot --------------------------------------------------------------------------

# Weights of the autopilot's judgement of a field (points are worth about one unit each).
AUTO_GEM = 2.0
AUTO_KEY = 3.0
AUTO_ROCKET = 3.0
AUTO_LOCK = 1.0
AUTO_POOP = 1.5
AUTO_FREEDOM = 0.4  # per usable field next to the new die: room for later dice
AUTO_OPTIONS = 0.6  # per middle value that still fits afterwards
AUTO_PROSPECT = 0.35  # share of the worth of the fields the new die brings within reach
AUTO_REROLL_CHANCE = 0.5  # reroll (risking a die) when at least this likely to fit


def autopilot(state: State, seat: int) -> Action:
    """A sensible legal action, deterministic; it sees only the public table."""
    actions = legal_actions(state, seat)
    if not actions:
        raise RulesError("dz-error-not-your-turn")
    kind = actions[0]["type"]
    if kind == "place":
        return max(actions, key=lambda a: _place_value(state, seat, a["at"]))
    if kind == "return_die":
        level = state.level
        return min(actions, key=lambda a: _field_value(state, seat, level.cell(*a["at"])))
    if kind == "choose_planet":
        return max(actions, key=lambda a: _planet_value(state, seat, a["at"]))
    return {"type": "reroll"} if _wants_reroll(state, seat) else {"type": "pass"}


def _field_value(state: State, seat: int, cell: int) -> float:
    """What crossing this field is worth to this seat, roughly in points."""
    level, sheet = state.level, state.sheets[seat]
    value = _line_value(level, sheet, cell)
    special = level.specials.get(cell)
    if special is None:
        return value
    kind = special.kind
    if kind == "gem":
        return value + AUTO_GEM * special.points
    if kind == "poop":
        return value + AUTO_POOP * special.points
    if kind == "bomb":
        return value + (SOLO_BOMB_POINTS if is_solo(state) else -special.points)
    if kind == "flag":
        values = level.flags[special.flag_id]
        struck = 0 if is_solo(state) else state.flags_struck.get(special.flag_id, 0)
        return value + (values[struck] if struck < len(values) else 0)
    if kind == "puzzle":
        pieces = level.color_mask("puzzle", special.color)
        done = (pieces & (sheet.crosses | sheet.dice)).bit_count() + 1
        return value + level.puzzle_bonus[special.color] * done / pieces.bit_count() ** 2
    if kind == "key":
        closed = level.color_mask("lock", special.color) & ~sheet.crosses
        opened = level.color_mask("key", special.color) & sheet.crosses
        return value + (AUTO_KEY if closed and not opened else 0)
    if kind == "rocket":
        return value + (AUTO_ROCKET if level.kind_masks["planet"] & ~sheet.crosses else 0)
    if kind == "lock":
        return value + AUTO_LOCK
    return value


def _line_value(level: Level, sheet: Sheet, cell: int) -> float:
    value = 0.0
    row, col = level.at(cell)
    for line, mask in zip(level.line_bonuses, level.line_masks, strict=True):
        if line.index != (row if line.axis == "row" else col) or mask & sheet.scribbles:
            continue
        done = (mask & (sheet.crosses | sheet.dice)).bit_count() + 1
        value += line.points * (done / mask.bit_count()) ** 2
    return value


def _place_value(state: State, seat: int, at: list[int]) -> tuple[float, int]:
    level, sheet = state.level, state.sheets[seat]
    cell = level.cell(*at)
    bit = 1 << cell
    sheet.dice |= bit  # look ahead: try the die there, then undo
    middle = list(state.middle)
    middle.remove(level.pips[cell])
    room = level.spread(bit) & usable(level, sheet)
    options = len({level.pips[c] for c in cells_of(reach(level, sheet))} & set(middle))
    sheet.dice &= ~bit
    prospect = sum(_field_value(state, seat, c) for c in cells_of(room))
    value = _field_value(state, seat, cell) + AUTO_PROSPECT * prospect
    value += AUTO_FREEDOM * room.bit_count() + AUTO_OPTIONS * options
    return value, -cell


def _planet_value(state: State, seat: int, at: list[int]) -> tuple[float, int]:
    """A planet is worth the fields it opens up: its neighbourhood, two steps out."""
    level, sheet = state.level, state.sheets[seat]
    cell = level.cell(*at)
    free = usable(level, sheet)
    near = level.spread(1 << cell) & free
    near |= level.spread(near) & free
    return sum(_field_value(state, seat, c) + 0.5 for c in cells_of(near)), -cell


def _wants_reroll(state: State, seat: int) -> bool:
    sheet = state.sheets[seat]
    if sheet.rerolled:
        return False
    level = state.level
    wanted = {level.pips[c] for c in cells_of(reach(level, sheet))}
    if not wanted:
        return False
    miss = ((6 - len(wanted)) / 6) ** len(state.middle)
    # Without dice of this pass a failed reroll costs nothing.
    return not sheet.dice or 1 - miss >= AUTO_REROLL_CHANCE
