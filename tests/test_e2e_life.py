"""Life at the table: computer seats and spectating channels."""

from __future__ import annotations

import pytest

from games import dice_stars as engine
from tests.emulator import FakeDiscord
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import play_turn_step, verb


@pytest.fixture
def world(emu: FakeDiscord):
    chan, users = table_world(emu, "Friday Night", "games", ("alice", "bob", "carol"))
    return chan, emu.add_channel(chan.guild, "tribune"), users


async def test_computer_seats_play_promptly_and_finish_the_game(emu, runner, world):
    chan, _, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.click(users[0], ix.message, verb(ix.message, "bot"))
    lobby = emu.channel_messages(chan)[0]
    ix = await emu.click(users[1], lobby, verb(lobby, "bot"))
    assert ix.private and "host" in ix.private.text
    await emu.click(users[0], lobby, verb(lobby, "bot"))
    lobby = emu.channel_messages(chan)[0]
    assert "Robo 1 🤖" in lobby.text and "Robo 2 🤖" in lobby.text
    await emu.click(users[0], lobby, verb(lobby, "start"))
    for _ in range(200):
        if not await play_turn_step(emu, runner, chan, users[:1]):
            break
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    moves = await runner.db.moves(record.id)
    robots = {m.seat for m in moves if m.actor == "autopilot"}
    assert robots == {1, 2}
    assert {m.seat for m in moves if m.actor == "user"} == {0}
    state = engine.from_json(record.snapshot["state"])
    assert engine.is_over(state)
    assert "Robo 1" in emu.channel_messages(chan)[-1].text


async def test_a_spectating_channel_receives_every_public_turn(emu, runner, world):
    chan, watch, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.click(users[1], ix.message, verb(ix.message, "join"))
    ix = await emu.slash(users[2], watch, "spectate", {"table": chan})
    assert ix.private is None and f"<#{chan.id}>" in ix.message.text
    again = await emu.slash(users[2], watch, "spectate", {"table": chan})
    assert again.private
    lobby = emu.channel_messages(chan)[0]
    ix = await emu.slash(users[0], chan, "status", {})
    assert f"<#{watch.id}>" in ix.message.text
    await emu.click(users[0], lobby, verb(lobby, "start"))
    for _ in range(6):
        assert await play_turn_step(emu, runner, chan, users)
    game_turns = [m for m in emu.channel_messages(chan) if m.attachments]
    mirrored = [m for m in emu.channel_messages(watch) if m.attachments]
    assert len(mirrored) == len(game_turns) >= 3
    assert all(not m.buttons() and not m.selects() for m in mirrored)
    # Anyone in the spectating channel may look at a sheet privately.
    choices = await emu.autocomplete(users[2], watch, "dicestars sheet", "player", "")
    assert [c["name"] for c in choices] == [users[0].name, users[1].name]
    look = await emu.slash(users[2], watch, "dicestars sheet", {"player": choices[1]["value"]})
    assert look.private and look.private.attachments
    header, words = look.private.text.split("\n", 1)  # the game's name, then whose sheet
    assert "Dice Stars" in header and words.startswith(users[1].name)


async def test_history_lists_records_and_replays_to_the_same_final_picture(emu, runner, world):
    chan, _, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "history", {})
    assert ix.private and "No game" in ix.private.text
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.click(users[1], ix.message, verb(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, verb(lobby, "start"))
    for _ in range(300):
        if not await play_turn_step(emu, runner, chan, users):
            break
    final = emu.channel_messages(chan)[-1]
    record = (await runner.db.guild_games(chan.guild.id))[0]
    best = max(engine.scores(engine.from_json(record.snapshot["state"])))

    listing = await emu.slash(users[2], chan, "history", {})
    assert listing.private
    assert f"Best Dice Stars score: **{best}**" in listing.message.text
    menu = listing.message.select("s:")
    await emu.select(users[2], listing.message, menu["custom_id"], [str(record.id)])
    replay = listing.message
    assert "move" in replay.text
    assert replay.attachments[0].data == final.attachments[0].data, "same final picture"
    steps = int(replay.text.split(" of ")[1].split()[0])
    # Back to the start and one step forward: the pictures of those moments.
    start = next(b for b in replay.buttons() if b["custom_id"].endswith(":hf0"))
    await emu.click(users[2], replay, start["custom_id"])
    assert "move 0 of" in replay.text
    forward = next(b for b in replay.buttons() if ":hn" in b["custom_id"])
    await emu.click(users[2], replay, forward["custom_id"])
    assert f"move 1 of {steps}" in replay.text
    assert replay.attachments and replay.attachments[0].data != final.attachments[0].data
    assert replay.id not in [m.id for m in emu.channel_messages(chan)]
