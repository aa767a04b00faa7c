"""The daily challenge's attempts in storage, on SQLite and on PostgreSQL (see test_storage)."""

from __future__ import annotations

import asyncio

import pytest

from storage import ChannelBusy, DailyRank, DailyTaken, Storage
from tests.test_storage import db, open_db  # noqa: F401  (the fixtures: one run per engine)

DAY, NEXT_DAY = "2026-12-05", "2026-12-06"


async def attempt(
    storage: Storage, user_id: int, *, kind="dice_stars", day=DAY, guild_id=1, channel_id=None
):
    return await storage.create_daily_game(
        kind=kind,
        day=day,
        user_id=user_id,
        name=f"player {user_id}",
        level="",
        guild_id=guild_id,
        channel_id=channel_id or 1000 + user_id,
        snapshot={"user": user_id},
        status="active",
    )


async def test_a_second_attempt_the_same_day_is_refused_and_writes_nothing(db):  # noqa: F811
    game = await attempt(db, 7)
    entry = await db.daily_entry("dice_stars", DAY, 7)
    assert entry is not None and entry.game_id == game.id and not entry.ended
    assert entry.score is None and entry.guild_id == 1 and entry.name == "player 7"
    assert await db.daily_of_game(game.id) == entry
    with pytest.raises(DailyTaken):
        await attempt(db, 7, guild_id=2, channel_id=5000)
    assert await db.open_game(5000) is None  # its game was rolled back with it
    assert await db.daily_entry("dice_stars", DAY, 7) == entry
    # Another game or another day is another attempt.
    await attempt(db, 7, kind="dizzle", channel_id=5001)
    await attempt(db, 7, day=NEXT_DAY, channel_id=5002)
    assert await db.daily_days("dice_stars", 7) == [NEXT_DAY, DAY]
    assert await db.daily_days("dizzle", 7) == [DAY]


async def test_a_busy_channel_refuses_the_attempt_and_keeps_it_free(db):  # noqa: F811
    await db.create_game(guild_id=1, channel_id=1007, kind="dizzle", snapshot={})
    with pytest.raises(ChannelBusy):
        await attempt(db, 7)
    assert await db.daily_entry("dice_stars", DAY, 7) is None
    await attempt(db, 7, channel_id=2007)


async def test_two_processes_starting_one_attempt_at_once_make_one_game(open_db):  # noqa: F811
    processes = [await open_db(), await open_db()]
    results = await asyncio.gather(
        *(attempt(processes[n % 2], 7, channel_id=3000 + n) for n in range(4)),
        return_exceptions=True,
    )
    made = [result for result in results if not isinstance(result, BaseException)]
    assert len(made) == 1
    assert all(isinstance(result, DailyTaken) for result in results if result not in made)
    for process in processes:
        entry = await process.daily_entry("dice_stars", DAY, 7)
        assert entry is not None and entry.game_id == made[0].id
        assert len(await process.open_games()) == 1


async def test_only_ended_attempts_are_ranked_best_first(db):  # noqa: F811
    games = {}
    for user_id, guild_id in ((1, 10), (2, 10), (3, 20), (4, 10), (5, None)):
        games[user_id] = await attempt(db, user_id, guild_id=guild_id)
    for user_id, score in ((1, 30), (2, 45), (3, 50), (5, 45)):
        assert await db.end_daily(games[user_id].id, score, f"line {user_id}")
    assert not await db.end_daily(games[1].id, 99, "again")  # an ended attempt stays
    board = await db.daily_board("dice_stars", DAY)
    # An equal score goes to the earlier start.
    assert [(e.user_id, e.score) for e in board] == [(3, 50), (2, 45), (5, 45), (1, 30)]
    assert board[3].summary == "line 1" and all(e.ended for e in board)
    server = await db.daily_board("dice_stars", DAY, guild_id=10)
    assert [e.user_id for e in server] == [2, 1]  # 4 has not ended: not ranked yet
    assert [e.user_id for e in await db.daily_board("dice_stars", DAY, limit=2)] == [3, 2]
    assert await db.daily_board("dice_stars", NEXT_DAY) == []
    assert await db.daily_board("dizzle", DAY) == []
    assert await db.daily_rank("dice_stars", DAY, 45) == DailyRank(2, 4)
    assert await db.daily_rank("dice_stars", DAY, 45, guild_id=10) == DailyRank(1, 2)
    assert await db.daily_rank("dice_stars", DAY, 30, guild_id=10) == DailyRank(2, 2)
    assert await db.daily_rank("dice_stars", DAY, 60, guild_id=99) == DailyRank(1, 0)


async def test_attempts_of_past_days_that_did_not_end_are_found(db):  # noqa: F811
    old = await attempt(db, 1, day="2026-12-03")
    ended = await attempt(db, 2, day="2026-12-04")
    await attempt(db, 3, day=DAY)
    await db.end_daily(ended.id, 10, "")
    assert [e.game_id for e in await db.unended_dailies(DAY)] == [old.id]
    assert [e.user_id for e in await db.unended_dailies(NEXT_DAY)] == [1, 3]


async def test_the_leaderboard_is_the_same_through_two_processes(open_db):  # noqa: F811
    first, second = await open_db(), await open_db()
    for user_id in range(1, 7):
        process = first if user_id % 2 else second
        game = await attempt(process, user_id, guild_id=10 + user_id % 2)
        await process.end_daily(game.id, 10 * (user_id % 4), "")
    for guild_id in (None, 10, 11):
        boards = [
            await p.daily_board("dice_stars", DAY, guild_id=guild_id) for p in (first, second)
        ]
        assert boards[0] == boards[1] and boards[0]
    assert [e.user_id for e in await first.daily_board("dice_stars", DAY)] == [3, 2, 6, 1, 5, 4]
