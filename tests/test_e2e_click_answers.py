"""A click is acknowledged as it arrives, and what its change brings follows its save.

The acknowledgement shows nothing (Discord leaves the message as it is), so nothing a player
sees comes before its save: the edit of the clicked message follows through the click's token,
a new turn message as the click's follow-up, a refusal as a private follow-up. A slow picture
never costs Discord's 3 s; a refused edit, or a bot killed as it edits, leaves the table shown
all the same.
"""

from __future__ import annotations

import asyncio
import re
import signal

import pytest

from drawing.service import Drawing
from games import dice_stars as engine
from tests.emulator import Channel, FakeDiscord, User
from tests.emulator.interactions import DEFERRED_UPDATE_MESSAGE, Interaction
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
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = [emu.add_user(name, locale="en-US") for name in ("alice", "bob")]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


def through_token(emu: FakeDiscord, ix: Interaction, method: str) -> int:
    """Requests made with the click's token after its answer (edits of @original, follow-ups)."""
    pattern = re.compile(rf"/webhooks/\d+/{re.escape(ix.token)}(/.*)?")
    return sum(1 for r in emu.requests if r.method == method and pattern.fullmatch(r.path))


async def click_as_autopilot(emu, path, chan: Channel, users: list[User]) -> Interaction | None:
    """The player to move clicks what the autopilot would; the click, or None at the end."""
    clicked = await autopilot_click(emu, path, chan, users)
    return None if clicked is None else clicked[1]


def at_the_clicks_edit(emu: FakeDiscord, **fault):
    """A fault on the next edit of a clicked message through the click's token."""
    return emu.inject("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", **fault)


async def until_an_edit(emu, path, chan, users) -> None:
    """Play on until the next click keeps its turn message (a draw, not a take)."""
    for _ in range(100):
        record = await settled(emu, path, chan)
        if engine.from_json(record.snapshot["state"]).phase == engine.DRAW:
            return
        await click_as_autopilot(emu, path, chan, users)
    raise AssertionError("no draw within 100 clicks")


async def test_a_click_is_acknowledged_at_once_and_shown_after_its_save(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    edited = posted = 0
    for _ in range(30):
        messages_before = len(emu.channel_messages(chan))
        ix = await click_as_autopilot(emu, path, chan, users)
        assert ix is not None
        await settled(emu, path, chan)
        (turn,) = live(emu, chan)
        assert ix.response_type == DEFERRED_UPDATE_MESSAGE, ix
        if turn is ix.component_message:
            # The same message, edited through the click's token, with a picture and working
            # controls.
            assert through_token(emu, ix, "PATCH") == 1
            assert turn.attachments and turn.attachments[0].data.startswith(b"\x89PNG")
            edited += 1
        else:
            # A new turn message, posted as the click's follow-up.
            assert len(emu.channel_messages(chan)) == messages_before + 1
            assert through_token(emu, ix, "POST") == 1
            posted += 1
    assert edited >= 5 and posted >= 5, (edited, posted)
    assert ix.responded_in is not None and ix.responded_in < 1.0
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
    assert ix.response_type == DEFERRED_UPDATE_MESSAGE
    assert through_token(emu, ix, "POST") == 1, "the refusal followed the acknowledgement"
    assert (await settled(emu, path, chan)).record.version == record.record.version


async def test_a_slow_picture_is_edited_in_after_the_acknowledgement(
    emu, runner, world, monkeypatch
):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    await until_an_edit(emu, path, chan, users)
    drawn = Drawing.screen

    async def slowly(self, *args, **kwargs):
        await asyncio.sleep(0.6)
        return await drawn(self, *args, **kwargs)

    monkeypatch.setattr(Drawing, "screen", slowly)
    ix = await click_as_autopilot(emu, path, chan, users)
    assert ix is not None
    await settled(emu, path, chan)
    assert ix.response_type == DEFERRED_UPDATE_MESSAGE
    assert ix.responded_in is not None and ix.responded_in < 0.5, "acknowledged at once"
    assert through_token(emu, ix, "PATCH") == 1, "the picture came through the click's token"
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
    assert ix.response_type == DEFERRED_UPDATE_MESSAGE
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
    assert ix is not None and ix.response_type == DEFERRED_UPDATE_MESSAGE
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
