"""Dice Stars end to end: simulated players click through whole games on the emulator."""

from __future__ import annotations

import json

import pytest

from games import dice_stars as engine
from tests.emulator import FakeDiscord, Message
from tests.support.controls import only_rematch, with_game_controls


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="de")
    chan = emu.add_channel(guild, "würfel")
    users = [
        emu.add_user(name, locale=locale)
        for name, locale in (("bob", "de"), ("alice", "en-US"), ("carol", "fr"))
    ]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


def verb(message: Message, name: str) -> str:
    """The custom_id of a lobby button (join, leave, start, cancel)."""
    for button in message.buttons():
        payload = button["custom_id"].split(":", 3)[3]
        if payload == name or payload.startswith(name + ":"):  # "bot:<seat>" for "bot"
            return button["custom_id"]
    raise AssertionError(f"no {name} button")


async def open_and_start(emu, chan, users) -> None:
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    for user in users[1:]:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, verb(lobby, "start"))


def controls(message: Message) -> list[tuple[str, dict]]:
    """(custom_id, action) of every enabled button carrying an engine action."""
    found = []
    for button in message.buttons():
        payload = button["custom_id"].split(":", 3)[3]
        if payload.startswith("a{") and not button["disabled"]:
            found.append((button["custom_id"], json.loads(payload[1:])))
    return found


def star_values(rows: list[int]) -> list[str]:
    """The stars menu's options for these rows: one per star a row takes ("3.1", "3.2")."""
    taken: dict[int, int] = {}
    for row in rows:
        taken[row] = taken.get(row, 0) + 1
    return [f"{row}.{n}" for row, count in taken.items() for n in range(1, count + 1)]


async def play_turn_step(emu, runner, chan, users) -> bool:
    """One click by the player to move, choosing what the autopilot would; False at the end."""
    record = await runner.db.open_game(chan.id)
    if record is None:
        return False
    state = engine.from_json(record.snapshot["state"])
    seat = engine.to_move(state)[0]
    seat_user = record.snapshot["seats"][seat]["user_id"]
    user = next(u for u in users if u.id == seat_user)
    turn = emu.channel_messages(chan)[-1]
    assert f"<@{user.id}>" in turn.text, turn.text
    assert turn.attachments and turn.attachments[0].data.startswith(b"\x89PNG")
    assert turn.attachments[0].description, "every picture carries a text summary"
    wanted = engine.autopilot(state, seat)
    if wanted["type"] == "take_stars":
        menu = turn.select("s:")
        await emu.select(user, turn, menu["custom_id"], star_values(wanted["rows"]))
    else:
        custom_id = next(cid for cid, action in controls(turn) if action == wanted)
        await emu.click(user, turn, custom_id)
    after = await runner.db.load_game(record.id)
    assert after.version > record.version, "the click was applied"
    return after.status == "active"


async def test_three_players_play_a_whole_game_to_the_scoreboard(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_and_start(emu, chan, users)
    lobby = emu.channel_messages(chan)[0]
    assert "bob (Gastgeber), alice, carol" in lobby.text  # the host speaks German
    for _ in range(400):
        if not await play_turn_step(emu, runner, chan, users):
            break
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    final = emu.channel_messages(chan)[-1]
    assert "Endstand" in final.text and only_rematch(final)
    assert final.attachments[0].filename == "dice-stars-result.png"
    state = engine.from_json(record.snapshot["state"])
    for seat, points in enumerate(engine.scores(state)):
        assert f"{record.snapshot['seats'][seat]['name']} – {points} Punkt" in final.text
    # No turn message keeps controls; the channel reads like a log.
    assert with_game_controls(emu.channel_messages(chan)) == []
    # The log replays to the same final state.
    moves = await runner.db.moves(record.id)
    replay = engine.new_game(3, record.snapshot["seed"], record.snapshot["options"])
    for move in moves:
        seat = engine.CHANCE if move.seat is None else move.seat
        engine.apply(replay, seat, move.action)
    assert engine.to_json(replay) == engine.to_json(state)


async def test_solo_game_starts_at_once_and_ends_with_the_opponent(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {"solo": True})
    assert ix.private is None
    for _ in range(300):
        if not await play_turn_step(emu, runner, chan, users):
            break
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    final = emu.channel_messages(chan)[-1]
    assert "Solo-Gegner" in final.text


async def test_restart_mid_game_loses_nothing_and_old_buttons_work(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_and_start(emu, chan, users[:2])
    for _ in range(5):
        assert await play_turn_step(emu, runner, chan, users)
    before = await runner.db.open_game(chan.id)
    await runner.restart()
    assert (await runner.db.open_game(chan.id)).snapshot == before.snapshot
    for _ in range(3):
        assert await play_turn_step(emu, runner, chan, users)


def sheet_words(message: Message) -> str:
    """What a sheet's card says below its header (the game's name)."""
    header, _, words = message.text.partition("\n")
    assert "Dice Stars" in header
    return words


async def test_sheet_lookup_is_private_and_not_your_turn_too(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_and_start(emu, chan, users[:2])
    look = await emu.slash(users[2], chan, "dicestars sheet", {"player": "bob"})
    assert look.private and look.private.attachments
    assert sheet_words(look.private).startswith("bob")
    assert look.message.id not in [m.id for m in emu.channel_messages(chan)]
    record = await runner.db.open_game(chan.id)
    state = engine.from_json(record.snapshot["state"])
    idle = users[1 - engine.to_move(state)[0]]
    turn = emu.channel_messages(chan)[-1]
    ix = await emu.click(idle, turn, controls(turn)[0][0])
    assert ix.private
    assert (await runner.db.load_game(record.id)).version == record.version


async def test_a_computer_seats_sheet_can_be_looked_at(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    await emu.click(users[0], ix.message, verb(ix.message, "bot"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, verb(lobby, "start"))
    record = await runner.db.open_game(chan.id)
    robo = record.snapshot["seats"][1]
    assert robo["computer"] and robo["user_id"] is None
    # Anyone in the channel, seated or not, picks the seat from the autocomplete.
    choices = await emu.autocomplete(users[2], chan, "dicestars sheet", "player", "")
    assert [(c["name"], c["value"]) for c in choices] == [
        (users[0].name, "0"),
        (f"{robo['name']} 🤖", "1"),
    ]
    typed = await emu.autocomplete(users[2], chan, "dicestars sheet", "player", "rob")
    assert [c["value"] for c in typed] == ["1"]
    look = await emu.slash(users[2], chan, "dicestars sheet", {"player": "1"})
    assert look.private and look.private.attachments[0].data.startswith(b"\x89PNG")
    assert sheet_words(look.private).startswith(robo["name"]), "the computer's own sheet"
    mine = await emu.slash(users[0], chan, "dicestars sheet", {})
    assert sheet_words(mine.private).startswith(users[0].name)
    nobody = await emu.slash(users[2], chan, "dicestars sheet", {})
    assert nobody.private and not nobody.private.attachments, "carol has no seat of her own"
    unknown = await emu.slash(users[2], chan, "dicestars sheet", {"player": "zed"})
    assert "zed" in unknown.private.text and not unknown.private.attachments
