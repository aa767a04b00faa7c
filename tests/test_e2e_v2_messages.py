"""A table's channel messages are Components V2 messages, and a table whose messages are
classic ones (posted before they were V2) plays on after the upgrade.

A V2 turn message reads top to bottom as a player sees it on a phone: one container in the
game's colour holding the header (the game), the picture (a gallery item naming its upload,
with its alt text), what happened, whose turn it is and what to press, and the controls.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cogs.table.layout import ACCENTS, HEADER_ID, LOG_ID, PROMPT_ID
from cogs.table.messages import PROMPT_BREAK
from games.table import Table
from storage import Database
from tests.emulator import Channel, FakeDiscord, Message
from tests.emulator.interactions import DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE
from tests.emulator.models import (
    CONTAINER,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    TEXT_DISPLAY,
    walk_components,
)
from tests.support.bodies import log_text
from tests.support.controls import game_controls, only_rematch
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import verb
from tests.test_e2e_healing import (
    autopilot_click,
    expected_log,
    live,
    open_game,
    play_to_the_end,
    settled,
)

ACTION_ROW = 1


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


def blocks(message: Message) -> list[dict[str, Any]]:
    """The one container's children, top to bottom."""
    assert message.flags & IS_COMPONENTS_V2, message
    assert message.content == "" and not message.embeds
    (container,) = message.components
    assert container["type"] == CONTAINER
    assert container.get("accent_color") == ACCENTS["dice_stars"]
    total = walk_components(message.components)
    assert len(total) <= 40
    assert sum(len(c.get("content") or "") for c in total if c["type"] == TEXT_DISPLAY) <= 4000
    return container["components"]


def kinds(message: Message) -> list[tuple[int, int | None]]:
    return [(block["type"], block.get("id")) for block in blocks(message)]


async def test_a_turn_message_is_one_v2_block_from_header_to_controls(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_game(emu, chan, users)
    path = runner.config.database
    # A move or two, so that the turn message has something that happened to tell.
    for _ in range(2):
        await autopilot_click(emu, path, chan, users)
        await settled(emu, path, chan)
    (turn,) = live(emu, chan)
    shape = kinds(turn)
    assert shape[:2] == [(TEXT_DISPLAY, HEADER_ID), (MEDIA_GALLERY, 3)], shape
    assert (TEXT_DISPLAY, PROMPT_ID) in shape
    rows = [kind for kind, _ in shape if kind == ACTION_ROW]
    assert rows and shape[-len(rows) :] == [(ACTION_ROW, None)] * len(rows), "controls last"
    header, gallery = blocks(turn)[:2]
    assert "Dice Stars" in header["content"]
    (item,) = gallery["items"]
    (picture,) = turn.attachments
    assert item["media"]["url"] == f"attachment://{picture.filename}"
    assert item["description"] and len(item["description"]) <= 256
    prompt = next(b for b in blocks(turn) if b.get("id") == PROMPT_ID)["content"]
    record = await settled(emu, path, chan)
    to_move = {seat["user_id"] for seat in record.snapshot["seats"]}
    assert any(f"<@{user_id}>" in prompt for user_id in to_move), prompt
    assert all(c["custom_id"].startswith(("t:", "s:")) for c in game_controls(turn))
    # The lobby above it is V2 too: its header, its line-up, no controls left.
    lobby = emu.channel_messages(chan)[0]
    assert kinds(lobby)[0] == (TEXT_DISPLAY, HEADER_ID) and not game_controls(lobby)
    assert "alice" in lobby.text and "bob" in lobby.text

    await play_to_the_end(emu, path, chan, users)
    final = emu.channel_messages(chan)[-1]
    assert only_rematch(final)
    shape = kinds(final)
    assert shape[0] == (TEXT_DISPLAY, HEADER_ID) and shape[1] == (MEDIA_GALLERY, 3)
    assert "Game over" in final.text or "wins" in final.text
    emu.assert_no_violations()


# --- a table running at the upgrade -------------------------------------------------------


def as_classic(message: Message) -> None:
    """The message as the code before V2 posted it: its log and prompt as its content, its
    controls in plain rows, no V2 flag (the emulator's state, rewritten in place)."""
    shown = blocks(message)
    parts = {block.get("id"): block for block in shown}
    prompt = (parts.get(PROMPT_ID) or {}).get("content", "")
    logged = (parts.get(LOG_ID) or {}).get("content", "")
    header = (parts.get(HEADER_ID) or {}).get("content", "")
    if logged:
        message.content = logged + PROMPT_BREAK + prompt
    else:
        message.content = "\n".join(part for part in (header, prompt) if part)
    message.components = [b for b in shown if b["type"] == ACTION_ROW]
    message.flags &= ~IS_COMPONENTS_V2


async def unmark(path, chan: Channel) -> None:
    """The table as saved before V2: its message ids carry no V2 mark."""
    db = await Database.open(path)
    try:
        record = await db.open_game(chan.id)
        assert record is not None
        table = Table.from_json(record.snapshot)
        marks = [key for key in table.messages if key.startswith("v2:")]
        assert marks, "the messages posted now are marked V2"
        for key in marks:
            del table.messages[key]
        await db.save_game(
            record.id, record.version, table.to_json(), status=record.status, shown=True
        )
    finally:
        await db.close()


async def test_a_table_whose_messages_are_classic_plays_on_after_the_upgrade(emu, runner, world):
    chan, users = world
    watch = emu.add_channel(chan.guild, "tribune")
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.slash(users[1], watch, "spectate", {"table": chan})
    await emu.click(users[1], ix.message, verb(emu.channel_messages(chan)[0], "join"))
    await emu.click(users[0], ix.message, verb(emu.channel_messages(chan)[0], "start"))
    path = runner.config.database
    await autopilot_click(emu, path, chan, users)
    await settled(emu, path, chan)
    await runner.stop()
    posted = [*emu.channel_messages(chan), *emu.channel_messages(watch)]
    mirrors = [m for m in emu.channel_messages(watch) if m.flags & IS_COMPONENTS_V2]
    for message in [m for m in posted if m.flags & IS_COMPONENTS_V2]:
        as_classic(message)
    await unmark(path, chan)
    (classic,) = live(emu, chan)
    assert not classic.flags & IS_COMPONENTS_V2 and classic.content
    shown = classic.content
    mirror = mirrors[-1]  # the current turn's
    mirrored = mirror.content

    await runner.start()
    # A button of the classic message still works: the click of the player to move retires
    # it (its controls go, its text stays) and the turn goes on in a fresh V2 message.
    before = (await settled(emu, path, chan)).record.version
    clicked = await autopilot_click(emu, path, chan, users)
    assert clicked is not None
    _, ix = clicked
    assert ix.component_message is classic
    assert ix.response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE_MESSAGE), ix
    after = await settled(emu, path, chan)
    assert after.record.version > before, "the click on the classic message was played"
    assert classic.content == shown and not classic.flags & IS_COMPONENTS_V2
    assert not game_controls(classic), "the classic message is retired"
    (turn,) = live(emu, chan)
    assert turn is not classic and turn.flags & IS_COMPONENTS_V2 and turn.content == ""
    # The spectators' classic mirror stays as it was; the turn is mirrored by a V2 message.
    assert mirror.content == mirrored and not mirror.flags & IS_COMPONENTS_V2
    assert emu.channel_messages(watch)[-1].flags & IS_COMPONENTS_V2
    assert emu.channel_messages(watch)[-1].text == turn.text
    # Only once: from now on the table's messages are V2 ones.
    record = await play_to_the_end(emu, path, chan, users)
    assert live(emu, chan) == []
    # Every move shown, none twice: the classic message keeps its lines; its V2 successor tells
    # them again when the click did not end that turn (the table's seed decides which).
    logged: Counter[str] = Counter()
    for message in emu.channel_messages(chan):
        if message is not classic:
            logged.update(line for line in log_text(message).split("\n") if line)
    kept = Counter(line for line in log_text(classic).split("\n") if line)
    expected = expected_log(record)
    assert not logged - expected, "a move told twice by the V2 messages"
    assert not expected - (logged + kept), "a move shown nowhere"
    newer = [m for m in emu.channel_messages(chan) if m.id > classic.id]
    assert newer and all(m.flags & IS_COMPONENTS_V2 for m in newer)
    emu.assert_no_violations()


async def test_a_lobby_posted_classic_goes_on_as_a_v2_lobby_after_the_upgrade(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    path = runner.config.database
    await settled(emu, path, chan)
    await runner.stop()
    (classic,) = emu.channel_messages(chan)
    as_classic(classic)
    await unmark(path, chan)
    shown = classic.content
    assert "alice (host)" in shown and not classic.flags & IS_COMPONENTS_V2

    await runner.start()
    # Its Join button still works: the classic lobby keeps its text without controls, and
    # the lobby goes on as a V2 message that shows the new seat.
    await emu.click(users[1], ix.message, verb(classic, "join"))
    await settled(emu, path, chan)
    assert classic.content == shown and not game_controls(classic)
    lobby = emu.channel_messages(chan)[-1]
    assert lobby is not classic and lobby.flags & IS_COMPONENTS_V2 and lobby.content == ""
    assert "bob" in lobby.text and kinds(lobby)[0] == (TEXT_DISPLAY, HEADER_ID)
    await emu.click(users[0], lobby, verb(lobby, "start"))
    record = await settled(emu, path, chan)
    assert record.status == "active"
    (turn,) = live(emu, chan)
    assert turn.flags & IS_COMPONENTS_V2
    assert not game_controls(lobby), "the V2 lobby closed as the game started"
    emu.assert_no_violations()
