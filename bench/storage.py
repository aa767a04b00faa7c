"""Storage: bytes a finished game leaves in the database, and how long a save takes.

Games are saved the way the table cog saves them: the lobby (created, then one save per join),
the start, then one save per click carrying the player's move with the chance steps after it,
and a second save whenever a new turn message was posted (its message id). Four human seats.

:func:`fill` stores many finished games (and some open ones) through the same API, for the
start-up figure of the end-to-end area.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.measure import KB, Figure, median, ms, p99
from bench.playouts import ENGINES, NAMES, TITLES, choose, new_state
from games import table as tables
from games.engine import CHANCE, Action
from storage import Database, SeatResult

BYTES_PER_GAME = 20 * KB
SEATS = 4
# Discord ids are 18-19 digit snowflakes; they appear in the snapshot and in every move's actor.
USER_IDS = [312_184_957_026_304_001 + 7_919 * seat for seat in range(SEATS)]
CHANNEL_IDS = 1_180_445_502_113_996_800
MESSAGE_IDS = 1_180_446_001_774_227_456
Move = tuple[int | None, Action, str]
MIDDLE = 40  # moves into a game where its running snapshot is taken


@dataclass
class PlayedGame:
    """A game as the storage saw it: its final snapshot and whole move log."""

    kind: str
    snapshot: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    running: dict[str, Any] = field(default_factory=dict)  # a snapshot in the middle
    running_moves: int = 0
    results: list[SeatResult] = field(default_factory=list)  # its seats, kept for records


@dataclass
class Timings:
    saves: list[float] = field(default_factory=list)
    loads: list[float] = field(default_factory=list)


def run(quick: bool) -> list[Figure]:
    return asyncio.run(_run(games=6 if quick else 12))


async def _run(games: int) -> list[Figure]:
    figures: list[Figure] = []
    timings = Timings()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as folder:
        for title in TITLES:
            path = Path(folder) / f"{title}.sqlite3"
            db = await Database.open(path)
            try:
                for seed in range(games):
                    await play_and_save(
                        db, title, seed, channel_id=CHANNEL_IDS + seed, timings=timings
                    )
            finally:
                await db.close()
            figures += await _bytes_per_game(title, path, games)
    figures += [
        Figure(
            "storage", "save of a click (snapshot + moves): median", ms(median(timings.saves)), "ms"
        ),
        Figure(
            "storage",
            "save: p99",
            ms(p99(timings.saves)),
            "ms",
            note=f"{len(timings.saves)} saves, WAL, synchronous=NORMAL, no other writer",
        ),
        Figure("storage", "load a game: median", ms(median(timings.loads)), "ms"),
    ]
    return figures


async def play_and_save(
    db: Database, title: str, seed: int, channel_id: int, timings: Timings | None = None
) -> PlayedGame:
    """Open a table, fill it, start it and play it to the end, saving as the bot does."""
    engine = ENGINES[title]
    table = tables.open_table(title, USER_IDS[0], NAMES[0], "en", {})
    record = await db.create_game(
        guild_id=CHANNEL_IDS - 1, channel_id=channel_id, kind=title, snapshot=table.to_json()
    )
    version = record.version
    for seat in range(1, SEATS):
        tables.join(table, engine.INFO, USER_IDS[seat], NAMES[seat])
        version = await db.save_game(record.id, version, table.to_json(), status=table.status)
    tables.start(table, engine.INFO, USER_IDS[0], seed=seed)
    state = new_state(title, SEATS, seed)
    rng = random.Random(seed)
    played = PlayedGame(title, {})
    pending: list[Move] = []
    turn_message = itertools.count(MESSAGE_IDS, 4_096)
    last_turn: Any = None
    while True:
        while engine.to_move(state) == [CHANCE]:
            outcome = engine.sample_chance(state)
            engine.apply(state, CHANCE, outcome)
            pending.append((None, outcome, "chance"))
        table.state = engine.to_json(state)
        if engine.is_over(state):
            table.status = tables.FINISHED
            played.results = seats_kept(engine, table, state)
        start = time.perf_counter()
        version = await db.save_game(
            record.id,
            version,
            table.to_json(),
            status=table.status,
            moves=pending,
            results=played.results,
        )
        if timings is not None:
            timings.saves.append(time.perf_counter() - start)
        played.moves += pending
        if engine.is_over(state):
            break
        turn = engine.to_move(state)
        if turn != last_turn:  # a new turn message was posted: its id is kept
            table.messages["turn"] = next(turn_message)
            version = await db.save_game(record.id, version, table.to_json(), status=table.status)
            last_turn = turn
        seat = turn[0]
        if not played.running and len(played.moves) >= MIDDLE:
            played.running, played.running_moves = table.to_json(), len(played.moves)
        action = choose(title, state, seat, rng)
        engine.apply(state, seat, action)
        table.acted_at[seat] = version + 1
        pending = [(seat, action, "user")]
        if timings is not None:
            start = time.perf_counter()
            await db.load_game(record.id)
            timings.loads.append(time.perf_counter() - start)
    played.snapshot = table.to_json()
    return played


async def _bytes_per_game(title: str, path: Path, games: int) -> list[Figure]:
    """File bytes per game after a VACUUM (an empty database's pages taken off), and the text."""
    with tempfile.TemporaryDirectory(prefix="bench-empty-") as folder:
        baseline = await _empty_size(Path(folder) / "empty.sqlite3")
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("VACUUM")
        snapshot_bytes = connection.execute("SELECT SUM(LENGTH(snapshot)) FROM games").fetchone()[0]
        moves, move_bytes = connection.execute(
            "SELECT COUNT(*), SUM(LENGTH(action) + LENGTH(actor)) FROM moves"
        ).fetchone()
    finally:
        connection.close()
    per_game = (path.stat().st_size - baseline) / games
    return [
        Figure(
            "storage",
            f"{title}: bytes per finished game (4 players)",
            per_game / KB,
            "KB",
            BYTES_PER_GAME / KB,
            note=(
                f"snapshot {snapshot_bytes / games / KB:.1f} KB + {moves / games:.0f} moves"
                f" of {move_bytes / max(moves, 1):.0f} B text each, with SQLite's pages"
            ),
        )
    ]


# What the move log would weigh as a clustered table (no rowid, no second index on
# (game_id, seq)) whose actor names only the kind of mover, the seat telling whose user it is.
def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _vacuumed_size(connection: sqlite3.Connection, path: Path) -> int:
    connection.commit()
    connection.execute("VACUUM")
    return path.stat().st_size


async def _empty_size(path: Path) -> int:
    db = await Database.open(path)
    await db.close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("VACUUM")
    connection.close()
    return path.stat().st_size


# --- many stored games, for the start-up figure ----------------------------------------------


async def templates(count_per_title: int = 2) -> list[PlayedGame]:
    """A few real games of each title, played and saved in a throwaway database."""
    played: list[PlayedGame] = []
    with tempfile.TemporaryDirectory(prefix="bench-templates-") as folder:
        db = await Database.open(Path(folder) / "templates.sqlite3")
        try:
            for title, seed in itertools.product(TITLES, range(count_per_title)):
                channel = CHANNEL_IDS + len(played)
                played.append(await play_and_save(db, title, seed, channel_id=channel))
        finally:
            await db.close()
    return played


def seats_kept(engine: Any, table: tables.Table, state: Any) -> list[SeatResult]:
    """The seats the finishing save keeps, as the table cog keeps them."""
    scores, places = engine.scores(state), engine.ranking(state)
    return [
        SeatResult(
            index,
            seat.user_id,
            seat.name,
            False,
            False,
            scores[index],
            places[index],
            "",
            len(table.seats),
        )
        for index, seat in enumerate(table.seats)
    ]


async def fill(
    path: Path, finished: int, open_channels: Sequence[tuple[int, int]], games: list[PlayedGame]
) -> float:
    """Store ``finished`` finished games and one running game per (guild, channel); seconds."""
    start = time.perf_counter()
    db = await Database.open(path)
    try:
        for index in range(finished):
            game = games[index % len(games)]
            record = await db.create_game(
                guild_id=CHANNEL_IDS - 1 - index % 50,
                channel_id=CHANNEL_IDS + 1_000_000 + index,
                kind=game.kind,
                snapshot=game.snapshot,
                status=tables.ACTIVE,
            )
            await db.save_game(
                record.id,
                1,
                game.snapshot,
                status=tables.FINISHED,
                moves=game.moves,
                results=game.results,
            )
        for index, (guild_id, channel_id) in enumerate(open_channels):
            game = games[index % len(games)]
            record = await db.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=game.kind,
                snapshot=game.running,
                status=tables.ACTIVE,
            )
            moves = game.moves[: game.running_moves]
            await db.save_game(record.id, 1, game.running, status=tables.ACTIVE, moves=moves)
            # A turn timer far ahead, as a play-by-post table would have.
            await db.set_deadline(record.id, 2, time.time() + 86_400, time.time() + 43_200)
    finally:
        await db.close()
    return time.perf_counter() - start
