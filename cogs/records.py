"""Records and statistics from the seats of finished games, keyed by Discord user id.

Plain functions over :class:`storage.SeatResult` rows (no Discord). What counts, and why:

- a computer seat never holds a record or a win (it has no user id to hold one);
- a seat whose player left is a game played, but neither a win nor a best score: the
  autopilot played most of it;
- a win is a first place (ties share it) at a table of two seats or more; a solo game is
  played against the sheet, not against anyone;
- the name shown for a user is the one of their latest game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage import SeatResult

if TYPE_CHECKING:
    from cogs.plugin import GamePlugin
    from games.table import Table


@dataclass(frozen=True)
class PlayerStats:
    """One player's games of one kind."""

    games: int = 0
    wins: int = 0
    best: int | None = None


@dataclass(frozen=True)
class Record:
    """A server record: what it is about (a kind, maybe a variant), the holder and the figure."""

    kind: str
    variant: str
    user_id: int
    name: str
    value: int


def seat_results(plugin: GamePlugin, table: Table) -> list[SeatResult]:
    """The seats of a finished table as kept for records."""
    state = plugin.engine.from_json(table.state or {})
    scores = plugin.engine.scores(state)
    places = plugin.engine.ranking(state)
    variant = plugin.record_variant(table)
    return [
        SeatResult(
            seat=index,
            user_id=None if seat.computer else seat.user_id,
            name=seat.name,
            computer=seat.computer,
            left=seat.left,
            score=scores[index] if index < len(scores) else None,
            place=places[index] if index < len(places) else None,
            variant=variant,
            table_size=len(table.seats),
        )
        for index, seat in enumerate(table.seats)
    ]


def counts(row: SeatResult) -> bool:
    """Whether a seat's score and place count for its player."""
    return not row.computer and row.user_id is not None and not row.left


def is_win(row: SeatResult) -> bool:
    return counts(row) and row.place == 1 and row.table_size >= 2


def latest_names(rows: list[SeatResult]) -> dict[int, str]:
    """Each user's name at their latest game (``rows`` come newest first)."""
    names: dict[int, str] = {}
    for row in rows:
        if row.user_id is not None and not row.computer:
            names.setdefault(row.user_id, row.name)
    return names


def player_stats(rows: list[SeatResult], user_id: int) -> dict[str, PlayerStats]:
    """A player's games, wins and best score per game kind."""
    stats: dict[str, PlayerStats] = {}
    for row in rows:
        if row.user_id != user_id or row.computer:
            continue
        now = stats.get(row.kind, PlayerStats())
        best = now.best
        if counts(row) and row.score is not None and (best is None or row.score > best):
            best = row.score
        stats[row.kind] = PlayerStats(now.games + 1, now.wins + is_win(row), best)
    return stats


def best_score(rows: list[SeatResult], kind: str, solo: bool = False) -> list[Record]:
    """The best score of a kind (per variant when ``solo``: one record per sheet played alone).

    The earliest game keeps a record that is only equalled (``rows`` come newest first).
    """
    names = latest_names(rows)
    best: dict[str, Record] = {}
    for row in reversed(rows):
        if row.kind != kind or not counts(row) or row.score is None:
            continue
        if solo and row.table_size != 1:
            continue
        variant = row.variant if solo else ""
        held = best.get(variant)
        if held is None or row.score > held.value:
            user = row.user_id or 0
            best[variant] = Record(kind, variant, user, names.get(user, row.name), row.score)
    return [best[variant] for variant in sorted(best)]


def most_wins(rows: list[SeatResult], kind: str) -> Record | None:
    """Who won a kind most often (on a tie, the one whose first win came first)."""
    names = latest_names(rows)
    wins: Counter[int] = Counter()
    for row in reversed(rows):
        if row.kind == kind and is_win(row) and row.user_id is not None:
            wins[row.user_id] += 1
    if not wins:
        return None
    user, count = wins.most_common(1)[0]
    return Record(kind, "", user, names[user], count)
