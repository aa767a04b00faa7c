"""The bot's drawing worker, in the real bot process: it dies, pictures still come; the bot
dies, the worker goes with it.
"""

from __future__ import annotations

import asyncio
import os
import signal

from tests.support.process import _alive
from tests.test_e2e_healing import (
    assert_whole,
    click_autopilot,
    live,
    open_game,
    play_to_the_end,
    settled,
    world,  # noqa: F401 (a fixture)
)


async def _worker(bot_process) -> int:
    """The drawing worker's pid, once the bot has started it."""
    for _ in range(200):
        children = [pid for pid in bot_process.children() if _alive(pid)]
        if children:
            return children[0]
        await asyncio.sleep(0.05)
    raise AssertionError("the bot started no drawing worker")


async def test_a_killed_drawing_worker_costs_no_picture(emu, bot_process, world):  # noqa: F811
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    worker = await _worker(bot_process)
    await settled(emu, bot_process.database, chan)
    pictures_before = sum(1 for m in emu.channel_messages(chan) if m.attachments)
    os.kill(worker, signal.SIGKILL)
    for _ in range(4):  # a few turns: the first screen drawn in a thread, then a new worker
        await click_autopilot(emu, bot_process.database, chan, users)
    record = await settled(emu, bot_process.database, chan)
    (turn,) = live(emu, chan)
    assert turn.attachments, "the turn message still has its picture"
    assert sum(1 for m in emu.channel_messages(chan) if m.attachments) > pictures_before
    assert (await _worker(bot_process)) != worker, "a new worker draws"
    record = await play_to_the_end(emu, bot_process.database, chan, users)
    assert_whole(emu, chan, record)
    assert bot_process.tracebacks() == []


async def test_the_drawing_worker_goes_with_a_killed_bot(emu, bot_process, world):  # noqa: F811
    chan, users = world
    await bot_process.start()
    await open_game(emu, chan, users)
    worker = await _worker(bot_process)
    bot_process.kill()
    for _ in range(100):
        if not _alive(worker):
            break
        await asyncio.sleep(0.05)
    assert not _alive(worker), "no drawing worker outlives its bot"
