"""A database away for a while: each call says so with StorageUnavailable, nothing is half-saved,
the outage is logged once, and the same storage object works again when the database is back.

SQLite: a lock another connection holds (a backup), a full disk (``max_page_count`` is SQLite's
own way to make a file full). PostgreSQL: the server cut off behind a relay, as a restart or a
failover looks to its clients.
"""

from __future__ import annotations

import inspect
import logging
import sqlite3
import uuid
from urllib.parse import urlsplit

import pytest

from storage import Database, PostgresDatabase, StorageUnavailable
from tests.support.tcp_proxy import TcpProxy
from tests.test_storage import TEST_DATABASE_URL, _in_schema, _postgres

MOVE = [(0, {"type": "roll"}, "u")]


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "storage.outages" and r.levelno >= logging.INFO]


async def test_a_lock_held_by_a_backup_refuses_the_save_whole_then_lets_it_through(
    tmp_path, caplog
):
    path = tmp_path / "tables.sqlite3"
    db = await Database.open(path, busy_timeout=0.05)
    try:
        game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
        backup = sqlite3.connect(path, isolation_level=None)
        backup.execute("BEGIN IMMEDIATE")  # what a backup tool's write lock does
        caplog.set_level(logging.INFO, logger="storage.outages")
        for _ in range(3):
            with pytest.raises(StorageUnavailable):
                await db.save_game(game.id, 1, {"n": 1}, status="active", moves=MOVE)
        # Reading still works in WAL mode, and shows that nothing was written.
        assert (await db.load_game(game.id)).version == 1
        assert await db.moves(game.id) == []
        backup.execute("ROLLBACK")
        backup.close()
        assert await db.save_game(game.id, 1, {"n": 1}, status="active", moves=MOVE) == 2
        assert [m.action for m in await db.moves(game.id)] == [{"type": "roll"}]
    finally:
        await db.close()
    lines = outage_lines(caplog)
    assert [r.levelname for r in lines] == ["WARNING", "INFO"], "one line each way, no flood"
    assert lines[0].exc_info is None and "unavailable" in lines[0].getMessage()
    assert "3 calls refused" in lines[1].getMessage()


async def test_a_full_disk_refuses_a_save_whole_and_the_connection_stays_usable(tmp_path):
    db = await Database.open(tmp_path / "tables.sqlite3")
    try:
        game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
        (pages,) = (await (await db._db.execute("PRAGMA page_count")).fetchone()) or (0,)
        await db._db.execute(f"PRAGMA max_page_count={pages}")  # the file may not grow: full
        big = {"n": 1, "filler": "x" * 200_000}
        with pytest.raises(StorageUnavailable):
            await db.save_game(game.id, 1, big, status="active", moves=MOVE)
        with pytest.raises(StorageUnavailable):
            await db.create_game(guild_id=1, channel_id=11, kind="x", snapshot=big)
        assert await db.open_game(11) is None
        assert (await db.load_game(game.id)).snapshot == {"n": 0}
        assert await db.moves(game.id) == []
        await db._db.execute("PRAGMA max_page_count=1073741823")  # space again
        assert await db.save_game(game.id, 1, big, status="active", moves=MOVE) == 2
        assert (await db.load_game(game.id)).snapshot == big
    finally:
        await db.close()


async def test_a_mistake_is_not_an_outage(tmp_path):
    db = await Database.open(tmp_path / "tables.sqlite3")
    try:
        with pytest.raises(sqlite3.Error) as raised:
            await db._db.execute("SELECT * FROM no_such_table")
        assert not isinstance(raised.value, StorageUnavailable)
        assert db.outage.since is None
    finally:
        await db.close()


@pytest.mark.parametrize("engine", [Database, PostgresDatabase])
def test_every_public_call_of_both_engines_is_watched(engine):
    public = [
        name
        for name, member in vars(engine).items()
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    ]
    assert len(public) > 20
    assert all(hasattr(getattr(engine, name), "__wrapped__") for name in public)


async def test_postgres_cut_off_and_back_is_one_outage_and_the_pool_reconnects(caplog):
    if not TEST_DATABASE_URL:
        pytest.skip("PostgreSQL needs TEST_DATABASE_URL: ./scripts/postgres-for-tests prints one")
    server = urlsplit(TEST_DATABASE_URL)
    schema = f"outage_{uuid.uuid4().hex[:12]}"
    await _postgres(f"CREATE SCHEMA {schema}")
    try:
        relay = await TcpProxy(server.hostname or "127.0.0.1", server.port or 5432).start()
        url = TEST_DATABASE_URL.replace(f":{server.port or 5432}/", f":{relay.port}/", 1)
        db = await PostgresDatabase.open(_in_schema(url, schema))
        try:
            game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
            caplog.set_level(logging.INFO, logger="storage.outages")
            relay.cut()
            for _ in range(3):
                with pytest.raises(StorageUnavailable):
                    await db.save_game(game.id, 1, {"n": 1}, status="active", moves=MOVE)
                with pytest.raises(StorageUnavailable):
                    await db.load_game(game.id)
            assert relay.refused > 0
            relay.mend()
            assert (await db.load_game(game.id)).version == 1, "nothing half-saved"
            assert await db.save_game(game.id, 1, {"n": 1}, status="active", moves=MOVE) == 2
        finally:
            await db.close()
            await relay.close()
    finally:
        await _postgres(f"DROP SCHEMA {schema} CASCADE")
    lines = outage_lines(caplog)
    assert [r.levelname for r in lines] == ["WARNING", "INFO"]
