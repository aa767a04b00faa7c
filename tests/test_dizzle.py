"""Dizzle engine: every rule of shared/rules/dizzle.md, the worked example, and random games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games import dizzle as dz
from games.dizzle_levels import level_to_json, parse_level
from games.engine import CHANCE, RulesError, settle

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"

# The worked example's synthetic sheet (rows and columns from 0, X = start cross).
EXAMPLE_GRID = [
    "1 2 3 4 5",
    "6 X1 1 2 3",
    "4 5 6 1 2",
    "3 4 5 6 1",
    "2 3 4 5 X6",
]


def level_dict(grid: list[str] = EXAMPLE_GRID, special: list[dict] = (), **extra: Any) -> dict:
    return {
        "id": "example",
        "title": "Example",
        "rows": len(grid),
        "cols": len(grid[0].split()),
        "grid": list(grid),
        "special": list(special),
        **extra,
    }


def game(seats: int = 1, seed: int = 1, **level: Any) -> dz.State:
    """A game on a small sheet, the host starting, waiting for the first roll."""
    return dz.new_game(seats, seed, {"level": level_dict(**level), "host_starts": True})


def roll(state: dz.State, *values: int) -> list[dict]:
    return dz.apply(state, CHANCE, {"type": "roll", "values": list(values)})


def fill(values: list[int], seats: int) -> list[int]:
    """A full roll for ``seats`` players: the given values, then 4s (no 4 touches a cross)."""
    return values + [4] * (dz.DICE[seats] - len(values))


def place(state: dz.State, seat: int, row: int, col: int) -> list[dict]:
    return dz.apply(state, seat, {"type": "place", "at": [row, col]})


def placements(state: dz.State, seat: int) -> set[tuple[int, int, int]]:
    """(value, row, col) of every legal placement."""
    level = state.level
    return {
        (level.pips[level.cell(*a["at"])], *a["at"])
        for a in dz.legal_actions(state, seat)
        if a["type"] == "place"
    }


def cell(state: dz.State, row: int, col: int) -> int:
    return 1 << state.level.cell(row, col)


def error_of(state: dz.State, seat: int, action: dict) -> str:
    before = dz.to_json(state)
    with pytest.raises(RulesError) as caught:
        dz.apply(state, seat, action)
    assert dz.to_json(state) == before  # an illegal move changes nothing
    return caught.value.key


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# --- the worked example ----------------------------------------------------------------------


def test_worked_example_first_die_goes_next_to_a_cross() -> None:
    state = game(seats=1)
    roll(state, 1, 2, 3, 5, 6, 4, 4, 4)  # the 4s fit nowhere near a cross
    assert placements(state, 0) == {
        (1, 1, 2), (1, 3, 4), (2, 0, 1), (5, 2, 1), (5, 4, 3), (6, 1, 0)
    }  # fmt: skip
    assert not any(value == 3 for value, _, _ in placements(state, 0))


def test_worked_example_later_dice_touch_the_dice_of_this_pass() -> None:
    state = game(seats=1)
    roll(state, 1, 2, 3, 5, 6, 4, 4, 4)
    place(state, 0, 1, 2)
    dz.apply(state, CHANCE, {"type": "opponent", "values": [4, 4]})
    assert state.middle == [2, 3, 4, 5, 6]
    assert placements(state, 0) == {(3, 0, 2), (6, 2, 2), (2, 1, 3)}
    assert error_of(state, 0, {"type": "place", "at": [2, 1]}) == "dz-error-not-adjacent"


def test_worked_example_nothing_fits_so_reroll_or_pass() -> None:
    state = game(seats=1)
    roll(state, 1, 2, 3, 5, 6, 4, 4, 4)
    place(state, 0, 1, 2)
    dz.apply(state, CHANCE, {"type": "opponent", "values": [4, 4]})
    state.middle = [4, 4, 5]  # the same position with the example's middle
    assert not dz.is_boxed_in(state.level, state.sheets[0])
    assert dz.legal_actions(state, 0) == [{"type": "reroll"}, {"type": "pass"}]


# --- setup, dice, rounds, start player --------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_dice_and_rounds_by_player_count(seats: int) -> None:
    state = game(seats=seats, seed=seats)
    rolls = []
    while not dz.is_over(state):
        for _, events in settle(dz, state):
            rolls += [e for e in events if e["type"] == "roll"]
        if not dz.is_over(state):
            seat = dz.to_move(state)[0]
            dz.apply(state, seat, dz.autopilot(state, seat))
    assert len(rolls) == dz.ROUNDS[seats] * seats
    assert all(len(e["values"]) == dz.DICE[seats] for e in rolls)
    assert {e["round"] for e in rolls} == set(range(1, dz.ROUNDS[seats] + 1))
    assert {e["pass"] for e in rolls} == set(range(1, seats + 1))


def test_table_of_dice_and_rounds() -> None:
    assert dz.DICE == {1: 8, 2: 7, 3: 10, 4: 13}
    assert dz.ROUNDS == {1: 10, 2: 6, 3: 4, 4: 3}


def test_random_start_player_is_a_chance_step() -> None:
    state = dz.new_game(3, 5, {"level": level_dict()})
    assert dz.to_move(state) == [CHANCE]
    outcome = dz.sample_chance(state)
    assert outcome["type"] == "start" and 0 <= outcome["seat"] < 3
    dz.apply(state, CHANCE, {"type": "start", "seat": 2})
    roll(state, *fill([], 3))
    assert dz.to_move(state) == [2]


def test_host_starts_when_chosen() -> None:
    state = game(seats=3)
    roll(state, *fill([], 3))
    assert dz.to_move(state) == [0]


def test_start_player_rotates_each_pass() -> None:
    state = dz.new_game(3, 9, {"level": level_dict()})
    dz.apply(state, CHANCE, {"type": "start", "seat": 1})
    starters = []
    for _ in range(4):
        roll(state, *fill([], 3))  # only 4s: nobody can place next to a cross
        starters.append(state.turn)
        for _ in range(3):
            seat = dz.to_move(state)[0]
            if state.phase == "turn":
                dz.apply(state, seat, {"type": "pass"})
    assert starters == [1, 2, 0, 1]


def test_solo_is_one_seat_with_opponent_dice() -> None:
    state = game(seats=1)
    assert dz.is_solo(state) and dz.to_move(state) == [CHANCE]
    assert len(dz.sample_chance(state)["values"]) == 8


# --- placing ---------------------------------------------------------------------------------


def test_die_needs_matching_pips_in_the_middle() -> None:
    state = game(seats=2)
    roll(state, 1, 6, 6, 6, 6, 6, 6)
    assert error_of(state, 0, {"type": "place", "at": [0, 1]}) == "dz-error-no-matching-die"


def test_field_must_be_free() -> None:
    state = game(seats=2)
    roll(state, 1, 1, 6, 6, 6, 6, 6)
    assert error_of(state, 0, {"type": "place", "at": [1, 1]}) == "dz-error-field-taken"
    place(state, 0, 1, 2)
    place(state, 1, 1, 2)  # the other sheet is the other player's own
    state.turn = 0
    assert error_of(state, 0, {"type": "place", "at": [1, 2]}) == "dz-error-field-taken"


def test_no_field_on_a_hole_or_off_the_sheet() -> None:
    grid = ["X1 2 .", "3 4 5"]
    state = game(seats=2, grid=grid)
    roll(state, 1, 2, 3, 4, 5, 6, 6)
    assert error_of(state, 0, {"type": "place", "at": [0, 2]}) == "dz-error-no-field"
    assert error_of(state, 0, {"type": "place", "at": [5, 0]}) == "dz-error-no-field"
    assert error_of(state, 0, {"type": "place", "at": "A1"}) == "dz-error-unknown-action"


def test_placing_is_compulsory() -> None:
    state = game(seats=2)
    roll(state, 1, 6, 6, 6, 6, 6, 6)
    assert error_of(state, 0, {"type": "pass"}) == "dz-error-must-place"
    assert error_of(state, 0, {"type": "reroll"}) == "dz-error-must-place"
    assert {a["type"] for a in dz.legal_actions(state, 0)} == {"place"}


def test_placed_die_leaves_the_middle_and_the_turn_moves_on() -> None:
    state = game(seats=2)
    roll(state, 1, 2, 6, 6, 6, 6, 6)
    events = place(state, 0, 1, 2)
    assert events[0] == {
        "type": "place", "at": [1, 2], "field": "C2", "seat": 0, "value": 1
    }  # fmt: skip
    assert state.middle == [2, 6, 6, 6, 6, 6] and state.sheets[0].dice == cell(state, 1, 2)
    assert dz.to_move(state) == [1]


def boxed_position() -> dz.State:
    """Seat 0 has dice on A1 and A2; B1 and A3 are crossed: nothing free next to the dice."""
    state = game(seats=2)
    roll(state, 3, 4, 5, 5, 6, 6, 6)
    sheet = state.sheets[0]
    sheet.crosses |= cell(state, 0, 1) | cell(state, 2, 0)
    sheet.dice = cell(state, 0, 0) | cell(state, 1, 0)
    return state


def test_boxed_in_player_jumps_next_to_any_cross() -> None:
    state = boxed_position()
    assert dz.is_boxed_in(state.level, state.sheets[0])
    legal = placements(state, 0)
    assert (3, 3, 0) in legal  # next to the cross on A3
    assert (5, 2, 1) in legal and (4, 3, 1) not in legal
    place(state, 0, 3, 0)
    place(state, 1, 2, 1)
    # a new group: later dice go next to any die of this pass again
    assert (4, 3, 1) in placements(state, 0)


def test_pip_mismatch_is_not_being_boxed_in() -> None:
    grid = ["1 2 3 4 5", "4 X1 1 2 3", *EXAMPLE_GRID[2:]]  # a 4 next to the cross on B2
    state = game(seats=2, grid=grid)
    roll(state, 1, 1, 4, 4, 4, 4, 4)
    place(state, 0, 1, 2)
    place(state, 1, 3, 4)
    assert not dz.is_boxed_in(state.level, state.sheets[0])
    assert placements(state, 0) == set()  # the 4 on A2 touches a cross, not the group
    assert dz.legal_actions(state, 0) == [{"type": "reroll"}, {"type": "pass"}]


def test_lock_needs_a_key_crossed_in_an_earlier_pass() -> None:
    special = [
        {"at": [1, 2], "kind": "key", "color": "red"},
        {"at": [2, 1], "kind": "lock", "color": "red"},
    ]
    state = game(seats=1, special=special)
    roll(state, 1, 5, 4, 4, 4, 4, 4, 4)
    assert (5, 2, 1) not in placements(state, 0)
    assert error_of(state, 0, {"type": "place", "at": [2, 1]}) == "dz-error-field-locked"
    place(state, 0, 1, 2)  # the key, under a die: not crossed yet
    dz.apply(state, CHANCE, {"type": "opponent", "values": [3, 3]})
    assert error_of(state, 0, {"type": "place", "at": [2, 1]}) == "dz-error-field-locked"
    events = dz.apply(state, 0, {"type": "pass"})
    assert "key" in types(events)
    roll(state, 5, 4, 4, 4, 4, 4, 4, 4)
    assert (5, 2, 1) in placements(state, 0)


# --- reroll, return, pass --------------------------------------------------------------------


def test_reroll_then_a_fitting_die_must_be_placed() -> None:
    state = game(seats=2)
    roll(state, 4, 4, 4, 4, 4, 4, 4)
    events = dz.apply(state, 0, {"type": "reroll"})
    assert types(events) == ["reroll"] and dz.to_move(state) == [CHANCE]
    assert error_of(state, CHANCE, {"type": "roll", "values": [1] * 6}) == "dz-error-bad-outcome"
    roll(state, 1, 4, 4, 4, 4, 4, 4)
    assert state.phase == "forced" and dz.to_move(state) == [0]
    assert error_of(state, 0, {"type": "pass"}) == "dz-error-must-place"
    assert {a["type"] for a in dz.legal_actions(state, 0)} == {"place"}
    place(state, 0, 1, 2)
    assert dz.to_move(state) == [1]


def test_failed_reroll_returns_a_chosen_die_and_the_player_stays_in() -> None:
    state = game(seats=1)
    roll(state, 1, 2, 5, 5, 5, 5, 5, 5)  # no 5 touches the group of C2 and D2
    place(state, 0, 1, 2)
    dz.apply(state, CHANCE, {"type": "opponent", "values": [6, 6]})
    place(state, 0, 1, 3)
    dz.apply(state, CHANCE, {"type": "opponent", "values": [6, 6]})
    assert types(dz.apply(state, 0, {"type": "reroll"})) == ["reroll"]
    roll(state, 5, 5, 5, 5, 5, 5)
    assert state.phase == "return"
    assert dz.legal_actions(state, 0) == [
        {"type": "return_die", "at": [1, 2]},
        {"type": "return_die", "at": [1, 3]},
    ]
    assert error_of(state, 0, {"type": "place", "at": [2, 1]}) == "dz-error-must-return-die"
    assert error_of(state, 0, {"type": "return_die", "at": [2, 2]}) == "dz-error-no-die-there"
    events = dz.apply(state, 0, {"type": "return_die", "at": [1, 3]})
    assert events == [
        {"type": "return_die", "at": [1, 3], "field": "D2", "seat": 0, "value": 2}
    ]  # fmt: skip
    assert not state.sheets[0].passed and dz.to_move(state) == [0]
    assert state.middle == [2, 5, 5, 5, 5, 5, 5]
    assert not state.sheets[0].dice & cell(state, 1, 3)  # the field is free again
    assert (2, 1, 3) in placements(state, 0)


def test_failed_reroll_with_one_die_returns_it_and_the_first_die_rule_applies() -> None:
    state = game(seats=2)
    roll(state, 1, 4, 4, 4, 4, 4, 4)
    place(state, 0, 1, 2)
    dz.apply(state, 1, {"type": "reroll"})
    roll(state, 4, 4, 4, 4, 4, 4)  # seat 1 fails with no die to give back
    dz.apply(state, 0, {"type": "reroll"})
    events = roll(state, 4, 4, 4, 4, 4, 4)
    assert types(events)[:3] == ["rerolled", "reroll_failed", "return_die"]
    assert state.sheets[0].dice == 0 and state.middle == [1, 4, 4, 4, 4, 4, 4]
    assert not state.sheets[0].passed and dz.to_move(state) == [1]
    # seat 0's next die goes next to a cross again: the 1 on (1, 2) or (3, 4)
    expected = cell(state, 1, 2) | cell(state, 3, 4)
    assert dz.placeable(state, 0) == expected


def test_failed_reroll_without_dice_returns_nothing() -> None:
    state = game(seats=2)
    roll(state, 4, 4, 4, 4, 4, 4, 4)
    dz.apply(state, 0, {"type": "reroll"})
    events = roll(state, 4, 4, 4, 4, 4, 4, 4)
    assert types(events) == ["rerolled", "reroll_failed"]
    assert events[1]["returned"] == 0
    assert state.middle == [4] * 7 and not state.sheets[0].passed
    assert dz.to_move(state) == [1]


def test_pass_drops_out_and_placed_dice_are_crossed() -> None:
    state = game(seats=2)
    roll(state, 1, 4, 4, 4, 4, 4, 4)
    place(state, 0, 1, 2)
    dz.apply(state, 1, {"type": "pass"})
    assert state.sheets[1].passed and state.last_turn and dz.to_move(state) == [0]
    events = dz.apply(state, 0, {"type": "pass"})
    assert "pass_end" in types(events)
    assert state.sheets[0].crosses & cell(state, 1, 2) and state.sheets[0].dice == 0


def test_last_remaining_player_gets_exactly_one_more_turn() -> None:
    state = game(seats=3)
    roll(state, 1, 3, 3, 4, 4, 4, 4, 4, 4, 4)  # no 3 and no 4 touches a cross
    place(state, 0, 1, 2)
    dz.apply(state, 1, {"type": "pass"})
    events = dz.apply(state, 2, {"type": "pass"})
    assert events[-1] == {"type": "last_turn", "seat": 0} and state.last_turn
    events = place(state, 0, 0, 2)  # the 3 next to the 1; a 3 is still in the middle
    assert "pass_end" in types(events)
    assert state.pass_index == 1 and state.phase == "roll"
    assert state.sheets[0].crosses & cell(state, 0, 2)


def test_last_remaining_player_may_reroll_in_that_turn() -> None:
    state = game(seats=2)
    roll(state, 1, 4, 4, 4, 4, 4, 4)
    place(state, 0, 1, 2)
    dz.apply(state, 1, {"type": "pass"})
    dz.apply(state, 0, {"type": "reroll"})
    events = roll(state, 2, 4, 4, 4, 4, 4)
    assert "pass_end" not in types(events) and state.phase == "forced"
    events = place(state, 0, 1, 3)
    assert "pass_end" in types(events) and state.pass_index == 1


def test_middle_empty_ends_the_pass() -> None:
    state = game(seats=2, grid=["X1 1 1 1", "1 1 1 1", "1 1 1 1", "1 1 1 X1"])
    roll(state, 1, 1, 1, 1, 1, 1, 1)
    for _ in range(6):
        seat = dz.to_move(state)[0]
        dz.apply(state, seat, dz.legal_actions(state, seat)[0])
    seat = dz.to_move(state)[0]
    events = dz.apply(state, seat, dz.legal_actions(state, seat)[0])
    assert "pass_end" in types(events)
    assert state.phase == "roll" and state.pass_index == 1


# --- the end of a pass: crossing, bombs, flags, keys, rockets --------------------------------

CORRIDOR = ["X1 2 3 4 5 6"]  # a 1 never fits: the only field of 1 pip is the start cross


def run_pass(state: dz.State, plan: dict[int, list[tuple[int, int]]]) -> list[dict]:
    """Roll the planned dice (1s fill up), place them in turn; a seat without plan passes."""
    level = state.level
    values = [level.pips[level.cell(*at)] for cells in plan.values() for at in cells]
    events = roll(state, *values, *[1] * (dz.DICE[state.seats] - len(values)))
    todo = {seat: list(cells) for seat, cells in plan.items()}
    while state.phase in ("turn", "opponent"):
        if state.phase == "opponent":
            events += dz.apply(state, CHANCE, {"type": "opponent", "values": [1, 1]})
            continue
        seat = state.turn
        if todo.get(seat):
            events += place(state, seat, *todo[seat].pop(0))
        else:
            events += dz.apply(state, seat, {"type": "pass"})
    return events


def test_dice_are_crossed_at_the_end_of_the_pass() -> None:
    state = game(seats=2, grid=CORRIDOR)
    roll(state, 2, 3, 1, 1, 1, 1, 1)
    place(state, 0, 0, 1)
    assert not state.sheets[0].crosses & cell(state, 0, 1)
    dz.apply(state, 1, {"type": "pass"})
    place(state, 0, 0, 2)
    assert state.sheets[0].crosses & (cell(state, 0, 1) | cell(state, 0, 2))
    assert state.sheets[0].dice == 0


def test_bomb_first_crossers_score_nothing_and_everyone_else_scribbles() -> None:
    bomb = [{"at": [0, 1], "kind": "bomb", "penalty": -3}]
    lines = [{"axis": "row", "index": 0, "points": 4}]
    state = game(seats=3, grid=CORRIDOR, special=bomb, line_bonus=lines)
    events = run_pass(state, {0: [(0, 1)], 1: [(0, 1)]})
    bomb_events = [e for e in events if e["type"] == "bomb"]
    assert bomb_events == [
        {
            "type": "bomb", "at": [0, 1], "field": "B1",
            "seats": [0, 1], "scribbled": [2], "count": 1, "penalty": -3,
        }
    ]  # fmt: skip
    card = [dz.score_sheet(state.level, s, solo=False) for s in state.sheets]
    assert [c["bombs"] for c in card] == [0, 0, -3]
    # the scribbled field is dead for seat 2: no die and no full row
    roll(state, *fill([2], 3))
    state.turn = 2
    assert error_of(state, 2, {"type": "place", "at": [0, 1]}) == "dz-error-field-scribbled"
    for sheet in state.sheets:
        sheet.crosses |= state.level.field_mask & ~sheet.scribbles
    assert [dz.score_sheet(state.level, s, solo=False)["lines"] for s in state.sheets] == [4, 4, 0]


def test_bomb_resolves_only_once() -> None:
    bomb = [{"at": [0, 2], "kind": "bomb", "penalty": -2}]
    state = game(seats=2, grid=CORRIDOR, special=bomb)
    run_pass(state, {0: [(0, 1), (0, 2)]})
    assert state.sheets[1].scribbles == cell(state, 0, 2)
    events = run_pass(state, {1: [(0, 1)]})
    assert "bomb" not in types(events)
    assert dz.placeable(state, 1) == 0 or not dz.placeable(state, 1) & cell(state, 0, 2)


def test_solo_bomb_scores_two_and_nothing_is_scribbled() -> None:
    bomb = [{"at": [0, 1], "kind": "bomb", "penalty": -4}]
    state = game(seats=1, grid=CORRIDOR, special=bomb)
    events = run_pass(state, {0: [(0, 1)]})
    assert [e["scribbled"] for e in events if e["type"] == "bomb"] == [[]]
    assert dz.score_sheet(state.level, state.sheets[0], solo=True)["bombs"] == 2


def test_flag_top_value_goes_to_everyone_crossing_it_in_that_pass() -> None:
    flag = [{"at": [0, 1], "kind": "flag", "flag_id": "f"}]
    state = game(seats=3, grid=CORRIDOR, special=flag, flag=[{"id": "f", "values": [5, 3]}])
    events = run_pass(state, {0: [(0, 1)], 1: [(0, 1)]})
    assert [e["value"] for e in events if e["type"] == "flag"] == [5]
    assert [s.flags for s in state.sheets] == [{"f": 5}, {"f": 5}, {}]
    assert dz.view(state, None)["flags_left"] == {"f": [3]}
    run_pass(state, {2: [(0, 1)]})
    assert state.sheets[2].flags == {"f": 3}


def test_flag_gives_nothing_when_its_values_are_used_up() -> None:
    flag = [{"at": [0, 1], "kind": "flag", "flag_id": "f"}]
    state = game(seats=2, grid=CORRIDOR, special=flag, flag=[{"id": "f", "values": [4]}])
    run_pass(state, {0: [(0, 1)]})
    run_pass(state, {1: [(0, 1)]})
    assert [s.flags for s in state.sheets] == [{"f": 4}, {"f": 0}]
    assert dz.view(state, None)["flags_left"] == {"f": []}


def test_solo_flag_gives_its_top_value() -> None:
    flag = [{"at": [0, 1], "kind": "flag", "flag_id": "f"}]
    state = game(seats=1, grid=CORRIDOR, special=flag, flag=[{"id": "f", "values": [6, 2]}])
    run_pass(state, {0: [(0, 1)]})
    assert dz.score_sheet(state.level, state.sheets[0], solo=True)["flags"] == 6


def test_key_opens_its_locks_from_the_next_pass_on() -> None:
    special = [
        {"at": [0, 1], "kind": "key", "color": "blue"},
        {"at": [0, 2], "kind": "lock", "color": "blue"},
    ]
    state = game(seats=2, grid=CORRIDOR, special=special)
    roll(state, 2, 3, 1, 1, 1, 1, 1)
    place(state, 0, 0, 1)
    dz.apply(state, 1, {"type": "pass"})
    assert error_of(state, 0, {"type": "place", "at": [0, 2]}) == "dz-error-field-locked"
    events = dz.apply(state, 0, {"type": "pass"})
    assert [e["color"] for e in events if e["type"] == "key"] == ["blue"]
    roll(state, *fill([3], 2))
    assert dz.placeable(state, 0) == cell(state, 0, 2)


ROCKET_GRID = ["X1 2 3 . 5 6"]
ROCKET = [{"at": [0, 2], "kind": "rocket"}]


def test_rocket_crosses_the_only_planet_automatically() -> None:
    state = game(seats=2, grid=ROCKET_GRID, special=[*ROCKET, {"at": [0, 4], "kind": "planet"}])
    events = run_pass(state, {0: [(0, 1), (0, 2)]})
    assert {"type": "planet", "at": [0, 4], "field": "E1", "seat": 0} in events
    assert state.phase == "roll" and state.sheets[0].crosses & cell(state, 0, 4)
    # the planet acts as a cross from the next pass on
    roll(state, *fill([6], 2))
    assert dz.placeable(state, 0) == cell(state, 0, 5)


def test_rocket_lets_the_player_pick_a_planet_simultaneously() -> None:
    planets = [{"at": [0, 4], "kind": "planet"}, {"at": [0, 5], "kind": "planet"}]
    state = game(seats=2, grid=ROCKET_GRID, special=ROCKET + planets)
    run_pass(state, {0: [(0, 1), (0, 2)], 1: [(0, 1), (0, 2)]})
    assert state.phase == "planets" and dz.to_move(state) == [0, 1]
    assert dz.legal_actions(state, 1) == [
        {"type": "choose_planet", "at": [0, 4]},
        {"type": "choose_planet", "at": [0, 5]},
    ]
    error = error_of(state, 0, {"type": "choose_planet", "at": [0, 1]})
    assert error == "dz-error-not-a-planet"
    dz.apply(state, 1, {"type": "choose_planet", "at": [0, 5]})
    assert dz.to_move(state) == [0]
    assert error_of(state, 1, {"type": "choose_planet", "at": [0, 4]}) == "dz-error-not-your-turn"
    events = dz.apply(state, 0, {"type": "choose_planet", "at": [0, 4]})
    assert events[0]["field"] == "E1" and state.phase == "roll"
    assert state.sheets[0].crosses & cell(state, 0, 4)
    assert not state.sheets[0].crosses & cell(state, 0, 5)


def test_rocket_without_planets_left_does_nothing() -> None:
    planets = [{"at": [0, 4], "kind": "planet"}]
    state = game(seats=1, grid=ROCKET_GRID, special=[*ROCKET, *planets])
    state.sheets[0].crosses |= cell(state, 0, 4)
    events = run_pass(state, {0: [(0, 1), (0, 2)]})
    assert "planet" not in types(events) and state.phase == "roll"


# --- scoring ---------------------------------------------------------------------------------

SCORING = [
    {"at": [0, 0], "kind": "gem", "points": 3},
    {"at": [0, 1], "kind": "puzzle", "color": "red"},
    {"at": [0, 2], "kind": "puzzle", "color": "red"},
    {"at": [0, 3], "kind": "puzzle", "color": "green"},
    {"at": [0, 4], "kind": "puzzle", "color": "green"},
    {"at": [2, 0], "kind": "poop", "points": -2},
    {"at": [3, 0], "kind": "rocket"},
    {"at": [2, 2], "kind": "planet"},
]
SCORING_EXTRA = {
    "puzzle_bonus": {"red": 6, "green": 9},
    "line_bonus": [
        {"axis": "row", "index": 1, "points": 5},
        {"axis": "col", "index": 4, "points": 7},
    ],
}


def test_final_scoring_adds_and_subtracts_each_part() -> None:
    state = game(seats=2, special=SCORING, **SCORING_EXTRA)
    sheet = state.sheets[0]
    crossed = [(0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (1, 0), (1, 2), (1, 3), (1, 4)]
    for at in crossed:
        sheet.crosses |= cell(state, *at)
    sheet.flags = {"a": 4, "b": 0}
    card = dz.score_sheet(state.level, sheet, solo=False)
    # row 1 full: B2 is a start cross; green misses a piece; column E misses fields
    assert card == {
        "gems": 3, "puzzles": 6, "lines": 5, "flags": 4, "bombs": 0, "poop": -2, "total": 16
    }  # fmt: skip


def test_planet_crosses_count_for_a_full_line() -> None:
    row_2 = {**SCORING_EXTRA, "line_bonus": [{"axis": "row", "index": 2, "points": 4}]}
    state = game(seats=1, special=SCORING, **row_2)
    sheet = state.sheets[0]
    for col in (0, 1, 3, 4):
        sheet.crosses |= cell(state, 2, col)
    assert dz.score_sheet(state.level, sheet, solo=True)["lines"] == 0
    sheet.crosses |= cell(state, 2, 2)  # the planet, crossed through a rocket
    assert dz.score_sheet(state.level, sheet, solo=True)["lines"] == 4


def test_tie_goes_to_fewer_crosses_then_shared() -> None:
    gems = [{"at": [0, 0], "kind": "gem", "points": 2}, {"at": [0, 4], "kind": "gem", "points": 2}]
    state = game(seats=4, special=gems)
    a, b, c, _ = state.sheets
    a.crosses |= cell(state, 0, 0) | cell(state, 0, 1)  # 2 points, 4 crosses
    b.crosses |= cell(state, 0, 4)  # 2 points, 3 crosses
    c.crosses |= cell(state, 0, 0)  # 2 points, 3 crosses
    assert dz.scores(state) == [2, 2, 2, 0]
    assert dz.ranking(state) == [3, 1, 1, 4]


# --- solo --------------------------------------------------------------------------------------


def test_solo_opponent_dice_remove_matching_dice_from_the_middle() -> None:
    state = game(seats=1)
    roll(state, 1, 2, 2, 3, 4, 4, 4, 4)
    place(state, 0, 1, 2)
    assert dz.to_move(state) == [CHANCE] and dz.sample_chance(state)["type"] == "opponent"
    events = dz.apply(state, CHANCE, {"type": "opponent", "values": [2, 2]})
    assert events[0] == {"type": "opponent", "values": [2, 2], "removed": [2, 2], "taken": 2}
    assert state.middle == [3, 4, 4, 4, 4] and state.out == [2, 2]
    place(state, 0, 0, 2)
    events = dz.apply(state, CHANCE, {"type": "opponent", "values": [4, 6]})
    assert events[0]["removed"] == [4] and state.middle == [4, 4, 4]


def test_solo_no_opponent_roll_after_a_failed_reroll_or_a_pass() -> None:
    state = game(seats=1)
    roll(state, 4, 4, 4, 4, 4, 4, 4, 4)
    dz.apply(state, 0, {"type": "reroll"})
    roll(state, 4, 4, 4, 4, 4, 4, 4, 4)
    assert dz.to_move(state) == [0] and state.phase == "turn"
    events = dz.apply(state, 0, {"type": "pass"})
    assert "opponent" not in types(events) and "pass_end" in types(events)


def test_solo_pass_ends_when_the_opponent_empties_the_middle() -> None:
    state = game(seats=1)
    roll(state, 1, 5, 6, 6, 6, 6, 6, 6)
    for at, opponent in (((1, 2), [2, 2]), ((2, 2), [2, 2]), ((3, 2), [6, 6])):
        place(state, 0, *at)
        dz.apply(state, CHANCE, {"type": "opponent", "values": opponent})
    assert state.middle == [6, 6, 6] and state.out == [6, 6]
    place(state, 0, 3, 3)
    events = dz.apply(state, CHANCE, {"type": "opponent", "values": [6, 6]})
    assert "pass_end" in types(events) and state.pass_index == 1


# --- the contract ----------------------------------------------------------------------------


def test_not_your_turn_game_over_unknown_action() -> None:
    state = game(seats=2)
    roll(state, 1, 4, 4, 4, 4, 4, 4)
    assert error_of(state, 1, {"type": "pass"}) == "dz-error-not-your-turn"
    assert error_of(state, 0, {"type": "fly"}) == "dz-error-unknown-action"
    assert error_of(state, 0, {"type": "choose_planet", "at": [0, 0]}) == "dz-error-unknown-action"
    assert error_of(state, CHANCE, {"type": "roll", "values": [1]}) == "dz-error-no-chance"
    state.phase = "over"
    assert error_of(state, 0, {"type": "place", "at": [1, 2]}) == "dz-error-game-over"
    assert dz.to_move(state) == [] and dz.legal_actions(state, 0) == []


def test_impossible_chance_outcomes_are_refused() -> None:
    state = game(seats=2)
    assert error_of(state, CHANCE, {"type": "roll", "values": [7] * 7}) == "dz-error-bad-outcome"
    assert error_of(state, CHANCE, {"type": "roll", "values": [1] * 6}) == "dz-error-bad-outcome"
    assert error_of(state, CHANCE, {"type": "opponent", "values": [1, 1]}) == "dz-error-bad-outcome"
    state = dz.new_game(2, 1, {"level": level_dict()})
    assert error_of(state, CHANCE, {"type": "start", "seat": 2}) == "dz-error-bad-outcome"


def test_new_game_needs_a_level_and_a_player_count() -> None:
    with pytest.raises(RulesError):
        dz.new_game(5, 1, {"level": level_dict()})
    with pytest.raises(RulesError):
        dz.new_game(2, 1, {})


def test_json_round_trip_mid_game() -> None:
    state = dz.new_game(3, 42, {"level": level_to_json(shipped(3))})
    for _ in range(40):
        settle(dz, state)
        seat = dz.to_move(state)[0]
        dz.apply(state, seat, dz.autopilot(state, seat))
    data = json.loads(json.dumps(dz.to_json(state)))
    assert dz.from_json(data) == state
    assert len(json.dumps(data)) < 5000


def test_view_shows_everything_to_everyone() -> None:
    state = dz.new_game(2, 7, {"level": level_to_json(shipped(4)), "host_starts": True})
    settle(dz, state)
    dz.apply(state, 0, dz.autopilot(state, 0))
    spectator = dz.view(state, None)
    assert {**dz.view(state, 1), "viewer": None} == spectator
    assert spectator["round"] == 1 and spectator["pass"] == 1 and spectator["rounds"] == 6
    assert len(spectator["middle"]) == 6 and spectator["turn"] == 1
    level = spectator["level"]
    assert len(level["pips"]) == 8 and len(level["pips"][0]) == 10
    assert {s["kind"] for s in level["specials"]} >= {"rocket", "planet", "gem", "puzzle"}
    player = spectator["players"][0]
    assert len(player["dice"]) == 1 and player["cross_count"] == 2
    assert set(player["score"]) == {"gems", "puzzles", "lines", "flags", "bombs", "poop", "total"}
    json.dumps(spectator)


def test_autopilot_rerolls_at_most_once_a_pass() -> None:
    state = game(seats=1)
    roll(state, 4, 4, 4, 4, 4, 4, 4, 4)
    assert dz.autopilot(state, 0) == {"type": "reroll"}  # without dice it risks nothing
    dz.apply(state, 0, {"type": "reroll"})
    roll(state, 4, 4, 4, 4, 4, 4, 4, 4)
    assert dz.autopilot(state, 0) == {"type": "pass"}


def test_autopilot_takes_the_gem() -> None:
    gem = [{"at": [2, 1], "kind": "gem", "points": 3}]
    state = game(seats=2, special=gem)
    roll(state, 1, 2, 5, 6, 4, 4, 4)
    assert dz.autopilot(state, 0) == {"type": "place", "at": [2, 1]}


def shipped(number: int):
    path = LEVELS / f"level{number}.toml"
    return parse_level(path.read_text(encoding="utf-8"), path.name)


def test_solo_own_placement_emptying_the_middle_ends_the_pass_without_opponent_roll() -> None:
    state = game(seats=1)
    roll(state, 1, 6, 5, 4, 4, 4, 4, 4)
    for at, opponent in (((1, 2), [4, 4]), ((2, 2), [4, 4]), ((3, 2), [6, 6])):
        place(state, 0, *at)
        dz.apply(state, CHANCE, {"type": "opponent", "values": opponent})
    assert state.middle == [4]
    events = place(state, 0, 3, 1)
    assert types(events) == ["place", "pass_end"] and state.phase == "roll"


# --- random games ------------------------------------------------------------------------------

PLAYOUTS = 2000
PASS_PHASES = ("turn", "forced", "return", "reroll", "opponent")


def check_invariants(state: dz.State) -> None:
    level = state.level
    starts = sum(1 << c for c in level.start_crosses)
    bombs, fields = level.kind_masks["bomb"], level.field_mask
    on_sheets = 0
    for sheet in state.sheets:
        crosses, dice, scribbles = sheet.crosses, sheet.dice, sheet.scribbles
        assert not (crosses & scribbles or dice & (crosses | scribbles))
        assert not (crosses | dice | scribbles) & ~fields and crosses & starts == starts
        assert not scribbles & ~bombs and not (scribbles and state.seats == 1)
        for keys, locks in level.lock_pairs:
            assert not (crosses | dice) & locks or keys & crosses
        on_sheets += dice.bit_count()
    if state.phase in PASS_PHASES:
        assert on_sheets + len(state.middle) + len(state.out) == dz.DICE[state.seats]
        assert not state.sheets[state.turn].passed
    assert state.middle == sorted(state.middle) and set(state.middle) <= {1, 2, 3, 4, 5, 6}
    for flag_id, struck in state.flags_struck.items():
        assert 0 < struck <= len(level.flags[flag_id])
    assert (state.phase == "planets") == any(s.rockets for s in state.sheets)
    assert state.pass_index <= dz.passes_total(state)


def recount(view: dict) -> list[int]:
    """The final scores, counted from the view alone."""
    level = view["level"]
    specials = {tuple(s["at"]): s for s in level["specials"]}
    rows, cols, pips = level["rows"], level["cols"], level["pips"]
    totals = []
    for player in view["players"]:
        crossed = {tuple(at) for at in player["crosses"]}
        total = sum(
            s["points"]
            for at, s in specials.items()
            if at in crossed and s["kind"] in ("gem", "poop")
        )
        for color, bonus in level["puzzle_bonus"].items():
            pieces = [at for at, s in specials.items() if s.get("color") == color]
            if all(at in crossed for at in pieces if specials[at]["kind"] == "puzzle"):
                total += bonus
        for line in level["line_bonus"]:
            fields = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if pips[r][c] and (r if line["axis"] == "row" else c) == line["index"]
            ]
            if all(f in crossed for f in fields):
                total += line["points"]
        total += sum(player["flags"].values())
        bombs = [at for at, s in specials.items() if s["kind"] == "bomb"]
        if view["solo"]:
            total += 2 * sum(1 for at in bombs if at in crossed)
        else:
            total += sum(specials[tuple(at)]["points"] for at in player["scribbles"])
        totals.append(total)
    return totals


def play_random_game(index: int, levels: dict[int, dict]) -> None:
    number, seats = index % 4 + 1, index // 4 % 4 + 1
    chooser = random.Random(index)
    by_autopilot = index // 16 % 10 == 0  # whole blocks: every level and player count
    options = {"level": levels[number], "host_starts": index % 3 == 0}
    state = dz.new_game(seats, index, options)
    log = []
    while not dz.is_over(state):
        movers = dz.to_move(state)
        if movers == [CHANCE]:
            seat, action = CHANCE, dz.sample_chance(state)
        else:
            seat = chooser.choice(movers)
            legal = dz.legal_actions(state, seat)
            action = dz.autopilot(state, seat) if by_autopilot else chooser.choice(legal)
            assert action in legal
        dz.apply(state, seat, action)
        log.append((seat, action))
        check_invariants(state)
    assert dz.to_move(state) == [] and state.pass_index == dz.passes_total(state)
    view = dz.view(state, None)
    assert recount(view) == dz.scores(state)
    crosses = [p["cross_count"] for p in view["players"]]
    keys = list(zip(dz.scores(state), [-n for n in crosses], strict=True))
    assert dz.ranking(state) == [1 + sum(k > mine for k in keys) for mine in keys]
    replay = dz.new_game(seats, index, options)
    for seat, action in log:
        if seat == CHANCE:  # the seeded source draws the same outcome again
            assert dz.sample_chance(replay) == action
        dz.apply(replay, seat, action)
    assert dz.to_json(replay) == dz.to_json(state)
    if index % 50 == 0:
        assert dz.from_json(json.loads(json.dumps(dz.to_json(state)))) == state
        assert len(json.dumps({"state": dz.to_json(state), "log": log})) < 20_000


def test_random_playouts_over_all_levels_and_player_counts() -> None:
    levels = {n: level_to_json(shipped(n)) for n in (1, 2, 3, 4)}
    for index in range(PLAYOUTS):
        play_random_game(index, levels)


def test_replay_from_player_actions_settling_chance_from_the_seed() -> None:
    options = {"level": level_to_json(shipped(3))}
    state = dz.new_game(4, 99, options)
    actions = []
    while not dz.is_over(state):
        settle(dz, state)
        if dz.is_over(state):
            break
        seat = dz.to_move(state)[0]
        action = dz.autopilot(state, seat)
        actions.append((seat, action))
        dz.apply(state, seat, action)
    replay = dz.new_game(4, 99, options)
    for seat, action in actions:
        settle(dz, replay)
        dz.apply(replay, seat, action)
    settle(dz, replay)
    assert dz.to_json(replay) == dz.to_json(state)


# --- texts -------------------------------------------------------------------------------------

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def message_ids(language: str) -> set[str]:
    from fluent.syntax import FluentParser, ast

    resource = FluentParser().parse((LOCALES / language / "dizzle.ftl").read_text("utf-8"))
    assert not [e for e in resource.body if isinstance(e, ast.Junk)]
    return {e.id.name for e in resource.body if isinstance(e, ast.Message)}


def test_every_key_and_event_has_a_text_in_every_language() -> None:
    import re

    source = Path(dz.__file__).read_text("utf-8")
    needed = set(re.findall(r'RulesError\("(dz-error-[a-z-]+)"', source))
    events = set(re.findall(r'"type": "([a-z_]+)"', source))
    events |= set(re.findall(r'_field_event\(\s*"([a-z_]+)"', source))
    events -= {"start", "choose_planet"}  # chance outcome and action types, not events
    needed |= {f"dz-event-{kind}" for kind in events}
    english = message_ids("en")
    assert needed <= english, needed - english
    assert message_ids("de") == english == message_ids("fr")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_event_texts_format_without_errors(language: str) -> None:
    from fluent.runtime import FluentBundle, FluentResource

    bundle = FluentBundle([language], use_isolating=False)
    bundle.add_resource(FluentResource((LOCALES / language / "dizzle.ftl").read_text("utf-8")))
    args = {
        "player": "Ann", "players": "Ann, Bo", "scribbled": "Cy", "field": "C5", "value": 3,
        "values": "1, 2", "removed": "2", "taken": 1, "count": 2, "dice": 4, "returned": 0,
        "color": "purple", "penalty": -3, "round": 1, "rounds": 6, "pass": 2, "passes": 2,
        "seats": 5, "level": "Level 1", "points": 40, "number": 1, "table_size": 2,
    }  # fmt: skip
    for message_id in message_ids(language):
        if message_id.startswith(("dz-img-", "dz-sum-")):
            continue  # picture labels and summaries: tests/test_render_dizzle.py
        message = bundle.get_message(message_id)
        text, errors = bundle.format_pattern(message.value, args)
        assert not errors and text.strip()


# --- the shipped levels under the autopilot ----------------------------------------------------


def autopilot_game(number: int, seats: int, seed: int) -> dz.State:
    state = dz.new_game(seats, seed, {"level": level_to_json(shipped(number))})
    while not dz.is_over(state):
        settle(dz, state)
        for seat in dz.to_move(state)[:1]:
            dz.apply(state, seat, dz.autopilot(state, seat))
    return state


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_shipped_levels_are_neither_filled_nor_blocked(number: int) -> None:
    for seats in (1, 2, 4):
        states = [autopilot_game(number, seats, seed) for seed in range(4)]
        fields = states[0].level.field_mask.bit_count()
        for state in states:
            crossed = [s.crosses.bit_count() / fields for s in state.sheets]
            assert all(0.4 < share < 0.9 for share in crossed)
            assert min(dz.scores(state)) > 0
