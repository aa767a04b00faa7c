"""Turn timers end to end: deadlines in the database, handled even across a restart."""

from __future__ import annotations

import time

import pytest

from cogs.table.layout import ACCENTS
from games import dice_stars as engine
from storage import Database
from tests.emulator import FakeDiscord
from tests.support.v2_shapes import assert_v2
from tests.support.worlds import table_world


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


def button(message, suffix: str) -> str:
    return next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(suffix))


async def start_timed_game(emu, runner, chan, users) -> int:
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    timer = ix.message.select("s:")
    assert [s for s in ix.message.selects() if s["custom_id"].endswith(":timer")]
    timer = next(s for s in ix.message.selects() if s["custom_id"].endswith(":timer"))
    await emu.select(users[0], ix.message, timer["custom_id"], ["5"])
    lobby = emu.channel_messages(chan)[0]
    assert "Turn timer: **5 minutes**" in lobby.text
    await emu.click(users[1], lobby, button(lobby, ":join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, button(lobby, ":start"))
    record = await runner.db.open_game(chan.id)
    deadlines = await runner.db.deadlines()
    assert [d.game_id for d in deadlines] == [record.id]
    assert 290 < deadlines[0].due_at - time.time() <= 300
    return record.id


async def pass_deadline(db: Database, game_id: int) -> None:
    """Make the game's deadline lie in the past, as if its minutes had gone by."""
    (deadline,) = [d for d in await db.deadlines() if d.game_id == game_id]
    await db.set_deadline(game_id, deadline.version, time.time() - 1, None)


async def timeouts(db: Database, game_id: int) -> list:
    return [m for m in await db.moves(game_id) if m.actor == "timeout"]


async def test_a_deadline_passed_while_the_bot_was_down_is_handled_at_start(emu, runner, world):
    chan, users = world
    await runner.start()
    game_id = await start_timed_game(emu, runner, chan, users)
    record = await runner.db.load_game(game_id)
    late_seat = engine.to_move(engine.from_json(record.snapshot["state"]))[0]
    await runner.stop()
    db = await Database.open(runner.config.database)
    await pass_deadline(db, game_id)
    await db.close()

    await runner.start()
    await emu.wait_until(
        lambda: any("ran out of time" in m.text for m in emu.channel_messages(chan)),
        timeout=5,
        what="the timeout message",
    )
    played = await timeouts(runner.db, game_id)
    assert played and {m.seat for m in played} == {late_seat}
    state = engine.from_json((await runner.db.load_game(game_id)).snapshot["state"])
    assert engine.to_move(state) == [1 - late_seat], "the whole turn was played for them"
    # A new deadline runs for the next player.
    (deadline,) = await runner.db.deadlines()
    assert deadline.due_at > time.time() + 200


async def test_two_timeouts_in_a_row_let_the_host_remove_the_player(emu, runner, world):
    chan, users = world
    await runner.start()
    game_id = await start_timed_game(emu, runner, chan, users)
    for round_ in range(1, 4):  # first player, second player, first player again
        await pass_deadline(runner.db, game_id)
        runner.bot.dispatch("deadline_changed")
        await emu.wait_until(
            lambda n=round_: (
                sum("ran out of time" in m.text for m in emu.channel_messages(chan)) == n
            ),
            timeout=5,
            what=f"timeout message {round_}",
        )
        await emu.idle()
    record = await runner.db.load_game(game_id)
    seats = record.snapshot["seats"]
    twice = [i for i, seat in enumerate(seats) if seat["timeouts"] >= 2]
    assert len(twice) == 1
    last = emu.channel_messages(chan)[-1]
    remove = button(last, f":kick:{twice[0]}")
    host = users[0] if record.snapshot["host_id"] == users[0].id else users[1]
    other = users[1] if host is users[0] else users[0]
    ix = await emu.click(other, last, remove)
    assert ix.private and "host" in ix.private.text
    await emu.click(host, last, remove)
    record = await runner.db.load_game(game_id)
    assert record.snapshot["seats"][twice[0]]["left"] is True
    assert any("removed by the host" in m.text for m in emu.channel_messages(chan))


async def test_the_player_is_reminded_once_in_the_channel_and_by_dm(emu, runner, world):
    chan, users = world
    await runner.start()
    game_id = await start_timed_game(emu, runner, chan, users)
    record = await runner.db.load_game(game_id)
    seat = engine.to_move(engine.from_json(record.snapshot["state"]))[0]
    waiting = next(u for u in users if u.id == record.snapshot["seats"][seat]["user_id"])
    (deadline,) = await runner.db.deadlines()
    await runner.db.set_deadline(game_id, deadline.version, time.time() + 120, time.time() - 1)
    runner.bot.dispatch("deadline_changed")
    await emu.wait_until(
        lambda: any("still your turn" in m.text for m in emu.channel_messages(chan)),
        timeout=5,
        what="the reminder",
    )
    await emu.idle()
    reminder = next(m for m in emu.channel_messages(chan) if "still your turn" in m.text)
    assert f"<@{waiting.id}>" in reminder.text and "2 minutes" in reminder.text
    dms = emu.dm_messages(waiting)
    assert len(dms) == 1 and "your turn" in dms[0].text
    for message in (reminder, dms[0]):  # V2 messages in the game's colour
        assert_v2(message, ACCENTS["dice_stars"])
    runner.bot.dispatch("deadline_changed")
    await emu.idle(quiet=0.2)
    assert sum("still your turn" in m.text for m in emu.channel_messages(chan)) == 1
    assert await timeouts(runner.db, game_id) == []


async def test_the_new_command_sets_the_timer_and_discord_knows_its_range(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[0], chan, "dicestars new", {"turn_timer": 15})
    assert "Turn timer: **15 minutes**" in ix.message.text
    new = next(c for c in emu.commands if c["name"] == "dicestars")["options"][0]
    timer = next(o for o in new["options"] if o["name"] == "turn_timer")
    assert (timer["min_value"], timer["max_value"]) == (0, 10080)
    assert timer["name_localizations"]["de"] == "zugzeit"
