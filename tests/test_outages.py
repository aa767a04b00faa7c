"""Which failures are an outage of Discord or of the database, and one log line per outage."""

from __future__ import annotations

import logging
import sqlite3

import aiosqlite
import discord
import pytest

from cogs.outages import DISCORD, STORAGE, Outages, discord_outage, storage_outage


class Answer:
    """Enough of an aiohttp response for discord.py's exceptions."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "reason"


def http_error(status: int) -> discord.HTTPException:
    kind = discord.DiscordServerError if status >= 500 else discord.HTTPException
    return kind(Answer(status), {"code": 0, "message": "m"})


@pytest.mark.parametrize(("status", "outage"), [(500, True), (503, True), (429, True)])
def test_discord_5xx_and_429_are_an_outage(status, outage):
    error = http_error(status)
    assert discord_outage(error) is outage and not storage_outage(error)


@pytest.mark.parametrize("status", [400, 403, 404])
def test_a_refusal_of_what_the_bot_asked_is_no_outage(status):
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    assert not discord_outage(kind(Answer(status), {"code": 0, "message": "m"}))


async def test_a_locked_sqlite_file_is_an_outage_and_a_wrong_query_is_not(tmp_path):
    path = tmp_path / "t.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    async with aiosqlite.connect(path, timeout=0.01, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError) as locked:
            await db.execute("INSERT INTO t VALUES (1)")
        with pytest.raises(sqlite3.OperationalError) as wrong:
            await db.execute("SELECT * FROM no_such_table")
    holder.close()
    assert storage_outage(locked.value) and not discord_outage(locked.value)
    assert not storage_outage(wrong.value) and not discord_outage(wrong.value)


async def test_a_refused_connection_to_postgres_is_an_outage_of_the_database():
    import asyncpg

    with pytest.raises(OSError) as refused:
        await asyncpg.connect("postgresql://nobody@127.0.0.1:1/none", timeout=5)
    assert storage_outage(refused.value) and not discord_outage(refused.value)


def test_an_outage_is_one_warning_and_discord_py_rate_limit_warnings_join_it(caplog):
    outages = Outages()
    outages.install()
    try:
        caplog.set_level(logging.DEBUG)
        rate = logging.getLogger("discord.http")
        rate.warning("We are being rate limited. %s %s responded with 429.", "GET", "/x")
        rate.warning("We are being rate limited. %s %s responded with 429.", "GET", "/y")
        outages.failed(DISCORD, http_error(429), "showing game 1")
        outages.failed(STORAGE, sqlite3.OperationalError("database is locked"), "a click")
        outages.failed(STORAGE, sqlite3.OperationalError("database is locked"), "a click")
        assert outages.down(DISCORD) and outages.down(STORAGE)
        outages.answered(DISCORD)
        assert not outages.down(DISCORD) and outages.down(STORAGE)
        outages.failed(DISCORD, http_error(503), "a repair")  # a new outage
    finally:
        outages.uninstall()
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        "We are being rate limited. GET /x responded with 429.",
        "The database is not answering (OperationalError: database is locked): "
        "the tables wait and resume when it is back",
        "Discord is not answering (HTTP 503): the tables wait and resume when it is back",
    ]


async def test_a_full_sqlite_file_is_an_outage(tmp_path):
    async with aiosqlite.connect(tmp_path / "t.sqlite3", isolation_level=None) as db:
        await db.execute("CREATE TABLE t (x)")
        async with db.execute("PRAGMA page_count") as cursor:
            (pages,) = await cursor.fetchone()
        await db.execute(f"PRAGMA max_page_count = {pages}")  # as a disk with no room left
        with pytest.raises(sqlite3.OperationalError) as full:
            await db.execute("INSERT INTO t VALUES (?)", (b"x" * 100_000,))
    assert "full" in str(full.value)
    assert storage_outage(full.value) and not discord_outage(full.value)
