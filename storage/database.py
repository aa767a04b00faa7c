"""Games and their move log in SQLite (aiosqlite), knowing no game and no Discord type.

A game row holds a JSON snapshot and a version number. Every save names the version it was
loaded at and fails with :class:`StaleVersion` if someone saved in between, so a change is
applied once or not at all. Moves are an append-only log saved in the same transaction.

The records, the errors and the SQL text (:class:`SQL`) are shared with
:mod:`storage.postgres`, which runs the same statements on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite
import orjson

from fault_points import fault_point
from storage.daily import (
    DailyEntry,
    DailyRank,
    DailySQL,
    board_arguments,
    daily_entry,
    daily_rank,
    rank_arguments,
)
from storage.migrations import MIGRATIONS
from storage.outages import Outage, sqlite_away, watch_outages

OPEN_STATUSES = ("lobby", "active")
CLOSED_STATUSES = ("finished", "cancelled", "abandoned")


BUSY_TIMEOUT = 5.0


class StorageError(Exception):
    """Base of the errors this layer raises."""


class StaleVersion(StorageError):
    """The game changed since it was loaded; nothing was written."""


class ChannelBusy(StorageError):
    """The channel already has an open game."""


class DailyTaken(StorageError):
    """The player has an attempt at that day's game already; nothing was written."""


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


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who sat there and how it ended for them.

    ``left``: the player left (or was removed) and the autopilot played on for them.
    ``variant``: what a record is kept per within a game (e.g. a sheet), or empty.
    Read back, ``game_id``, ``kind`` and ``finished_at`` say which game it was.
    """

    seat: int
    user_id: int | None
    name: str
    computer: bool
    left: bool
    score: int | None
    place: int | None
    variant: str = ""
    table_size: int = 1
    game_id: int = 0
    kind: str = ""
    finished_at: float = 0.0


@dataclass(frozen=True)
class PlayerTotals:
    """One player's finished games of one kind: how many, how many won, the best score."""

    kind: str
    games: int
    wins: int
    best: int | None


@dataclass(frozen=True)
class RecordHolder:
    """A server record: of a kind (and variant), its holder's id and latest name, the figure."""

    kind: str
    variant: str
    user_id: int
    name: str
    value: int


_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, status, snapshot, version, created_at, updated_at, finished_at"
)


class SQL:
    """The statements both engines run, with SQLite's ``?`` marks (PostgreSQL numbers them)."""

    SCHEMA_VERSION_TABLE = (
        "CREATE TABLE IF NOT EXISTS schema_version"
        " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION)"
    )
    SCHEMA_VERSION = "SELECT MAX(version) FROM schema_version"
    INSERT_SCHEMA_VERSION = "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)"
    INSERT_GAME = (
        "INSERT INTO games (guild_id, channel_id, kind, status, snapshot, version,"
        " created_at, updated_at, unshown_since) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)"
    )
    GAME = f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?"
    OPEN_GAME = (
        f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')"
    )
    OPEN_GAMES = (
        f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
    )
    # The version check: a save that read an older version changes no row.
    SAVE_GAME = (
        "UPDATE games SET snapshot = ?, status = ?, version = version + 1,"
        " updated_at = ?, finished_at = COALESCE(finished_at, ?),"
        " unshown_since = CASE WHEN ? = 1 THEN NULL ELSE COALESCE(unshown_since, ?) END"
        " WHERE id = ? AND version = ?"
    )
    # Clearing the mark changes nothing of the game: the version stays, for the saves under way.
    MARK_SHOWN = "UPDATE games SET unshown_since = NULL WHERE id = ? AND version = ?"
    UNSHOWN_GAMES = (
        "SELECT id FROM games WHERE unshown_since IS NOT NULL AND unshown_since <= ?"
        " ORDER BY unshown_since LIMIT ?"
    )
    LAST_MOVE = "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?"
    INSERT_MOVE = (
        "INSERT INTO moves (game_id, seq, seat, action, actor, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)"
    )
    MOVES = "SELECT seq, seat, action, actor, created_at FROM moves WHERE game_id = ? ORDER BY seq"
    SET_DEADLINE = (
        "INSERT INTO deadlines (game_id, version, due_at, remind_at, reminded)"
        " VALUES (?, ?, ?, ?, 0) ON CONFLICT (game_id) DO UPDATE SET"
        " version = excluded.version, due_at = excluded.due_at,"
        " remind_at = excluded.remind_at, reminded = 0"
    )
    CLEAR_DEADLINE = "DELETE FROM deadlines WHERE game_id = ?"
    # Claims: one statement each, so of several callers (or processes) exactly one changes a row.
    MARK_REMINDED = (
        "UPDATE deadlines SET reminded = 1 WHERE game_id = ? AND version = ? AND reminded = 0"
    )
    CLAIM_DEADLINE = "DELETE FROM deadlines WHERE game_id = ? AND version = ?"
    LINK_CHANNEL = (
        "INSERT INTO game_channels (channel_id, game_id) VALUES (?, ?) ON CONFLICT DO NOTHING"
    )
    UNLINK_CHANNEL = "DELETE FROM game_channels WHERE channel_id = ? AND game_id = ?"
    LINKED_GAME = (
        f"SELECT {', '.join('g.' + c for c in _GAME_COLUMNS.split(', '))} FROM games g"
        " JOIN game_channels l ON l.game_id = g.id"
        " WHERE l.channel_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id DESC LIMIT 1"
    )

    INSERT_SEAT_RESULT = (
        "INSERT INTO game_seats (game_id, seat, user_id, name, computer, left_game, score,"
        " place, variant, table_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, seat) DO NOTHING"
    )
    # Finished games without seat rows: those finished before the rows were kept.
    UNRECORDED_GAMES = (
        f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'finished' AND id > ?"
        " AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = games.id)"
        " ORDER BY id LIMIT ?"
    )

    # What counts for records, once for every query: a seat of a Discord user who played it
    # to the end (a computer has no user; the autopilot played the seat of one who left).
    # A win is a first place (ties share it). A solo seat's place is 1 when it won against the
    # game's own opponent, 2 when it lost, none when the solo has no opponent (never a win);
    # a lost solo's score is no best score.
    COUNTS = "s.computer = 0 AND s.left_game = 0 AND s.user_id IS NOT NULL"
    WINS = f"{COUNTS} AND s.place = 1"
    SCORED = f"{COUNTS} AND s.score IS NOT NULL AND (s.table_size >= 2 OR COALESCE(s.place, 1) = 1)"
    _FINISHED_SEATS = (
        " FROM game_seats s JOIN games g ON g.id = s.game_id"
        " WHERE g.guild_id = ? AND g.status = 'finished'"
    )
    _ENDED = "COALESCE(g.finished_at, g.updated_at)"
    PLAYER_TOTALS = (
        f"SELECT g.kind, COUNT(*), SUM(CASE WHEN {WINS} THEN 1 ELSE 0 END),"
        f" MAX(CASE WHEN {SCORED} THEN s.score END)"
        f"{_FINISHED_SEATS} AND s.user_id = ? AND s.computer = 0 GROUP BY g.kind ORDER BY g.kind"
    )
    LATEST_NAME = (
        f"SELECT s.name{_FINISHED_SEATS} AND s.user_id = ? AND s.computer = 0"
        f" ORDER BY {_ENDED} DESC, s.game_id DESC LIMIT 1"
    )
    # The first to reach the most wins keeps the record on a tie.
    MOST_WINS = (
        f"SELECT s.user_id, COUNT(*) AS wins{_FINISHED_SEATS} AND g.kind = ? AND {WINS}"
        f" GROUP BY s.user_id ORDER BY wins DESC, MIN({_ENDED}), s.user_id LIMIT 1"
    )

    @staticmethod
    def best_scores(solo: bool) -> str:
        """The best counted score of a kind: per variant at one-seat tables, or overall.

        An equalled record stays with the earlier game.
        """
        partition = "s.variant" if solo else "g.kind"
        only_solo = " AND s.table_size = 1" if solo else ""
        return (
            "SELECT variant, user_id, score FROM (SELECT s.variant, s.user_id, s.score,"
            f" ROW_NUMBER() OVER (PARTITION BY {partition}"
            f" ORDER BY s.score DESC, {SQL._ENDED}, s.game_id) AS n"
            f"{SQL._FINISHED_SEATS} AND g.kind = ? AND {SQL.SCORED}{only_solo})"
            " best WHERE n = 1 ORDER BY variant"
        )

    @staticmethod
    def seat_results(of_user: bool) -> str:
        query = (
            "SELECT s.seat, s.user_id, s.name, s.computer, s.left_game, s.score, s.place,"
            " s.variant, s.table_size, s.game_id, g.kind,"
            " COALESCE(g.finished_at, g.updated_at) AS ended"
            " FROM game_seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.guild_id = ? AND g.status = 'finished'"
        )
        if of_user:
            query += " AND s.user_id = ?"
        return query + " ORDER BY ended DESC, s.game_id DESC, s.seat LIMIT ?"

    @staticmethod
    def guild_games(status_count: int) -> str:
        marks = ", ".join("?" for _ in range(status_count))
        return (
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks})"
            " ORDER BY updated_at DESC, id DESC LIMIT ?"
        )

    @staticmethod
    def deadlines(due_before: bool) -> str:
        query = "SELECT game_id, version, due_at, remind_at, reminded FROM deadlines"
        if due_before:
            query += " WHERE due_at <= ? OR (reminded = 0 AND remind_at <= ?)"
        # The earlier of reminder and deadline; CASE, as MIN(a, b) is SQLite's own.
        return query + (
            " ORDER BY CASE WHEN remind_at < due_at THEN remind_at ELSE due_at END, game_id LIMIT ?"
        )


def dump(value: Any) -> str:
    """JSON as stored: compact, and readable text for every language.

    orjson writes the same text as ``json.dumps`` in much less time (every change saves the
    whole table); an integer beyond 64 bits, which it refuses, takes the slow road.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def load(text: str | bytes) -> Any:
    return orjson.loads(text)


def seat_result(row: Sequence[Any]) -> SeatResult:
    return SeatResult(
        seat=row[0],
        user_id=row[1],
        name=row[2],
        computer=bool(row[3]),
        left=bool(row[4]),
        score=row[5],
        place=row[6],
        variant=row[7],
        table_size=row[8],
        game_id=row[9],
        kind=row[10],
        finished_at=row[11],
    )


def seat_result_rows(game_id: int, results: Sequence[SeatResult]) -> list[tuple[Any, ...]]:
    """The rows of :data:`SQL.INSERT_SEAT_RESULT` for a game's seats."""
    return [
        (
            game_id,
            r.seat,
            None if r.computer else r.user_id,
            r.name,
            int(r.computer),
            int(r.left),
            r.score,
            r.place,
            r.variant,
            r.table_size,
        )
        for r in results
    ]


def game_record(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        status=row[4],
        snapshot=load(row[5]),
        version=row[6],
        created_at=row[7],
        updated_at=row[8],
        finished_at=row[9],
    )


@watch_outages(sqlite_away)
class Database:
    """One connection; writes are serialised so each transaction is whole."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._write_lock = asyncio.Lock()
        self.outage = Outage("database")

    @classmethod
    async def open(cls, path: Path | str, busy_timeout: float = BUSY_TIMEOUT) -> Database:
        """The SQLite file at ``path``; a write waits up to ``busy_timeout`` seconds for a lock
        that another connection holds (a backup, another process), then is an outage."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        database = cls(connection)
        try:
            await connection.execute("PRAGMA journal_mode=WAL")
            await connection.execute("PRAGMA synchronous=NORMAL")
            await connection.execute("PRAGMA foreign_keys=ON")
            await connection.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
            await database._migrate()
        except BaseException:
            # An open connection's thread would keep the program from ever exiting.
            await connection.close()
            raise
        return database

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute(SQL.SCHEMA_VERSION) as cursor:
            row = await cursor.fetchone()
        return row[0] or 0

    async def _migrate(self) -> None:
        await self._db.execute(SQL.SCHEMA_VERSION_TABLE)
        current = await self.schema_version()
        for version, script in MIGRATIONS:
            if version <= current:
                continue
            async with self._write_lock:
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    # Read again under the write lock: another process may have just applied it.
                    if version > await self.schema_version():
                        for statement in statements(script):
                            await self._db.execute(statement)
                        await self._db.execute(SQL.INSERT_SCHEMA_VERSION, (version, time.time()))
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One write transaction, whole or not at all (this connection's writes take turns)."""
        async with self._write_lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield
                await self._db.execute("COMMIT")
            except BaseException:
                # Queued whatever in_transaction says now: a cancelled statement of this
                # transaction (its BEGIN too) may still be on its way to the database's thread,
                # which runs its queue in order. "No transaction is active" is fine: BEGIN
                # failed, or SQLite rolled back by itself (a full disk, an I/O error).
                with contextlib.suppress(sqlite3.OperationalError):
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
            game_id = await self._insert_game(guild_id, channel_id, kind, status, snapshot, now)
        return GameRecord(game_id, guild_id, channel_id, kind, status, snapshot, 1, now, now, None)

    async def _insert_game(
        self,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        status: str,
        snapshot: dict[str, Any],
        now: float,
    ) -> int:
        """A new game's row (the caller holds the write lock); :class:`ChannelBusy` if the
        channel has an open game."""
        try:
            cursor = await self._db.execute(
                SQL.INSERT_GAME, (guild_id, channel_id, kind, status, dump(snapshot), now, now, now)
            )
        except aiosqlite.IntegrityError:
            raise ChannelBusy(channel_id) from None
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def load_game(self, game_id: int) -> GameRecord | None:
        return await self._one_game(SQL.GAME, game_id)

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in play, if any."""
        return await self._one_game(SQL.OPEN_GAME, channel_id)

    async def _one_game(self, query: str, key: int) -> GameRecord | None:
        # One trip to the database thread (a cursor's execute, fetch and close are three).
        rows = await self._db.execute_fetchall(query, (key,))
        return game_record(rows[0]) if rows else None

    async def save_game(
        self,
        game_id: int,
        expected_version: int,
        snapshot: dict[str, Any],
        *,
        status: str,
        moves: Sequence[tuple[int | None, dict[str, Any], str]] = (),
        shown: bool = True,
        deadline: DeadlineChange = None,
        results: Sequence[SeatResult] = (),
    ) -> int:
        """Write a new snapshot and append moves in one transaction; returns the new version.

        ``moves`` are ``(seat, action, actor)``; their sequence numbers continue the log.
        ``results``: the seats of a game this save finishes, kept for records.
        ``shown=False`` notes that the channel does not show this snapshot yet (see
        :meth:`unshown_games`). ``deadline`` is set (``(due_at, remind_at)``, under the new
        version) or cleared (``CLEAR``) in the same transaction; ``None`` leaves it.
        """
        now = time.time()
        arguments = save_arguments(snapshot, status, now, shown, game_id, expected_version)
        if not moves and deadline is None and not results:
            # One statement is a transaction of its own: no BEGIN and COMMIT trips needed.
            async with self._write_lock:
                cursor = await self._db.execute(SQL.SAVE_GAME, arguments)
            if cursor.rowcount != 1:
                raise StaleVersion(game_id)
            return expected_version + 1
        async with self._transaction():
            cursor = await self._db.execute(SQL.SAVE_GAME, arguments)
            if cursor.rowcount != 1:
                raise StaleVersion(game_id)  # leaving the block rolls back
            if deadline == CLEAR:
                await self._db.execute(SQL.CLEAR_DEADLINE, (game_id,))
            elif deadline is not None:
                due_at, remind_at = deadline  # type: ignore[misc]
                await self._db.execute(
                    SQL.SET_DEADLINE, (game_id, expected_version + 1, due_at, remind_at)
                )
            if moves:
                # One trip each (a cursor's execute and fetch would be two).
                last = (await self._db.execute_fetchall(SQL.LAST_MOVE, (game_id,)))[0][0]
                await self._db.executemany(SQL.INSERT_MOVE, move_rows(game_id, last, moves, now))
            if results:
                await self._db.executemany(
                    SQL.INSERT_SEAT_RESULT, seat_result_rows(game_id, results)
                )
            fault_point("save.before-commit")
        return expected_version + 1

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._db.execute(SQL.MOVES, (game_id,)) as cursor:
            rows = await cursor.fetchall()
        return [move_record(row) for row in rows]

    async def guild_games(
        self, guild_id: int, statuses: Sequence[str] = CLOSED_STATUSES, limit: int = 25
    ) -> list[GameRecord]:
        """A guild's games with the given statuses, most recently changed first."""
        async with self._db.execute(
            SQL.guild_games(len(statuses)), (guild_id, *statuses, limit)
        ) as cursor:
            rows = await cursor.fetchall()
        return [game_record(row) for row in rows]

    async def save_results(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Keep the seats of a game finished earlier (a second call for it adds nothing)."""
        async with self._transaction():
            await self._db.executemany(SQL.INSERT_SEAT_RESULT, seat_result_rows(game_id, results))

    async def unrecorded_games(self, after_id: int = 0, limit: int = 100) -> list[GameRecord]:
        """Finished games whose seats are not kept yet, by id from ``after_id`` on."""
        async with self._db.execute(SQL.UNRECORDED_GAMES, (after_id, limit)) as cursor:
            rows = await cursor.fetchall()
        return [game_record(row) for row in rows]

    async def seat_results(
        self, guild_id: int, user_id: int | None = None, limit: int = 20000
    ) -> list[SeatResult]:
        """Seats of a guild's finished games (of one user if given), the newest games first."""
        args = (guild_id,) if user_id is None else (guild_id, user_id)
        query = SQL.seat_results(user_id is not None)
        async with self._db.execute(query, (*args, limit)) as cursor:
            rows = await cursor.fetchall()
        return [seat_result(row) for row in rows]

    async def player_totals(self, guild_id: int, user_id: int) -> list[PlayerTotals]:
        """A user's finished games in a guild per kind: games, wins and best score."""
        async with self._db.execute(SQL.PLAYER_TOTALS, (guild_id, user_id)) as cursor:
            rows = await cursor.fetchall()
        return [PlayerTotals(row[0], row[1], row[2] or 0, row[3]) for row in rows]

    async def best_scores(self, guild_id: int, kind: str, solo: bool = False) -> list[RecordHolder]:
        """A kind's best score (``solo``: at one-seat tables, one per variant)."""
        async with self._db.execute(SQL.best_scores(solo), (guild_id, kind)) as cursor:
            rows = await cursor.fetchall()
        return [
            RecordHolder(kind, row[0], row[1], await self._latest_name(guild_id, row[1]), row[2])
            for row in rows
        ]

    async def most_wins(self, guild_id: int, kind: str) -> RecordHolder | None:
        """Who won a kind most often in a guild, if anyone did."""
        async with self._db.execute(SQL.MOST_WINS, (guild_id, kind)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        return RecordHolder(kind, "", row[0], await self._latest_name(guild_id, row[0]), row[1])

    async def _latest_name(self, guild_id: int, user_id: int) -> str:
        async with self._db.execute(SQL.LATEST_NAME, (guild_id, user_id)) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else "?"

    async def create_daily_game(
        self,
        *,
        kind: str,
        day: str,
        user_id: int,
        name: str,
        level: str,
        guild_id: int | None,
        channel_id: int,
        snapshot: dict[str, Any],
        status: str = "lobby",
    ) -> GameRecord:
        """A new game and the user's attempt at that day's game, in one transaction."""
        now = time.time()
        async with self._transaction():
            game_id = await self._insert_game(guild_id, channel_id, kind, status, snapshot, now)
            attempt = (kind, day, user_id, game_id, guild_id, name, level, now)
            cursor = await self._db.execute(DailySQL.INSERT, attempt)
            if cursor.rowcount != 1:
                raise DailyTaken(user_id)  # leaving the block rolls the game back
        return GameRecord(game_id, guild_id, channel_id, kind, status, snapshot, 1, now, now, None)

    async def daily_entry(self, kind: str, day: str, user_id: int) -> DailyEntry | None:
        """The user's attempt at that day's game, if any."""
        rows = await self._db.execute_fetchall(DailySQL.ENTRY, (kind, day, user_id))
        return daily_entry(rows[0]) if rows else None

    async def daily_of_game(self, game_id: int) -> DailyEntry | None:
        """The attempt a game is, if it is a daily one."""
        rows = await self._db.execute_fetchall(DailySQL.OF_GAME, (game_id,))
        return daily_entry(rows[0]) if rows else None

    async def end_daily(self, game_id: int, score: int, summary: str) -> bool:
        """Keep the score of an attempt that ended; False if it had ended already."""
        async with self._write_lock:
            cursor = await self._db.execute(DailySQL.END, (score, summary, game_id))
        return cursor.rowcount == 1

    async def daily_board(
        self, kind: str, day: str, guild_id: int | None = None, limit: int = 10
    ) -> list[DailyEntry]:
        """A day's ended attempts (of one server if given), the best first."""
        query = DailySQL.board(guild_id is not None)
        rows = await self._db.execute_fetchall(query, board_arguments(kind, day, guild_id, limit))
        return [daily_entry(row) for row in rows]

    async def daily_rank(
        self, kind: str, day: str, score: int, guild_id: int | None = None
    ) -> DailyRank:
        """Where a score stands among that day's ended attempts (of one server if given)."""
        query = DailySQL.RANK if guild_id is None else DailySQL.RANK_IN_GUILD
        rows = await self._db.execute_fetchall(query, rank_arguments(kind, day, score, guild_id))
        return daily_rank(rows[0])

    async def daily_days(self, kind: str, user_id: int, limit: int = 1000) -> list[str]:
        """The days the user made an attempt at a kind's daily, the newest first."""
        rows = await self._db.execute_fetchall(DailySQL.DAYS, (kind, user_id, limit))
        return [row[0] for row in rows]

    async def unended_dailies(self, before_day: str, limit: int = 100) -> list[DailyEntry]:
        """Attempts of days before ``before_day`` that did not end yet, the oldest first."""
        rows = await self._db.execute_fetchall(DailySQL.UNENDED, (before_day, limit))
        return [daily_entry(row) for row in rows]

    async def daily_announced(self, game_id: int) -> None:
        """Note the attempt's result sent to the player and the channel."""
        async with self._write_lock:
            await self._db.execute(DailySQL.ANNOUNCED, (game_id,))

    async def unannounced_dailies(self, limit: int = 100) -> list[DailyEntry]:
        """Attempts whose game is over and whose result was not sent yet, the oldest first."""
        rows = await self._db.execute_fetchall(DailySQL.UNANNOUNCED, (limit,))
        return [daily_entry(row) for row in rows]

    async def set_deadline(
        self, game_id: int, version: int, due_at: float, remind_at: float | None
    ) -> None:
        """The game's deadline from now on (replacing any earlier one)."""
        async with self._write_lock:
            await self._db.execute(SQL.SET_DEADLINE, (game_id, version, due_at, remind_at))

    async def clear_deadline(self, game_id: int) -> None:
        async with self._write_lock:
            await self._db.execute(SQL.CLEAR_DEADLINE, (game_id,))

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        """Claim the reminder once; False if it was sent already or the deadline changed."""
        async with self._write_lock:
            cursor = await self._db.execute(SQL.MARK_REMINDED, (game_id, version))
        return cursor.rowcount == 1

    async def claim_deadline(self, game_id: int, version: int) -> bool:
        """Take an expired deadline off the list; only one caller ever gets True."""
        async with self._write_lock:
            cursor = await self._db.execute(SQL.CLAIM_DEADLINE, (game_id, version))
        return cursor.rowcount == 1

    async def deadlines(self, before: float | None = None, limit: int = 100) -> list[Deadline]:
        """Pending deadlines, the soonest first (only those due before ``before`` if given)."""
        args = () if before is None else (before, before)
        async with self._db.execute(SQL.deadlines(before is not None), (*args, limit)) as cursor:
            rows = await cursor.fetchall()
        return [deadline_record(row) for row in rows]

    async def link_channel(self, channel_id: int, game_id: int, linked: bool = True) -> None:
        """Another channel shows the game (or, with ``linked=False``, no longer does)."""
        statement = SQL.LINK_CHANNEL if linked else SQL.UNLINK_CHANNEL
        async with self._write_lock:
            await self._db.execute(statement, (channel_id, game_id))

    async def linked_game(self, channel_id: int) -> GameRecord | None:
        """The open game this channel shows besides its own, if any."""
        return await self._one_game(SQL.LINKED_GAME, channel_id)

    async def open_games(self) -> list[GameRecord]:
        """Every game in a lobby or in play."""
        async with self._db.execute(SQL.OPEN_GAMES) as cursor:
            rows = await cursor.fetchall()
        return [game_record(row) for row in rows]

    async def mark_shown(self, game_id: int, version: int) -> None:
        """Note that the channel shows this version (nothing if the game was saved since)."""
        async with self._write_lock:
            await self._db.execute(SQL.MARK_SHOWN, (game_id, version))

    async def unshown_games(self, before: float, limit: int = 500) -> list[int]:
        """Ids of games whose channel lacks changes saved before ``before``, the oldest first."""
        async with self._db.execute(SQL.UNSHOWN_GAMES, (before, limit)) as cursor:
            rows = await cursor.fetchall()
        return [row[0] for row in rows]


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


CLEAR = "clear"
DeadlineChange = tuple[float, float | None] | str | None


def save_arguments(
    snapshot: dict[str, Any],
    status: str,
    now: float,
    shown: bool,
    game_id: int,
    expected_version: int,
) -> tuple[Any, ...]:
    """The parameters of :data:`SQL.SAVE_GAME`, the same for both engines."""
    finished_at = now if status in CLOSED_STATUSES else None
    return (dump(snapshot), status, now, finished_at, int(shown), now, game_id, expected_version)


def move_record(row: Sequence[Any]) -> MoveRecord:
    return MoveRecord(row[0], row[1], load(row[2]), row[3], row[4])


def deadline_record(row: Sequence[Any]) -> Deadline:
    return Deadline(row[0], row[1], row[2], row[3], bool(row[4]))


def move_rows(
    game_id: int,
    last_seq: int,
    moves: Sequence[tuple[int | None, dict[str, Any], str]],
    now: float,
) -> list[tuple[Any, ...]]:
    """The rows of :data:`SQL.INSERT_MOVE` for ``moves`` following move ``last_seq``."""
    return [
        (game_id, last_seq + i, seat, dump(action), actor, now)
        for i, (seat, action, actor) in enumerate(moves, start=1)
    ]


def statements(script: str) -> list[str]:
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
