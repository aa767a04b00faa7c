"""Dice Stars: every rule of shared/rules/dice-stars.md, the worked example, random playouts."""

from __future__ import annotations

import functools
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fluent.runtime import FluentBundle, FluentResource

from games import dice_stars as ds
from games.engine import CHANCE, RulesError, settle

COLOURS = ("black", "purple", "blue", "yellow")


# --- Helpers ------------------------------------------------------------------------------------


def new(seats: int = 2, seed: int = 1) -> ds.State:
    return ds.new_game(seats, seed, {"host_starts": True})


def roll(state: ds.State, *dice: tuple[str, int]) -> list[dict[str, Any]]:
    return ds.apply(state, CHANCE, {"type": "dice", "dice": [list(d) for d in dice]})


def draw(state: ds.State, *dice: tuple[str, int]) -> list[dict[str, Any]]:
    """The active player draws as many dice as given, and they show these faces."""
    events = ds.apply(state, state.current, {"type": "draw", "n": len(dice)})
    return events + roll(state, *dice)


def act(state: ds.State, action: dict[str, Any]) -> list[dict[str, Any]]:
    return ds.apply(state, state.current, action)


def take_colour(state: ds.State, colour: str) -> list[dict[str, Any]]:
    return act(state, {"type": "take_colour", "colour": colour})


def take_number(state: ds.State, n: int) -> list[dict[str, Any]]:
    return act(state, {"type": "take_number", "n": n})


def reserve(state: ds.State) -> list[tuple[str, int]]:
    return sorted((d["colour"], d["face"]) for d in ds.view(state, None)["reserve"])


def cell(state: ds.State, seat: int, row: int, position: int) -> Any:
    return state.sheets[seat].fields[row - 2][position]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def event(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in events if e["type"] == kind)


def fill_white(sheet: ds.Sheet, count: int) -> None:
    """Cross the first ``count`` white fields, row by row (a position set up directly: the
    sheet holds no dice, so the 14 dice stay accounted for)."""
    for i in range(count):
        sheet.fields[i // 4][i % 4] = "x"


def unchanged_after_error(state: ds.State, seat: int, action: dict[str, Any]) -> str:
    before = ds.to_json(state)
    with pytest.raises(RulesError) as caught:
        ds.apply(state, seat, action)
    assert ds.to_json(state) == before
    return caught.value.key


def dice_per_colour(state: ds.State) -> list[int]:
    on_table = [sum(1 for c, _ in state.reserve if c == i) for i in range(4)]
    return [state.bag[i] + state.discard[i] + on_table[i] for i in range(4)]


# --- Setup ---------------------------------------------------------------------------------------


def test_info_offers_one_to_four_players_and_host_starts() -> None:
    assert ds.INFO.kind == "dice_stars"
    assert (ds.INFO.min_players, ds.INFO.max_players) == (1, 4)
    (option,) = ds.INFO.options
    assert (option.name, option.default) == ("host_starts", False)
    assert set(option.choices) == {False, True}


def test_the_bag_holds_fourteen_dice_by_colour() -> None:
    state = new(3)
    assert dict(zip(COLOURS, state.bag, strict=True)) == {
        "black": 2,
        "purple": 3,
        "blue": 4,
        "yellow": 5,
    }
    assert state.reserve == [] and sum(state.discard) == 0


def test_sheet_layout_matches_the_printed_sheet() -> None:
    sheet = new(1).sheets[0]
    assert [len(row) - 4 for row in sheet.fields] == [4, 3, 2, 1, 0]  # green fields
    assert sum(ds.MULTIPLIER_FIELDS.values()) == 20
    assert [ds.MULTIPLIER_FIELDS[r] for r in ds.ROWS] == [2, 3, 4, 5, 6]
    assert ds.SOLO_GRID_BOXES == 24


def test_start_player_is_a_chance_step_unless_the_host_starts() -> None:
    state = ds.new_game(3, 7, {})
    assert ds.to_move(state) == [CHANCE]
    outcome = ds.sample_chance(state)
    assert outcome["type"] == "start_player" and 0 <= outcome["seat"] < 3
    events = ds.apply(state, CHANCE, outcome)
    assert ds.to_move(state) == [outcome["seat"]] == [state.start_player]
    assert types(events) == ["start_player", "turn"]
    assert ds.to_move(ds.new_game(3, 7, {"host_starts": True})) == [0]
    assert ds.to_move(ds.new_game(1, 7, {})) == [0]  # solo: nobody to draw


def test_start_player_comes_from_the_seed() -> None:
    def start(seed: int) -> int:
        state = ds.new_game(4, seed, {})
        settle(ds, state)
        return state.current

    assert start(11) == start(11)
    assert {start(seed) for seed in range(40)} == {0, 1, 2, 3}


def test_an_impossible_start_player_is_refused() -> None:
    state = ds.new_game(2, 3, {})
    assert unchanged_after_error(state, CHANCE, {"type": "start_player", "seat": 2}) == (
        "ds-error-bad-seat"
    )


# --- Draw ----------------------------------------------------------------------------------------


def test_the_first_player_must_draw_three() -> None:
    state = new()
    assert ds.legal_actions(state, 0) == [{"type": "draw", "n": 3}]
    key = unchanged_after_error(state, 0, {"type": "draw", "n": 2})
    assert key == "ds-error-must-draw"


def test_a_reserve_of_only_stars_forces_three() -> None:
    state = new()
    draw(state, ("black", 4), ("blue", 0), ("yellow", 0))
    take_number(state, 4)
    assert reserve(state) == [("blue", 0), ("yellow", 0)]
    assert ds.legal_actions(state, 1) == [{"type": "draw", "n": 3}]


def test_a_reserve_with_numbers_lets_the_player_draw_one_to_three() -> None:
    state = new()
    draw(state, ("black", 4), ("blue", 5), ("yellow", 0))
    take_number(state, 4)
    assert [a["n"] for a in ds.legal_actions(state, 1)] == [1, 2, 3]
    assert unchanged_after_error(state, 1, {"type": "draw", "n": 4}) == "ds-error-draw-count"
    draw(state, ("purple", 2))
    assert reserve(state) == [("blue", 5), ("purple", 2), ("yellow", 0)]


def test_the_draw_is_limited_by_the_bag_and_the_last_die_makes_the_refill_due() -> None:
    state = new(1)
    draw(state, ("yellow", 3), ("yellow", 4), ("yellow", 5))
    take_colour(state, "yellow")  # 11 dice left in the bag
    draw(state, ("black", 2), ("black", 3), ("purple", 2))
    take_number(state, 2)  # black 3 stays
    draw(state, ("blue", 2), ("blue", 3), ("blue", 4))
    take_colour(state, "black")  # blue 2, 3, 4 stay; 5 dice in the bag
    draw(state, ("purple", 3))
    take_number(state, 4)
    draw(state, ("blue", 5), ("yellow", 6), ("yellow", 0))
    take_number(state, 6)
    assert sum(state.bag) == 1 and not state.refill_due
    assert [a["n"] for a in ds.legal_actions(state, 0)] == [1]
    events = draw(state, ("purple", 5))
    assert event(events, "dice")["bag"] == 0 and state.refill_due
    events = take_number(state, 5)
    assert event(events, "refill_due")["reason"] == "last_die"
    assert ds.view(state, None)["phase"] == "refill"


def test_sampled_dice_come_from_the_bag_with_their_own_faces() -> None:
    state = new(1, seed=5)
    seen: dict[str, set[int]] = {c: set() for c in COLOURS}
    for _ in range(300):
        probe = ds.from_json(ds.to_json(state))
        ds.apply(probe, 0, {"type": "draw", "n": 3})
        outcome = ds.sample_chance(probe)
        assert len(outcome["dice"]) == 3
        for colour, face in outcome["dice"]:
            seen[colour].add(face)
        ds.apply(probe, CHANCE, outcome)
        state.rng = probe.rng  # the next probe continues the same seeded source
    assert seen["yellow"] == {0, 3, 4, 5, 6}
    assert seen["blue"] == {0, 2, 3, 4, 5, 6}


def test_applying_an_outcome_advances_the_source_whether_sampled_or_injected() -> None:
    sampled, injected = new(1, seed=9), new(1, seed=9)
    for state in (sampled, injected):
        ds.apply(state, 0, {"type": "draw", "n": 3})
    outcome = ds.sample_chance(sampled)
    assert ds.sample_chance(sampled) == outcome  # sampling alone consumes nothing
    ds.apply(sampled, CHANCE, outcome)
    ds.apply(injected, CHANCE, outcome)
    assert sampled == injected
    assert sampled.rng != new(1, seed=9).rng


@pytest.mark.parametrize(
    ("dice", "key"),
    [
        ([["blue", 4], ["blue", 5]], "ds-error-dice-count"),
        ([["blue", 4], ["blue", 5], ["yellow", 2]], "ds-error-bad-face"),
        ([["blue", 4], ["blue", 5], ["blue", 7]], "ds-error-bad-face"),
        ([["black", 4], ["black", 5], ["black", 6]], "ds-error-not-in-bag"),
        ([["blue", 4], ["blue", 5], ["green", 6]], "ds-error-bad-colour"),
    ],
)
def test_impossible_dice_are_refused(dice: list[list[Any]], key: str) -> None:
    state = new()
    ds.apply(state, 0, {"type": "draw", "n": 3})
    assert unchanged_after_error(state, CHANCE, {"type": "dice", "dice": dice}) == key


# --- Taking a colour or a number ----------------------------------------------------------------


def test_a_colour_fills_its_column_top_to_bottom_skipping_filled_fields() -> None:
    state = new(1)
    draw(state, ("blue", 2), ("black", 5), ("purple", 6))
    take_number(state, 2)  # row 2: the black field gets 2
    draw(state, ("black", 3), ("yellow", 4))  # reserve: black 5, purple 6, black 3, yellow 4
    events = take_colour(state, "black")
    assert [cell(state, 0, row, 0) for row in (2, 3, 4, 5, 6)] == [2, "x", 8, None, None]
    taken = event(events, "take_colour")
    assert taken["fields"] == [[3, 0], [4, 0]]
    assert (taken["count"], taken["crosses"], taken["number"], taken["row"]) == (2, 1, 8, 4)
    assert reserve(state) == [("purple", 6), ("yellow", 4)]


def test_a_colour_of_only_stars_fits_and_writes_zero() -> None:
    state = new(1)
    draw(state, ("yellow", 0), ("yellow", 0), ("blue", 3))
    take_colour(state, "yellow")
    assert [cell(state, 0, row, 3) for row in (2, 3)] == ["x", 0]
    assert state.refill_due is False  # a colour choice never makes the refill due


def test_a_number_fills_its_row_white_then_green() -> None:
    state = new(1)
    draw(state, ("blue", 2), ("black", 2), ("yellow", 3))
    take_number(state, 2)  # black cross, purple 4
    draw(state, ("purple", 2), ("blue", 2), ("blue", 2))  # yellow 3 stays
    take_number(state, 2)
    assert state.sheets[0].fields[0] == ["x", 4, "x", "x", 6, None, None, None]
    draw(state, ("black", 2))
    events = take_number(state, 2)
    assert state.sheets[0].fields[0][5] == 2
    assert event(events, "take_number")["fields"] == [[2, 5]]


def test_the_dice_take_all_of_the_chosen_type_and_the_rest_stays() -> None:
    state = new()
    draw(state, ("blue", 4), ("blue", 4), ("yellow", 4))
    take_colour(state, "blue")
    assert reserve(state) == [("yellow", 4)]
    assert state.discard == [0, 0, 2, 0]
    assert ds.to_move(state) == [1]


def test_a_die_is_taken_by_colour_or_by_number_as_chosen() -> None:
    state = new()
    draw(state, ("blue", 4), ("yellow", 4), ("blue", 6))
    choices = {(c["kind"], c.get("colour", c.get("n"))) for c in ds.reserve_choices(state, 0)}
    assert choices == {("colour", "blue"), ("colour", "yellow"), ("number", 4), ("number", 6)}


# --- Stars ---------------------------------------------------------------------------------------


def test_stars_cross_multiplier_fields_of_choice_and_make_the_refill_due() -> None:
    state = new()
    draw(state, ("blue", 0), ("yellow", 0), ("purple", 5))
    events = act(state, {"type": "take_stars", "rows": [5, 2]})
    assert state.sheets[0].multipliers == [1, 0, 0, 1, 0]
    assert event(events, "take_stars")["rows"] == [2, 5]
    assert event(events, "refill_due")["reason"] == "stars"
    assert ds.legal_actions(state, 1) == [
        {"type": "refill", "return_reserve": False},
        {"type": "refill", "return_reserve": True},
    ]


def test_every_star_must_be_used_within_the_free_fields() -> None:
    state = new()
    draw(state, ("blue", 0), ("yellow", 0), ("yellow", 0))
    star_error = unchanged_after_error(state, 0, {"type": "take_stars", "rows": [2, 3]})
    assert star_error == "ds-error-star-count"
    full_error = unchanged_after_error(state, 0, {"type": "take_stars", "rows": [2, 2, 2]})
    assert full_error == "ds-error-multipliers-full"
    assert unchanged_after_error(state, 0, {"type": "take_stars", "rows": [2, 2, 7]}) == (
        "ds-error-bad-row"
    )


def test_legal_star_placements_are_every_multiset_within_capacity() -> None:
    state = new()
    draw(state, ("blue", 0), ("yellow", 0), ("yellow", 0))
    placements = [a["rows"] for a in ds.legal_actions(state, 0) if a["type"] == "take_stars"]
    capacity = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    expected = []
    for a in range(2, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                rows = [a, b, c]
                if all(rows.count(r) <= capacity[r] for r in rows):
                    expected.append(rows)
    assert sorted(placements) == sorted(expected)
    assert len(placements) == len({tuple(p) for p in placements})


def test_a_colour_choice_with_stars_does_not_make_the_refill_due() -> None:
    state = new()
    draw(state, ("blue", 0), ("blue", 3), ("yellow", 5))
    events = take_colour(state, "blue")
    assert "refill_due" not in types(events)
    assert ds.to_move(state) == [1] and ds.view(state, None)["phase"] == "draw"


# --- What fits, penalty --------------------------------------------------------------------------


def test_a_colour_that_does_not_fit_is_not_legal() -> None:
    state = new()
    for row in (2, 3, 4, 5):
        state.sheets[0].fields[row - 2][2] = "x"
    draw(state, ("blue", 3), ("blue", 5), ("yellow", 6))
    actions = ds.legal_actions(state, 0)
    assert {"type": "take_colour", "colour": "blue"} not in actions
    key = unchanged_after_error(state, 0, {"type": "take_colour", "colour": "blue"})
    assert key == "ds-error-does-not-fit"
    blue = next(c for c in ds.reserve_choices(state, 0) if c.get("colour") == "blue")
    assert blue["fits"] is False and blue["dice"] == [["blue", 3], ["blue", 5]]


def test_a_number_that_does_not_fit_is_not_legal() -> None:
    state = new()
    state.sheets[0].fields[4] = ["x", "x", "x", None]  # row 6 has one empty field
    draw(state, ("blue", 6), ("purple", 6), ("yellow", 3))
    assert {"type": "take_number", "n": 6} not in ds.legal_actions(state, 0)
    assert unchanged_after_error(state, 0, {"type": "take_number", "n": 6}) == (
        "ds-error-does-not-fit"
    )


def test_stars_do_not_fit_without_enough_free_multiplier_fields() -> None:
    state = new()
    state.sheets[0].multipliers = [2, 3, 4, 5, 5]
    draw(state, ("blue", 0), ("yellow", 0), ("yellow", 4))
    assert not [a for a in ds.legal_actions(state, 0) if a["type"] == "take_stars"]
    assert unchanged_after_error(state, 0, {"type": "take_stars", "rows": [6, 6]}) == (
        "ds-error-does-not-fit"
    )


def test_penalty_is_refused_while_a_choice_fits() -> None:
    state = new()
    draw(state, ("blue", 3), ("blue", 5), ("yellow", 6))
    key = unchanged_after_error(state, 0, {"type": "penalty_colour", "colour": "blue"})
    assert key == "ds-error-penalty-not-allowed"


def _nothing_fits(state: ds.State) -> None:
    """Seat 0's sheet: blue column and row 5 full, all multiplier fields crossed."""
    sheet = state.sheets[0]
    for row in (2, 3, 4, 5, 6):
        sheet.fields[row - 2][2] = "x"
    sheet.fields[3] = ["x", "x", "x", "x", "x"]
    sheet.multipliers = [2, 3, 4, 5, 6]


def test_when_nothing_fits_the_player_writes_a_penalty_and_triggers_the_end() -> None:
    state = new()
    _nothing_fits(state)
    draw(state, ("blue", 5), ("blue", 5), ("blue", 0))
    actions = ds.legal_actions(state, 0)
    assert actions == [
        {"type": "penalty_colour", "colour": "blue"},
        {"type": "penalty_number", "n": 5},
    ]
    events = act(state, {"type": "penalty_number", "n": 5})
    assert event(events, "penalty_number")["penalty"] == 10
    assert state.sheets[0].penalty == 10
    assert reserve(state) == [("blue", 0)]
    trigger = event(events, "end_triggered")
    assert (trigger["seat"], trigger["reason"], trigger["last_seat"]) == (0, "penalty", 1)
    assert ds.scores(state)[0] == -10
    assert ds.to_move(state) == [1]  # the round is finished


def test_a_penalty_of_zero_also_triggers_the_end() -> None:
    state = new()
    _nothing_fits(state)
    draw(state, ("blue", 0), ("blue", 0), ("blue", 0))
    events = act(state, {"type": "penalty_colour", "colour": "blue"})
    assert state.sheets[0].penalty == 0 and state.end_triggered
    assert event(events, "penalty_colour")["penalty"] == 0
    assert "refill_due" not in types(events)  # a penalty is not a star choice


def test_a_penalty_names_a_type_present_in_the_reserve() -> None:
    state = new()
    _nothing_fits(state)
    draw(state, ("blue", 5), ("blue", 5), ("blue", 0))
    assert unchanged_after_error(state, 0, {"type": "penalty_number", "n": 3}) == (
        "ds-error-not-in-reserve"
    )
    assert unchanged_after_error(state, 0, {"type": "take_stars", "rows": [2]}) == (
        "ds-error-does-not-fit"
    )


# --- Refill --------------------------------------------------------------------------------------


def _stars_taken(state: ds.State) -> None:
    draw(state, ("blue", 0), ("yellow", 5), ("purple", 3))
    act(state, {"type": "take_stars", "rows": [2]})


def test_refill_puts_the_whole_discard_back() -> None:
    state = new()
    _stars_taken(state)
    key = unchanged_after_error(state, 1, {"type": "draw", "n": 1})
    assert key == "ds-error-refill-first"
    events = act(state, {"type": "refill", "return_reserve": False})
    assert event(events, "refill")["from_discard"] == 1 and sum(state.discard) == 0
    assert sum(state.bag) == 12 and reserve(state) == [("purple", 3), ("yellow", 5)]
    assert not state.refill_due


def test_refill_may_also_return_the_reserve() -> None:
    state = new()
    _stars_taken(state)
    events = act(state, {"type": "refill", "return_reserve": True})
    assert event(events, "refill")["from_reserve"] == 2
    assert sum(state.bag) == 14 and state.reserve == []
    assert ds.legal_actions(state, 1) == [{"type": "draw", "n": 3}]


def test_refill_only_when_due_and_nothing_to_return_from_an_empty_reserve() -> None:
    state = new()
    assert unchanged_after_error(state, 0, {"type": "refill", "return_reserve": False}) == (
        "ds-error-no-refill-due"
    )
    draw(state, ("blue", 0), ("yellow", 0), ("yellow", 0))
    act(state, {"type": "take_stars", "rows": [2, 2, 3]})
    assert ds.legal_actions(state, 1) == [{"type": "refill", "return_reserve": False}]
    assert unchanged_after_error(state, 1, {"type": "refill", "return_reserve": True}) == (
        "ds-error-nothing-to-return"
    )


def test_solo_refill_is_due_on_the_players_own_next_turn() -> None:
    state = new(1)
    _stars_taken(state)
    assert ds.to_move(state) == [0] and ds.view(state, None)["phase"] == "refill"


def test_the_autopilot_answers_no_to_the_refill_question() -> None:
    state = new()
    _stars_taken(state)
    assert ds.autopilot(state, 1) == {"type": "refill", "return_reserve": False}


# --- End of the game ---------------------------------------------------------------------------


def test_the_last_white_field_triggers_the_end_and_the_round_is_finished() -> None:
    state = ds.new_game(3, 1, {})
    ds.apply(state, CHANCE, {"type": "start_player", "seat": 1})
    fill_white(state.sheets[1], 19)  # row 6's yellow field is left
    draw(state, ("yellow", 4), ("blue", 5), ("blue", 6))
    events = take_colour(state, "yellow")
    trigger = event(events, "end_triggered")
    assert (trigger["seat"], trigger["reason"], trigger["last_seat"]) == (1, "sheet_full", 0)
    assert ds.to_move(state) == [2]
    draw(state, ("black", 2), ("black", 3))
    take_colour(state, "black")
    assert ds.to_move(state) == [0]
    draw(state, ("purple", 2))
    events = take_number(state, 2)
    assert types(events)[-1] == "game_over" and ds.is_over(state)
    assert state.turns == [1, 1, 1]
    assert ds.to_move(state) == [] and ds.legal_actions(state, 0) == []


def test_a_trigger_in_the_last_seats_turn_ends_at_once() -> None:
    state = new(2)
    draw(state, ("yellow", 4), ("yellow", 5), ("blue", 3))
    take_number(state, 4)
    fill_white(state.sheets[1], 19)
    draw(state, ("purple", 6))
    events = take_number(state, 6)
    assert types(events)[-2:] == ["end_triggered", "game_over"]
    assert state.turns == [1, 1]


def test_later_triggers_in_the_final_round_change_nothing() -> None:
    state = ds.new_game(3, 1, {"host_starts": True})
    _nothing_fits(state)
    draw(state, ("blue", 5), ("blue", 5), ("blue", 0))
    act(state, {"type": "penalty_colour", "colour": "blue"})
    fill_white(state.sheets[1], 19)
    draw(state, ("yellow", 3), ("yellow", 4), ("yellow", 6))
    events = take_number(state, 6)
    assert "end_triggered" not in types(events)
    assert ds.to_move(state) == [2]


def test_game_over_refuses_every_move() -> None:
    state = new(2)
    draw(state, ("yellow", 4), ("yellow", 5), ("blue", 3))
    take_number(state, 4)
    fill_white(state.sheets[1], 19)
    draw(state, ("purple", 6))
    take_number(state, 6)
    assert unchanged_after_error(state, 0, {"type": "draw", "n": 3}) == "ds-error-game-over"
    assert unchanged_after_error(state, CHANCE, {"type": "dice", "dice": []}) == (
        "ds-error-game-over"
    )


# --- Scoring and ranking ----------------------------------------------------------------------


def test_row_scores_count_single_double_or_nothing() -> None:
    sheet = new(1).sheets[0]
    sheet.fields[0][:3] = [4, "x", 6]  # row 2: subtotal 10, no multiplier crossed
    sheet.fields[1][4] = 9  # row 3: green field counts, all 3 multipliers crossed
    sheet.multipliers[1] = 3
    sheet.fields[2][0] = 12  # row 4: 1 of 4 multipliers crossed
    sheet.multipliers[2] = 1
    assert [ds.row_subtotal(sheet, i) for i in range(5)] == [10, 9, 12, 0, 0]
    assert [ds.row_final(sheet, i) for i in range(5)] == [10, 18, 0, 0, 0]
    sheet.penalty = 7
    assert ds.sheet_total(sheet) == 21


def test_ranking_shares_places_and_tied_winners_share_the_victory() -> None:
    state = new(4)
    for seat, number in enumerate((8, 12, 12, 3)):
        state.sheets[seat].fields[0][0] = number
    assert ds.scores(state) == [8, 12, 12, 3]
    assert ds.ranking(state) == [3, 1, 1, 4]
    outcome = ds.result(state)
    assert outcome["winners"] == [1, 2] and outcome["outcome"] == "shared"


def test_the_game_over_event_tells_a_single_winner() -> None:
    state = new(2)
    draw(state, ("yellow", 4), ("yellow", 5), ("blue", 3))
    take_number(state, 4)
    fill_white(state.sheets[1], 19)
    draw(state, ("purple", 6))
    over = event(take_number(state, 6), "game_over")
    assert over["scores"] == [4, 6] and over["ranking"] == [2, 1]
    assert over["winners"] == [1] and over["outcome"] == "win" and over["best"] == 6


# --- Solo ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "boxes"),
    [
        ([], 0),
        ([0], 1),
        ([0, 0], 1),
        ([5], 1),
        ([6], 2),
        ([3, 2], 1),
        ([3, 0], 2),
        ([5, 0], 2),
        ([6, 5, 0], 5),
        ([6, 6, 6, 6], 5),
    ],
)
def test_solo_opponent_crosses_one_box_per_started_five(faces: list[int], boxes: int) -> None:
    dice = [[2, face] for face in faces]
    assert ds.solo_marks_for(dice)[0] == boxes
    numbers = sum(faces)
    if numbers:
        pips = numbers * (2 if 0 in faces else 1)
        assert boxes == math.ceil(pips / 5)


def test_solo_opponent_marks_after_every_turn() -> None:
    state = new(1)
    draw(state, ("blue", 6), ("yellow", 0), ("purple", 2))
    events = take_number(state, 2)
    marks = event(events, "solo_marks")
    assert (marks["boxes"], marks["sum"], marks["doubled"], marks["crossed"]) == (3, 12, True, 3)
    assert ds.view(state, None)["solo"] == {"boxes": 24, "crossed": 3, "points": 15}


def test_solo_marks_beyond_the_grid_are_lost_and_a_full_grid_loses_at_once() -> None:
    state = new(1)
    state.solo_crosses = 22
    fill_white(state.sheets[0], 19)
    state.sheets[0].fields[0][4:] = [40, 40, 40, 40]  # far ahead of the opponent
    draw(state, ("yellow", 4), ("blue", 6), ("purple", 6))
    events = take_colour(state, "yellow")  # fills the 20th field: the end is triggered too
    marks = event(events, "solo_marks")
    assert (marks["boxes"], marks["crossed"], marks["lost"]) == (3, 24, 1)
    assert types(events)[-3:] == ["solo_marks", "solo_grid_full", "game_over"]
    over = event(events, "game_over")
    assert over["outcome"] == "solo_grid_full" and over["winners"] == []
    assert over["score"] > over["opponent"] == 120
    assert ds.ranking(state) == [2]


def test_solo_grid_full_ends_the_game_without_an_end_trigger() -> None:
    state = new(1)
    state.solo_crosses = 23
    draw(state, ("yellow", 4), ("blue", 6), ("purple", 6))
    events = take_colour(state, "yellow")
    assert "end_triggered" not in types(events) and ds.is_over(state)
    assert ds.result(state)["outcome"] == "solo_grid_full"


def _solo_end(opponent_boxes: int, row_two: list[Any]) -> ds.State:
    """A solo game ended by a full sheet, the opponent holding ``opponent_boxes`` boxes."""
    state = new(1)
    state.solo_crosses = opponent_boxes
    fill_white(state.sheets[0], 19)
    state.sheets[0].fields[0][4:] = row_two
    draw(state, ("yellow", 4), ("blue", 0), ("black", 0))
    take_colour(state, "yellow")  # two stars stay: one more box
    assert ds.is_over(state)
    return state


def test_solo_win_loss_and_tie_compare_with_five_points_per_box() -> None:
    win = _solo_end(3, [20, None, None, None])  # 24 against 20
    assert ds.result(win)["outcome"] == "solo_win" and ds.ranking(win) == [1]
    loss = _solo_end(5, [20, None, None, None])  # 24 against 30
    assert ds.result(loss)["outcome"] == "solo_loss" and ds.ranking(loss) == [2]
    tie = _solo_end(4, [21, None, None, None])  # 25 against 25
    assert ds.result(tie)["outcome"] == "solo_tie" and ds.ranking(tie) == [1]
    assert (ds.result(tie)["score"], ds.result(tie)["opponent"]) == (25, 25)


# --- The worked example ------------------------------------------------------------------------


def _worked_example() -> ds.State:
    """Seat 1's turn with an empty sheet and the reserve blue 4, blue ★, yellow 4, purple 6."""
    state = new(2)
    draw(state, ("purple", 6), ("black", 2), ("black", 3))
    take_colour(state, "black")
    draw(state, ("blue", 4), ("blue", 0), ("yellow", 4))
    assert reserve(state) == [("blue", 0), ("blue", 4), ("purple", 6), ("yellow", 4)]
    assert state.sheets[1] == ds._empty_sheet()
    return state


def test_worked_example_take_blue() -> None:
    state = _worked_example()
    take_colour(state, "blue")
    assert (cell(state, 1, 2, 2), cell(state, 1, 3, 2)) == ("x", 4)
    assert reserve(state) == [("purple", 6), ("yellow", 4)]


def test_worked_example_take_four() -> None:
    state = _worked_example()
    take_number(state, 4)
    assert state.sheets[1].fields[2] == ["x", 8, None, None, None, None]
    assert reserve(state) == [("blue", 0), ("purple", 6)]


def test_worked_example_take_stars() -> None:
    state = _worked_example()
    act(state, {"type": "take_stars", "rows": [3]})
    assert sum(state.sheets[1].multipliers) == 1
    assert reserve(state) == [("blue", 4), ("purple", 6), ("yellow", 4)]
    assert ds.to_move(state) == [0] and ds.view(state, None)["phase"] == "refill"
    act(state, {"type": "refill", "return_reserve": False})
    assert sum(state.discard) == 0


# --- Errors, JSON, view, fitting choices --------------------------------------------------------


def test_turn_order_and_phase_errors() -> None:
    state = new(2)
    assert unchanged_after_error(state, 1, {"type": "draw", "n": 3}) == "ds-error-not-your-turn"
    assert unchanged_after_error(state, 0, {"type": "jump"}) == "ds-error-unknown-action"
    assert unchanged_after_error(state, 0, {"type": "take_number", "n": 4}) == (
        "ds-error-draw-first"
    )
    assert unchanged_after_error(state, CHANCE, {"type": "dice", "dice": []}) == (
        "ds-error-no-chance-due"
    )
    ds.apply(state, 0, {"type": "draw", "n": 3})
    assert unchanged_after_error(state, 0, {"type": "take_number", "n": 4}) == (
        "ds-error-dice-pending"
    )
    roll(state, ("blue", 4), ("blue", 5), ("yellow", 0))
    assert unchanged_after_error(state, 0, {"type": "draw", "n": 1}) == "ds-error-already-drawn"
    assert unchanged_after_error(state, 0, {"type": "take_colour", "colour": "pink"}) == (
        "ds-error-bad-colour"
    )
    assert unchanged_after_error(state, 0, {"type": "take_number", "n": 7}) == (
        "ds-error-bad-number"
    )
    assert unchanged_after_error(state, 0, {"type": "take_number", "n": 3}) == (
        "ds-error-not-in-reserve"
    )
    assert unchanged_after_error(state, 0, {"type": "take_colour", "colour": "black"}) == (
        "ds-error-not-in-reserve"
    )


def test_json_round_trip_at_every_phase() -> None:
    state = ds.new_game(3, 21, {})
    for _ in range(40):
        restored = ds.from_json(json.loads(json.dumps(ds.to_json(state))))
        assert restored == state
        if ds.is_over(state):
            break
        (seat,) = ds.to_move(state)
        if seat == CHANCE:
            ds.apply(state, CHANCE, ds.sample_chance(state))
        else:
            ds.apply(state, seat, ds.autopilot(state, seat))
    assert len(json.dumps(ds.to_json(state))) < 2000


def test_view_is_public_json_and_has_what_a_renderer_needs() -> None:
    state = _worked_example()
    take_colour(state, "blue")
    views = [ds.view(state, viewer) for viewer in (None, 0, 1)]
    assert views[0] == views[1] == views[2]
    table = json.loads(json.dumps(views[0]))
    assert table["phase"] == "draw" and table["current"] == 0
    assert table["reserve"] == [{"colour": "purple", "face": 6}, {"colour": "yellow", "face": 4}]
    assert (table["bag"], table["discard"]) == (8, 4)
    sheet = table["sheets"][1]
    row3 = sheet["rows"][1]
    assert row3["row"] == 3 and row3["white"]["blue"] == {"cross": False, "number": 4}
    assert sheet["rows"][0]["white"]["blue"] == {"cross": True, "number": None}
    assert len(sheet["rows"][0]["green"]) == 4 and sheet["rows"][4]["green"] == []
    assert (row3["multiplier_fields"], row3["multipliers_crossed"]) == (3, 0)
    assert (row3["subtotal"], row3["final"], sheet["total"], sheet["penalty"]) == (4, 4, 4, None)
    assert table["solo"] is None and table["result"] is None


def test_fitting_choices_show_the_dice_of_each_choice() -> None:
    state = _worked_example()
    choices = ds.fitting_choices(state, 1)
    by_key = {(c["kind"], c.get("colour", c.get("n", c.get("count")))): c for c in choices}
    assert by_key["colour", "blue"]["dice"] == [["blue", 4], ["blue", 0]]
    assert by_key["number", 4]["dice"] == [["blue", 4], ["yellow", 4]]
    assert by_key["number", 4]["sum"] == 8
    assert by_key["stars", 1]["dice"] == [["blue", 0]]
    assert ds.view(state, None)["choices"] == ds.reserve_choices(state, 1)


def test_actions_fit_in_a_custom_id() -> None:
    state = _worked_example()
    for action in ds.legal_actions(state, 1):
        assert len(json.dumps(action, separators=(",", ":"))) <= 60


# --- Autopilot -----------------------------------------------------------------------------------


def test_the_autopilot_does_not_gamble_on_stars_it_cannot_complete() -> None:
    state = _worked_example()
    action = ds.autopilot(state, 1)
    assert action["type"] != "take_stars"
    assert action in ds.legal_actions(state, 1)


def test_the_autopilot_takes_stars_that_complete_a_valuable_row() -> None:
    state = new(2)
    state.sheets[0].fields[0][:4] = [9, 9, 9, 9]  # row 2 is worth 36: doubling it pays
    draw(state, ("blue", 0), ("yellow", 0), ("purple", 2))
    assert ds.autopilot(state, 0) == {"type": "take_stars", "rows": [2, 2]}


def test_the_autopilot_takes_forced_stars_and_the_smallest_penalty() -> None:
    state = new(2)
    _nothing_fits(state)
    state.sheets[0].multipliers = [0, 3, 4, 5, 5]
    draw(state, ("blue", 5), ("blue", 5), ("blue", 0))
    assert ds.autopilot(state, 0) == {"type": "take_stars", "rows": [6]}  # completes row 6
    other = new(2)
    _nothing_fits(other)
    other.sheets[0].fields[0] = ["x"] * 8
    draw(other, ("blue", 5), ("blue", 5), ("blue", 2))
    assert ds.autopilot(other, 0) == {"type": "penalty_number", "n": 2}


def test_the_autopilot_is_deterministic_and_leaves_the_state_alone() -> None:
    state = _worked_example()
    before = ds.to_json(state)
    assert ds.autopilot(state, 1) == ds.autopilot(ds.from_json(before), 1)
    assert ds.to_json(state) == before


def test_autopilot_games_play_to_a_sensible_end() -> None:
    totals = []
    for seed in range(30):
        state = ds.new_game(3, seed, {})
        while not ds.is_over(state):
            settle(ds, state)
            if ds.is_over(state):
                break
            (seat,) = ds.to_move(state)
            action = ds.autopilot(state, seat)
            assert action in ds.legal_actions(state, seat)
            if action["type"] == "take_stars":
                free = [
                    ds.MULTIPLIER_FIELDS[r] - m
                    for r, m in zip(ds.ROWS, state.sheets[seat].multipliers, strict=True)
                ]
                fits_other = any(
                    a["type"] in ("take_colour", "take_number")
                    for a in ds.legal_actions(state, seat)
                )
                if fits_other:
                    assert all(action["rows"].count(r) == free[r - 2] for r in action["rows"])
            ds.apply(state, seat, action)
        totals.extend(ds.scores(state))
    assert sum(totals) / len(totals) > 80  # random play averages about half of that


def test_the_autopilot_beats_random_play_and_sometimes_the_solo_opponent() -> None:
    autopilot_wins, solo_outcomes = 0, []
    for seed in range(30):
        rnd = random.Random(seed)
        duel = ds.new_game(2, seed, {})
        while not ds.is_over(duel):
            settle(ds, duel)
            if ds.is_over(duel):
                break
            (seat,) = ds.to_move(duel)
            legal = ds.legal_actions(duel, seat)
            ds.apply(duel, seat, ds.autopilot(duel, seat) if seat == 0 else rnd.choice(legal))
        autopilot_wins += ds.ranking(duel)[0] == 1
        solo = ds.new_game(1, seed, {})
        while not ds.is_over(solo):
            settle(ds, solo)
            if not ds.is_over(solo):
                ds.apply(solo, 0, ds.autopilot(solo, 0))
        solo_outcomes.append(ds.result(solo)["outcome"])
    assert autopilot_wins >= 25
    assert "solo_win" in solo_outcomes


# --- Random playouts ----------------------------------------------------------------------------


def independent_total(sheet_view: dict[str, Any]) -> int:
    total = 0
    for row in sheet_view["rows"]:
        cells = [*row["white"].values(), *row["green"]]
        subtotal = sum(c["number"] or 0 for c in cells)
        crossed, fields = row["multipliers_crossed"], row["multiplier_fields"]
        total += subtotal if crossed == 0 else 2 * subtotal if crossed == fields else 0
    return total - (sheet_view["penalty"] or 0)


FACES_BY_INDEX = [set(ds.FACES[c]) for c in COLOURS]
MULTIPLIER_ROOM = [ds.MULTIPLIER_FIELDS[r] for r in ds.ROWS]


def check_invariants(state: ds.State, seat: int) -> None:
    """What must hold after every step; ``seat`` acted last (only its sheet changed)."""
    dice = [b + d for b, d in zip(state.bag, state.discard, strict=True)]
    for colour, face in state.reserve:
        dice[colour] += 1
        assert face in FACES_BY_INDEX[colour]
    assert dice == [2, 3, 4, 5]  # the 14 dice: bag + reserve + discard
    assert min(state.bag) >= 0 and min(state.discard) >= 0
    if state.phase == "draw":
        assert sum(state.bag) >= 1
    if seat != CHANCE:
        multipliers = state.sheets[seat].multipliers
        assert all(0 <= m <= room for m, room in zip(multipliers, MULTIPLIER_ROOM, strict=True))
    assert max(state.turns) - min(state.turns) <= 1
    assert 0 <= state.solo_crosses <= 24


def play_random_game(seed: int, seats: int, autopilot: bool) -> tuple[ds.State, list]:
    rnd = random.Random(seed)
    state = ds.new_game(seats, seed, {"host_starts": seed % 3 == 0})
    log = []
    while not ds.is_over(state):
        (seat,) = ds.to_move(state)
        if seat == CHANCE:
            action = ds.sample_chance(state)
        else:
            legal = ds.legal_actions(state, seat)
            if autopilot:
                action = ds.autopilot(state, seat)
                assert action in legal
            else:
                kinds = sorted({a["type"] for a in legal})
                kind = rnd.choice(kinds)  # one kind first: star placements would crowd out
                action = rnd.choice([a for a in legal if a["type"] == kind])
        ds.apply(state, seat, action)
        log.append((seat, action))
        check_invariants(state, seat)
    return state, log


def test_two_thousand_random_games() -> None:
    outcomes = set()
    for seed in range(2000):
        seats = seed % 4 + 1
        state, log = play_random_game(seed, seats, autopilot=seed % 10 == 0)
        table = ds.view(state, None)
        assert ds.scores(state) == [independent_total(s) for s in table["sheets"]]
        if seats > 1:
            assert len(set(state.turns)) == 1  # everybody had the same number of turns
            assert state.end_triggered
        outcomes.add(table["result"]["outcome"])
        replay = ds.new_game(seats, seed, {"host_starts": seed % 3 == 0})
        for seat, action in log:
            ds.apply(replay, seat, action)
        assert ds.to_json(replay) == ds.to_json(state)
        if seed % 20 == 0:  # seed + player actions, chance settled from the seeded source
            again = ds.new_game(seats, seed, {"host_starts": seed % 3 == 0})
            for seat, action in log:
                if seat != CHANCE:
                    settle(ds, again)
                    ds.apply(again, seat, action)
            assert ds.to_json(again) == ds.to_json(state)
    assert {"win", "solo_grid_full"} <= outcomes


def test_legal_actions_and_apply_agree_on_random_candidates() -> None:
    """Every move outside legal_actions is refused with the state untouched."""
    candidates: list[dict[str, Any]] = [
        {"type": "refill", "return_reserve": False},
        {"type": "refill", "return_reserve": True},
        *({"type": "draw", "n": n} for n in range(0, 5)),
        *({"type": t, "colour": c} for t in ("take_colour", "penalty_colour") for c in COLOURS),
        *({"type": t, "n": n} for t in ("take_number", "penalty_number") for n in range(1, 8)),
    ]
    for seed in range(100):
        rnd = random.Random(seed)
        state = ds.new_game(seed % 4 + 1, seed, {})
        while not ds.is_over(state):
            settle(ds, state)
            if ds.is_over(state):
                break
            (seat,) = ds.to_move(state)
            legal = ds.legal_actions(state, seat)
            stars = {
                "type": "take_stars",
                "rows": sorted(rnd.choices(ds.ROWS, k=rnd.randint(1, 3))),
            }
            for action in [*rnd.sample(candidates, 6), stars]:
                if action not in legal:
                    unchanged_after_error(state, seat, action)
            for other in range(state.seats):
                if other != seat:
                    assert ds.legal_actions(state, other) == []
            ds.apply(state, seat, rnd.choice(legal))


# --- Texts ---------------------------------------------------------------------------------------

LOCALES = Path(ds.__file__).resolve().parent.parent / "locales"
EVENT_TYPES = {
    "start_player", "turn", "refill", "draw", "dice", "take_colour", "take_number", "take_stars",
    "penalty_colour", "penalty_number", "refill_due", "end_triggered", "solo_marks",
    "solo_grid_full", "game_over",
}  # fmt: skip


@functools.cache
def bundles() -> dict[str, FluentBundle]:
    found = {}
    for language in ("en", "de", "fr"):
        bundle = FluentBundle([language], use_isolating=False)
        text = (LOCALES / language / "dice_stars.ftl").read_text(encoding="utf-8")
        bundle.add_resource(FluentResource(text))
        found[language] = bundle
    return found


def fluent_args(args: dict[str, Any]) -> dict[str, Any]:
    """Event or error arguments as a cog passes them: names for seats, lists as text."""
    passed: dict[str, Any] = {"player": "Ada", "winners": "Ada, Bo"}
    if isinstance(args.get("rows"), list):  # stars taken: each row named once, and how many
        passed["lines"] = len(set(args["rows"]))
    for name, value in args.items():
        if isinstance(value, list):
            passed[name] = ", ".join(str(item) for item in value)
        elif isinstance(value, bool | dict):
            continue
        else:
            passed[name] = value
    return passed


def format_everywhere(key: str, args: dict[str, Any]) -> list[str]:
    texts = []
    for language, bundle in bundles().items():
        assert bundle.has_message(key), f"{language}: {key}"
        text, errors = bundle.format_pattern(bundle.get_message(key).value, fluent_args(args))
        assert not errors, f"{language} {key}: {errors}"
        texts.append(text)
    return texts


def test_every_event_has_a_text_in_three_languages() -> None:
    seen: dict[str, list[dict[str, Any]]] = {}
    for seed in range(120):
        state = ds.new_game(seed % 4 + 1, seed, {})
        rnd = random.Random(seed)
        while not ds.is_over(state):
            (seat,) = ds.to_move(state)
            action = (
                ds.sample_chance(state)
                if seat == CHANCE
                else rnd.choice(ds.legal_actions(state, seat))
            )
            for happened in ds.apply(state, seat, action):
                seen.setdefault(happened["type"], []).append(happened)
    assert set(seen) == EVENT_TYPES
    for kind, events in seen.items():
        for happened in events[:40]:
            en, de, fr = format_everywhere(f"ds-event-{kind}", happened)
            assert len({en, de, fr}) == 3, en


def test_every_error_has_a_text_in_three_languages() -> None:
    source = Path(ds.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'"(ds-error-[a-z-]+)"', source))
    assert len(keys) >= 20
    sample = {"colour": "purple", "n": 3, "count": 2, "stars": 2, "given": 1, "row": 4}
    sample |= {"free": 1, "most": 2, "face": 7}
    for key in keys:
        for choice in ("colour", "number", "stars"):
            en, de, fr = format_everywhere(key, sample | {"choice": choice})
            assert len({en, de, fr}) == 3, en
