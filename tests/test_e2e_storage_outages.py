"""The database away for a while: a click is told to try again, nothing is half-saved, and
the game is played to its end once the database is back.

The real bot as its own process against the emulator. SQLite: another connection holds the
file's write lock (as a backup does), so the bot's save waits out its busy timeout and fails.
PostgreSQL (at TEST_DATABASE_URL, in a schema of its own): the bot reaches the server through
a relay the test cuts, as a restart or a fail-over cuts every connection, and which refuses
new ones until it is mended. One log line for the outage, no traceback.
"""

from __future__ import annotations

import os
import re
import sqlite3
import uuid
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import asyncpg
import pytest

from config import Config
from games import dice_stars as engine
from storage import open_storage
from tests.emulator import FakeDiscord
from tests.support.tcp_proxy import TcpProxy
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import controls, star_values
from tests.test_e2e_healing import (
    NEW_MESSAGE,
    Game,
    assert_whole,
    click_autopilot,
    live,
    open_game,
    play_to_the_end,
    until_a_turn_end,
)
from tests.test_e2e_healing import settled as healing_settled

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
OUTAGE_LINE = re.compile(r"the database is unavailable", re.IGNORECASE)
TRY_AGAIN = (
    "The bot cannot reach its game storage right now; your click changed nothing. "
    "Try again in a moment."
)


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


# --- the two databases and their outages ------------------------------------------------------


class SqliteBusy:
    """Another connection holding the SQLite file's write lock (readers still read)."""

    def __init__(self, path) -> None:
        self.path = path
        self.holder: sqlite3.Connection | None = None

    def storage(self) -> Config:
        return Config(token="t", database=self.path)

    def begin(self) -> None:
        self.holder = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        self.holder.execute("BEGIN EXCLUSIVE")

    def end(self) -> None:
        assert self.holder is not None
        self.holder.execute("ROLLBACK")
        self.holder.close()


class PostgresAway:
    """PostgreSQL behind a relay: cut (every connection dropped, new ones refused), mended."""

    def __init__(self, direct: str, proxy: TcpProxy, folder) -> None:
        self.direct, self.proxy, self.folder = direct, proxy, folder

    def storage(self) -> Config:
        return Config(token="t", database=self.folder / "unused.sqlite3", storage_url=self.direct)

    def begin(self) -> None:
        self.proxy.cut()

    def end(self) -> None:
        self.proxy.mend()


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request, bot_process, tmp_path) -> AsyncIterator[SqliteBusy | PostgresAway]:
    if request.param == "sqlite":
        yield SqliteBusy(bot_process.database)
        return
    if not TEST_DATABASE_URL:
        pytest.skip("PostgreSQL needs TEST_DATABASE_URL: ./scripts/postgres-for-tests prints one")
    schema = f"outage_{uuid.uuid4().hex[:12]}"
    await _postgres(f"CREATE SCHEMA {schema}")
    address = urlsplit(TEST_DATABASE_URL)
    proxy = await TcpProxy(address.hostname or "127.0.0.1", address.port or 5432).start()
    joiner = "&" if "?" in TEST_DATABASE_URL else "?"
    direct = f"{TEST_DATABASE_URL}{joiner}search_path={schema}"
    relayed = direct.replace(f":{address.port or 5432}/", f":{proxy.port}/", 1)
    if f":{proxy.port}/" not in relayed:  # an address without a port
        relayed = direct.replace(f"@{address.hostname}/", f"@127.0.0.1:{proxy.port}/", 1)
    bot_process.extra_settings = {"storage": {"url": relayed}}
    try:
        yield PostgresAway(direct, proxy, tmp_path)
    finally:
        await bot_process.close()
        await proxy.close()
        await _postgres(f"DROP SCHEMA {schema} CASCADE")


async def _postgres(statement: str) -> None:
    connection = await asyncpg.connect(TEST_DATABASE_URL, timeout=10)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


# --- reading the game from either database ----------------------------------------------------


async def game_in(database, chan) -> Game:
    storage = await open_storage(database.storage())
    try:
        record = await storage.open_game(chan.id) or (await storage.guild_games(chan.guild.id))[0]
        return Game(record, await storage.moves(record.id))
    finally:
        await storage.close()


async def settled(emu, database, chan) -> Game:
    for _ in range(100):
        await emu.idle(quiet=0.15, timeout=20)
        game = await game_in(database, chan)
        if game.snapshot["shown"] >= game.snapshot["changed"] and not game.snapshot["posts"]:
            return game
    raise AssertionError("the table was never shown")


async def next_click(emu, database, chan, users):
    """What the player to move clicks next: (user, message, custom_id, values); None: over."""
    game = await settled(emu, database, chan)
    if game.status != "active":
        return None
    (turn,) = live(emu, chan)
    state = engine.from_json(game.snapshot["state"])
    seat = engine.to_move(state)[0]
    user = next(u for u in users if u.id == game.snapshot["seats"][seat]["user_id"])
    wanted = engine.autopilot(state, seat)
    if wanted["type"] == "take_stars":
        return user, turn, turn.select("s:")["custom_id"], star_values(wanted["rows"])
    return user, turn, next(c for c, a in controls(turn) if a == wanted), None


async def click(emu, move):
    user, message, custom_id, values = move
    if values is None:
        return await emu.click(user, message, custom_id)
    return await emu.select(user, message, custom_id, values)


# --- the test ---------------------------------------------------------------------------------


async def test_a_click_while_the_database_is_away_is_told_to_try_again(
    emu, bot_process, world, database
):
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    for _ in range(3):
        await click(emu, await next_click(emu, database, chan, users))
    move = await next_click(emu, database, chan, users)
    before = len((await game_in(database, chan)).moves)
    log_before = len(bot_process.log_text())

    database.begin()
    try:
        ix = await click(emu, move)
        await emu.wait_until(lambda: ix.private is not None, timeout=20, what="a private word")
        assert ix.private.text == TRY_AGAIN
        if isinstance(database, PostgresAway):
            # A slash command meets the same answer (SQLite's readers are not locked out).
            status = await emu.slash(users[0], chan, "status", {})
            await emu.wait_until(lambda: status.private is not None, timeout=20)
            assert status.private.text == TRY_AGAIN
            # The bot's sweep and timers keep trying (and keep running) while it is away.
            refused = database.proxy.refused
            await emu.wait_until(lambda: database.proxy.refused >= refused + 5, timeout=20)
    finally:
        database.end()
    assert len((await game_in(database, chan)).moves) == before, "nothing was saved"
    assert live(emu, chan) == [move[1]], "the table shows what it showed"

    again = await click(emu, move)  # the same control: still the current one
    assert again.private is None or again.private.text != TRY_AGAIN
    for _ in range(400):
        nxt = await next_click(emu, database, chan, users)
        if nxt is None:
            break
        await click(emu, nxt)
    game = await settled(emu, database, chan)
    assert game.status == "finished"
    assert_whole(emu, chan, game)
    assert bot_process.tracebacks() == []
    during = bot_process.log_text()[log_before:]
    lines = [line for line in during.splitlines() if OUTAGE_LINE.search(line)]
    assert len(lines) == 1, lines


async def test_the_database_locked_as_the_next_turn_message_is_posted(emu, bot_process, world):
    """The move is saved, its turn message posted, and then the file is locked before the bot
    can note the message's id: once it is free, the repair finds the message (no second copy)
    and the game plays on."""
    chan, users = world
    path = bot_process.database
    await bot_process.start()
    await open_game(emu, chan, users)
    await until_a_turn_end(emu, path, chan, users)
    log_before = len(bot_process.log_text())
    busy = SqliteBusy(path)
    hook = emu.inject("POST", NEW_MESSAGE, after=busy.begin)
    try:
        await click_autopilot(emu, path, chan, users)
        await hook.wait(timeout=10)
        await emu.wait_until(
            lambda: OUTAGE_LINE.search(bot_process.log_text()[log_before:]),
            timeout=20,
            what="the bot meeting the locked file",
        )
    finally:
        busy.end()
    record = await healing_settled(emu, path, chan)
    assert len(live(emu, chan)) == 1, "one turn message with controls, not two"
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)
    assert bot_process.tracebacks() == []
    lines = [line for line in bot_process.log_text()[log_before:].splitlines()]
    assert len([line for line in lines if OUTAGE_LINE.search(line)]) == 1
