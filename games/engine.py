"""The contract every game engine follows, and the small pieces they share.

An engine is a module (``games/dice_stars.py`` ...) exposing the functions of :class:`Engine`.
States are plain dataclasses that round-trip through JSON. Actions and events are JSON-able
dicts with a ``"type"`` key, so they can be logged, replayed and carried in custom_ids.

Randomness is an explicit step, as OpenSpiel's chance nodes: when :func:`Engine.to_move`
returns ``[CHANCE]``, the next step is ``apply(state, CHANCE, outcome)``. The normal flow takes
the outcome from :func:`Engine.sample_chance` (the state's seeded source); a test may apply any
outcome it wants. :func:`settle` runs the chance steps until a player must act.

``sample_chance`` only reads the source; applying an outcome advances it. So the seed plus the
whole log (players' actions and chance outcomes) replays to exactly the same state, and so does
the seed plus the players' actions with chance settled again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Action = dict[str, Any]
Event = dict[str, Any]

#: The pseudo-seat that plays chance outcomes (rolls, draws, shuffles).
CHANCE = -1

_MASK64 = (1 << 64) - 1


class RulesError(Exception):
    """A move the rules forbid. ``key`` names the locale message that explains why."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args

    def __repr__(self) -> str:
        return f"RulesError({self.key!r}, {self.args_!r})"


@dataclass
class Rng:
    """SplitMix64: a seeded source whose whole state is one integer, so it fits in JSON.

    Python's ``random.Random`` state is 625 integers; this keeps a stored game small.
    """

    state: int

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[Any]) -> list[Any]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1


def rank(scores: Sequence[Any]) -> list[int]:
    """Places (1-based) for comparable scores, higher is better; ties share a place: 1, 1, 3."""
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


@dataclass(frozen=True)
class Option:
    """A lobby setting a game offers (name, allowed values, default)."""

    name: str
    choices: tuple[Any, ...]
    default: Any


@dataclass(frozen=True)
class GameInfo:
    kind: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default_factory=tuple)


class Engine(Protocol):
    """What ``games/<kind>.py`` offers (as module-level names)."""

    INFO: GameInfo

    def new_game(self, seats: int, seed: int, options: Mapping[str, Any]) -> Any: ...
    def from_json(self, data: Mapping[str, Any]) -> Any: ...
    def to_json(self, state: Any) -> dict[str, Any]: ...
    def to_move(self, state: Any) -> list[int]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action) -> list[Event]: ...
    def sample_chance(self, state: Any) -> Action: ...
    def view(self, state: Any, viewer: int | None) -> dict[str, Any]: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def ranking(self, state: Any) -> list[int]: ...
    def autopilot(self, state: Any, seat: int) -> Action: ...


def settle(engine: Engine, state: Any) -> list[tuple[Action, list[Event]]]:
    """Play chance steps from the state's own source until a player must act (or the end)."""
    steps = []
    while engine.to_move(state) == [CHANCE]:
        outcome = engine.sample_chance(state)
        steps.append((outcome, engine.apply(state, CHANCE, outcome)))
    return steps


#: The event that comes before the events of a move the table made because it was the only one.
ONLY_CHOICE = "only_choice"


def only_action(engine: Engine, state: Any, seat: int) -> Action | None:
    """The seat's one legal action when the rules leave exactly one (a forced choice), else None.

    Such a decision needs nobody's tap: the only draw size, a refill with an empty reserve, the
    one field a die fits, the last unrevealed mark, the only free planet.
    """
    legal = engine.legal_actions(state, seat)
    return legal[0] if len(legal) == 1 else None


def only_choice_event(seat: int, events: int) -> Event:
    """Marks the next ``events`` events as those of a forced move of ``seat``."""
    return {"type": ONLY_CHOICE, "seat": seat, "events": events}
