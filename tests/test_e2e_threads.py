"""Tables in threads stay alive: an archived thread is brought back, a gone one ends its table.

Discord archives a quiet thread, and a phone cannot click in an archived thread (the emulator
refuses such a click, as the app does). The real bot against the emulator: the thread of an
open table gets a week's auto-archive, is brought back at the sweep, at a turn's start and
after a restart, and a table whose thread was deleted or locked ends with a word in the parent
channel, without a repair that never ends.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from cogs.table.layout import ACCENTS
from games import dice_stars as engine
from games.table import Table
from tests.emulator import FakeDiscord
from tests.emulator.fake import ThreadArchived
from tests.emulator.models import EVERYONE_PERMISSIONS
from tests.support.controls import game_controls
from tests.support.v2_shapes import assert_v2
from tests.test_e2e_healing import (
    assert_whole,
    click_autopilot,
    live,
    open_game,
    play_to_the_end,
    settled,
)
from tests.test_e2e_timers import pass_deadline

WEEK = 10080


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    thread = emu.add_thread(chan, "dice night")
    users = [emu.add_user(name, locale="en-US") for name in ("alice", "bob")]
    for user in users:
        emu.add_member(guild, user)
    return guild, chan, thread, users


def sweeping_often(runner) -> None:
    """The sweep every 0.2 s instead of every minute (the default)."""
    runner.config = dataclasses.replace(runner.config, timer_poll_seconds=0.2)


def patches_of(emu: FakeDiscord, thread) -> list[dict]:
    return [
        call.json()
        for fault in emu.faults
        for call in fault.calls
        if call.method == "PATCH" and call.path == f"/channels/{thread.id}"
    ]


def watch_thread_patches(emu: FakeDiscord, thread):
    """A fault that only watches: every PATCH of the thread itself, in `fault.calls`."""
    return emu.inject("PATCH", rf"/channels/{thread.id}", times=10_000)


async def test_a_game_in_a_thread_archived_between_turns_is_brought_back_and_played_to_the_end(
    emu, runner, world
):
    _, chan, thread, users = world
    sweeping_often(runner)
    watch_thread_patches(emu, thread)
    await runner.start()
    path = runner.config.database
    await open_game(emu, thread, users)
    await emu.wait_until(lambda: thread.auto_archive_duration == WEEK, what="a week's archive")
    for _ in range(3):
        await click_autopilot(emu, path, thread, users)
    await settled(emu, path, thread)

    emu.archive_thread(thread)
    (turn,) = live(emu, thread)
    control = game_controls(turn)[0]["custom_id"]
    player = next(u for u in users if f"<@{u.id}>" in turn.text)
    with pytest.raises(ThreadArchived):
        await emu.click(player, turn, control)  # as a phone: the click never reaches the bot
    await emu.wait_until(lambda: not thread.archived, timeout=5, what="the thread brought back")
    assert {"archived": False} in patches_of(emu, thread)
    assert [m.text for m in emu.channel_messages(chan)] == [], "nothing said in the parent"

    # Archived while the bot is down, its week lost: the restart meets the table again.
    await runner.stop()
    emu.archive_thread(thread)
    thread.auto_archive_duration = 1440
    await runner.start()
    await emu.wait_until(
        lambda: not thread.archived and thread.auto_archive_duration == WEEK,
        timeout=5,
        what="the thread brought back after the restart",
    )
    record = await play_to_the_end(emu, path, thread, users)
    assert_whole(emu, thread, record)
    assert [status for _, status, _ in emu.error_responses] == []


async def test_a_turn_that_starts_in_an_archived_thread_brings_it_back_first(emu, runner, world):
    """A timeout starts the next turn while the thread is archived (the sweep is a minute off):
    the thread comes back before anything of the turn is shown (an edit would be refused)."""
    _, _, thread, users = world
    watch = watch_thread_patches(emu, thread)
    await runner.start()
    record = await start_timed_game(emu, runner, thread, users)
    late = engine.to_move(engine.from_json(record.snapshot["state"]))[0]

    emu.archive_thread(thread)
    archived_at = len(emu.requests)
    await pass_deadline(runner.db, record.id)
    runner.bot.dispatch("deadline_changed")
    await emu.wait_until(
        lambda: any("ran out of time" in m.text for m in emu.channel_messages(thread)),
        timeout=5,
        what="the timeout shown in the thread",
    )
    after = [f"{r.method} {r.path}" for r in emu.requests[archived_at:]]
    touches = [call for call in after if f"/channels/{thread.id}" in call]
    # Not in discord.py's cache once archived: looked up, brought back, then shown.
    assert touches[:2] == [f"GET /channels/{thread.id}", f"PATCH /channels/{thread.id}"], after
    assert watch.calls[-1].json() == {"archived": False}
    assert not thread.archived and emu.error_responses == []
    moves = await runner.db.moves(record.id)
    assert [m.seat for m in moves if m.actor == "timeout"][:1] == [late]


@pytest.mark.parametrize("fate", ["deleted", "locked", "locked and archived"])
async def test_a_table_whose_thread_is_gone_ends_with_a_word_in_the_parent_channel(
    emu, runner, world, fate
):
    guild, chan, thread, users = world
    sweeping_often(runner)
    if fate == "locked and archived":
        guild.members[emu.bot_user.id].permissions = EVERYONE_PERMISSIONS
    await runner.start()
    path = runner.config.database
    await open_game(emu, thread, users)
    await click_autopilot(emu, path, thread, users)
    game_id = (await settled(emu, path, thread)).record.id

    if fate == "deleted":
        emu.delete_channel(thread)
    elif fate == "locked":
        emu.lock_thread(thread)
    else:
        emu.archive_thread(thread, locked=True)
    await emu.wait_until(
        lambda: emu.channel_messages(chan), timeout=5, what="a word in the parent channel"
    )
    (word,) = emu.channel_messages(chan)
    if fate == "deleted":
        assert word.text == "The Dice Stars table has ended: its thread was deleted."
    else:
        assert word.text == (
            f"The Dice Stars table in <#{thread.id}> has ended: its thread was locked, "
            "so nobody can play there any more."
        )
    assert word.notified == []
    assert_v2(word, ACCENTS["dice_stars"])
    record = await runner.db.load_game(game_id)
    assert record.status == "cancelled"
    assert Table.from_json(record.snapshot).up_to_date, "nothing left for a repair to try"
    # Quiet from now on: no sweep or repair tries the thread again.
    await emu.idle(quiet=1.0, timeout=10)
    since = len(emu.requests)
    await emu.idle(quiet=1.0, timeout=10)
    assert emu.requests[since:] == []
    assert await runner.db.unshown_games(before=time.time()) == []
    assert await runner.db.open_game(thread.id) is None


async def test_without_manage_threads_the_thread_is_still_brought_back(emu, runner, world):
    """The plain invite (no Manage Threads): the thread keeps its day, and is brought back."""
    guild, _, thread, users = world
    guild.members[emu.bot_user.id].permissions = EVERYONE_PERMISSIONS
    sweeping_often(runner)
    await runner.start()
    path = runner.config.database
    await open_game(emu, thread, users)
    await click_autopilot(emu, path, thread, users)
    await settled(emu, path, thread)
    assert thread.auto_archive_duration == 1440
    asked = [(where, status) for where, status, _ in emu.error_responses]
    assert asked == [(f"PATCH /channels/{thread.id}", 403)], "asked once for the week"

    emu.archive_thread(thread)
    await emu.wait_until(lambda: not thread.archived, timeout=5, what="the thread brought back")
    await click_autopilot(emu, path, thread, users)
    record = await settled(emu, path, thread)
    assert record.status == "active" and len(emu.error_responses) == 1


async def test_a_reminder_in_an_archived_thread_brings_it_back_first(emu, runner, world):
    _, _, thread, users = world
    await runner.start()
    record = await start_timed_game(emu, runner, thread, users)
    emu.archive_thread(thread)
    archived_at = len(emu.requests)
    (deadline,) = await runner.db.deadlines()
    await runner.db.set_deadline(record.id, deadline.version, time.time() + 200, time.time() - 1)
    runner.bot.dispatch("deadline_changed")
    await emu.wait_until(
        lambda: any("still your turn" in m.text for m in emu.channel_messages(thread)),
        timeout=5,
        what="the reminder in the thread",
    )
    after = [f"{r.method} {r.path}" for r in emu.requests[archived_at:]]
    touches = [call for call in after if f"/channels/{thread.id}" in call]
    assert touches[:3] == [
        f"GET /channels/{thread.id}",
        f"PATCH /channels/{thread.id}",
        f"POST /channels/{thread.id}/messages",
    ], after
    assert not thread.archived and emu.error_responses == []


async def start_timed_game(emu, runner, thread, users):
    """A two-player Dice Stars game in the thread with a 5-minute turn timer, started."""
    ix = await emu.slash(users[0], thread, "dicestars new", {})
    timer = next(s for s in ix.message.selects() if s["custom_id"].endswith(":timer"))
    await emu.select(users[0], ix.message, timer["custom_id"], ["5"])
    lobby = emu.channel_messages(thread)[0]
    await emu.click(users[1], lobby, _verb(lobby, "join"))
    lobby = emu.channel_messages(thread)[0]
    await emu.click(users[0], lobby, _verb(lobby, "start"))
    return (await settled(emu, runner.config.database, thread)).record


def _verb(message, name: str) -> str:
    return next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(f":{name}"))
