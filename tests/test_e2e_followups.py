"""What a click brings to the channel is posted through the click, off the bot's global limit.

A new turn message, a "your turn" ping and Stella's round results go out as the click's
follow-up (Discord does not count the click's webhook against the bot's 50 calls a second);
a ping stays, as its notification leads to it. When the click cannot post (its token
refused) the channel's route does, once; when the bot dies between the follow-up and saving
its id, the restart finds the message in the channel instead of posting it again.
"""

from __future__ import annotations

import re
import signal
import time

import pytest

from games import dizzle as dz_engine
from games.table import Table
from storage import Database
from tests.emulator import FakeDiscord, Message
from tests.emulator.messages import create_message
from tests.emulator.models import IS_COMPONENTS_V2
from tests.support.bodies import body_text
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import open_and_start as open_dice_stars
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import open_and_start as open_dizzle
from tests.test_e2e_dizzle import pass_message, play_step
from tests.test_e2e_healing import CHANNEL_POST, FOLLOWUP, game_of, live, settled

TOKEN_REFUSED = (401, 50027, "Invalid Webhook Token")


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Busy evening", "games", ("alice", "bob"))


def calls(emu: FakeDiscord, method: str, pattern: str, since: int = 0) -> int:
    regex = re.compile(pattern)
    return sum(1 for r in emu.requests[since:] if r.method == method and regex.fullmatch(r.path))


def channel_route(chan) -> str:
    return rf"/channels/{chan.id}/messages"


def pings(emu: FakeDiscord, chan) -> list[Message]:
    return [
        m
        for m in emu.all_messages()
        if m.channel is chan and not m.attachments and "your turn" in m.text
    ]


class Reader:
    """What the Dizzle helpers read the game through, for a bot in its own process."""

    def __init__(self, db: Database, path) -> None:
        self.db, self.path = db, path


async def play_until(emu, reader, chan, users, done, steps: int = 80) -> None:
    """Dizzle steps of a bot in its own process, each once the channel shows the last."""
    for _ in range(steps):
        deadline = time.monotonic() + 20
        while not done():
            await emu.idle(quiet=0.15, timeout=10)
            if Table.from_json((await game_of(reader.path, chan)).snapshot).up_to_date:
                break
            assert time.monotonic() < deadline, "the channel does not show the game"
        else:
            return
        await play_step(emu, reader, chan, users)
    raise AssertionError("not reached within the steps")


def is_ping(call) -> bool:
    return not call.uploads and "your turn" in body_text(call.json())


# --- the route ------------------------------------------------------------------------------


async def test_turn_messages_and_pings_go_through_the_clicks_not_the_bots_budget(
    emu, runner, world
):
    chan, users = world
    await runner.start()
    await open_dizzle(emu, chan, users)
    await emu.idle(quiet=0.1)
    first = pass_message(emu, chan)
    assert first.interaction_id is not None, "the Start click's follow-up"
    since = len(emu.requests)
    for _ in range(60):
        await play_step(emu, runner, chan, users)
        state = dz_engine.from_json((await runner.db.open_game(chan.id)).snapshot["state"])
        if state.pass_index == 2 and len(pings(emu, chan)) >= 2:
            break
    await emu.idle(quiet=0.1)
    told = pings(emu, chan)
    assert len(told) >= 2 and all(m.interaction_id is not None for m in told)
    assert not any(m.deleted for m in told), "a ping stays: its notification leads to it"
    passes = [m for m in emu.channel_messages(chan) if m.attachments]
    assert len(passes) >= 3 and all(m.interaction_id is not None for m in passes)
    # Nothing of it was posted or deleted with the bot's token: the clicks did it all.
    assert calls(emu, "POST", channel_route(chan), since) == 0
    assert calls(emu, "DELETE", channel_route(chan) + r"/\d+", since) == 0
    assert calls(emu, "DELETE", FOLLOWUP + r"/messages/\d+", since) == 0
    (turn,) = live(emu, chan)
    assert turn is passes[-1], "one current message, with the controls"


async def test_a_game_started_at_once_posts_its_first_turn_through_the_command(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {"solo": True})
    await emu.idle(quiet=0.1)
    (turn,) = live(emu, chan)
    assert turn.interaction_id == ix.id and turn.attachments
    assert calls(emu, "POST", channel_route(chan)) == 0


# --- when the click cannot post -------------------------------------------------------------


async def test_a_refused_follow_up_is_posted_through_the_channel_once(emu, runner, world):
    chan, users = world
    await runner.start()
    refused = emu.inject("POST", FOLLOWUP, error=TOKEN_REFUSED)
    await open_dice_stars(emu, chan, users)
    await refused.wait(timeout=10)
    await emu.idle(quiet=0.1)
    (turn,) = live(emu, chan)
    assert turn.interaction_id is None, "posted by the channel's route"
    assert calls(emu, "POST", channel_route(chan)) == 1
    assert sum(1 for m in emu.channel_messages(chan) if m.attachments) == 1, "posted once"
    for _ in range(6):  # and the game goes on through the clicks again
        await play_turn_step(emu, runner, chan, users)
    assert calls(emu, "POST", channel_route(chan)) == 1


async def test_a_follow_up_posted_despite_an_error_answer_is_found_not_posted_again(
    emu, runner, world
):
    chan, users = world
    await runner.start()
    # Discord posts the message, but the bot gets an error back instead of its id.
    lost = emu.inject("POST", FOLLOWUP, after=lambda: None, error=TOKEN_REFUSED)
    await open_dice_stars(emu, chan, users)
    await lost.wait(timeout=10)
    await emu.idle(quiet=0.1)
    pictures = [m for m in emu.channel_messages(chan) if m.attachments]
    assert len(pictures) == 1 and pictures[0].interaction_id is not None
    assert calls(emu, "POST", channel_route(chan)) == 0
    record = await runner.db.open_game(chan.id)
    turn_key = f"turn:{record.snapshot['turn_since']}"
    assert record.snapshot["messages"][turn_key] == pictures[0].id, "the table knows it"
    for _ in range(6):
        await play_turn_step(emu, runner, chan, users)
    assert len(live(emu, chan)) == 1


# --- when the bot dies between the follow-up and saving its id ------------------------------


async def test_a_ping_posted_before_a_sigkill_is_adopted_and_kept(emu, bot_process, world):
    chan, users = world
    bot = bot_process
    await bot.start()
    await open_dizzle(emu, chan, users)
    db = await Database.open(bot.database)
    try:
        reader = Reader(db, bot.database)
        killed = emu.inject(
            "POST",
            FOLLOWUP,
            match=is_ping,
            after=bot.kill,
        )
        await play_until(emu, reader, chan, users, lambda: killed.fired > 0)
        assert await bot.wait_exit() == -signal.SIGKILL
        await bot.restart()
        record = await settled(emu, bot.database, chan)
        ping = pings(emu, chan)[-1]
        assert ping.interaction_id is not None, "the ping posted before the crash"
        assert [m.text for m in pings(emu, chan)].count(ping.text) == 1, "posted once"
        assert record.snapshot["messages"][f"ping:{record.snapshot['turn_began']}"] == ping.id
        assert calls(emu, "POST", CHANNEL_POST) == 0, "nothing posted twice"
        # Its pass ends: the table forgets it, and it stays, like any other ping.
        its_pass = record.snapshot["messages"][f"turn:{record.snapshot['turn_since']}"]
        await play_until(
            emu, reader, chan, users, lambda: pass_message(emu, chan).id != its_pass, steps=40
        )
        record = await settled(emu, bot.database, chan)
        assert ping.id not in record.snapshot["messages"].values() and not ping.deleted
        assert not any(m.deleted for m in pings(emu, chan))
        assert bot.tracebacks() == []
    finally:
        await db.close()


# --- two processes showing one change -------------------------------------------------------


async def test_a_turn_message_another_process_posted_and_saved_first_stays_alone(
    emu, runner, world
):
    """Another process (the shard that gets the DMs, say) posts the same turn message with
    the channel's nonce and saves its id first: the follow-up the click posted goes."""
    chan, users = world
    await runner.start()
    other: list[Message] = []

    async def another_process_posts_and_saves() -> None:
        call = fault.calls[-1]
        body = call.json()
        flags = body.get("flags", 0) & IS_COMPONENTS_V2
        message = create_message(
            emu, body, call.uploads, channel=chan, author=emu.bot_user, flags=flags
        )
        other.append(message)
        record = await runner.db.open_game(chan.id)
        snapshot = dict(record.snapshot)
        key = f"turn:{snapshot['turn_since']}"
        # Its message is a V2 one, noted so as the bot notes those it posts.
        snapshot["messages"] = {**snapshot["messages"], key: message.id, f"v2:{message.id}": 1}
        await runner.db.save_game(record.id, record.version, snapshot, status=record.status)

    fault = emu.inject("POST", FOLLOWUP, before=another_process_posts_and_saves)
    await open_dice_stars(emu, chan, users)
    await fault.wait(timeout=10)
    await emu.idle(quiet=0.1)
    (kept,) = other
    assert live(emu, chan) == [kept], "one turn message with controls: the other's"
    mine = [m for m in emu.all_messages() if m.channel is chan and m.interaction_id]
    (followup,) = [m for m in mine if m.attachments]
    assert followup.deleted, "the click's went"
    record = await runner.db.open_game(chan.id)
    assert record.snapshot["messages"][f"turn:{record.snapshot['turn_since']}"] == kept.id
    for _ in range(4):  # the one left is the table's: its controls play on
        await play_turn_step(emu, runner, chan, users)
