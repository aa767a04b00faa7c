"""Shared fixtures: a local emulator of Discord and the real bot running against it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot import EXTENSIONS, HANDLER_TASKS, TableBot, point_at
from config import Config
from storage import Database
from tests.emulator import FakeDiscord, point_discord_at
from tests.support.process import BotProcess

BUSY_TASKS = HANDLER_TASKS  # interaction handlers and the table's repairs


class BotRunner:
    """The bot's real discord.py client on a real SQLite file, stoppable and restartable."""

    def __init__(self, emu: FakeDiscord, database: Path, extensions: Sequence[str]) -> None:
        self.emu = emu
        self.config = Config(
            token=emu.bot_token,
            database=database,
            api_base=emu.api_base,
            gateway_url=emu.gateway_url,
            drawing_processes=0,
        )
        self.extensions = tuple(extensions)
        self.bot: TableBot | None = None
        self.db: Database | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> TableBot:
        point_at(self.config)
        self.db = await Database.open(self.config.database)
        self.bot = TableBot(self.config, self.db, self.extensions, guild_ready_timeout=0.05)
        self._task = asyncio.create_task(self.bot.start(self.config.token))
        self.emu.busy_checks[:] = [self._busy]
        await self.emu.wait_for_bot(timeout=10, bot_task=self._task)
        # The application emojis are found or created in the background: a test starts once
        # that is over, so that its controls show the emojis (or labels) throughout.
        await asyncio.wait_for(self.bot.app_emojis.settled.wait(), 30)
        return self.bot

    def _busy(self) -> bool:
        """The bot is still handling an interaction (slash command, button or menu)."""
        return any(
            not task.done() and task.get_name().startswith(BUSY_TASKS)
            for task in asyncio.all_tasks()
        )

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._task, 5)
        if self.db is not None:
            await self.db.close()
        self.bot = self.db = self._task = None

    async def restart(self) -> TableBot:
        await self.stop()
        return await self.start()


@pytest.fixture
async def emu() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake
        assert not fake.violations, "Discord limits broken:\n" + "\n".join(
            str(v) for v in fake.violations
        )


@pytest.fixture
def bot_extensions() -> Sequence[str]:
    return EXTENSIONS


@pytest.fixture
async def runner(emu, tmp_path, bot_extensions) -> AsyncIterator[BotRunner]:
    runner = BotRunner(emu, tmp_path / "tables.sqlite3", bot_extensions)
    with point_discord_at(emu):  # restores discord.py's addresses afterwards
        yield runner
        await runner.stop()


@pytest.fixture
async def bot_process(emu, tmp_path) -> AsyncIterator[BotProcess]:
    """``python bot.py`` against `emu` on tmp_path's SQLite file; started by the test."""
    process = BotProcess(emu, tmp_path / "bot")
    yield process
    await process.close()
