"""Stella's computer seats: they read the word, mark the pictures that fit it, and take risks.

A computer sees what a player at the table sees: the grid, the word, and from the announcement on
the counts and the revealed cards. Its own slate is the only slate it reads.

- **Marking.** Every card of the grid gets its fit to the word (``games.stella_concepts``), seen a
  little differently by each seat: a seeded nudge from the state's source (the same for the whole
  marking, so asking twice gives the same slate). The seat marks the cards that come close to its
  best one, at least ``fewest`` and at most ``most``: marking many brings Darkness, a lone mark
  falls, so a cautious seat marks few sure cards and a bold one reaches further.
- **Designation.** Its most likely match first: the unrevealed marked card that fits the word
  best (the card the others most likely marked too). The timeout rule of a human scout uses it.

Seat ``s`` plays style ``STYLES[s % 3]``: at a table of one host and two computers, seat 1 is
cautious and seat 2 bold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games import stella as rules
from games.engine import Action, Rng
from games.stella_concepts import Description, description, fit, word_concepts

#: Picture id -> what the card shows (the painted deck's by default).
Describe = Callable[[int], Description]

_MASK64 = (1 << 64) - 1
_SEAT_SALT = 0xD1B54A32D192ED03  # keeps the nudges of different seats apart
_NUDGE_STEPS = 1000


@dataclass(frozen=True)
class Style:
    name: str
    nudge: float  # the largest nudge, as a share of the best fit
    reach: float  # marks the cards seen at least this share of the best one
    fewest: int
    most: int


STYLES = (
    Style("steady", nudge=0.05, reach=0.65, fewest=1, most=3),
    Style("cautious", nudge=0.05, reach=0.8, fewest=1, most=3),
    Style("bold", nudge=0.05, reach=0.55, fewest=1, most=5),
)


def style(seat: int) -> Style:
    return STYLES[seat % len(STYLES)]


def fits(state: rules.State, describe: Describe = description) -> list[float]:
    """Each grid card's fit to this round's word (public: the grid and the word)."""
    concepts = word_concepts(state.words[-1], state.side)
    return [fit(concepts, describe(picture)) for picture in state.grid]


def _nudges(state: rules.State, seat: int) -> list[float]:
    """The seat's own view of the grid this round: drawn from a copy of the state's source.

    The source moves on only with chance steps, so the marking phase reads the same nudges
    from its first move to its last.
    """
    rng = Rng((state.rng.state + (seat + 1) * _SEAT_SALT) & _MASK64)
    return [rng.below(_NUDGE_STEPS) / _NUDGE_STEPS for _ in range(rules.GRID_SIZE)]


def slate(state: rules.State, seat: int, describe: Describe = description) -> list[int]:
    """The cards this seat marks this round (sorted)."""
    own = style(seat)
    scores = fits(state, describe)
    best = max(scores) or 1.0  # a word nothing fits: the nudges alone decide
    seen = [
        score + nudge * own.nudge * best
        for score, nudge in zip(scores, _nudges(state, seat), strict=True)
    ]
    order = sorted(range(rules.GRID_SIZE), key=lambda card: (-seen[card], card))
    close = sum(1 for card in order if seen[card] >= own.reach * seen[order[0]])
    count = min(max(close, own.fewest), own.most)
    return sorted(order[:count])


def designation(state: rules.State, seat: int, describe: Describe = description) -> int:
    """The seat's most likely match among its unrevealed marks (ties: the first on the grid)."""
    revealed = {card for card, _ in state.reveals}
    cards = [card for card in state.slates[seat] if card not in revealed]
    if not cards:
        raise rules.RulesError("st-error-not-your-turn")
    scores = fits(state, describe)
    return min(cards, key=lambda card: (-scores[card], card))


def move(state: rules.State, seat: int, describe: Describe = description) -> Action:
    """The computer's next move: its slate, then lock in; or its designation."""
    if state.phase == rules.MARKING and seat in rules.to_move(state):
        wanted = slate(state, seat, describe)
        if state.slates[seat] != wanted:
            return {"type": "set_marks", "cards": wanted}
        return {"type": "lock_in"}
    if state.phase == rules.EXPLORATION and seat == state.active:
        return {"type": "designate", "card": designation(state, seat, describe)}
    raise rules.RulesError("st-error-not-your-turn")
