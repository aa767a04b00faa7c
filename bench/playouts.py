"""Seeded games of the three titles, played by the players' autopilot, for every area.

Stella's players here mark 1-4 random cards of the grid and lock in, which is what a quick
human does, and designate as the engine's autopilot (the computer seats) does; ``bench.stella_ai``
plays the computers' own marking.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from games import dice_stars, dizzle, stella
from games.dizzle_levels import level_to_json, parse_level
from games.engine import CHANCE, Action
from rendering import stella_cards

TITLES = ("dice_stars", "dizzle", "stella")
ENGINES: dict[str, ModuleType] = {"dice_stars": dice_stars, "dizzle": dizzle, "stella": stella}
LEVELS = Path(dizzle.__file__).resolve().parent / "levels"
NAMES = ["Bärbel-Françoise Großmann", "Al", "Chloé", "Dmitri", "Zoë", "Anna"]
MOVE_CAP = 5000  # a safety net: an engine bug must not spin the bench forever


@cache
def level_json(number: int) -> dict[str, Any]:
    path = LEVELS / f"level{number}.toml"
    return level_to_json(parse_level(path.read_text(encoding="utf-8"), path.name))


def new_state(title: str, seats: int, seed: int) -> Any:
    if title == "dizzle":
        options: dict[str, Any] = {"level": level_json(seed % 4 + 1)}
    elif title == "stella":
        options = {"preset": "seed", "deck_size": stella_cards.DECK_SIZE}
    else:
        options = {}
    return ENGINES[title].new_game(seats, seed, options)


def choose(title: str, state: Any, seat: int, rng: random.Random) -> Action:
    """The move a player at this seat makes now."""
    if title == "stella" and state.phase == stella.MARKING:
        if not state.slates[seat]:
            cards = rng.sample(range(stella.GRID_SIZE), rng.randint(1, 4))
            return {"type": "set_marks", "cards": sorted(cards)}
        return {"type": "lock_in"}
    return ENGINES[title].autopilot(state, seat)


Step = tuple[int, Action]  # (seat or CHANCE, action)


def steps(title: str, state: Any, seed: int) -> Iterator[Step]:
    """Play the game to its end, yielding each step right after it was applied."""
    engine = ENGINES[title]
    rng = random.Random(seed)
    for _ in range(MOVE_CAP):
        if engine.is_over(state):
            return
        seat = engine.to_move(state)[0]
        action = engine.sample_chance(state) if seat == CHANCE else choose(title, state, seat, rng)
        engine.apply(state, seat, action)
        yield seat, action
    raise RuntimeError(f"{title}: the game did not end within {MOVE_CAP} steps")


def playout(title: str, seats: int, seed: int) -> tuple[Any, list[Step]]:
    """A whole game: the final state and every step (chance outcomes included)."""
    state = new_state(title, seats, seed)
    return state, list(steps(title, state, seed))


def positions(
    title: str, seats: int, seed: int, wanted: Callable[[Any], bool] = lambda state: True
) -> list[Any]:
    """Copies of the states a game passes through where players act and ``wanted`` holds."""
    engine = ENGINES[title]
    state = new_state(title, seats, seed)
    found = []
    for _ in steps(title, state, seed):
        if engine.to_move(state) != [CHANCE] and wanted(state):
            found.append(engine.from_json(engine.to_json(state)))
    return found
