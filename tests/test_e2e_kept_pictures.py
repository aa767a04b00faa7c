"""An edit of a table message sends its picture again only when the picture changed, whatever
the game: here a Dice Stars turn message, edited when a spectating channel joins mid-game."""

from __future__ import annotations

import pytest

from tests.emulator import FakeDiscord
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import play_turn_step, verb


@pytest.fixture
def world(emu: FakeDiscord):
    chan, users = table_world(emu, "Friday Night", "games", ("alice", "bob", "carol"))
    return chan, emu.add_channel(chan.guild, "tribune"), users


def uploads_to(watches, channel_id: int) -> list[str]:
    """Files uploaded by the channel's routes (the bot's token) since the watches began."""
    return [
        upload.filename
        for watch in watches
        for call in watch.calls
        if call.path.startswith(f"/channels/{channel_id}/")
        for upload in call.uploads
    ]


async def test_an_edit_keeps_the_picture_it_does_not_change(emu, runner, world):
    chan, tribune, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.click(users[1], ix.message, verb(ix.message, "join"))
    await emu.click(users[0], ix.message, verb(ix.message, "start"))
    assert await play_turn_step(emu, runner, chan, users)
    turn = next(m for m in reversed(emu.channel_messages(chan)) if m.attachments)
    picture, before = [a.id for a in turn.attachments], turn.attachments[0].data
    edits = len(turn.edits)

    watches = [emu.inject(method, r".*", times=10**9) for method in ("POST", "PATCH")]
    assert (await emu.slash(users[2], tribune, "spectate", {"table": chan})).private is None
    assert len(turn.edits) > edits, "the turn message was edited (the table changed)"
    assert [a.id for a in turn.attachments] == picture, "with the attachment it had"
    assert uploads_to(watches, chan.id) == [], "no picture sent again"
    mirrored = [m for m in emu.channel_messages(tribune) if m.attachments]
    assert len(mirrored) == 1 and mirrored[0].attachments[0].data == before

    # A move changes the picture: the channel gets the new one, and so does the mirror.
    assert await play_turn_step(emu, runner, chan, users)
    latest = next(m for m in reversed(emu.channel_messages(chan)) if m.attachments)
    shown = next(m for m in reversed(emu.channel_messages(tribune)) if m.attachments)
    assert latest.attachments[0].id not in picture
    assert latest.attachments[0].data != before
    assert shown.attachments[0].data == latest.attachments[0].data
