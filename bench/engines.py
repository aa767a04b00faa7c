"""Engines: whole 4-player games played by the autopilot, per second, per title.

Besides the target figure, the cost of one move the way the bot pays it (the state read from
its JSON text, the move applied with the chance steps after it, the state written back as
JSON text) is measured, since every click does exactly that.
"""

from __future__ import annotations

import itertools
import json
import random
import time

from bench.measure import Figure, median, p99
from bench.playouts import ENGINES, TITLES, choose, new_state, playout
from games.engine import CHANCE, settle

GAMES_PER_SECOND = 50
SEATS = 4


def run(quick: bool) -> list[Figure]:
    budget = 1.0 if quick else 4.0
    figures: list[Figure] = []
    for title in TITLES:
        figures += _games_per_second(title, budget)
        figures += _bot_move(title, games=2 if quick else 6)
    return figures


def _games_per_second(title: str, budget: float) -> list[Figure]:
    played, moves = 0, 0
    start = time.perf_counter()
    for seed in itertools.count(1):
        _, taken = playout(title, SEATS, seed)
        played += 1
        moves += sum(1 for seat, _ in taken if seat != CHANCE)
        if time.perf_counter() - start >= budget and played >= 3:
            break
    elapsed = time.perf_counter() - start
    return [
        Figure(
            "engines",
            f"{title}: autopilot games per second",
            played / elapsed,
            "games/s",
            GAMES_PER_SECOND,
            at_least=True,
            note=f"{played} games, {moves / played:.0f} player moves each",
        )
    ]


def _bot_move(title: str, games: int) -> list[Figure]:
    """One click's engine work: JSON text -> state, apply, chance steps, state -> JSON text."""
    engine = ENGINES[title]
    seconds: list[float] = []
    for seed in range(100, 100 + games):
        state = new_state(title, SEATS, seed)
        settle(engine, state)
        rng = random.Random(seed)
        text = json.dumps(engine.to_json(state))
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            action = choose(title, state, seat, rng)
            start = time.perf_counter()
            state = engine.from_json(json.loads(text))
            engine.apply(state, seat, action)
            settle(engine, state)
            text = json.dumps(engine.to_json(state), separators=(",", ":"))
            seconds.append(time.perf_counter() - start)
    return [
        Figure(
            "engines",
            f"{title}: one move as the bot does it, median",
            median(seconds) * 1e6,
            "µs",
            note=f"p99 {p99(seconds) * 1e6:.0f} µs over {len(seconds)} moves",
        )
    ]
