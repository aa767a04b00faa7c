"""The bot process while its database is away: a click is answered "try again in a moment" and
changes nothing, the log has one line for the outage and no traceback, and the game plays on to
its end once the database is back, by itself (timers and repairs kept running).

SQLite: a backup's write lock on the file. PostgreSQL: the server cut off behind a relay (open
connections reset, new ones refused), as a restart or a failover looks from the bot.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from urllib.parse import urlsplit

import pytest

from config import Config
from games import dice_stars as engine
from games.table import Table
from storage import Storage, open_storage
from tests.emulator import Channel, FakeDiscord, User
from tests.emulator.interactions import Interaction
from tests.support.process import BotProcess
from tests.support.tcp_cut import CuttableRelay
from tests.test_e2e_dice_stars import controls, star_values
from tests.test_e2e_healing import (
    assert_whole,
    live,
    open_game,
    play_to_the_end,
    settled,
)
from tests.test_storage import TEST_DATABASE_URL, _in_schema, _postgres

TRY_AGAIN = "I can't save anything right now"


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = [emu.add_user(name, locale="en-US") for name in ("alice", "bob")]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


async def click_for(emu, snapshot: dict, chan: Channel, users: list[User]) -> Interaction:
    """The player to move clicks what the autopilot would, on the one live turn message."""
    (turn,) = live(emu, chan)
    state = engine.from_json(snapshot["state"])
    seat = engine.to_move(state)[0]
    user = next(u for u in users if u.id == snapshot["seats"][seat]["user_id"])
    wanted = engine.autopilot(state, seat)
    if wanted["type"] == "take_stars":
        values = star_values(wanted["rows"])
        return await emu.select(user, turn, turn.select("s:")["custom_id"], values)
    return await emu.click(user, turn, next(c for c, a in controls(turn) if a == wanted))


async def private_answer(ix: Interaction, timeout: float = 30.0) -> str:
    """The bot's private answer to the click, once it came."""
    deadline = time.monotonic() + timeout
    while ix.private is None:
        assert time.monotonic() < deadline, f"no private answer to {ix}"
        await asyncio.sleep(0.05)
    return ix.private.content


def outage_warnings(bot: BotProcess) -> list[str]:
    return [
        line
        for line in bot.log_text().splitlines()
        if " WARNING " in line and "is unavailable" in line
    ]


async def test_a_click_while_a_backup_locks_the_sqlite_file_changes_nothing(
    emu, bot_process, world
):
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    before = await settled(emu, bot_process.database, chan)
    backup = sqlite3.connect(bot_process.database, isolation_level=None)
    backup.execute("BEGIN IMMEDIATE")
    try:
        ix = await click_for(emu, before.snapshot, chan, users)
        assert TRY_AGAIN in await private_answer(ix)
        version, moves = backup.execute(
            "SELECT version, (SELECT count(*) FROM moves WHERE game_id = games.id) FROM games"
            " WHERE id = ?",
            (before.record.id,),
        ).fetchone()
        assert (version, moves) == (before.record.version, len(before.moves))
    finally:
        backup.execute("ROLLBACK")
        backup.close()
    (turn,) = live(emu, chan)
    assert turn.attachments, "the turn message still stands, with its controls"
    record = await play_to_the_end(emu, bot_process.database, chan, users)
    assert_whole(emu, chan, record)
    assert len(outage_warnings(bot_process)) == 1
    assert bot_process.tracebacks() == []


# --- PostgreSQL, through a relay the test cuts ---------------------------------------------------


@pytest.fixture
async def postgres_through_relay() -> AsyncIterator[tuple[CuttableRelay, str]]:
    if not TEST_DATABASE_URL:
        pytest.skip("PostgreSQL needs TEST_DATABASE_URL: ./scripts/postgres-for-tests prints one")
    server = urlsplit(TEST_DATABASE_URL)
    schema = f"outage_{uuid.uuid4().hex[:12]}"
    await _postgres(f"CREATE SCHEMA {schema}")
    try:
        async with CuttableRelay(server.hostname or "127.0.0.1", server.port or 5432) as relay:
            yield relay, _in_schema(relay.rewrite(TEST_DATABASE_URL), schema)
    finally:
        await _postgres(f"DROP SCHEMA {schema} CASCADE")


async def shown_game(emu, storage: Storage, chan: Channel) -> dict:
    """The channel's newest game once the channel shows all of it and Discord is quiet."""
    for _ in range(200):
        await emu.idle(quiet=0.15, timeout=20)
        record = await storage.open_game(chan.id) or (await storage.guild_games(chan.guild.id))[0]
        if Table.from_json(record.snapshot).up_to_date:
            return {"status": record.status, "snapshot": record.snapshot}
    raise AssertionError("the channel never caught up with the database")


async def play_on(emu, storage: Storage, chan, users) -> dict:
    for _ in range(400):
        game = await shown_game(emu, storage, chan)
        if game["status"] != "active":
            return game
        await click_for(emu, game["snapshot"], chan, users)
    raise AssertionError("no end within 400 clicks")


async def test_postgres_cut_off_for_a_while_then_back_the_game_ends_by_itself(
    emu, tmp_path, world, postgres_through_relay
):
    chan, users = world
    relay, url = postgres_through_relay
    bot = BotProcess(emu, tmp_path / "bot", extra_settings={"storage": {"url": url}})
    storage = await open_storage(Config(token="t", database=tmp_path / "unused", storage_url=url))
    read: Callable[[], Awaitable[dict]] = lambda: shown_game(emu, storage, chan)  # noqa: E731
    try:
        await bot.start()
        await open_game(emu, chan, users)
        for _ in range(3):
            await click_for(emu, (await read())["snapshot"], chan, users)
        before = await read()
        relay.cut()
        ix = await click_for(emu, before["snapshot"], chan, users)
        assert TRY_AGAIN in await private_answer(ix)
        # The timers and the sweep keep polling the away database meanwhile (every 0.2 s).
        await asyncio.sleep(1.0)
        assert relay.refused >= 2
        relay.restore()
        after = await read()
        assert after["snapshot"] == before["snapshot"], "the refused click changed nothing"
        game = await play_on(emu, storage, chan, users)
        assert game["status"] == "finished"
        assert live(emu, chan) == []
        assert len(outage_warnings(bot)) == 1, bot.tail()
        assert bot.tracebacks() == []
    finally:
        await storage.close()
        await bot.close()
