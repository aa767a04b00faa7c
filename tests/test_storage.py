"""Storage on a real SQLite file: migrations, version-checked saves, the move log."""

import asyncio
import sqlite3

import pytest

from storage import ChannelBusy, Database, StaleVersion
from storage.migrations import MIGRATIONS


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "db" / "tables.sqlite3")
    yield database
    await database.close()


async def test_file_is_created_in_wal_mode_with_all_migrations(tmp_path, db):
    path = tmp_path / "db" / "tables.sqlite3"
    assert path.exists()
    assert await db.schema_version() == MIGRATIONS[-1][0]
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_applies_no_migration_twice(tmp_path):
    path = tmp_path / "tables.sqlite3"
    first = await Database.open(path)
    await first.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"a": 1})
    await first.close()
    again = await Database.open(path)
    try:
        assert await again.schema_version() == MIGRATIONS[-1][0]
        assert (await again.open_game(10)).snapshot == {"a": 1}
    finally:
        await again.close()


async def test_one_open_game_per_channel_but_threads_are_channels(db):
    await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    with pytest.raises(ChannelBusy):
        await db.create_game(guild_id=1, channel_id=10, kind="y", snapshot={})
    await db.create_game(guild_id=1, channel_id=11, kind="y", snapshot={})


async def test_closed_game_frees_the_channel_and_stays_queryable(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
    await db.save_game(game.id, 1, {"n": 1}, status="finished")
    assert await db.open_game(10) is None
    again = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    finished = await db.guild_games(1)
    assert [g.id for g in finished] == [game.id]
    assert finished[0].finished_at is not None and finished[0].snapshot == {"n": 1}
    assert [g.id for g in await db.guild_games(1, statuses=("lobby",))] == [again.id]
    assert await db.guild_games(2) == []


async def test_save_checks_the_version_and_appends_moves_in_one_transaction(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
    version = await db.save_game(
        game.id, 1, {"n": 1}, status="active", moves=[(0, {"type": "a"}, "user:5")]
    )
    assert version == 2
    with pytest.raises(StaleVersion):
        await db.save_game(game.id, 1, {"n": 99}, status="active", moves=[(1, {"type": "b"}, "u")])
    loaded = await db.load_game(game.id)
    assert loaded.snapshot == {"n": 1} and loaded.version == 2
    await db.save_game(
        game.id,
        2,
        {"n": 2},
        status="active",
        moves=[(None, {"type": "roll"}, "chance"), (1, {"type": "c"}, "autopilot")],
    )
    moves = await db.moves(game.id)
    assert [(m.seq, m.seat, m.action["type"], m.actor) for m in moves] == [
        (1, 0, "a", "user:5"),
        (2, None, "roll", "chance"),
        (3, 1, "c", "autopilot"),
    ]


async def test_concurrent_saves_of_one_version_apply_once(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    results = await asyncio.gather(
        *(
            db.save_game(game.id, 1, {"who": i}, status="active", moves=[(i, {"type": "t"}, "u")])
            for i in range(5)
        ),
        return_exceptions=True,
    )
    assert sum(1 for r in results if r == 2) == 1
    assert sum(1 for r in results if isinstance(r, StaleVersion)) == 4
    assert len(await db.moves(game.id)) == 1


async def test_open_games_lists_lobbies_and_running_games(db):
    a = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    b = await db.create_game(guild_id=1, channel_id=11, kind="x", snapshot={})
    await db.save_game(b.id, 1, {}, status="active")
    c = await db.create_game(guild_id=2, channel_id=12, kind="x", snapshot={})
    await db.save_game(c.id, 1, {}, status="cancelled")
    assert [g.id for g in await db.open_games()] == [a.id, b.id]


async def test_unicode_snapshots_round_trip(db):
    game = await db.create_game(
        guild_id=1, channel_id=10, kind="x", snapshot={"name": "Jürgen ß é ç 🎲"}
    )
    assert (await db.load_game(game.id)).snapshot["name"] == "Jürgen ß é ç 🎲"
