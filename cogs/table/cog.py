"""The table: lobby, seats, locks and saving, shared by the three games.

Every change runs under the channel's lock, in the order its clicks arrived
(:mod:`cogs.table.queue`): acknowledge the click (:mod:`cogs.table.delivery`) -> load ->
apply -> save (version-checked, with what the channel must show) -> bring the channel up to
the save (:mod:`cogs.table.channel_step`). Game cogs register a
:class:`~cogs.table.plugin.GamePlugin`; this cog does the rest.

Several bot processes (one per range of shards) may change one game: a guild's clicks reach
the process of its shard, DMs the process of shard 0. The lock is per process, so the version
check decides: a change that lost (:class:`StaleVersion`, nothing written) runs again on a
fresh load, up to ``CHANGE_ATTEMPTS`` times, and says "out of date" if it keeps losing.

Nothing strands a table: the channel step runs again when it failed, at start-up for every
table whose channel lacks a saved change, and every ``timers.poll_seconds`` for tables another
process left so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from discord.ext import commands

from cogs.table.changes import Changes
from cogs.table.channel_step import ChannelSync
from cogs.table.click import Click, Kind
from cogs.table.outages import Outages, storage_outage
from cogs.table.plugin import GamePlugin
from cogs.table.queue import ChannelQueue, QueuePlace
from cogs.table.rematch import open_rematch
from cogs.table.repair import Repairs
from cogs.table.rules import send_rules
from cogs.table.seating import Seating
from cogs.table.services import TableServices
from cogs.table.threads import ThreadKeeper
from drawing.service import Drawing
from fault_points import fault_point
from games import table as tables
from games.engine import RulesError
from games.table import Table
from locales import Localizer
from storage import GameRecord

if TYPE_CHECKING:
    from bot import TableBot

log = logging.getLogger(__name__)
KNOWN_GAMES = 10_000  # games whose channel and kind a click finds without loading them
KNOWN_CLICKS = 4096  # interaction ids kept to know one delivered twice
ANSWERS_ON_ITS_OWN = (Kind.RULES, Kind.HISTORY, Kind.PANEL)  # private cards, replays, panels


class TableCog(commands.Cog):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.plugins: dict[str, GamePlugin] = {}
        self._queues: dict[int, ChannelQueue] = {}
        self.services = TableServices(bot.db, bot.drawing, bot.loc, bot.config, bot.direct, bot)
        self.sync = ChannelSync(self.services, self.plugins)
        self._tasks: set[asyncio.Task[None]] = set()  # repairs after a failure
        self.threads = ThreadKeeper(self.services, self.plugins, self, self.keep_task)
        self.outages = Outages()  # Discord or the database away: one log line, not one a table
        self._sweeper: asyncio.Task[None] | None = None
        # game id -> (channel id, kind): neither ever changes, in any process.
        self._whereabouts: OrderedDict[int, tuple[int, str]] = OrderedDict()
        self._arrived: OrderedDict[int, None] = OrderedDict()  # the newest clicks' ids
        # Called with each game that ended through a move, once its end is saved and shown.
        self.end_followers: list[Callable[[GameRecord, Table], Awaitable[None]]] = []
        # Asked before a player's move: a refusal's message key stops it (None lets it pass).
        self.move_guards: list[Callable[[Table], str | None]] = []
        # The table's parts, each handed what it needs of the others.
        self.repairs = Repairs(
            self.services,
            self.plugins,
            self.sync,
            self.threads,
            self.outages,
            self.queue,
            self.keep_task,
        )
        self.changes = Changes(
            self.services,
            self.sync,
            self.queue,
            self.repairs.show,
            self.repairs.outage_noted,
            self.move_guards,
            self.end_followers,
        )
        self.seating = Seating(
            self.services,
            self.changes,
            self.queue,
            self.remember,
            self.sync,
            self.repairs.show,
            self.repairs.keep_thread_open,
        )
        # What the games, the timers, the daily, spectating and the thread keeper ask of the
        # table, done by the part it belongs to.
        self.lang, self.tell = self.seating.lang, self.seating.tell
        self.open_table, self.start_game = self.seating.open_table, self.seating.start_game
        self.ask_to_confirm = self.seating.ask_to_confirm
        self.changing, self.change_table = self.changes.changing, self.changes.change_table
        self.play_automatic_moves = self.changes.play_automatic_moves
        self.save_and_show = self.changes.save_and_show
        self.show, self.repair = self.repairs.show, self.repairs.repair
        self.keep_thread_open = self.repairs.keep_thread_open
        self.outage_noted = self.repairs.outage_noted

    @property
    def loc(self) -> Localizer:
        return self.bot.loc

    def register(self, plugin: GamePlugin) -> None:
        self.plugins[plugin.kind] = plugin
        self.bot.drawing.register(plugin)

    @property
    def drawing(self) -> Drawing:
        return self.bot.drawing

    def queue(self, channel_id: int) -> ChannelQueue:
        """The channel's line of changes: ``async with`` it to change the channel's game."""
        queue = self._queues.get(channel_id)
        if queue is None:
            queue = self._queues[channel_id] = ChannelQueue()
        return queue

    async def cog_load(self) -> None:
        self.outages.install()
        self._sweeper = asyncio.create_task(self.repairs.sweep(), name="table-sweep")

    def keep_task(self, task: asyncio.Task[None]) -> None:
        """A background task of the table (cancelled when the bot stops)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop_background(self) -> None:
        """The bot is stopping: no more repairs (the next start repairs what is left)."""
        await self.cog_unload()

    async def cog_unload(self) -> None:
        self.outages.uninstall()
        for task in [self._sweeper, *self._tasks]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def show_rules(self, click: Click) -> None:
        """The "How to play" button: the game's rules card, privately; changes nothing."""
        record = await self.bot.db.load_game(click.game_id)
        if record is None or record.kind not in self.plugins:
            raise RulesError("table-error-unknown-game")
        preset = str(Table.from_json(record.snapshot).options.get("preset", "seed"))
        await send_rules(click.reply, self.loc, self.drawing, click.language, record.kind, preset)

    # ---- every click lands here -------------------------------------------------------

    async def on_click(self, click: Click) -> None:
        """A click read by the entry point: routed by its kind; a refusal is answered here."""
        fault_point("click.arrived")
        if self._arrived_before(click.id):
            return  # the same click delivered twice: its first arrival answers and applies it
        place = self._place_on_arrival(click)
        try:
            if click.kind is Kind.ACTION and click.on_message:
                # A move on a message (the channel's, or a private slate): the edit of that
                # message (its next picture, after the save) answers it; Discord takes no new
                # picture through its token.
                click.reply.hold()
            elif click.kind not in ANSWERS_ON_ITS_OWN:
                # Acknowledged before its change runs (which shows nothing); what the change
                # brings is shown after its save, through the click's token or the channel.
                await click.reply.acknowledge()
            await self._route(click, place)
        except RulesError as refusal:  # nothing was changed
            await click.reply.say(refusal.key, **refusal.args_)
        except Exception as error:
            # Nothing was saved if we got here before the save; say so instead of going silent.
            if self.outage_noted(error, f"control {click.payload} of game {click.game_id}"):
                away = "storage" if storage_outage(error) else "discord"
                await click.reply.say(f"outage-{away}-retry")
            else:
                log.exception("control %s of game %s failed", click.payload, click.game_id)
                await click.reply.say("table-error-internal")
        finally:
            if place is not None:
                place.release()
            # Shown by another route, or not at all: Discord still hears of the click.
            await click.reply.acknowledge_if_held()

    def _arrived_before(self, click_id: int) -> bool:
        """Whether this very click (its interaction's id) reached this process already."""
        if click_id in self._arrived:
            return True
        self._arrived[click_id] = None
        if len(self._arrived) > KNOWN_CLICKS:
            self._arrived.popitem(last=False)
        return False

    def _place_on_arrival(self, click: Click) -> QueuePlace | None:
        """The click's place among its channel's changes, taken before anything is awaited.

        Only for a change of a game this process has met: others (rules, replays, private
        panels, a rematch, which takes the lock itself) wait for nothing of the channel.
        """
        where = self._whereabouts.get(click.game_id)
        if where is None or not click.changes_the_table:
            return None
        return self.queue(where[0]).take()

    async def _route(self, click: Click, place: QueuePlace | None = None) -> None:
        if click.kind is Kind.RULES:
            await self.show_rules(click)
            return
        if click.kind is Kind.HISTORY:
            # History and replays: read-only, for finished games, from any channel.
            history = self.bot.get_cog("HistoryCog")
            if history is not None:
                await history.on_click(click)  # type: ignore[attr-defined]
            return
        # Which channel's lock: a game's channel is known without loading it once seen.
        where = self._whereabouts.get(click.game_id)
        record = None
        if where is None:
            record = await self.bot.db.load_game(click.game_id)
            where = self.remember(record) if record is not None else None
        if where is None or (not click.in_dm and where[0] != click.channel_id):
            raise RulesError("table-error-unknown-game")
        channel_id, kind = where
        plugin = self.plugins.get(kind)
        if plugin is None:
            raise RulesError("table-error-unknown-game")
        if click.kind is Kind.PANEL:
            await plugin.on_ui(self.services, click)
            return
        if click.kind is Kind.REMATCH:
            record = record or await self.bot.db.load_game(click.game_id)
            assert record is not None  # games are never deleted
            await open_rematch(self.services, self, click, plugin, record)
            return

        async def change() -> None:
            await self._control(click, plugin)

        if not await self.changing(channel_id, change, place):
            raise RulesError("table-error-stale")

    def remember(self, record: GameRecord) -> tuple[int, str]:
        """Note a game's channel and kind (the oldest noted give way beyond ``KNOWN_GAMES``)."""
        where = self._whereabouts.get(record.id)
        if where is None:
            plugin = self.plugins.get(record.kind)
            where = (record.channel_id, plugin.kind if plugin else record.kind)
            self._whereabouts[record.id] = where
            if len(self._whereabouts) > KNOWN_GAMES:
                self._whereabouts.popitem(last=False)
        return where

    async def _control(self, click: Click, plugin: GamePlugin) -> None:
        """One click on the game as it is saved now (the caller holds the channel's lock)."""
        record = await self.bot.db.load_game(click.game_id)
        assert record is not None  # games are never deleted
        fault_point("change.loaded")
        if record.status not in (tables.LOBBY, tables.ACTIVE):
            raise RulesError("table-error-closed")
        table = Table.from_json(record.snapshot)
        if click.kind is Kind.KICK:
            await self.seating.remove_player(click, plugin, record, table)
        elif click.kind is Kind.CONFIRM:
            await self.seating.confirmed(click, plugin, record, table)
        elif click.kind is Kind.LOBBY:
            await self.seating.lobby_click(click, plugin, record, table)
        elif click.kind is Kind.ACTION:
            await self.changes.game_click(click, plugin, record, table)
        else:
            raise RulesError("table-error-unknown-control")

    async def game_for_channel(self, channel_id: int) -> GameRecord | None:
        """The open game played in this channel, or watched from it."""
        record = await self.bot.db.open_game(channel_id)
        return record or await self.bot.db.linked_game(channel_id)


class TableAddon(commands.Cog):
    """A cog that works through the table cog (games, timers, spectating, history)."""

    bot: TableBot

    @property
    def table(self) -> TableCog:
        return self.bot.get_cog("TableCog")  # type: ignore[return-value]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TableCog(bot))
