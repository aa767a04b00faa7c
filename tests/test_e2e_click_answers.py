"""A move on the turn message is answered by the edit of that message, after its save.

The turn message is a Components V2 message whose picture sits in a gallery, and Discord
refuses a new upload into a gallery through the click's token (a PATCH of @original). So the
click waits for its answer: the edit of its message (an UPDATE_MESSAGE callback) carries the
next picture, after the save; nothing a player sees comes before its save. A new turn message
is the click's follow-up (acknowledged first), a refusal its private answer. A change not shown
within the click's patience is acknowledged then, and its picture goes through the channel's
route; a refused answer, or a bot killed as it answers, leaves the table shown all the same.
"""

from __future__ import annotations

import asyncio
import re
import signal

import pytest

from cogs.table import delivery
from drawing.service import Drawing
from games import dice_stars as engine
from tests.emulator import Channel, FakeDiscord, User
from tests.emulator.interactions import (
    CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    UPDATE_MESSAGE,
    Interaction,
)
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import controls
from tests.test_e2e_healing import (
    assert_whole,
    autopilot_click,
    live,
    open_game,
    play_to_the_end,
    settled,
)


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


def through_token(emu: FakeDiscord, ix: Interaction, method: str) -> int:
    """Requests made with the click's token after its answer (edits of @original, follow-ups)."""
    pattern = re.compile(rf"/webhooks/\d+/{re.escape(ix.token)}(/.*)?")
    return sum(1 for r in emu.requests if r.method == method and pattern.fullmatch(r.path))


async def click_as_autopilot(emu, path, chan: Channel, users: list[User]) -> Interaction | None:
    """The player to move clicks what the autopilot would; the click, or None at the end."""
    clicked = await autopilot_click(emu, path, chan, users)
    return None if clicked is None else clicked[1]


def at_the_clicks_edit(emu: FakeDiscord, **fault):
    """A fault on the next answer of a click by the edit of its message (UPDATE_MESSAGE)."""

    def updates(call) -> bool:
        return call.json().get("type") == UPDATE_MESSAGE

    return emu.inject("POST", r"/interactions/\d+/[^/]+/callback", match=updates, **fault)


def at_the_channels_edit(emu: FakeDiscord, chan: Channel, **fault):
    """A fault on the next edit of a message through the channel's route."""
    return emu.inject("PATCH", rf"/channels/{chan.id}/messages/\d+", **fault)


def uploads_through_token(emu: FakeDiscord) -> list:
    """From now on, the edits of @original that carry a new upload (Discord refuses them
    into a gallery): noted, never faulted."""
    seen: list = []

    def noted(call) -> bool:
        if call.uploads:
            seen.append(call)
        return False

    emu.inject("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", match=noted)
    return seen


async def until_an_edit(emu, path, chan, users) -> None:
    """Play on until the next click keeps its turn message (a draw, not a take)."""
    for _ in range(100):
        record = await settled(emu, path, chan)
        if engine.from_json(record.snapshot["state"]).phase == engine.DRAW:
            return
        await click_as_autopilot(emu, path, chan, users)
    raise AssertionError("no draw within 100 clicks")


async def test_a_move_is_answered_by_the_edit_of_its_message_after_its_save(emu, runner, world):
    chan, users = world
    await runner.start()
    uploads = uploads_through_token(emu)
    await open_game(emu, chan, users)
    path = runner.config.database
    edited = posted = 0
    for _ in range(30):
        messages_before = len(emu.channel_messages(chan))
        shown_before = [m.attachments[0].data for m in live(emu, chan)]
        ix = await click_as_autopilot(emu, path, chan, users)
        assert ix is not None
        await settled(emu, path, chan)
        (turn,) = live(emu, chan)
        if turn is ix.component_message:
            # The same message, its answer the edit that brings the next picture in its
            # gallery, with working controls; nothing more through the token.
            assert ix.response_type == UPDATE_MESSAGE, ix
            assert through_token(emu, ix, "PATCH") == 0
            assert turn.attachments and turn.attachments[0].data.startswith(b"\x89PNG")
            assert turn.attachments[0].data not in shown_before, "the next picture"
            (url,) = turn.media_descriptions()
            assert url == f"attachment://{turn.attachments[0].filename}"
            edited += 1
        else:
            # A new turn message, posted as the click's follow-up after its acknowledgement.
            assert ix.response_type == DEFERRED_UPDATE_MESSAGE, ix
            assert len(emu.channel_messages(chan)) == messages_before + 1
            assert through_token(emu, ix, "POST") == 1
            posted += 1
    assert edited >= 5 and posted >= 5, (edited, posted)
    assert not uploads
    emu.assert_no_violations()


async def test_a_refusal_is_a_private_follow_up_and_changes_nothing(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    record = await settled(emu, path, chan)
    (turn,) = live(emu, chan)
    state = engine.from_json(record.snapshot["state"])
    waiting = next(
        u for u in users if u.id != record.snapshot["seats"][engine.to_move(state)[0]]["user_id"]
    )
    ix = await emu.click(waiting, turn, controls(turn)[0][0])
    assert ix.private is not None and "not your turn" in ix.private.text.lower()
    assert ix.response_type == CHANNEL_MESSAGE, "the refusal is the click's answer"
    assert through_token(emu, ix, "POST") == 0
    assert (await settled(emu, path, chan)).record.version == record.record.version


async def test_a_change_not_shown_within_the_patience_is_acknowledged_and_shown_by_the_channel(
    emu, runner, world, monkeypatch
):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    await until_an_edit(emu, path, chan, users)
    drawn = Drawing.screen
    acknowledged = asyncio.Event()

    async def after_the_acknowledgement(self, *args, **kwargs):
        await acknowledged.wait()  # the picture is drawn only once the click was acknowledged
        return await drawn(self, *args, **kwargs)

    def seen(call) -> bool:
        if call.json().get("type") == DEFERRED_UPDATE_MESSAGE:
            acknowledged.set()
        return False

    emu.inject("POST", r"/interactions/\d+/[^/]+/callback", match=seen)
    monkeypatch.setattr(Drawing, "screen", after_the_acknowledgement)
    monkeypatch.setattr(delivery, "PATIENCE", 0.0)  # the patience runs out at once
    uploads = uploads_through_token(emu)
    before = await settled(emu, path, chan)
    ix = await click_as_autopilot(emu, path, chan, users)
    assert ix is not None
    after = await settled(emu, path, chan)
    assert after.record.version > before.record.version
    assert ix.response_type == DEFERRED_UPDATE_MESSAGE
    route = f"/channels/{chan.id}/messages/{ix.component_message.id}"
    edits = [r for r in emu.requests if r.method == "PATCH" and r.path == route]
    assert edits, "the next picture came through the channel's route"
    assert not uploads
    (turn,) = live(emu, chan)
    assert turn is ix.component_message and turn.attachments


async def test_a_refused_answer_is_shown_through_the_channel(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    await until_an_edit(emu, path, chan, users)
    before = await settled(emu, path, chan)
    # Not an error discord.py tries again.
    refused = at_the_clicks_edit(emu, error=(400, 50035, "Invalid Form Body"))
    ix = await click_as_autopilot(emu, path, chan, users)
    await refused.wait()
    assert ix is not None
    after = await settled(emu, path, chan)
    assert after.record.version > before.record.version
    assert ix.response_type == DEFERRED_UPDATE_MESSAGE, "acknowledged after the refused answer"
    route = f"/channels/{chan.id}/messages/{ix.component_message.id}"
    edits = [r for r in emu.requests if r.method == "PATCH" and r.path == route]
    assert edits, "the channel's route edited the message"
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)


async def test_a_sigkill_as_the_click_edits_its_message_is_repaired_at_the_restart(
    emu, bot_process, world
):
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    path = bot_process.database
    await until_an_edit(emu, path, chan, users)
    before = await settled(emu, path, chan)
    hook = at_the_clicks_edit(emu, before=bot_process.kill)
    ix = await click_as_autopilot(emu, path, chan, users)
    await hook.wait(timeout=10)
    assert ix is not None and ix.response_type is None, "killed as it answered"
    assert await bot_process.wait_exit() == -signal.SIGKILL
    shown = ix.component_message.attachments[0].data
    await bot_process.restart()
    after = await settled(emu, path, chan)
    assert after.record.version > before.record.version, "the click was saved before it answered"
    (turn,) = live(emu, chan)
    assert turn is ix.component_message, "the same turn message, brought up to the save"
    assert turn.attachments[0].data != shown
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)


async def test_a_sigkill_at_the_fallback_edit_is_repaired_at_the_restart(emu, bot_process, world):
    """The answer refused, the click is acknowledged and its picture goes through the
    channel's route; the bot dies at that edit, and the restart shows the saved move."""
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    path = bot_process.database
    await until_an_edit(emu, path, chan, users)
    before = await settled(emu, path, chan)
    at_the_clicks_edit(emu, error=(400, 50035, "Invalid Form Body"))
    hook = at_the_channels_edit(emu, chan, before=bot_process.kill)
    ix = await click_as_autopilot(emu, path, chan, users)
    await hook.wait(timeout=10)
    assert ix is not None
    assert await bot_process.wait_exit() == -signal.SIGKILL
    shown = ix.component_message.attachments[0].data
    await bot_process.restart()
    after = await settled(emu, path, chan)
    assert after.record.version > before.record.version
    (turn,) = live(emu, chan)
    assert turn is ix.component_message, "the same turn message, brought up to the save"
    assert turn.attachments[0].data != shown
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)
