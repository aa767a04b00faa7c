"""The daily challenge end to end: a whole daily of each game, played in the player's DM, its
spoiler-free result in the channel, a refused second attempt, and the day's leaderboard."""

from __future__ import annotations

import datetime as dt
import signal
import time
from types import SimpleNamespace

import pytest

import cogs.daily_day
from cogs.table.layout import ACCENTS, HOUSE_ACCENT
from games import daily
from screens.daily import final_score
from storage import Database
from tests.emulator import FakeDiscord
from tests.support.bodies import body_text
from tests.support.v2_shapes import assert_v2
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import play_to_the_end

DICE = ("⚀", "⚁", "⚂", "⚃", "⚄", "⚅")


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Daily club", locale="en-US")
    chan = emu.add_channel(guild, "daily")
    kim = emu.add_user("kim", locale="en-US")
    emu.add_member(guild, kim)
    return chan, kim


def no_spoilers(emu, chan) -> None:
    """Nothing public in the channel shows a picture, a control or the sheet."""
    for message in emu.channel_messages(chan):
        assert message.text.startswith("📅"), "only result lines: " + message.text
        assert not message.attachments, message.text
        assert not message.buttons(), message.text
        assert not any(die in message.text for die in DICE), message.text


async def test_a_whole_daily_of_each_game_its_result_and_the_leaderboard(emu, runner, world):
    chan, kim = world
    await runner.start()
    today = daily.utc_day(time.time()).isoformat()

    started = await emu.slash(kim, chan, "dicestars daily", {})
    dm = emu.open_dm(kim)
    assert "waiting in your DMs" in started.private.text
    assert f"/channels/@me/{dm.id}" in started.private.text
    no_spoilers(emu, chan)
    record = await runner.db.open_game(dm.id)
    assert record is not None and record.snapshot["daily"] == today
    seats = record.snapshot["seats"]
    assert len(seats) == 1 and not seats[0]["computer"], "no computer seat in a daily"
    assert record.snapshot["turn_minutes"] == 0
    assert record.snapshot["seed"] == daily.daily_seed("dice_stars", "", daily.utc_day(time.time()))
    # A second daily while the first runs leads back to it, and starts nothing.
    again = await emu.slash(kim, chan, "dicestars daily", {})
    assert "still running" in again.private.text
    assert len(await runner.db.open_games()) == 1
    other = await emu.slash(kim, chan, "dizzle daily", {})
    assert "another daily" in other.private.text
    assert await runner.db.daily_days("dizzle", kim.id) == []
    for _ in range(300):
        if not await play_turn_step(emu, runner, dm, [kim]):
            break
        no_spoilers(emu, chan)
    record = await runner.db.load_game(record.id)
    assert record.status == "finished"
    # The player's phone buzzed twice: their first turn, and the result.
    notifying = [m.text for m in emu.dm_messages(kim) if kim.id in m.notified]
    assert len(notifying) == 2 and "— daily of" in notifying[1], notifying
    intro, *_, result = emu.dm_messages(kim)
    assert "daily challenge of" in intro.text and "— daily of" in result.text
    assert_v2(intro, ACCENTS["dice_stars"])
    assert_v2(result, ACCENTS["dice_stars"])
    score = (await runner.db.daily_entry("dice_stars", today, kim.id)).score
    assert score is not None
    public = emu.channel_messages(chan)[-1].text
    assert f"**kim** played the Dice Stars daily of {today}: **{score}** points" in public
    assert "1 of 1 here, 1 of 1 everywhere" in public
    assert_v2(emu.channel_messages(chan)[-1], ACCENTS["dice_stars"])
    assert f"Dice Stars daily {today}: {score}" in public and "🟩" in public
    no_spoilers(emu, chan)

    # The Dizzle daily: the day's sheet of the rotation, in the same DM once the first ended.
    await emu.slash(kim, chan, "dizzle daily", {})
    record = await runner.db.open_game(dm.id)
    assert record.kind == "dizzle"
    level = daily.daily_level("dizzle", daily.utc_day(time.time()))
    assert record.snapshot["options"]["level"] == level
    await play_to_the_end(emu, runner, dm, [kim])
    no_spoilers(emu, chan)
    dizzle_score = (await runner.db.daily_entry("dizzle", today, kim.id)).score
    public = emu.channel_messages(chan)[-1].text
    assert f"Dizzle daily of {today}: **{dizzle_score}** point" in public

    # A second attempt is refused: the answer is the day's result, privately.
    refused = await emu.slash(kim, chan, "dicestars daily", {})
    assert f"**{score}** points" in refused.private.text
    assert "Rank 1 of 1 on this server today" in refused.private.text
    assert "Streak: 1 day (best: 1)" in refused.private.text
    assert_v2(refused.private, ACCENTS["dice_stars"])
    assert len(await runner.db.daily_days("dice_stars", kim.id)) == 1

    board = (await emu.slash(kim, chan, "daily", {})).private.text
    assert f"🥇 kim — {score} pts" in board and f"🥇 kim — {dizzle_score} pts" in board
    assert "Your streak: 1 (best: 1)" in board
    shared = await emu.slash(kim, chan, "daily", {"share": True})
    assert shared.private is None
    assert emu.channel_messages(chan)[-1].text == board, "shared: the same, for everyone"
    assert_v2(emu.channel_messages(chan)[-1], HOUSE_ACCENT)
    no_spoilers(emu, chan)


async def history_lines(emu, kim, chan) -> str:
    return (await emu.slash(kim, chan, "history", {})).private.text


async def test_an_unfinished_daily_ends_at_midnight_utc_and_the_streak_counts_days(
    emu, runner, world, monkeypatch
):
    chan, kim = world
    day = dt.date(2026, 12, 5)
    monkeypatch.setattr(cogs.daily_day, "utc_today", lambda: day)
    await runner.start()
    await emu.slash(kim, chan, "dicestars daily", {})
    dm = emu.open_dm(kim)
    first = await runner.db.open_game(dm.id)
    assert first.snapshot["seed"] == daily.daily_seed("dice_stars", "", day)
    for _ in range(4):
        assert await play_turn_step(emu, runner, dm, [kim])
    before = (await runner.db.load_game(first.id)).snapshot
    reached = final_score("dice_stars", before["state"])

    day = dt.date(2026, 12, 6)  # midnight UTC has passed
    # Yesterday's table takes no more moves, even before anything closed it.
    turn = next(m for m in reversed(emu.channel_messages(dm)) if m.buttons())
    control = next(b for b in turn.buttons() if ":a{" in b["custom_id"] and not b["disabled"])
    late = await emu.click(kim, turn, control["custom_id"])
    assert "day is over" in late.private.text
    assert (await runner.db.load_game(first.id)).snapshot["state"] == before["state"]
    board = (await emu.slash(kim, chan, "daily", {})).private.text
    entry = await runner.db.daily_entry("dice_stars", "2026-12-05", kim.id)
    assert entry.ended and entry.score == reached
    assert (await runner.db.load_game(first.id)).status == "abandoned"
    assert await runner.db.open_game(dm.id) is None, "its table is closed"
    assert f"Yesterday's winner: kim ({reached})" in board
    assert "Your streak: 1 (best: 1)" in board  # alive until today ends
    assert f"the Dice Stars daily of 2026-12-05: **{reached}** point" in (
        emu.channel_messages(chan)[-1].text
    )

    # It replays in /history as far as it went, now that its day is over.
    listing = await emu.slash(kim, chan, "history", {})
    assert f"kim {reached} · daily of 2026-12-05" in listing.private.text
    menu = listing.message.select("s:")
    await emu.select(kim, listing.message, menu["custom_id"], [str(first.id)])
    assert "move" in listing.message.text and listing.message.attachments

    await emu.slash(kim, chan, "dicestars daily", {})  # the next day's dice
    second = await runner.db.open_game(dm.id)
    assert second.snapshot["seed"] == daily.daily_seed("dice_stars", "", day)
    assert second.snapshot["seed"] != first.snapshot["seed"]
    board = (await emu.slash(kim, chan, "daily", {})).private.text
    assert "Your streak: 2 (best: 2)" in board

    day = dt.date(2026, 12, 8)  # a whole day missed
    board = (await emu.slash(kim, chan, "daily", {})).private.text
    assert "Your streak: 0 (best: 2)" in board


async def test_a_finished_daily_replays_in_history_only_once_its_day_ended(
    emu, runner, world, monkeypatch
):
    chan, kim = world
    day = dt.date(2026, 12, 5)
    monkeypatch.setattr(cogs.daily_day, "utc_today", lambda: day)
    await runner.start()
    await emu.slash(kim, chan, "dicestars daily", {})
    dm = emu.open_dm(kim)
    record = await runner.db.open_game(dm.id)
    for _ in range(300):
        if not await play_turn_step(emu, runner, dm, [kim]):
            break
    assert (await runner.db.load_game(record.id)).status == "finished"
    listed = (await emu.slash(kim, chan, "history", {})).private
    assert listed is None or "Dice Stars ·" not in listed.text
    day = dt.date(2026, 12, 6)
    listing = await emu.slash(kim, chan, "history", {})
    assert "Dice Stars · " in listing.private.text
    assert "daily of 2026-12-05" in listing.private.text
    menu = listing.message.select("s:")
    await emu.select(kim, listing.message, menu["custom_id"], [str(record.id)])
    assert "move" in listing.message.text and listing.message.attachments


async def test_a_daily_started_in_a_dm_is_played_there_and_ranked_among_all(emu, runner, world):
    chan, kim = world
    await runner.start()
    dm = emu.open_dm(kim)
    refused = await emu.slash(kim, dm, "dicestars new", {"solo": True})
    assert "not in direct messages" in refused.private.text
    started = await emu.slash(kim, dm, "dizzle daily", {})
    assert "waiting in your DMs" in started.private.text
    await play_to_the_end(emu, runner, dm, [kim])
    today = daily.utc_day(time.time()).isoformat()
    entry = await runner.db.daily_entry("dizzle", today, kim.id)
    assert entry.ended and entry.guild_id is None
    result = next(m.text for m in emu.channel_messages(dm) if "Rank" in m.text)
    assert "Rank 1 of 1 among all players today" in result and "on this server" not in result
    assert emu.channel_messages(chan) == [], "nothing posted in any server"
    board = (await emu.slash(kim, dm, "daily", {})).private.text
    assert "all players" in board and f"🥇 kim — {entry.score} pts" in board
    # Not on the server's board: it was played in no server.
    board = (await emu.slash(kim, chan, "daily", {})).private.text
    assert f"kim — {entry.score}" not in board


async def test_closed_dms_use_up_no_attempt(emu, runner):
    guild = emu.add_guild("Daily club", locale="en-US")
    chan = emu.add_channel(guild, "daily")
    kim = emu.add_user("kim", locale="en-US", dms_open=False)
    emu.add_member(guild, kim)
    await runner.start()
    refused = await emu.slash(kim, chan, "dicestars daily", {})
    assert "cannot send you direct messages" in refused.private.text
    assert await runner.db.daily_days("dice_stars", kim.id) == []
    assert await runner.db.open_games() == [] and emu.channel_messages(chan) == []
    kim.dms_open = True
    started = await emu.slash(kim, chan, "dicestars daily", {})
    assert "waiting in your DMs" in started.private.text
    assert len(await runner.db.daily_days("dice_stars", kim.id)) == 1


async def test_a_bot_killed_before_the_result_sends_it_once_after_its_restart(
    emu, bot_process, world
):
    """The attempt's score is kept with the game's end; the bot dies as the result would
    reach the player's DM. Restarted, it sends the result there and the line to the channel,
    each once."""
    chan, kim = world
    await bot_process.start()
    player = SimpleNamespace(db=await Database.open(bot_process.database))
    try:
        await emu.slash(kim, chan, "dicestars daily", {})
        dm = emu.open_dm(kim)

        def the_result(call) -> bool:
            return "— daily of" in body_text(call.json())

        killed = emu.inject(
            "POST", rf"/channels/{dm.id}/messages", match=the_result, before=bot_process.kill
        )
        for _ in range(300):
            if not await play_turn_step(emu, player, dm, [kim]):
                break
        await killed.wait(timeout=10)
        assert await bot_process.wait_exit() == -signal.SIGKILL
        today = daily.utc_day(time.time()).isoformat()
        entry = await player.db.daily_entry("dice_stars", today, kim.id)
        assert entry.ended and entry.score is not None and not entry.announced
        assert not [m for m in emu.dm_messages(kim) if "— daily of" in m.text]
        assert not emu.channel_messages(chan)

        await bot_process.restart()
        await emu.wait_until(
            lambda: emu.channel_messages(chan), timeout=15, what="the result in the channel"
        )
        await emu.idle()
        results = [m for m in emu.dm_messages(kim) if "— daily of" in m.text]
        assert len(results) == 1 and f"**{entry.score}**" in results[0].text
        (public,) = emu.channel_messages(chan)
        assert f"**kim** played the Dice Stars daily of {today}: **{entry.score}**" in (public.text)
        assert (await player.db.daily_entry("dice_stars", today, kim.id)).announced
        no_spoilers(emu, chan)
        assert bot_process.tracebacks() == []
    finally:
        await player.db.close()
