"""Showing a saved change, and repairing what a failure left: the table comes back to its save.

A change saved and not shown (Discord or the database away, a crash) is shown again later: at
once after a failure, then by the sweep, which also finds at start-up every table a crash left
behind and, every ``timers.poll_seconds``, those another process left so.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import discord

from cogs.table.click import Click
from cogs.table.outages import DISCORD, discord_outage, storage_outage
from games import table as tables
from games.table import Table
from screens.context import TableContext
from storage import GameRecord, StorageUnavailable

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)
RETRY_DELAYS = (1.0, 5.0, 20.0)  # the channel step again after a failure, then the sweep's turn
GIVE_UP_AFTER = 8  # failed repairs of one table in this process (a channel we may not post in)
REPAIR_TASK = "table-repair"


class Repairs:
    """The table cog's showing and repair (a part of :class:`~cogs.table.cog.TableCog`)."""

    async def show(
        self,
        record: GameRecord,
        table: Table,
        click: Click | None = None,
        alone: bool = False,
    ) -> None:
        """Bring the channel up to a change just saved (the caller holds the channel's lock).

        ``alone``: the change was made to a table the channel showed completely, so no other
        process can be showing it at this moment (what the click brings may be its follow-up).
        """
        try:
            # A turn's start in a thread: the thread is brought back first if it was archived.
            if not await self.threads.keep_open(record):
                return  # its thread is gone: the table is being ended
            reply = click.reply if click else None
            await self.sync.show(record.id, reply, known=(record, table), alone=alone)
        except Exception as error:
            if self.outage_noted(error, f"showing game {record.id}"):
                # Saved, not shown (or not noted as shown): the repair comes back to it.
                self._repair_later(record.id, outage=True)
                if discord_outage(error):
                    await self._say_pending(click)
                return
            log.warning(
                "channel %s does not show game %s yet", record.channel_id, record.id, exc_info=True
            )
            self._repair_later(record.id)
            return
        self.outages.answered(DISCORD)
        self._failures.pop(record.id, None)

    async def _say_pending(self, click: Click | None) -> None:
        """The click's move is saved but Discord will not show it yet: the player hears so."""
        if click is None:
            return
        try:
            await click.reply.say("outage-discord-pending")
        except (discord.HTTPException, discord.RateLimited) as error:
            log.debug("click %s not told of the outage (%s)", click.id, error)

    async def keep_thread_open(self, record: GameRecord) -> bool:
        """The table's thread brought back if archived (see :mod:`cogs.table.threads`); False: the
        thread is gone and the table is being ended. A failure waits for the sweep."""
        try:
            return await self.threads.keep_open(record)
        except Exception as error:
            if self.outage_noted(error, f"keeping the thread of game {record.id} open"):
                return True
            if not isinstance(error, discord.HTTPException):
                raise
            log.info("thread of game %s not kept open (%s)", record.id, error.status)
            return True

    def _repair_later(self, game_id: int, outage: bool = False) -> None:
        failures = self._failures.get(game_id, 0) + 1
        if outage and failures > len(RETRY_DELAYS):
            return  # the sweep's turn: an outage is no reason to give a table up
        self._failures[game_id] = failures
        if failures <= len(RETRY_DELAYS):
            delay = RETRY_DELAYS[failures - 1]
            name = f"{REPAIR_TASK}-{game_id}"
            task = asyncio.create_task(self._repair_after(game_id, delay), name=name)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _repair_after(self, game_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.repair(game_id)

    async def repair(self, game_id: int) -> bool:
        """Bring a game's channel up to its save, from wherever it was left. True: all shown."""
        if self._failures.get(game_id, 0) >= GIVE_UP_AFTER or self.bot.is_closed():
            return False
        try:
            record = await self.bot.db.load_game(game_id)
        except StorageUnavailable:  # logged once per outage by the storage
            self._repair_later(game_id, outage=True)
            return False
        if record is None:
            return True
        talks = not Table.from_json(record.snapshot).up_to_date  # else no call to Discord
        async with self.queue(record.channel_id):
            try:
                if not await self.threads.keep_open(record):
                    return False  # its thread is gone: the table is being ended
                await self._show_panels(game_id)
                done = await self.sync.show(game_id, repair=True)
            except Exception as error:
                if self.outage_noted(error, f"repair of game {game_id}"):
                    # Not counted: an outage is no reason to give a table up.
                    self._repair_later(game_id, outage=True)
                    return False
                log.warning("repair of game %s failed", game_id, exc_info=True)
                self._repair_later(game_id)
                return False
        if talks:
            self.outages.answered(DISCORD)
        self._failures.pop(game_id, None)
        return done

    async def _show_panels(self, game_id: int) -> None:
        """The private panels of the seats whose action was saved last, as saved: a process
        that died between that save and the edit answering the click left them behind."""
        record = await self.bot.db.load_game(game_id)
        plugin = self.plugins.get(record.kind) if record is not None else None
        if record is None or plugin is None or record.status != tables.ACTIVE:
            return
        table = Table.from_json(record.snapshot)
        seats = [seat for seat, acted in enumerate(table.acted_at) if acted == record.version]
        if seats and table.state is not None:
            state = plugin.engine.from_json(table.state)
            ctx = TableContext(record.id, record.version, table, state, table.language, self.loc)
            await plugin.show_panels(self.services, ctx, seats)

    async def _sweep(self) -> None:
        """At start-up every table a crash left behind, then those other processes left."""
        await self.bot.wait_until_ready()
        since = time.time()
        while not self.bot.is_closed():
            try:
                for game_id in await self.bot.db.unshown_games(before=since):
                    if not await self.repair(game_id) and self._away():
                        break  # one table a sweep until Discord and the database answer
                await self.threads.sweep()
            except Exception as error:
                self._sweep_failed(error)
            poll = self.bot.config.timer_poll_seconds
            await asyncio.sleep(poll)
            # A change saved longer ago than a poll and still not shown was left behind.
            since = time.time() - max(poll, 1.0)

    def _sweep_failed(self, error: Exception) -> None:
        if not self.outage_noted(error, "the sweep"):
            log.error("the sweep failed; it goes on at its next turn", exc_info=error)

    def outage_noted(self, error: BaseException, what: str) -> bool:
        """Whether ``error`` is Discord or the database being away (noted: one log line for
        the whole outage); False for any other failure, which deserves its traceback."""
        if discord_outage(error):
            self.outages.failed(DISCORD, error, what)
            return True
        return storage_outage(error)  # the storage logs its outages itself

    def _away(self) -> bool:
        """Whether Discord or the database is away now."""
        return self.outages.down(DISCORD) or self.bot.db.outage.since is not None
