"""Two bot processes, one per shard of two, play Stella on one shared database.

The game's server is on shard 1, so its slash commands and channel clicks reach the second
process; the players mark their slates in DMs, which Discord sends to shard 0 only, so every
mark is made by the first process and must reach the game through the database. Both
processes watch the stored deadlines: a timer fires once, whichever process claims it.

The database is PostgreSQL (a schema of its own) when TEST_DATABASE_URL is set, else one SQLite
file in WAL mode that both processes open.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import discord
import pytest

import bot
from cogs.table.changes import CHANGE_ATTEMPTS
from cogs.table.messages import merge_messages
from config import Config, ConfigError
from games import stella as engine
from games.engine import CHANCE, Action, settle
from games.table import Table as GameTable
from locales import Localizer
from rendering import stella_cards
from storage import Database, Storage, open_storage
from tests.emulator import FakeDiscord, Message, User
from tests.support.controls import with_game_controls
from tests.test_e2e_stella import (
    cid,
    game_state,
    has_toggles,
    mark,
    open_table,
    seat_users,
    styles,
)

ROOT = Path(__file__).resolve().parent.parent
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
SHARDS = 2
POLL_SECONDS = 0.2  # how often each process looks at the stored deadlines
TIMER_ROUND = 2  # the round in which the last player runs out of time
Found = TypeVar("Found")


# --- the command line and the bot class -----------------------------------------------------------


def write_settings(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text('[discord]\ntoken = "t"\n' + text, encoding="utf-8")
    return path


def test_the_command_line_picks_the_shards_of_a_process(tmp_path):
    path = write_settings(tmp_path, "shard_count = 2\nshard_ids = [1]\n")
    assert bot.settings([str(path)]).shard_ids == (1,)
    config = bot.settings([str(path), "--shard-ids", "0-1", "3", "--shard-count", "4"])
    assert (config.shard_count, config.shard_ids) == (4, (0, 1, 3))
    assert bot.settings([str(path), "--shard-ids", "0"]).shard_ids == (0,)
    with pytest.raises(ConfigError, match="from 0 to 1"):
        bot.settings([str(path), "--shard-ids", "2"])


def test_shard_ids_without_a_count_stop_the_start_with_one_sentence(tmp_path, capsys):
    path = write_settings(tmp_path, "")
    assert bot.main([str(path), "--shard-ids", "0"]) == 2
    error = capsys.readouterr().err.strip()
    assert "discord.shard_ids" in error and len(error.splitlines()) == 1


@pytest.mark.parametrize(
    ("count", "ids", "sharded", "runs", "syncs"),
    [(0, (), False, None, True), (2, (), True, None, True), (4, (1, 3), True, [1, 3], False)],
)
def test_the_bot_is_sharded_only_when_set_and_one_process_syncs(count, ids, sharded, runs, syncs):
    config = Config(token="t", database=Path("unused"), shard_count=count, shard_ids=ids)
    table_bot = bot.make_bot(config, db=None)  # type: ignore[arg-type]
    assert isinstance(table_bot, bot.TableBot)
    assert isinstance(table_bot, discord.AutoShardedClient) is sharded
    assert getattr(table_bot, "shard_ids", None) == runs
    assert table_bot.shard_count == (count or None)
    assert table_bot.syncs_commands is syncs


# --- the version check between processes -------------------------------------------------------
# One bot here; a second connection to its database stands for another process, whose save
# slips in right before this process's next save of a move.

Move = tuple[int | None, Action, str]
Change = Callable[[engine.State], list[Move]]


class OtherProcess:
    """Saves of another bot process, each made right before this process saves a move."""

    def __init__(self, runner, *changes: Change) -> None:
        self.runner = runner
        self.changes = list(changes)
        self.saved = 0

    async def __aenter__(self) -> OtherProcess:
        self.db = await Database.open(self.runner.config.database)
        own = self.runner.db.save_game

        async def save_game(game_id: int, expected: int, snapshot: dict, **kwargs: Any) -> int:
            if kwargs.get("moves") and self.changes:
                await self._save(game_id, self.changes.pop(0))
            return await own(game_id, expected, snapshot, **kwargs)

        self.runner.db.save_game = save_game
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        del self.runner.db.save_game
        await self.db.close()

    async def _save(self, game_id: int, change: Change) -> None:
        record = await self.db.load_game(game_id)
        table = GameTable.from_json(record.snapshot)
        state = engine.from_json(table.state)
        moves = change(state)
        table.state = engine.to_json(state)
        await self.db.save_game(
            game_id, record.version, table.to_json(), status=record.status, moves=moves
        )
        self.saved += 1


def no_move(state: engine.State) -> list[Move]:
    """A save that plays nothing, such as one noting a message id."""
    return []


def locks_in(seat: int, cards: list[int]) -> Change:
    """The seat locks in (by DM, so in the other process), and chance plays on."""

    def change(state: engine.State) -> list[Move]:
        moves: list[Move] = []
        for action in ({"type": "set_marks", "cards": cards}, {"type": "lock_in"}):
            engine.apply(state, seat, action)
            moves.append((seat, action, "user:other"))
        moves += [(None, outcome, "chance") for outcome, _ in settle(engine, state)]
        return moves

    return change


async def started(emu, runner, world) -> tuple[Any, list[User]]:
    """A Stella game of the three, marking its first round (one process, one database file)."""
    chan, users = world
    await runner.start()
    await open_table(emu, chan, users)
    record, _ = await game_state(runner, chan)
    return record, seat_users(record, users)


async def test_a_click_that_lost_to_another_process_is_applied_once_afresh(emu, runner, world):
    record, players = await started(emu, runner, world)
    alice, dm = players[0], emu.dm_messages(players[0])[-1]
    # The server's process noting message ids while the round is shown: it may win more than once.
    losses = CHANGE_ATTEMPTS - 1
    async with OtherProcess(runner, *[no_move] * losses) as other:
        ix = await emu.click(alice, dm, cid(dm, "atoggle:3"))
    assert other.saved == losses
    assert ix.private is None, "the slate is edited, nobody is told off"
    record, state = await game_state(runner, world[0])
    assert state.slates[0] == [3]
    drafts = [m.action for m in await runner.db.moves(record.id) if m.seat == 0]
    assert drafts == [{"type": "set_marks", "cards": [3]}]


async def test_a_click_that_lost_every_try_is_out_of_date_and_changes_nothing(emu, runner, world):
    record, players = await started(emu, runner, world)
    alice, dm = players[0], emu.dm_messages(players[0])[-1]
    async with OtherProcess(runner, *[no_move] * CHANGE_ATTEMPTS) as other:
        ix = await emu.click(alice, dm, cid(dm, "atoggle:3"))
    assert other.saved == CHANGE_ATTEMPTS
    assert ix.private and "out of date" in ix.private.text
    _, state = await game_state(runner, world[0])
    assert state.slates[0] == []
    assert not [m for m in await runner.db.moves(record.id) if m.seat == 0]


async def test_a_timeout_that_lost_to_a_lock_in_elsewhere_spares_that_player(emu, runner, world):
    record, players = await started(emu, runner, world)
    await mark(emu, emu.dm_messages(players[0])[-1], players[0], [0, 1])
    async with OtherProcess(runner, locks_in(1, [2])) as other:
        await runner.bot.get_cog("TimerCog").expire(record.id)
    assert other.saved == 1
    record, state = await game_state(runner, world[0])
    timeouts = [
        (m.seat, m.action) for m in await runner.db.moves(record.id) if m.actor == "timeout"
    ]
    assert timeouts == [(2, {"type": "time_out"})], "only the player still marking times out"
    assert state.phase == engine.EXPLORATION
    assert state.slates[1] == [2] and not state.taking_part[2]


async def test_a_timeout_is_dropped_once_another_process_ended_the_turn(emu, runner, world):
    record, players = await started(emu, runner, world)
    for player in players[:2]:
        await mark(emu, emu.dm_messages(player)[-1], player, [4])
    async with OtherProcess(runner, locks_in(2, [5])) as other:
        await runner.bot.get_cog("TimerCog").expire(record.id)
    assert other.saved == 1
    record, state = await game_state(runner, world[0])
    assert not [m for m in await runner.db.moves(record.id) if m.actor == "timeout"]
    assert state.phase == engine.EXPLORATION and state.taking_part[2] and state.slates[2] == [5]


@pytest.mark.parametrize(
    ("theirs", "ours", "merged"),
    [
        ({"turn": 1, "dm:0": 5}, {"turn": 2, "dm:0": 5}, {"turn": 2, "dm:0": 5}),
        ({"turn": 3, "dm:0": 5}, {"turn": 2, "dm:0": 5}, {"turn": 3, "dm:0": 5}),
        ({"turn": 1, "dm:0": 5}, {"turn": 1}, {"turn": 1}),
        ({"turn": 1, "dm:0": 9}, {"turn": 1}, {"turn": 1, "dm:0": 9}),
        ({"turn": 3, "dm:2": 8}, {"turn": 1, "dm:1": 6}, {"turn": 3, "dm:1": 6, "dm:2": 8}),
    ],
)
def test_message_ids_noted_by_two_processes_merge_key_by_key(theirs, ours, merged):
    before = {"turn": 1, "dm:0": 5}
    fresh = dict(theirs)
    merge_messages(fresh, before, ours)
    assert fresh == merged


# --- two bot processes ----------------------------------------------------------------------------


async def _postgres(statement: str) -> None:
    connection = await asyncpg.connect(TEST_DATABASE_URL, timeout=10)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@pytest.fixture
async def shared(tmp_path) -> AsyncIterator[tuple[Config, Storage]]:
    """The settings of the shared database, and the test's own connection to it."""
    config = Config(token="unused", database=tmp_path / "tables.sqlite3")
    schema = f"shards_{uuid.uuid4().hex[:12]}"
    if TEST_DATABASE_URL:
        await _postgres(f"CREATE SCHEMA {schema}")
        joiner = "&" if "?" in TEST_DATABASE_URL else "?"
        url = f"{TEST_DATABASE_URL}{joiner}search_path={schema}"
        config = Config(token="unused", database=config.database, storage_url=url)
    storage = await open_storage(config)  # creates the tables before the bots start
    try:
        yield config, storage
    finally:
        await storage.close()
        if TEST_DATABASE_URL:
            await _postgres(f"DROP SCHEMA {schema} CASCADE")


class ShardProcesses:
    """``python bot.py <settings> --shard-ids N --shard-count M``, one process per shard."""

    def __init__(self, emu: FakeDiscord, shared: Config, folder: Path) -> None:
        self.emu = emu
        self.folder = folder
        self.settings = folder / "config.toml"
        self.settings.write_text(
            "\n".join(
                [
                    "[discord]",
                    f"token = {json.dumps(emu.bot_token)}",
                    f"api_base = {json.dumps(emu.api_base)}",
                    f"gateway_url = {json.dumps(emu.gateway_url)}",
                    "[storage]",
                    f"database = {json.dumps(str(shared.database))}",
                    f"url = {json.dumps(shared.storage_url)}",
                    "[timers]",
                    f"poll_seconds = {POLL_SECONDS}",
                ]
            ),
            encoding="utf-8",
        )
        self.processes: list[asyncio.subprocess.Process] = []

    async def start(self, timeout: float = 30) -> None:
        # The settings file alone decides: no token or database from this environment.
        env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
        for shard_id in range(SHARDS):
            with self.log_path(shard_id).open("wb") as log:
                process = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "bot.py",
                    str(self.settings),
                    "--shard-ids",
                    str(shard_id),
                    "--shard-count",
                    str(SHARDS),
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=log,
                )
            self.processes.append(process)
        waiting = asyncio.ensure_future(self.emu.wait_for_bot(timeout=timeout, shards=SHARDS))
        exits = [asyncio.ensure_future(process.wait()) for process in self.processes]
        done, _ = await asyncio.wait([waiting, *exits], return_when=asyncio.FIRST_COMPLETED)
        for task in (waiting, *exits):
            task.cancel()
        if waiting not in done or waiting.exception() is not None:
            raise AssertionError(f"the shards did not all come up:\n{self.logs()}")

    async def stop(self) -> None:
        for process in self.processes:
            if process.returncode is None:
                process.terminate()  # the bot closes cleanly on SIGTERM
        for process in self.processes:
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()

    def log_path(self, shard_id: int) -> Path:
        return self.folder / f"shard{shard_id}.log"

    def logs(self) -> str:
        return "\n".join(
            f"--- shard {n} ---\n{self.log_path(n).read_text(errors='replace')[-3000:]}"
            for n in range(SHARDS)
        )


@pytest.fixture
async def shards(emu, shared, tmp_path) -> AsyncIterator[ShardProcesses]:
    processes = ShardProcesses(emu, shared[0], tmp_path)
    try:
        await processes.start()
        yield processes
    finally:
        await processes.stop()


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Night Sky", shard=(1, SHARDS))
    chan = emu.add_channel(guild, "stella")
    users = [emu.add_user(name) for name in ("alice", "bob", "dave")]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


# --- playing --------------------------------------------------------------------------------------


async def until(
    check: Callable[[], Awaitable[Found | None]], what: str, timeout: float = 10
) -> Found:
    """Poll ``check`` until it finds something (the other process works at its own pace)."""
    deadline = time.monotonic() + timeout
    while True:
        found = await check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        await asyncio.sleep(0.02)


async def the_game(storage: Storage, chan) -> tuple[Any, engine.State]:
    record = (await storage.guild_games(chan.guild.id, statuses=("active", "finished")))[0]
    return record, engine.from_json(record.snapshot["state"])


class Players:
    """The test's players: what they clicked, through which shard it had to go."""

    def __init__(self, emu: FakeDiscord, storage: Storage, chan, users: list[User]) -> None:
        self.emu, self.storage, self.chan, self.users = emu, storage, chan, users
        self.rng = random.Random(7)
        self.locked: dict[tuple[int, int], list[int]] = {}  # (round, seat) -> marks locked in
        self.designated: list[int] = []
        self.shown: dict[tuple[int, int], set[int]] = {}  # (round, seat) -> marks shown
        self.in_dms: list[int] = []  # interaction ids that Discord sends to shard 0
        self.in_guild: list[int] = []  # interaction ids of the game's server (shard 1)

    async def open(self) -> None:
        alice, *others = self.users
        opened = await self.emu.slash(alice, self.chan, "stella new", {})
        lobby = opened.message
        self.in_guild.append(opened.id)
        for user in others:
            self.in_guild.append((await self.emu.click(user, lobby, cid(lobby, "join"))).id)
        self.in_guild.append((await self.emu.click(alice, lobby, cid(lobby, "start"))).id)

    async def slate(self, user: User) -> Message:
        """The player's slate DM of this round, once the server's process has sent it."""

        async def sent() -> Message | None:
            dms = self.emu.dm_messages(user)
            return dms[-1] if dms and has_toggles(dms[-1]) else None

        return await until(sent, f"a slate DM for {user.name}")

    async def mark(self, seat: int, user: User, number: int, lock: bool = True) -> None:
        panel = await self.slate(user)
        cards = self.rng.sample(range(8), self.rng.randint(1, 2))
        for card in cards:
            edits = len(panel.edits)
            self.in_dms.append(
                (await self.emu.click(user, panel, cid(panel, f"atoggle:{card}"))).id
            )

            async def edited(card: int = card, edits: int = edits) -> bool | None:
                # As a player would: the next tap once the slate shows this one's mark.
                marked = styles(panel)[f"atoggle:{card}"] == discord.ButtonStyle.success.value
                return (len(panel.edits) > edits and marked) or None

            await until(edited, f"{user.name}'s slate after a toggle")
            # The mark shown is saved already, whichever process shows the round.
            _, state = await the_game(self.storage, self.chan)
            assert card in state.slates[seat], f"{user.name} was shown a mark not saved"
            self.shown.setdefault((number, seat), set()).add(card)
        if lock:
            self.in_dms.append((await self.emu.click(user, panel, cid(panel, "alock"))).id)
            self.locked[number, seat] = sorted(cards)

    async def explore(self, players: list[User]) -> None:
        """Every designation of the round, each on the turn message the last one posted."""
        while True:
            _, state = await the_game(self.storage, self.chan)
            if state.phase != engine.EXPLORATION:
                return
            turn = await until(self._designate_button, "a turn message to designate on")
            seat, card = state.active, engine.legal_actions(state, state.active)[0]["card"]
            opened = await self.emu.click(players[seat], turn, cid(turn, "u:designate"))
            panel = opened.private  # drawn after a defer: the click's follow-up
            assert panel is not None
            chosen = await self.emu.click(players[seat], panel, cid(panel, f"adesignate:{card}"))
            self.in_guild += [opened.id, chosen.id]
            self.designated.append(card)
            # Acknowledged at once: the change may still be on its way (a save lost to the
            # other process is tried again), and the next designation reads the saved game.
            await until(self._designations_saved, "the designation saved")

    async def _designations_saved(self) -> bool:
        record, _ = await the_game(self.storage, self.chan)
        moves = await self.storage.moves(record.id)
        by_players = [m for m in moves if m.action["type"] == "designate" and m.actor == "user"]
        return len(by_players) == len(self.designated)

    async def _designate_button(self) -> Message | None:
        latest = self.emu.channel_messages(self.chan)[-1]
        has_it = any(b["custom_id"].endswith(":u:designate") for b in latest.buttons())
        return latest if has_it else None


def received_by(emu: FakeDiscord, shard_id: int) -> set[int]:
    """The interactions the emulator sent over that shard's session."""
    frames = emu.gateway.shards[shard_id].kept
    return {int(f["d"]["id"]) for f in frames if f["t"] == "INTERACTION_CREATE"}


async def replay(storage: Storage, record) -> tuple[engine.State, dict[tuple[int, int], list[int]]]:
    """The game from its seed and move log; and every slate locked in, by round and seat."""
    options = {**record.snapshot["options"], "deck_size": stella_cards.DECK_SIZE}
    state = engine.new_game(len(record.snapshot["seats"]), record.snapshot["seed"], options)
    locked: dict[tuple[int, int], list[int]] = {}
    number = 0
    for move in await storage.moves(record.id):
        seat = CHANCE if move.seat is None else move.seat
        for event in engine.apply(state, seat, move.action):
            if event["type"] == "round_started":
                number = event["round"]
            elif event["type"] == "slate_locked":
                locked[number, event["to"]] = sorted(event["cards"])
    return state, locked


# --- the game -------------------------------------------------------------------------------------


async def test_a_stella_game_on_two_shard_processes_loses_nothing(emu, shared, shards, world):
    chan, users = world
    storage = shared[1]
    assert emu.gateway.session_for(chan.guild.id).shard == (1, SHARDS)
    assert emu.gateway.session_for(None).shard == (0, SHARDS)
    table = Players(emu, storage, chan, users)
    await table.open()
    record, _ = await the_game(storage, chan)
    players = seat_users(record, users)
    timeout_note = Localizer().text("en", "table-timed-out", player=players[-1].name)

    for number in range(1, engine.ROUNDS + 1):
        _, state = await the_game(storage, chan)
        assert (state.round, state.phase) == (number, engine.MARKING)
        for seat in engine.to_move(state):
            late = number == TIMER_ROUND and seat == len(players) - 1
            await table.mark(seat, players[seat], number, lock=not late)
        if number == TIMER_ROUND:
            record, _ = await the_game(storage, chan)
            # A deadline of the marking's decision, as if its minutes had gone by.
            decision = record.snapshot["decision_at"]
            await storage.set_deadline(record.id, decision, time.time() - 1, None)
            await until(
                lambda n=number: _past_marking(storage, chan, n), "the timer firing", timeout=10
            )
        else:  # the last Lock was acknowledged; its change may still be on its way
            await until(lambda n=number: _past_marking(storage, chan, n), "the last lock saved")
        await table.explore(players)

    record, state = await the_game(storage, chan)
    assert record.status == "finished" and state.phase == engine.OVER
    await until(lambda: _posted(emu, chan, "Final scores"), "the final scores")

    # Nothing lost: the log replays to the saved game, with every slate locked in a DM.
    replayed, locked = await replay(storage, record)
    assert engine.to_json(replayed) == record.snapshot["state"]
    assert locked == table.locked
    for key, marks in table.shown.items():  # every mark a player was shown stayed
        assert marks <= set(locked.get(key, [])) or key == (TIMER_ROUND, len(players) - 1)
    moves = await storage.moves(record.id)
    designations = [
        m.action["card"] for m in moves if m.action["type"] == "designate" and m.actor == "user"
    ]
    assert designations == table.designated

    # The timer fired exactly once, though both processes watched it.
    await asyncio.sleep(5 * POLL_SECONDS)
    assert [(m.seat, m.actor) for m in moves if m.actor == "timeout"] == [(2, "timeout")]
    shown = [m for m in emu.channel_messages(chan) if timeout_note in m.text]
    assert len(shown) == 1 and await storage.deadlines() == []

    # Marks went through shard 0, everything in the server through shard 1.
    assert set(table.in_dms) <= received_by(emu, 0) and not set(table.in_dms) & received_by(emu, 1)
    assert set(table.in_guild) <= received_by(emu, 1)
    assert not set(table.in_guild) & received_by(emu, 0)

    # Every control went away: no turn message or DM was forgotten by either process.
    assert with_game_controls(emu.channel_messages(chan)) == []
    assert not [m for m in emu.all_messages() if m.channel.is_dm and m.buttons()]
    # Read again: the finishing save comes before the channel step that closes the DMs.
    last, _ = await the_game(storage, chan)
    assert not [key for key in last.snapshot["messages"] if key.startswith("dm:")]
    await shards.stop()
    for shard_id in range(SHARDS):
        log = shards.log_path(shard_id).read_text(errors="replace")
        assert "Traceback" not in log and " ERROR " not in log, shards.logs()


async def _past_marking(storage: Storage, chan, number: int) -> bool:
    """Past the marking of round ``number`` (forced designations may have ended the round)."""
    record, state = await the_game(storage, chan)
    return state.phase != engine.MARKING or state.round > number or record.status != "active"


async def _posted(emu: FakeDiscord, chan, text: str) -> bool:
    return any(text in m.text for m in emu.channel_messages(chan))
