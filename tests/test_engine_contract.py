"""What every engine promises the table cog, checked the same way for all three games."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games import dice_stars, dizzle, stella
from games.dizzle_levels import level_to_json, parse_level
from games.engine import CHANCE, settle

LEVEL = Path(__file__).resolve().parent.parent / "games" / "levels" / "level3.toml"


def new(engine, seats: int, seed: int):
    options: dict = {}
    if engine is dizzle:
        options = {"level": level_to_json(parse_level(LEVEL.read_text("utf-8"), LEVEL.name))}
    if engine is stella:
        options = {"deck_size": 120}
    return engine.new_game(seats, seed, options)


def choose(engine, state) -> tuple[int, dict] | None:
    """The first seat to act and its move (autopilot, else a legal action); None at the end."""
    movers = engine.to_move(state)
    if not movers:
        return None
    seat = movers[0]
    legal = engine.legal_actions(state, seat)
    try:
        action = engine.autopilot(state, seat)
    except Exception:
        action = legal[-1]
    if engine is stella and state.phase == "marking":
        action = legal[-1] if legal[-1]["type"] == "lock_in" else legal[seat % len(legal)]
    return seat, action


def step(engine, state) -> bool:
    """Chance, then one move; False at the end."""
    settle(engine, state)
    chosen = choose(engine, state)
    if chosen is not None:
        engine.apply(state, *chosen)
    return chosen is not None


@pytest.mark.parametrize("engine", [dice_stars, dizzle, stella], ids=lambda e: e.INFO.kind)
def test_applying_moves_never_changes_the_json_a_state_was_read_from(engine):
    state = new(engine, 3, seed=11)
    for _ in range(40):
        snapshot = json.loads(json.dumps(engine.to_json(state)))
        frozen = copy.deepcopy(snapshot)
        state = engine.from_json(snapshot)
        if not step(engine, state):
            break
        assert snapshot == frozen


@pytest.mark.parametrize("engine", [dice_stars, dizzle, stella], ids=lambda e: e.INFO.kind)
def test_chance_is_its_own_step_and_an_injected_outcome_is_applied(engine):
    state = new(engine, 3, seed=5)
    while engine.to_move(state) != [CHANCE]:
        assert step(engine, state)
    outcome = engine.sample_chance(state)
    engine.apply(state, CHANCE, outcome)
    assert engine.to_move(state) != [CHANCE] or outcome != engine.sample_chance(state)


@pytest.mark.parametrize("engine", [dice_stars, dizzle, stella], ids=lambda e: e.INFO.kind)
def test_views_and_actions_are_json(engine):
    state = new(engine, 3, seed=3)
    for _ in range(30):
        settle(engine, state)
        for seat in [None, *range(3)]:
            json.dumps(engine.view(state, seat))
        for seat in engine.to_move(state):
            for action in engine.legal_actions(state, seat):
                assert len(json.dumps(action, separators=(",", ":"))) <= 80
        if not step(engine, state):
            break


@pytest.mark.parametrize("engine", [dice_stars, dizzle, stella], ids=lambda e: e.INFO.kind)
def test_seed_and_the_whole_log_replay_exactly_and_so_do_the_players_moves_alone(engine):
    state = new(engine, 3, seed=21)
    log: list[tuple[int, dict]] = []
    for _ in range(300):
        for outcome, _events in settle(engine, state):
            log.append((CHANCE, outcome))
        chosen = choose(engine, state)
        if chosen is None:
            break
        engine.apply(state, *chosen)
        log.append(chosen)
    full = new(engine, 3, seed=21)
    for seat, action in log:
        engine.apply(full, seat, action)
    assert engine.to_json(full) == engine.to_json(state)
    players_only = new(engine, 3, seed=21)
    for seat, action in log:
        if seat != CHANCE:
            settle(engine, players_only)
            engine.apply(players_only, seat, action)
    settle(engine, players_only)
    assert engine.to_json(players_only) == engine.to_json(state)
