"""The bot's process freezes what its start built once ready: the forked drawing worker's
collections then never copy those pages."""

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
    try:
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
