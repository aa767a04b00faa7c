"""A table that heals itself: crashes, stops and late answers never strand a game.

The bot runs as its own process (``python bot.py``) and the emulator kills it at an exact
request; after the restart the table has exactly one current turn message with working
controls, the public log holds every move once, and the game plays on to its end.
"""

from __future__ import annotations

import signal
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from cogs.dice_stars import DiceStarsPlugin
from games import dice_stars as engine
from games import stella as stella_engine
from games.engine import CHANCE, only_choice_event
from games.table import Table
from locales import Localizer
from screens.context import TableContext, log_event_lines
from storage import Database, GameRecord, MoveRecord
from tests.emulator import Channel, FakeDiscord, Message, User
from tests.emulator.interactions import APPLICATION_COMMAND, Interaction, base_payload
from tests.support.bodies import log_text
from tests.support.controls import game_controls
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import controls, star_values, verb

LOC = Localizer(default="en")
CHANNEL_POST = r"/channels/\d+/messages"
FOLLOWUP = r"/webhooks/\d+/[^/]+"  # a message posted through a click (not counted by Discord)
NEW_MESSAGE = rf"{CHANNEL_POST}|{FOLLOWUP}"
CALLBACK = r"/interactions/\d+/[^/]+/callback"


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


# --- reading the table: the database file and the channel ---------------------------------------


@dataclass
class Game:
    record: GameRecord
    moves: list[MoveRecord]

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def snapshot(self) -> dict:
        return self.record.snapshot


async def game_of(path, chan: Channel) -> Game:
    """The channel's game as the bot process saved it (the newest one, open or not)."""
    db = await Database.open(path)
    try:
        record = await db.open_game(chan.id) or (await db.guild_games(chan.guild.id))[0]
        return Game(record, await db.moves(record.id))
    finally:
        await db.close()


async def settled(emu: FakeDiscord, path, chan: Channel, timeout: float = 20) -> Game:
    """Until the channel shows everything saved (no change left unshown) and Discord is quiet."""
    deadline = emu_time() + timeout
    while True:
        await emu.idle(quiet=0.15, timeout=timeout)
        record = await game_of(path, chan)
        if Table.from_json(record.snapshot).up_to_date:
            return record
        assert emu_time() < deadline, f"game {record.record.id} still not shown: {record.snapshot}"


def emu_time() -> float:
    return time.monotonic()


def live(emu: FakeDiscord, chan: Channel) -> list[Message]:
    """Messages in the channel that still have an enabled control (a result's Rematch aside)."""
    return [
        m
        for m in emu.channel_messages(chan)
        if any(not control["disabled"] for control in game_controls(m))
    ]


def public_log(emu: FakeDiscord, chan: Channel) -> Counter[str]:
    lines: Counter[str] = Counter()
    for message in emu.channel_messages(chan):
        lines.update(line for line in log_text(message).split("\n") if line)
    return lines


def expected_log(record: Game) -> Counter[str]:
    """Every public line the moves of the game make, replayed from its seed and move log."""
    table = Table.from_json(record.snapshot)
    plugin = DiceStarsPlugin()
    state = plugin.new_state(table)
    ctx = TableContext(record.record.id, 0, table, state, "en", LOC)
    lines: Counter[str] = Counter()
    for move in record.moves:
        events = engine.apply(state, CHANCE if move.seat is None else move.seat, move.action)
        if move.actor == "forced":  # the table played it: the log says so
            events = [only_choice_event(move.seat, len(events)), *events]
        lines.update(log_event_lines(plugin, ctx, events))
    return lines


# --- playing ------------------------------------------------------------------------------------


async def click_autopilot(emu, path, chan, users: list[User]) -> tuple[str, bool]:
    """The player to move clicks what the autopilot would, on the one live turn message.

    Returns the action's type and whether the game is still on.
    """
    clicked = await autopilot_click(emu, path, chan, users)
    return ("", False) if clicked is None else (clicked[0], True)


async def autopilot_click(emu, path, chan, users: list[User]) -> tuple[str, Interaction] | None:
    """That click: the action's type and the interaction; None once the game is over."""
    record = await settled(emu, path, chan)
    if record.status != "active":
        return None
    (turn,) = live(emu, chan)
    state = engine.from_json(record.snapshot["state"])
    seat = engine.to_move(state)[0]
    user = next(u for u in users if u.id == record.snapshot["seats"][seat]["user_id"])
    wanted = engine.autopilot(state, seat)
    if wanted["type"] == "take_stars":
        values = star_values(wanted["rows"])
        ix = await emu.select(user, turn, turn.select("s:")["custom_id"], values)
    else:
        ix = await emu.click(user, turn, next(c for c, a in controls(turn) if a == wanted))
    return wanted["type"], ix


async def open_game(emu, chan, users) -> None:
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    lobby = ix.message
    await emu.click(
        users[1],
        lobby,
        verb(lobby, "join"),
    )
    lobby = emu.channel_messages(chan)[0]
    await emu.click(
        users[0],
        lobby,
        verb(lobby, "start"),
    )


async def play_to_the_end(emu, path, chan, users) -> Game:
    for _ in range(400):
        _, going = await click_autopilot(emu, path, chan, users)
        if not going:
            break
    record = await settled(emu, path, chan)
    assert record.status == "finished"
    return record


def assert_whole(emu, chan, record: Game) -> None:
    """Every move once in the public log, and no control left in the channel."""
    assert public_log(emu, chan) == expected_log(record)
    assert live(emu, chan) == []


# --- the crashes --------------------------------------------------------------------------------


async def until_a_turn_end(emu, path, chan, users) -> Game:
    """Play on until the next click (a take) ends a turn."""
    for _ in range(100):
        record = await settled(emu, path, chan)
        if engine.from_json(record.snapshot["state"]).phase == engine.TAKE:
            return record
        await click_autopilot(emu, path, chan, users)
    raise AssertionError("no turn end within 100 clicks")


async def crash_at_a_turn_end(emu, bot_process, chan, users, **fault) -> None:
    """Play until the next click ends a turn, and let that click meet the fault."""
    path = bot_process.database
    await until_a_turn_end(emu, path, chan, users)
    hook = emu.inject("POST", NEW_MESSAGE, **fault)
    await click_autopilot(emu, path, chan, users)
    await hook.wait(timeout=10)


@pytest.mark.parametrize("moment", ["before", "after"])
async def test_a_sigkill_at_a_turn_end_is_repaired_at_the_restart(emu, bot_process, world, moment):
    """``before``: killed as it posts the next turn message (the click's move is saved);
    ``after``: the message was posted, but its id never reached the bot."""
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    await crash_at_a_turn_end(emu, bot_process, chan, users, **{moment: bot_process.kill})
    assert await bot_process.wait_exit() == -signal.SIGKILL
    await bot_process.restart()
    record = await settled(emu, bot_process.database, chan)
    (turn,) = live(emu, chan)
    assert turn.attachments, "the current turn message, with its picture and controls"
    record = await play_to_the_end(emu, bot_process.database, chan, users)
    assert_whole(emu, chan, record)
    assert bot_process.tracebacks() == []


async def test_a_sigkill_as_the_first_turn_message_is_posted(emu, bot_process, world):
    chan, users = world
    await bot_process.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    lobby = ix.message
    await emu.click(
        users[1],
        lobby,
        verb(lobby, "join"),
    )
    # The Start click's follow-up: posted, and the process dies before it hears the id.
    hook = emu.inject("POST", FOLLOWUP, after=bot_process.kill)
    lobby = emu.channel_messages(chan)[0]
    await emu.click(
        users[0],
        lobby,
        verb(lobby, "start"),
    )
    await hook.wait(timeout=10)
    assert await bot_process.wait_exit() == -signal.SIGKILL
    await bot_process.restart()
    await settled(emu, bot_process.database, chan)
    assert len(live(emu, chan)) == 1
    assert sum(1 for m in emu.channel_messages(chan) if m.attachments) == 1, "posted once"
    record = await play_to_the_end(emu, bot_process.database, chan, users)
    assert_whole(emu, chan, record)


async def test_a_sigterm_in_the_middle_of_a_click_lets_it_finish(emu, bot_process, world):
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    await crash_at_a_turn_end(
        emu,
        bot_process,
        chan,
        users,
        before=lambda: bot_process.process.send_signal(signal.SIGTERM),
    )
    assert await bot_process.wait_exit() == 0
    assert bot_process.tracebacks() == []
    record = await game_of(bot_process.database, chan)
    assert Table.from_json(record.snapshot).up_to_date, "the click was shown before the stop"
    await bot_process.restart()
    record = await play_to_the_end(emu, bot_process.database, chan, users)
    assert_whole(emu, chan, record)


# --- late answers, in one process ---------------------------------------------------------------

LATE = (404, 10062, "Unknown interaction")


async def test_a_click_answered_too_late_goes_on_through_the_channel(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    before = await until_a_turn_end(emu, path, chan, users)
    late = emu.inject("POST", CALLBACK, error=LATE)
    await click_autopilot(emu, path, chan, users)
    await late.wait()
    (ix,) = [i for i in emu.interactions.values() if i.refused]
    assert ix.refused == [404], "Discord refused the answer: the player saw the click fail"
    record = await settled(emu, path, chan)
    assert record.record.version > before.record.version, "the click was applied"
    (turn,) = live(emu, chan)
    assert turn.id != ix.component_message.id, "the next turn message, posted by the channel"
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)


async def test_a_new_table_whose_answer_came_too_late_is_posted_by_the_channel(emu, runner, world):
    chan, users = world
    await runner.start()
    late = emu.inject("POST", CALLBACK, error=LATE)
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await late.wait()
    assert ix.refused == [404]
    await settled(emu, runner.config.database, chan)
    (lobby,) = emu.channel_messages(chan)
    assert "Dice Stars" in lobby.text and lobby.buttons()
    again = await emu.slash(users[0], chan, "dicestars new", {})
    assert "already has a table" in again.private.text


async def test_a_repair_that_finds_its_table_shown_already_lets_saves_under_way_land(
    emu, runner, world
):
    chan, users = world
    bot = await runner.start()
    await open_game(emu, chan, users)
    game = await settled(emu, runner.config.database, chan)
    # Another process's change, still marked unshown when the sweep picked the table, and
    # shown by the time the sweep loads it: the mark is all that is left to clear.
    record = game.record
    version = await bot.db.save_game(
        record.id, record.version, record.snapshot, status=record.status, shown=False
    )
    calls = len(emu.requests)
    assert await bot.get_cog("TableCog").repair(record.id)
    assert await bot.db.unshown_games(before=time.time() + 1) == []
    assert (await bot.db.load_game(record.id)).version == version, "a save under way still lands"
    assert len(emu.requests) == calls, "nothing to show on Discord"


async def test_spectating_works_the_moment_a_table_exists(emu, runner, world):
    chan, users = world
    watch = emu.add_channel(chan.guild, "tribune")
    await runner.start()
    await emu.slash(users[0], chan, "dicestars new", {})
    ix = await emu.slash(users[1], watch, "spectate", {"table": chan})
    assert ix.private is None and f"<#{chan.id}>" in ix.message.text
    await settled(emu, runner.config.database, chan)
    assert f"<#{watch.id}>" in emu.channel_messages(chan)[0].text, "the lobby lists it"


async def test_a_spectating_channel_gets_every_public_line_of_a_game_with_a_computer(
    emu, runner, world
):
    chan, users = world
    watch = emu.add_channel(chan.guild, "tribune")
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    lobby = ix.message
    await emu.click(users[0], lobby, verb(lobby, "bot"))
    await emu.slash(users[1], watch, "spectate", {"table": chan})
    lobby = emu.channel_messages(chan)[0]
    await emu.click(
        users[0],
        lobby,
        verb(lobby, "start"),
    )
    record = await play_to_the_end(emu, runner.config.database, chan, users[:1])
    assert_whole(emu, chan, record)
    assert public_log(emu, watch) == public_log(emu, chan), "edits reach the mirror too"
    assert any(m.edits for m in emu.channel_messages(watch)), "a turn edited in place"
    mirrored = [m for m in emu.channel_messages(watch) if m.attachments]
    assert all(not m.buttons() and not m.selects() for m in mirrored)
    assert emu.channel_messages(watch)[-1].attachments[0].data == (
        emu.channel_messages(chan)[-1].attachments[0].data
    ), "the result reached it too"


# --- turn timers follow the decisions -----------------------------------------------------------


async def test_every_decision_of_a_player_gets_a_fresh_deadline_even_through_a_computer(
    emu, runner, world
):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {"turn_timer": 5})
    lobby = ix.message
    await emu.click(users[0], lobby, verb(lobby, "bot"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(
        users[0],
        lobby,
        verb(lobby, "start"),
    )
    path = runner.config.database
    timers = runner.bot.get_cog("TimerCog")
    seen: list[tuple[int, float]] = []
    for _ in range(300):
        record = await settled(emu, path, chan)
        if record.status != "active":
            break
        (deadline,) = await runner.db.deadlines()
        assert deadline.version == record.snapshot["decision_at"]
        assert 290 < deadline.due_at - time.time() <= 300, "a whole turn's time, from now"
        if seen and deadline.version == seen[-1][0]:
            raise AssertionError("a decision kept the deadline of the one before")
        seen.append((deadline.version, deadline.due_at))
        # Every deadline before this one belongs to a decision already taken: none fires.
        for old, _ in seen[:-1]:
            await timers.expire(record.record.id, old)
        assert not [m for m in (await game_of(path, chan)).moves if m.actor == "timeout"]
        await click_autopilot(emu, path, chan, users[:1])
    moves = (await game_of(path, chan)).moves
    assert {m.actor for m in moves} >= {"user", "autopilot"}, "turns came back through Robo"
    assert await runner.db.deadlines() == [], "a finished game has no timer"


# --- bad slash options --------------------------------------------------------------------------


async def test_slash_options_no_client_should_send_get_a_private_answer(emu, runner, world):
    chan, users = world
    await runner.start()
    for value in ("soon", 99_999, True):
        ix = await raw_slash(emu, users[0], chan, "dicestars", "new", [("turn_timer", 4, value)])
        assert ix.private and "not a value" in ix.private.text
    assert emu.channel_messages(chan) == [], "nothing opened"
    assert await runner.db.open_game(chan.id) is None


async def raw_slash(emu, user, chan, group, sub, options) -> Any:
    """A slash command as a stale or foreign client might send it: values unchecked."""
    command = next(c for c in emu.commands_for(chan.guild) if c["name"] == group)
    data = {
        "id": command["id"],
        "name": group,
        "type": 1,
        "options": [
            {
                "name": sub,
                "type": 1,
                "options": [{"name": n, "type": t, "value": v} for n, t, v in options],
            }
        ],
    }
    ix = emu._new_interaction(APPLICATION_COMMAND, user, chan, f"/{group} {sub} (raw)")
    ix.payload = {**base_payload(emu, ix, None), "data": data}
    return await emu._send(ix)


# --- Stella: a designation saved, the process killed before the channel heard of it ----------


def stella_state(record: Game) -> stella_engine.State:
    return stella_engine.from_json(record.snapshot["state"])


async def lock_in_everyone(emu, path, chan, users: list[User]) -> None:
    """Each player marks the first two cards of the grid in their DM and locks in.

    Two marks: a designation is then a choice (the last unrevealed mark plays itself).
    """
    record = await settled(emu, path, chan)
    seats = record.snapshot["seats"]
    for seat in list(stella_engine.to_move(stella_state(record))):
        user = next(u for u in users if u.id == seats[seat]["user_id"])
        await emu.wait_until(lambda u=user: slate(emu, u) is not None, timeout=10, what="a DM")
        panel = slate(emu, user)
        for card in (0, 1):
            edits = len(panel.edits)
            await emu.click(user, panel, verb(panel, f"atoggle:{card}"))
            await emu.wait_until(
                lambda p=panel, e=edits: len(p.edits) > e, timeout=10, what="toggle"
            )
        await emu.click(user, panel, verb(panel, "alock"))
        await settled(emu, path, chan)


def slate(emu, user: User) -> Message | None:
    dms = emu.dm_messages(user)
    if dms and any(
        ":atoggle:0:" in b["custom_id"] and not b["disabled"] for b in dms[-1].buttons()
    ):
        return dms[-1]
    return None


async def designate_first(emu, path, chan, users, **fault) -> None:
    record = await settled(emu, path, chan)
    state = stella_state(record)
    user = next(u for u in users if u.id == record.snapshot["seats"][state.active]["user_id"])
    (turn,) = live(emu, chan)
    ix = await emu.click(user, turn, verb(turn, "u:designate"))
    card = stella_engine.legal_actions(state, state.active)[0]["card"]
    hook = emu.inject("POST", NEW_MESSAGE, **fault) if fault else None
    await emu.click(user, ix.private, verb(ix.private, f"adesignate:{card}"))
    if hook is not None:
        await hook.wait(timeout=10)


async def _stella_lobby_of_three(emu, bot_process, world):
    """The bot started, a Stella lobby in the world's channel with a third player joined: the
    channel, its three users and the lobby's interaction (Start not pressed yet)."""
    chan, users = world
    users = [*users, emu.add_user("carol", locale="en-US")]
    emu.add_member(chan.guild, users[-1])
    await bot_process.start()
    ix = await emu.slash(users[0], chan, "stella new", {})
    for user in users[1:]:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    return chan, users, ix


@pytest.mark.parametrize("moment", ["before", "after"])
async def test_a_stella_designation_saved_before_a_sigkill_is_announced_after_it(
    emu, bot_process, world, moment
):
    """``before``: killed as its first message goes out (through the click, or the channel);
    ``after``: that message was posted, and its id never reached the bot."""
    chan, users, ix = await _stella_lobby_of_three(emu, bot_process, world)
    path = bot_process.database
    await emu.click(users[0], ix.message, verb(ix.message, "start"))
    await lock_in_everyone(emu, path, chan, users)
    await designate_first(emu, path, chan, users, **{moment: bot_process.kill})
    assert await bot_process.wait_exit() == -signal.SIGKILL
    saved = await game_of(path, chan)
    assert any(m.action["type"] == "designate" for m in saved.moves), "the designation is saved"
    await bot_process.restart()
    record = await settled(emu, path, chan)
    state = stella_state(record)
    if state.phase == stella_engine.MARKING:  # the designation ended the round
        seats = record.snapshot["seats"]
        waiting = [seats[s]["user_id"] for s in stella_engine.to_move(state)]
        assert all(slate(emu, u) for u in users if u.id in waiting), "every slate by DM"
        assert "Round 2 of 4" in emu.channel_messages(chan)[-1].text
    else:
        assert len(live(emu, chan)) == 1, "one current message, with working controls"
    said = [m for m in emu.channel_messages(chan) if " designates " in m.text]
    text = said[0].text if said else ""
    # Announced once (a designation the table played after it may share its message).
    assert len(said) == 1 and text.count(" designates ") - text.count("only possible move") == 1
    # And the game goes on to its end.
    for _ in range(200):
        record = await settled(emu, path, chan)
        if record.status != "active":
            break
        state = stella_state(record)
        if state.phase == stella_engine.MARKING:
            await lock_in_everyone(emu, path, chan, users)
        else:
            await designate_first(emu, path, chan, users)
    assert record.status == "finished"
    assert live(emu, chan) == []
    assert bot_process.tracebacks() == []


async def test_a_sigkill_between_two_slate_dms_sends_each_slate_once_after_the_restart(
    emu, bot_process, world
):
    """Killed as the second slate of the first round goes out by DM (the others sent or not, no
    id saved): after the restart every player has one slate, and the round plays on."""
    chan, users, ix = await _stella_lobby_of_three(emu, bot_process, world)
    path = bot_process.database

    def a_slate(call) -> bool:
        return ".s1." in str(call.json().get("nonce", ""))

    hook = emu.inject("POST", CHANNEL_POST, match=a_slate, nth=2, before=bot_process.kill)
    await emu.click(users[0], ix.message, verb(ix.message, "start"))
    await hook.wait(timeout=10)
    assert await bot_process.wait_exit() == -signal.SIGKILL
    # The slates go out together: the others may have gone, the second did not.
    sent_before = sum(len(emu.dm_messages(u)) for u in users)
    assert 1 <= sent_before < len(users), "some slates went out before, not all"
    await bot_process.restart()
    record = await settled(emu, path, chan)
    for user in users:
        await emu.wait_until(lambda u=user: slate(emu, u) is not None, timeout=10, what="a DM")
        assert len(emu.dm_messages(user)) == 1, f"{user.name}: one slate, not two"
    await lock_in_everyone(emu, path, chan, users)
    record = await settled(emu, path, chan)
    assert stella_state(record).phase == stella_engine.EXPLORATION, "the round went on"
