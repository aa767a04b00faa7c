"""The daily challenge's attempts: the records, the error and the SQL both engines run.

An attempt is a row keyed by (game kind, UTC day, user): the database itself refuses a second
ranked attempt, whichever bot process asks (:class:`~storage.database.DailyTaken`). The row is
written with its game in one transaction, so an attempt always has its game and its move log.
Its score stays empty until the attempt ends (finished, or its day ended first); only ended
attempts are ranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DailyEntry:
    """One player's attempt at one day's game: where it was played, how it ended.

    ``day`` is the UTC date as ``YYYY-MM-DD``; ``guild_id`` the server it was started from
    (``None`` in a DM); ``summary`` the spoiler-free line of an ended attempt.
    """

    kind: str
    day: str
    user_id: int
    game_id: int
    guild_id: int | None
    name: str
    level: str
    started_at: float
    score: int | None = None
    summary: str = ""
    ended: bool = False
    announced: bool = False  # its result sent to the player and to the channel


@dataclass(frozen=True)
class DailyRank:
    """Where a score stands among the ended attempts of a day: ``rank`` of ``players``."""

    rank: int
    players: int


_COLUMNS = (
    "kind, day, user_id, game_id, guild_id, name, level, started_at, score, summary, ended,"
    " announced"
)


class DailySQL:
    """Statements with SQLite's ``?`` marks (PostgreSQL numbers them)."""

    INSERT = (
        f"INSERT INTO daily ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, '', 0, 0)"
        " ON CONFLICT (kind, day, user_id) DO NOTHING"
    )
    ENTRY = f"SELECT {_COLUMNS} FROM daily WHERE kind = ? AND day = ? AND user_id = ?"
    OF_GAME = f"SELECT {_COLUMNS} FROM daily WHERE game_id = ?"
    END = "UPDATE daily SET score = ?, summary = ?, ended = 1 WHERE game_id = ? AND ended = 0"
    # The best first; an equal score goes to the earlier start, then the smaller id.
    _ORDER = " ORDER BY score DESC, started_at, user_id"
    BOARD = f"SELECT {_COLUMNS} FROM daily WHERE kind = ? AND day = ? AND ended = 1"
    BOARD_OF_GUILD = f"{BOARD} AND guild_id = ?"
    RANK = (
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN score > ? THEN 1 ELSE 0 END), 0)"
        " FROM daily WHERE kind = ? AND day = ? AND ended = 1"
    )
    RANK_IN_GUILD = f"{RANK} AND guild_id = ?"
    DAYS = "SELECT day FROM daily WHERE kind = ? AND user_id = ? ORDER BY day DESC LIMIT ?"
    ANNOUNCED = "UPDATE daily SET announced = 1 WHERE game_id = ?"
    # Ended and not announced, or not even ended although its game is over: a process died
    # between the game's last save and the result's messages.
    UNANNOUNCED = (
        f"SELECT {_COLUMNS} FROM daily WHERE announced = 0 AND (ended = 1 OR EXISTS ("
        "SELECT 1 FROM games WHERE games.id = daily.game_id"
        " AND games.status NOT IN ('lobby', 'active'))) ORDER BY game_id LIMIT ?"
    )
    UNENDED = (
        f"SELECT {_COLUMNS} FROM daily WHERE ended = 0 AND day < ? ORDER BY day, game_id LIMIT ?"
    )

    @staticmethod
    def board(in_guild: bool) -> str:
        return (DailySQL.BOARD_OF_GUILD if in_guild else DailySQL.BOARD) + (
            DailySQL._ORDER + " LIMIT ?"
        )


def daily_entry(row: Sequence[Any]) -> DailyEntry:
    """An attempt from a row of ``_COLUMNS``, in their order."""
    *fields, ended, announced = row
    return DailyEntry(*fields, ended=bool(ended), announced=bool(announced))


def board_arguments(kind: str, day: str, guild_id: int | None, limit: int) -> tuple[Any, ...]:
    return (kind, day, limit) if guild_id is None else (kind, day, guild_id, limit)


def rank_arguments(kind: str, day: str, score: int, guild_id: int | None) -> tuple[Any, ...]:
    return (score, kind, day) if guild_id is None else (score, kind, day, guild_id)


def daily_rank(row: Sequence[Any]) -> DailyRank:
    return DailyRank(rank=int(row[1]) + 1, players=int(row[0]))
