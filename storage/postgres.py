"""Games and their move log in PostgreSQL (asyncpg), for several bot processes on one database.

The same public methods, records and SQL as the SQLite :class:`storage.database.Database`; only
the ``?`` marks are numbered, a new game's id comes back with ``RETURNING id``, and migrations
take :func:`storage.migrations.for_postgres`. Processes share no memory, so every rule that
must hold across them is kept by the server:

- a save is one transaction whose ``UPDATE ... WHERE id = $5 AND version = $6`` changes the row
  for exactly one of several writers of the same version (the others wait for its row lock, see
  the new version and raise :class:`StaleVersion`);
- claiming a reminder or an expired deadline is one ``UPDATE``/``DELETE`` naming the version, so
  a timer fires once across all processes;
- migrations run under a transaction-scoped advisory lock, so two processes starting at once do
  not both migrate.

A ``search_path`` in the address (``...?search_path=tablebot``) keeps the tables in that schema.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any

import asyncpg

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
from storage.database import (
    CLEAR,
    CLOSED_STATUSES,
    SQL,
    ChannelBusy,
    DailyTaken,
    Deadline,
    DeadlineChange,
    GameRecord,
    MoveRecord,
    PlayerTotals,
    RecordHolder,
    SeatResult,
    StaleVersion,
    deadline_record,
    dump,
    game_record,
    move_record,
    move_rows,
    save_arguments,
    seat_result,
    seat_result_rows,
    statements,
)
from storage.migrations import MIGRATIONS, for_postgres
from storage.outages import Outage, postgres_away, watch_outages

POOL_SIZE = 10  # connections per bot process; PostgreSQL allows 100 by default
# A server that does not answer is an outage after this long, not a click that never ends.
CONNECT_TIMEOUT = 5.0
COMMAND_TIMEOUT = 10.0
MIGRATION_LOCK = 0x7461626C65626F74  # the advisory lock's key: "tablebot" in ASCII


@functools.cache
def numbered(query: str) -> str:
    """SQLite's ``?`` marks as PostgreSQL's ``$1, $2, ...`` (no ``?`` stands in a literal)."""
    parts = query.split("?")
    marked = "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], start=1))
    return marked + parts[-1]


def _changed(status: str) -> int:
    """Rows changed, from asyncpg's status such as ``"UPDATE 1"``."""
    return int(status.rsplit(" ", 1)[-1])


@watch_outages(postgres_away)
class PostgresDatabase:
    """A pool of connections to one PostgreSQL database that other processes may share."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self.outage = Outage("database")

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        pool = await asyncpg.create_pool(
            url,
            # No floor of idle connections: asyncpg would log a traceback each time it failed
            # to restore one while the server is away; a call connects when it needs to.
            min_size=0,
            max_size=POOL_SIZE,
            timeout=CONNECT_TIMEOUT,
            command_timeout=COMMAND_TIMEOUT,
        )
        database = cls(pool)
        try:
            await database._migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        return await self._pool.fetchval(SQL.SCHEMA_VERSION) or 0

    async def _migrate(self) -> None:
        async with self._pool.acquire() as connection, connection.transaction():
            # A second process starting now waits here, then finds every step applied.
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute(SQL.SCHEMA_VERSION_TABLE)
            current = await connection.fetchval(SQL.SCHEMA_VERSION) or 0
            for version, script in MIGRATIONS:
                if version <= current:
                    continue
                for statement in statements(for_postgres(script)):
                    await connection.execute(statement)
                await connection.execute(numbered(SQL.INSERT_SCHEMA_VERSION), version, time.time())

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
        game_id = await _insert_game(self._pool, guild_id, channel_id, kind, status, snapshot, now)
        return GameRecord(game_id, guild_id, channel_id, kind, status, snapshot, 1, now, now, None)

    async def load_game(self, game_id: int) -> GameRecord | None:
        row = await self._pool.fetchrow(numbered(SQL.GAME), game_id)
        return game_record(row) if row else None

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in play, if any."""
        row = await self._pool.fetchrow(numbered(SQL.OPEN_GAME), channel_id)
        return game_record(row) if row else None

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

        The arguments mean what they mean for :meth:`storage.database.Database.save_game`.
        """
        now = time.time()
        arguments = save_arguments(snapshot, status, now, shown, game_id, expected_version)
        async with self._pool.acquire() as connection, connection.transaction():
            saved = await connection.execute(numbered(SQL.SAVE_GAME), *arguments)
            if _changed(saved) != 1:
                raise StaleVersion(game_id)  # leaving the block rolls back
            if moves:
                # The game's row is locked by the update, so no other save numbers moves now.
                last = await connection.fetchval(numbered(SQL.LAST_MOVE), game_id)
                await connection.executemany(
                    numbered(SQL.INSERT_MOVE), move_rows(game_id, last, moves, now)
                )
            if results:
                await connection.executemany(
                    numbered(SQL.INSERT_SEAT_RESULT), seat_result_rows(game_id, results)
                )
            if deadline == CLEAR:
                await connection.execute(numbered(SQL.CLEAR_DEADLINE), game_id)
            elif deadline is not None:
                due_at, remind_at = deadline  # type: ignore[misc]
                await connection.execute(
                    numbered(SQL.SET_DEADLINE), game_id, expected_version + 1, due_at, remind_at
                )
            if moves or deadline is not None or results:  # as SQLite's transaction of a change
                fault_point("save.before-commit")
        return expected_version + 1

    async def moves(self, game_id: int) -> list[MoveRecord]:
        rows = await self._pool.fetch(numbered(SQL.MOVES), game_id)
        return [move_record(row) for row in rows]

    async def guild_games(
        self, guild_id: int, statuses: Sequence[str] = CLOSED_STATUSES, limit: int = 25
    ) -> list[GameRecord]:
        """A guild's games with the given statuses, most recently changed first."""
        rows = await self._pool.fetch(
            numbered(SQL.guild_games(len(statuses))), guild_id, *statuses, limit
        )
        return [game_record(row) for row in rows]

    async def save_results(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Keep the seats of a game finished earlier (a second call for it adds nothing)."""
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.executemany(
                numbered(SQL.INSERT_SEAT_RESULT), seat_result_rows(game_id, results)
            )

    async def unrecorded_games(self, after_id: int = 0, limit: int = 100) -> list[GameRecord]:
        """Finished games whose seats are not kept yet, by id from ``after_id`` on."""
        rows = await self._pool.fetch(numbered(SQL.UNRECORDED_GAMES), after_id, limit)
        return [game_record(row) for row in rows]

    async def seat_results(
        self, guild_id: int, user_id: int | None = None, limit: int = 20000
    ) -> list[SeatResult]:
        """Seats of a guild's finished games (of one user if given), the newest games first."""
        args = (guild_id,) if user_id is None else (guild_id, user_id)
        query = numbered(SQL.seat_results(user_id is not None))
        rows = await self._pool.fetch(query, *args, limit)
        return [seat_result(row) for row in rows]

    async def player_totals(self, guild_id: int, user_id: int) -> list[PlayerTotals]:
        """A user's finished games in a guild per kind: games, wins and best score."""
        rows = await self._pool.fetch(numbered(SQL.PLAYER_TOTALS), guild_id, user_id)
        return [PlayerTotals(row[0], row[1], row[2] or 0, row[3]) for row in rows]

    async def best_scores(self, guild_id: int, kind: str, solo: bool = False) -> list[RecordHolder]:
        """A kind's best score (``solo``: at one-seat tables, one per variant)."""
        rows = await self._pool.fetch(numbered(SQL.best_scores(solo)), guild_id, kind)
        return [
            RecordHolder(kind, row[0], row[1], await self._latest_name(guild_id, row[1]), row[2])
            for row in rows
        ]

    async def most_wins(self, guild_id: int, kind: str) -> RecordHolder | None:
        """Who won a kind most often in a guild, if anyone did."""
        row = await self._pool.fetchrow(numbered(SQL.MOST_WINS), guild_id, kind)
        if row is None:
            return None
        return RecordHolder(kind, "", row[0], await self._latest_name(guild_id, row[0]), row[1])

    async def _latest_name(self, guild_id: int, user_id: int) -> str:
        name = await self._pool.fetchval(numbered(SQL.LATEST_NAME), guild_id, user_id)
        return name or "?"

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
        """A new game and the user's attempt at that day's game, in one transaction.

        Of two processes inserting the same attempt, the second waits for the first's
        transaction, then inserts nothing and rolls its game back.
        """
        now = time.time()
        async with self._pool.acquire() as connection, connection.transaction():
            game_id = await _insert_game(
                connection, guild_id, channel_id, kind, status, snapshot, now
            )
            inserted = await connection.execute(
                numbered(DailySQL.INSERT), kind, day, user_id, game_id, guild_id, name, level, now
            )
            if _changed(inserted) != 1:
                raise DailyTaken(user_id)  # leaving the block rolls the game back
        return GameRecord(game_id, guild_id, channel_id, kind, status, snapshot, 1, now, now, None)

    async def daily_entry(self, kind: str, day: str, user_id: int) -> DailyEntry | None:
        """The user's attempt at that day's game, if any."""
        row = await self._pool.fetchrow(numbered(DailySQL.ENTRY), kind, day, user_id)
        return daily_entry(row) if row else None

    async def daily_of_game(self, game_id: int) -> DailyEntry | None:
        """The attempt a game is, if it is a daily one."""
        row = await self._pool.fetchrow(numbered(DailySQL.OF_GAME), game_id)
        return daily_entry(row) if row else None

    async def end_daily(self, game_id: int, score: int, summary: str) -> bool:
        """Keep the score of an attempt that ended; False if it had ended already."""
        status = await self._pool.execute(numbered(DailySQL.END), score, summary, game_id)
        return _changed(status) == 1

    async def daily_board(
        self, kind: str, day: str, guild_id: int | None = None, limit: int = 10
    ) -> list[DailyEntry]:
        """A day's ended attempts (of one server if given), the best first."""
        query = numbered(DailySQL.board(guild_id is not None))
        rows = await self._pool.fetch(query, *board_arguments(kind, day, guild_id, limit))
        return [daily_entry(row) for row in rows]

    async def daily_rank(
        self, kind: str, day: str, score: int, guild_id: int | None = None
    ) -> DailyRank:
        """Where a score stands among that day's ended attempts (of one server if given)."""
        query = numbered(DailySQL.RANK if guild_id is None else DailySQL.RANK_IN_GUILD)
        row = await self._pool.fetchrow(query, *rank_arguments(kind, day, score, guild_id))
        return daily_rank(row)

    async def daily_days(self, kind: str, user_id: int, limit: int = 1000) -> list[str]:
        """The days the user made an attempt at a kind's daily, the newest first."""
        rows = await self._pool.fetch(numbered(DailySQL.DAYS), kind, user_id, limit)
        return [row[0] for row in rows]

    async def unended_dailies(self, before_day: str, limit: int = 100) -> list[DailyEntry]:
        """Attempts of days before ``before_day`` that did not end yet, the oldest first."""
        rows = await self._pool.fetch(numbered(DailySQL.UNENDED), before_day, limit)
        return [daily_entry(row) for row in rows]

    async def daily_announced(self, game_id: int) -> None:
        """Note the attempt's result sent to the player and the channel."""
        await self._pool.execute(numbered(DailySQL.ANNOUNCED), game_id)

    async def unannounced_dailies(self, limit: int = 100) -> list[DailyEntry]:
        """Attempts whose game is over and whose result was not sent yet, the oldest first."""
        rows = await self._pool.fetch(numbered(DailySQL.UNANNOUNCED), limit)
        return [daily_entry(row) for row in rows]

    async def set_deadline(
        self, game_id: int, version: int, due_at: float, remind_at: float | None
    ) -> None:
        """The game's deadline from now on (replacing any earlier one)."""
        await self._pool.execute(numbered(SQL.SET_DEADLINE), game_id, version, due_at, remind_at)

    async def link_channel(self, channel_id: int, game_id: int, linked: bool = True) -> None:
        """Another channel shows the game (or, with ``linked=False``, no longer does)."""
        statement = SQL.LINK_CHANNEL if linked else SQL.UNLINK_CHANNEL
        await self._pool.execute(numbered(statement), channel_id, game_id)

    async def linked_game(self, channel_id: int) -> GameRecord | None:
        """The open game this channel shows besides its own, if any."""
        row = await self._pool.fetchrow(numbered(SQL.LINKED_GAME), channel_id)
        return game_record(row) if row else None

    async def clear_deadline(self, game_id: int) -> None:
        await self._pool.execute(numbered(SQL.CLEAR_DEADLINE), game_id)

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        """Claim the reminder once; False if it was sent already or the deadline changed."""
        status = await self._pool.execute(numbered(SQL.MARK_REMINDED), game_id, version)
        return _changed(status) == 1

    async def claim_deadline(self, game_id: int, version: int) -> bool:
        """Take an expired deadline off the list; only one caller ever gets True."""
        status = await self._pool.execute(numbered(SQL.CLAIM_DEADLINE), game_id, version)
        return _changed(status) == 1

    async def deadlines(self, before: float | None = None, limit: int = 100) -> list[Deadline]:
        """Pending deadlines, the soonest first (only those due before ``before`` if given)."""
        args = () if before is None else (before, before)
        rows = await self._pool.fetch(numbered(SQL.deadlines(before is not None)), *args, limit)
        return [deadline_record(row) for row in rows]

    async def open_games(self) -> list[GameRecord]:
        """Every game in a lobby or in play."""
        rows = await self._pool.fetch(numbered(SQL.OPEN_GAMES))
        return [game_record(row) for row in rows]

    async def mark_shown(self, game_id: int, version: int) -> None:
        """Note that the channel shows this version (nothing if the game was saved since)."""
        await self._pool.execute(numbered(SQL.MARK_SHOWN), game_id, version)

    async def unshown_games(self, before: float, limit: int = 500) -> list[int]:
        """Ids of games whose channel lacks changes saved before ``before``, the oldest first."""
        rows = await self._pool.fetch(numbered(SQL.UNSHOWN_GAMES), before, limit)
        return [row[0] for row in rows]


async def _insert_game(
    on: asyncpg.Pool | asyncpg.Connection,
    guild_id: int | None,
    channel_id: int,
    kind: str,
    status: str,
    snapshot: dict[str, Any],
    now: float,
) -> int:
    """A new game's row, its id; :class:`ChannelBusy` if the channel has an open game."""
    try:
        return await on.fetchval(
            numbered(SQL.INSERT_GAME + " RETURNING id"),
            *(guild_id, channel_id, kind, status, dump(snapshot), now, now, now),
        )
    except asyncpg.UniqueViolationError:
        raise ChannelBusy(channel_id) from None
