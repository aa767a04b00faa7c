"""The bot's process tunes Python's cycle collector: fewer pauses, and the start-up frozen."""

from __future__ import annotations

import asyncio
import gc

import bot


class _Ready:
    def __init__(self) -> None:
        self.ready = asyncio.Event()

    async def wait_until_ready(self) -> None:
        await self.ready.wait()


async def test_what_the_start_built_is_frozen_once_the_bot_is_ready() -> None:
    thresholds = gc.get_threshold()
    try:
        bot.calm_garbage_collection()
        assert gc.get_threshold() == bot.GC_THRESHOLDS
        assert bot.GC_THRESHOLDS[0] > thresholds[0] or thresholds == bot.GC_THRESHOLDS
        ready = _Ready()
        frozen = asyncio.create_task(bot.freeze_when_ready(ready))  # type: ignore[arg-type]
        await asyncio.sleep(0.01)
        assert gc.get_freeze_count() == 0, "nothing is frozen before the bot is ready"
        ready.ready.set()
        await frozen
        assert gc.get_freeze_count() > 1000
        young = [object() for _ in range(3)]  # what comes after stays collectable
        assert all(gc.is_tracked([item]) for item in young)
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
