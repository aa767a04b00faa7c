"""Games and their move log in SQLite (aiosqlite), knowing no game and no Discord type.

A game row holds a JSON snapshot and a version number. Every save names the version it was
loaded at and fails with :class:`StaleVersion` if someone saved in between, so a change is
applied once or not at all. Moves are an append-only log saved in the same transaction.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from storage.migrations import MIGRATIONS

OPEN_STATUSES = ("lobby", "active")
CLOSED_STATUSES = ("finished", "cancelled", "abandoned")


class StorageError(Exception):
    """Base of the errors this layer raises."""


class StaleVersion(StorageError):
    """The game changed since it was loaded; nothing was written."""


class ChannelBusy(StorageError):
    """The channel already has an open game."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: str
    snapshot: dict[str, Any]
    version: int
    created_at: float
    updated_at: float
    finished_at: float | None


@dataclass(frozen=True)
class MoveRecord:
    seq: int
    seat: int | None
    action: dict[str, Any]
    actor: str
    created_at: float


_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, snapshot, version, created_at, updated_at, finished_at"
)


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _game(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        status=row[4],
        snapshot=json.loads(row[5]),
        version=row[6],
        created_at=row[7],
        updated_at=row[8],
        finished_at=row[9],
    )


class Database:
    """One connection; writes are serialised so each transaction is whole."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=NORMAL")
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        database = cls(connection)
        await database._migrate()
        return database

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("SELECT MAX(version) FROM schema_version") as cursor:
            row = await cursor.fetchone()
        return row[0] or 0

    async def _migrate(self) -> None:
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION)"
        )
        current = await self.schema_version()
        for version, script in MIGRATIONS:
            if version <= current:
                continue
            async with self._write_lock:
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(script):
                        await self._db.execute(statement)
                    await self._db.execute(
                        "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
                        (version, time.time()),
                    )
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        snapshot: dict[str, Any],
        status: str = "lobby",
    ) -> GameRecord:
        now = time.time()
        async with self._write_lock:
            try:
                cursor = await self._db.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, status, snapshot, version,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
                    (guild_id, channel_id, kind, status, _dump(snapshot), now, now),
                )
            except aiosqlite.IntegrityError:
                raise ChannelBusy(channel_id) from None
            game_id = cursor.lastrowid
        return GameRecord(game_id, guild_id, channel_id, kind, status, snapshot, 1, now, now, None)

    async def load_game(self, game_id: int) -> GameRecord | None:
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _game(row) if row else None

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in play, if any."""
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games"
            " WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return _game(row) if row else None

    async def save_game(
        self,
        game_id: int,
        expected_version: int,
        snapshot: dict[str, Any],
        *,
        status: str,
        moves: Sequence[tuple[int | None, dict[str, Any], str]] = (),
    ) -> int:
        """Write a new snapshot and append moves in one transaction; returns the new version.

        ``moves`` are ``(seat, action, actor)``; their sequence numbers continue the log.
        """
        now = time.time()
        finished_at = now if status in CLOSED_STATUSES else None
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = await self._db.execute(
                    "UPDATE games SET snapshot = ?, status = ?, version = version + 1,"
                    " updated_at = ?, finished_at = COALESCE(finished_at, ?)"
                    " WHERE id = ? AND version = ?",
                    (_dump(snapshot), status, now, finished_at, game_id, expected_version),
                )
                if cursor.rowcount != 1:
                    raise StaleVersion(game_id)
                if moves:
                    async with self._db.execute(
                        "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,)
                    ) as seq_cursor:
                        last = (await seq_cursor.fetchone())[0]
                    await self._db.executemany(
                        "INSERT INTO moves (game_id, seq, seat, action, actor, created_at)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            (game_id, last + i, seat, _dump(action), actor, now)
                            for i, (seat, action, actor) in enumerate(moves, start=1)
                        ],
                    )
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
        return expected_version + 1

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._db.execute(
            "SELECT seq, seat, action, actor, created_at FROM moves WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ) as cursor:
            rows = await cursor.fetchall()
        return [MoveRecord(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    async def guild_games(
        self, guild_id: int, statuses: Sequence[str] = CLOSED_STATUSES, limit: int = 25
    ) -> list[GameRecord]:
        """A guild's games with the given statuses, most recently changed first."""
        marks = ", ".join("?" for _ in statuses)
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks})"
            " ORDER BY updated_at DESC, id DESC LIMIT ?",
            (guild_id, *statuses, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [_game(row) for row in rows]

    async def set_deadline(
        self, game_id: int, version: int, due_at: float, remind_at: float | None
    ) -> None:
        """The game's deadline from now on (replacing any earlier one)."""
        async with self._write_lock:
            await self._db.execute(
                "INSERT INTO deadlines (game_id, version, due_at, remind_at, reminded)"
                " VALUES (?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET"
                " version = excluded.version, due_at = excluded.due_at,"
                " remind_at = excluded.remind_at, reminded = 0",
                (game_id, version, due_at, remind_at),
            )

    async def clear_deadline(self, game_id: int) -> None:
        async with self._write_lock:
            await self._db.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        """Claim the reminder once; False if it was sent already or the deadline changed."""
        async with self._write_lock:
            cursor = await self._db.execute(
                "UPDATE deadlines SET reminded = 1"
                " WHERE game_id = ? AND version = ? AND reminded = 0",
                (game_id, version),
            )
        return cursor.rowcount == 1

    async def claim_deadline(self, game_id: int, version: int) -> bool:
        """Take an expired deadline off the list; only one caller ever gets True."""
        async with self._write_lock:
            cursor = await self._db.execute(
                "DELETE FROM deadlines WHERE game_id = ? AND version = ?", (game_id, version)
            )
        return cursor.rowcount == 1

    async def deadlines(self, before: float | None = None, limit: int = 100) -> list[Deadline]:
        """Pending deadlines, the soonest first (only those due before ``before`` if given)."""
        query = "SELECT game_id, version, due_at, remind_at, reminded FROM deadlines"
        args: tuple[Any, ...] = ()
        if before is not None:
            query += " WHERE due_at <= ? OR (reminded = 0 AND remind_at <= ?)"
            args = (before, before)
        query += " ORDER BY MIN(due_at, COALESCE(remind_at, due_at)) LIMIT ?"
        async with self._db.execute(query, (*args, limit)) as cursor:
            rows = await cursor.fetchall()
        return [Deadline(r[0], r[1], r[2], r[3], bool(r[4])) for r in rows]

    async def open_games(self) -> list[GameRecord]:
        """Every game in a lobby or in play (start-up restores their timers and views)."""
        async with self._db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        ) as cursor:
            rows = await cursor.fetchall()
        return [_game(row) for row in rows]


@dataclass(frozen=True)
class Deadline:
    game_id: int
    version: int
    due_at: float
    remind_at: float | None
    reminded: bool

    @property
    def next_at(self) -> float:
        """When something is next to do: the reminder if still pending, else the deadline."""
        if self.remind_at is not None and not self.reminded:
            return min(self.remind_at, self.due_at)
        return self.due_at


def _statements(script: str) -> list[str]:
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
