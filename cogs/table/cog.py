"""The table: lobby, seats, locks and saving, shared by the three games.

Every change runs under the channel's lock, in the order its clicks arrived
(:mod:`cogs.table.queue`):
acknowledge the click (at once, or with the edit it brings: :mod:`cogs.table.delivery`) -> load ->
apply -> save (version-checked, with what the channel must show) -> bring the channel up to the
save (:mod:`cogs.table.channel_step`). Game cogs register a
:class:`~cogs.plugin.GamePlugin`; this cog does the rest.

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
import dataclasses
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from cogs.i18n import answer_privately, user_language
from discord.ext import commands

from cogs.table.channel_step import ChannelSync, note_posting_click
from cogs.table.components import build_view
from cogs.table.delivery import acknowledge, acknowledge_if_late, answer_late
from cogs.table.outages import DISCORD, Outages, discord_outage, storage_outage
from cogs.table.plugin import GamePlugin
from cogs.table.queue import ChannelQueue, QueuePlace
from cogs.table.records import seat_results
from cogs.table.rematch import REMATCH, open_rematch
from cogs.table.rules import send_rules
from cogs.table.threads import ThreadKeeper, thread_parent
from drawing.service import Drawing
from fault_points import fault_point
from games import table as tables
from games.engine import CHANCE, Action, Event, RulesError, only_action, only_choice_event, settle
from games.table import Table
from locales import LANGUAGES
from screens.context import TableContext
from screens.lobby import RULES_PAYLOAD, lobby_screen, parse_language_value, parse_option_value
from screens.model import Button
from storage import CLEAR, ChannelBusy, GameRecord, SeatResult, StaleVersion, StorageUnavailable

if TYPE_CHECKING:
    from bot import TableBot
    from storage.database import DeadlineChange

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
LOBBY_VERBS = {"join", "leave", "start", "cancel"}
CONFIRMED = {"cancel", "leave"}  # what a "sure:" button confirms
MAX_AUTOMATIC_STEPS = 2000  # a safety net: an engine bug must not spin the bot forever
# A change that lost to another process's save is tried again: a sharded table has two (the
# server's process shows the round while the DMs' process saves the slates' marks).
CHANGE_ATTEMPTS = 4
RETRY_DELAYS = (1.0, 5.0, 20.0)  # the channel step again after a failure, then the sweep's turn
GIVE_UP_AFTER = 8  # failed repairs of one table in this process (a channel we may not post in)
KNOWN_GAMES = 10_000  # games whose channel and kind a click finds without loading them
KNOWN_CLICKS = 4096  # interaction ids kept to know one delivered twice
REPAIR_TASK = "table-repair"


class TableCog(commands.Cog):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.plugins: dict[str, GamePlugin] = {}
        self._queues: dict[int, ChannelQueue] = {}
        self.sync = ChannelSync(self)
        self.threads = ThreadKeeper(self)
        self.outages = Outages()  # Discord or the database away: one log line, not one a table
        self._failures: dict[int, int] = {}  # game id -> failed channel steps in a row
        self._sweeper: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()  # repairs after a failure
        # game id -> (channel id, kind): neither ever changes, in any process.
        self._whereabouts: OrderedDict[int, tuple[int, str]] = OrderedDict()
        self._arrived: OrderedDict[int, None] = OrderedDict()  # the newest clicks' ids

    @property
    def loc(self):
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
        self._sweeper = asyncio.create_task(self._sweep(), name="table-sweep")

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

    async def changing(
        self,
        channel_id: int,
        change: Callable[[], Awaitable[object]],
        turn: QueuePlace | None = None,
    ) -> bool:
        """Run ``change`` (load -> apply -> save) under the channel's lock; False if it kept losing.

        ``turn``: the place the click took in the channel's line as it arrived. The lock is
        this process's own: another bot process may save the game first, and the save raises
        :class:`StaleVersion` having written nothing. ``change`` loads afresh each time, so
        trying it again never applies it twice.
        """
        # Another try keeps the place: a click that arrived after it must not go first.
        async with turn or self.queue(channel_id).take():
            for _ in range(CHANGE_ATTEMPTS):
                try:
                    await change()
                    return True
                except StaleVersion:
                    log.info("a change in channel %s lost to another save", channel_id)
        return False

    def lang(self, interaction: discord.Interaction) -> str:
        return user_language(interaction, self.bot.config.default_language)

    async def tell(self, interaction: discord.Interaction, key: str, **args: Any) -> None:
        """A private answer in the user's language (a reply, or a follow-up if already replied)."""
        await answer_privately(interaction, self.loc.text(self.lang(interaction), key, **args))

    async def show_rules(self, interaction: discord.Interaction, game_id: int) -> None:
        """The "How to play" button: the game's rules card, privately; changes nothing."""
        record = await self.bot.db.load_game(game_id)
        if record is None or record.kind not in self.plugins:
            await self.tell(interaction, "table-error-unknown-game")
            return
        preset = str(Table.from_json(record.snapshot).options.get("preset", "seed"))
        language = self.lang(interaction)
        await send_rules(interaction, self.loc, self.drawing, language, record.kind, preset)

    # ---- showing the saved table, and repairing what a failure left ---------------------

    async def show(
        self,
        record: GameRecord,
        table: Table,
        interaction: discord.Interaction | None = None,
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
            await self.sync.show(record.id, interaction, known=(record, table), alone=alone)
        except Exception as error:
            if self.outage_noted(error, f"showing game {record.id}"):
                # Saved, not shown (or not noted as shown): the repair comes back to it.
                self._repair_later(record.id, outage=True)
                if discord_outage(error):
                    await self._say_pending(interaction)
                return
            log.warning(
                "channel %s does not show game %s yet", record.channel_id, record.id, exc_info=True
            )
            self._repair_later(record.id)
            return
        self.outages.answered(DISCORD)
        self._failures.pop(record.id, None)

    async def _say_pending(self, interaction: discord.Interaction | None) -> None:
        """The click's move is saved but Discord will not show it yet: the player hears so."""
        if interaction is None:
            return
        try:
            await self.tell(interaction, "outage-discord-pending")
        except (discord.HTTPException, discord.RateLimited) as error:
            log.debug("click %s not told of the outage (%s)", interaction.id, error)

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
            await plugin.show_panels(self, ctx, seats)

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

    async def save_change(
        self,
        record: GameRecord,
        table: Table,
        moves: Sequence[tuple[int | None, Action, str]] = (),
        deadline: DeadlineChange = None,
        results: Sequence[SeatResult] = (),
        on_panel: bool = False,
    ) -> GameRecord:
        """Save a changed table (version-checked); the record as saved.

        ``results``: the seats of a game this change finishes, kept for records with it.
        ``on_panel``: the change is answered by the edit of a private panel, still to come.
        """
        if deadline is None and table.status != tables.ACTIVE and table.decision:
            table.decision, deadline = "", CLEAR
        snapshot = table.to_json()
        version = await self.bot.db.save_game(
            record.id,
            record.version,
            snapshot,
            status=table.status,
            moves=moves,
            shown=table.up_to_date and not on_panel,
            deadline=deadline,
            results=results,
        )
        if deadline is not None:
            self.bot.dispatch("deadline_changed")
        return dataclasses.replace(record, version=version, status=table.status, snapshot=snapshot)

    async def change_table(
        self,
        record: GameRecord,
        table: Table,
        interaction: discord.Interaction | None = None,
    ) -> GameRecord:
        """Save a change of the table itself (seats, settings, spectators) and show it."""
        alone = table.up_to_date
        table.changed = record.version + 1
        saved = await self.save_change(record, table)
        await self.show(saved, table, interaction, alone)
        return saved

    # ---- opening a table -------------------------------------------------------------

    async def open_table(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        options: dict[str, Any],
        start_now: bool = False,
        turn_minutes: int | None = None,
    ) -> None:
        """``/<game> new``: a lobby message in this channel (or thread), or a solo game at once."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.tell(interaction, "table-error-guild-only")
            return
        self.drawing.warm(plugin)  # its pictures are needed once the players have joined
        settings = {option.name: option.default for option in plugin.info.options}
        settings.update({k: v for k, v in options.items() if v is not None})
        # The host's language: a friends' server says en-US whatever its members speak.
        language = self.lang(interaction)
        if plugin.word_option and options.get(plugin.word_option) is None:
            settings[plugin.word_option] = language
        user = interaction.user
        table = tables.open_table(plugin.kind, user.id, user.display_name, language, settings)
        table.seats[0].language = language
        if plugin.sends_dms:
            self.bot.direct.ask_ahead(user.id)
        table.turn_minutes = self.bot.config.default_turn_minutes
        table.thread_parent = thread_parent(interaction)
        if turn_minutes is not None:
            longest = self.bot.config.max_turn_minutes
            if not 0 <= turn_minutes <= longest:
                await self.tell(interaction, "table-error-timer-range", max=longest)
                return
            table.turn_minutes = turn_minutes
        table.changed = 1  # the lobby message is to be shown
        async with self.queue(interaction.channel_id):
            try:
                record = await self.bot.db.create_game(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    kind=plugin.kind,
                    snapshot=table.to_json(),
                )
            except ChannelBusy:
                await self.tell(interaction, "table-error-channel-busy")
                return
            except StorageUnavailable:  # logged once per outage by the storage
                await self.tell(interaction, "outage-storage-retry")
                return
            self.remember(record)
            if start_now:
                tables.start(table, plugin.info, user.id, seed=secrets.randbits(62))
                table.shown = table.changed  # its lobby is the answer: the first turn may follow
                try:
                    await self._start_game(interaction, plugin, record, table, lineup=True)
                except StaleVersion:  # changed by someone else within a moment of its creation
                    await self.tell(interaction, "table-error-stale")
                return
            await self._answer_lobby(interaction, plugin, record, table)
            if table.thread_parent:  # a week's auto-archive for its thread, after the answer
                await self.keep_thread_open(record)

    async def _answer_lobby(
        self, interaction: discord.Interaction, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """The slash command's answer is the lobby; if it fails, the channel step posts one."""
        screen = lobby_screen(
            plugin, self.loc, record.id, record.version, table, self.bot.config.max_turn_minutes
        )
        try:
            sent = await interaction.response.send_message(
                screen.text,
                view=build_view(record.id, record.version, screen.rows),
                allowed_mentions=NO_PINGS,
                silent=True,
            )
        except discord.HTTPException as error:
            log.info("lobby answer of game %s failed (%s)", record.id, error.code)
            sent = None
        if sent is not None and sent.message_id is not None:
            before = dict(table.messages)
            table.messages["lobby"] = sent.message_id
            table.shown = table.changed
            await self.sync.save(record, table, before)
            return
        await self.show(record, table, alone=True)  # a new game: no other process shows it

    async def _answer_start(
        self, interaction: discord.Interaction, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """A game that starts at once answers with its line-up, once its start is saved; the
        turn message follows (through the channel, if this answer failed)."""
        screen = lobby_screen(
            plugin, self.loc, record.id, record.version, table, self.bot.config.max_turn_minutes
        )
        try:
            await interaction.response.send_message(
                screen.text, allowed_mentions=NO_PINGS, silent=True
            )
        except discord.HTTPException as error:
            log.info("line-up answer of game %s failed (%s)", record.id, error.code)

    # ---- every click lands here -------------------------------------------------------

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        fault_point("click.arrived")
        if self._arrived_before(interaction):
            return  # the same click delivered twice: its first arrival answers and applies it
        turn = self._turn_on_arrival(game_id, payload)
        try:
            if payload == RULES_PAYLOAD:
                await self.show_rules(interaction, game_id)
                return
            if not payload.startswith(("h", "u:")):
                # Private panels and replays answer on their own; a change that edits the
                # clicked message answers with that edit, after its save; others are
                # acknowledged now. Nothing a player is shown comes before its save.
                if self._edits_its_message(interaction, game_id, payload):
                    answer_late(interaction)  # by the edit of the clicked message, in one call
                else:
                    await acknowledge(interaction)
            await self._on_control(interaction, game_id, version, payload, values, turn)
        except Exception as error:
            # Nothing was saved if we got here before the save; say so instead of going silent.
            if self.outage_noted(error, f"control {payload} of game {game_id}"):
                away = "storage" if storage_outage(error) else "discord"
                await self.tell(interaction, f"outage-{away}-retry")
            else:
                log.exception("control %s of game %s failed", payload, game_id)
                await self.tell(interaction, "table-error-internal")
        finally:
            if turn is not None:
                turn.release()
            # Shown by another route, or not at all: Discord still hears of the click.
            await acknowledge_if_late(interaction)

    def _arrived_before(self, interaction: discord.Interaction) -> bool:
        """Whether this very interaction (its id) reached this process already."""
        if interaction.id in self._arrived:
            return True
        self._arrived[interaction.id] = None
        if len(self._arrived) > KNOWN_CLICKS:
            self._arrived.popitem(last=False)
        return False

    def _turn_on_arrival(self, game_id: int, payload: str) -> QueuePlace | None:
        """The click's place among its channel's changes, taken before anything is awaited.

        Only for a change of a game this process has met: others (rules, replays, private
        panels, a rematch, which takes the lock itself) wait for nothing of the channel.
        """
        where = self._whereabouts.get(game_id)
        if where is None or payload in (RULES_PAYLOAD, REMATCH) or payload.startswith(("h", "u:")):
            return None
        return self.queue(where[0]).take()

    def _edits_its_message(
        self, interaction: discord.Interaction, game_id: int, payload: str
    ) -> bool:
        """A game control whose change most often edits the clicked message, which can then
        answer the click itself: a message of the channel, or a private panel (a DM, an
        ephemeral message) of a game that answers there (Stella's slate)."""
        message = interaction.message
        if not payload.startswith("a") or message is None:
            return False
        if interaction.guild_id is not None and not message.flags.ephemeral:
            return True
        where = self._whereabouts.get(game_id)
        plugin = self.plugins.get(where[1]) if where else None
        return plugin is not None and plugin.answers_in_place

    async def _on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
        turn: QueuePlace | None = None,
    ) -> None:
        if payload.startswith("h"):
            # History and replays: read-only, for finished games, from any channel.
            history = self.bot.get_cog("HistoryCog")
            if history is not None:
                await history.on_control(interaction, game_id, version, payload, values)  # type: ignore[attr-defined]
                return
        # Which channel's lock: a game's channel is known without loading it once seen.
        where = self._whereabouts.get(game_id)
        record = None
        if where is None:
            record = await self.bot.db.load_game(game_id)
            where = self.remember(record) if record is not None else None
        in_dm = interaction.guild_id is None
        if where is None or (not in_dm and where[0] != interaction.channel_id):
            await self.tell(interaction, "table-error-unknown-game")
            return
        channel_id, kind = where
        plugin = self.plugins.get(kind)
        if plugin is None:
            await self.tell(interaction, "table-error-unknown-game")
            return
        if payload.startswith("u:"):
            await plugin.on_ui(self, interaction, game_id, payload[2:], values)
            return
        if payload == REMATCH:
            record = record or await self.bot.db.load_game(game_id)
            assert record is not None  # games are never deleted
            await open_rematch(self, interaction, plugin, record)
            return

        async def change() -> None:
            await self._control(interaction, plugin, game_id, version, payload, values)

        if not await self.changing(channel_id, change, turn):
            await self.tell(interaction, "table-error-stale")

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

    async def _control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        """One click on the game as it is saved now (the caller holds the channel's lock)."""
        record = await self.bot.db.load_game(game_id)
        assert record is not None  # games are never deleted
        fault_point("change.loaded")
        if record.status not in (tables.LOBBY, tables.ACTIVE):
            await self.tell(interaction, "table-error-closed")
            return
        table = Table.from_json(record.snapshot)
        if payload.startswith("kick:"):
            await self._remove_control(interaction, plugin, record, table, payload[5:])
        elif payload.startswith("sure:"):
            await self._confirmed(interaction, plugin, record, table, version, payload[5:])
        elif payload in LOBBY_VERBS or payload.startswith(("opt:", "timer", "bot:", "lang")):
            await self._lobby_control(interaction, plugin, record, table, version, payload, values)
        elif payload.startswith("a"):
            await self._game_control(interaction, plugin, record, table, version, payload, values)
        else:
            await self.tell(interaction, "table-error-unknown-control")

    # ---- lobby ------------------------------------------------------------------------

    async def _lobby_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        user = interaction.user
        info = plugin.info
        # Lobby clicks mean the same at any version; "add a computer" names the seat it adds,
        # so a double click adds one seat only.
        if payload.startswith("bot:") and payload != f"bot:{len(table.seats)}":
            await self.tell(interaction, "table-error-stale")
            return
        try:
            if payload == "join":
                tables.join(table, info, user.id, user.display_name)
                table.seats[-1].language = self.lang(interaction)
                if plugin.sends_dms:
                    self.bot.direct.ask_ahead(user.id)
            elif payload == "leave":
                tables.leave_lobby(table, user.id)
            elif payload == "start":
                tables.start(table, info, user.id, seed=secrets.randbits(62))
            elif payload == "cancel":
                await self.ask_to_confirm(interaction, record, table, "cancel")
                return
            elif payload.startswith("bot:"):
                if not plugin.computer_seats:
                    raise RulesError("table-error-unknown-control")
                refusal = plugin.computer_refusal(table)  # e.g. a deck nobody described
                if refusal is not None:
                    raise RulesError(refusal)
                name = self.loc.text(table.language, "table-computer-name", n=len(table.seats))
                tables.add_computer(table, info, user.id, name)
            elif payload == "timer":
                minutes = int(values[0]) if values and values[0].isdigit() else -1
                tables.set_timer(table, user.id, minutes, self.bot.config.max_turn_minutes)
            elif payload == "lang":
                language, words = parse_language_value(values[0] if values else "")
                tables.set_language(table, user.id, language, LANGUAGES)
                if plugin.word_option:
                    tables.set_option(table, info, user.id, plugin.word_option, words)
            else:
                # A menu sends its choice; a yes/no button carries it: ``opt:<name>=<value>``.
                name, _, text = payload[4:].partition("=")
                value = parse_option_value(info, name, text or (values[0] if values else ""))
                tables.set_option(table, info, user.id, name, value)
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        if table.status == tables.ACTIVE:
            await self._start_game(interaction, plugin, record, table)
            return
        await self.change_table(record, table, interaction)

    async def _start_game(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        lineup: bool = False,
    ) -> None:
        """``lineup``: the start answers its slash command with the line-up (a solo game)."""
        try:
            state = plugin.new_state(table)
        except RulesError as error:  # options the game cannot start with, e.g. a bad deck
            if interaction is not None:
                await self.tell(interaction, error.key, **error.args_)
            return
        moves: list[tuple[int | None, Action, str]] = []
        events = self._advance(plugin, table, state, moves, record.version + 1)
        await self._commit(
            interaction, plugin, record, table, state, moves, events, started=True, lineup=lineup
        )

    # ---- what cannot be undone: asked privately, confirmed by a second button ------------

    async def ask_to_confirm(
        self, interaction: discord.Interaction, record: GameRecord, table: Table, what: str
    ) -> None:
        """A private question with one button; it holds for this table as it is now.

        ``what``: ``cancel`` (the table, for everyone) or ``leave`` (the asker's seat).
        Raises :class:`RulesError` when the asker may not do it at all.
        """
        user_id = interaction.user.id
        if what == "cancel" and user_id != table.host_id and not can_manage(interaction):
            raise RulesError("table-error-cancel-forbidden")
        seat = table.seat_of(user_id)
        if what == "leave" and (seat is None or table.seats[seat].left):
            raise RulesError("table-error-not-seated")
        lang = self.lang(interaction)
        running = int(record.status == tables.ACTIVE)
        text = self.loc.text(lang, f"table-confirm-{what}", running=running)
        button = Button(
            self.loc.text(lang, f"table-confirm-{what}-button"), f"sure:{what}", style="danger"
        )
        view = build_view(record.id, record.version, [(button,)])
        await answer_privately(interaction, text, view)

    async def _confirmed(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        what: str,
    ) -> None:
        """The second button: done only if the table is still the one the question was about."""
        # A new turn message, a start or a newer question make it a question of the past.
        if version > record.version or version < table.turn_since or what not in CONFIRMED:
            await self.tell(interaction, "table-error-stale")
            return
        user = interaction.user
        try:
            if what == "cancel":
                tables.cancel(table, user.id, can_manage(interaction))
            elif record.status == tables.LOBBY:
                tables.leave_lobby(table, user.id)
            else:
                seat = table.seat_of(user.id)
                if seat is None or table.seats[seat].left:
                    raise RulesError("table-error-not-seated")
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        if what == "leave" and record.status == tables.ACTIVE:
            seat = table.seat_of(user.id)
            assert seat is not None
            await self.seat_left(None, plugin, record, table, seat, "table-player-left")
        else:
            await self.change_table(record, table)
        key = "table-cancelled" if what == "cancel" else "table-you-left"
        text = self.loc.text(self.lang(interaction), key, user=user.display_name)
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=text, view=None)
        if what == "cancel":
            public = self.loc.text(table.language, key, user=user.display_name)
            channel = self.bot.get_partial_messageable(record.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(public, allowed_mentions=NO_PINGS, silent=True)

    # ---- in-game actions --------------------------------------------------------------

    async def _game_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.tell(interaction, "table-error-not-seated")
            return
        if record.status != tables.ACTIVE or table.state is None:
            await self.tell(interaction, "table-error-not-started")
            return
        if version > record.version:
            await self.tell(interaction, "table-error-stale")
            return
        current = plugin.engine.from_json(table.state)
        if version < table.acted_at[seat]:
            # Out of date: its seat acted after it was issued. Unless the game can tell what
            # it still means (Stella: a slate that shows an older draft of the seat).
            action = plugin.older_control_action(current, table, seat, version, payload[1:])
            if action is None:
                await self.tell(interaction, "table-error-stale")
                return
        else:
            action = plugin.decode_action_at(current, seat, payload[1:], values)
        if action is None:
            await self.tell(interaction, "table-error-unknown-control")
            return
        await self.play(interaction, plugin, record, table, seat, action, "user")

    async def play(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        action: Action,
        actor: str,
    ) -> bool:
        """Apply one action (caller holds the lock), then save and show the result."""
        # A copy: an engine may share lists with the JSON it reads.
        state = plugin.engine.from_json(table.state or {})
        try:
            events = plugin.engine.apply(state, seat, action)
        except RulesError as error:
            if interaction is not None:
                await self.tell(interaction, error.key, **error.args_)
            return False
        moves: list[tuple[int | None, Action, str]] = [(seat, action, actor)]
        if actor == "user":
            table.seats[seat].timeouts = 0
        new_version = record.version + 1
        table.acted_at[seat] = new_version
        events += self._advance(plugin, table, state, moves, new_version)
        await self._commit(interaction, plugin, record, table, state, moves, events)
        return True

    def _advance(
        self,
        plugin: GamePlugin,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        new_version: int,
    ) -> list[Event]:
        """Chance steps and the moves of computer seats and of players who left."""
        engine = plugin.engine
        events: list[Event] = []
        for _ in range(MAX_AUTOMATIC_STEPS):
            for outcome, happened in settle(engine, state):
                moves.append((None, outcome, "chance"))
                events += happened
            automatic = [
                seat
                for seat in engine.to_move(state)
                if seat != CHANCE and (table.seats[seat].computer or table.seats[seat].left)
            ]
            if automatic:
                seat = automatic[0]
                action = plugin.autopilot(state, seat, table)
                events += engine.apply(state, seat, action)
                moves.append((seat, action, "autopilot"))
                table.acted_at[seat] = new_version
                continue
            forced = _forced_move(engine, state)
            if forced is None:
                return events
            # The rules leave this player one move: it needs no tap, and the log says so.
            seat, action = forced
            happened = engine.apply(state, seat, action)
            events += [only_choice_event(seat, len(happened)), *happened]
            moves.append((seat, action, "forced"))
            table.acted_at[seat] = new_version
        raise RuntimeError(f"{table.kind}: automatic play did not stop")

    async def _commit(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        events: list[Event],
        notes: Sequence[list[Any]] = (),
        started: bool = False,
        lineup: bool = False,
    ) -> None:
        """Save the change with what the channel must show, answer the click, then show it.

        Raises :class:`StaleVersion`, having written nothing, if the game was saved by
        someone else since ``record`` was loaded.
        """
        engine = plugin.engine
        version = record.version + 1
        alone = table.up_to_date  # else another process may be showing the last change now
        if started:
            table.first_turn = version
        table.state = engine.to_json(state)
        if engine.is_over(state):
            table.status = tables.FINISHED
        key, turn = plugin.message_key(state), plugin.turn_key(state)
        # The turn came back through other seats (computers, timeouts) if several seats moved.
        movers = {seat for seat, _, _ in moves if seat is not None}
        new_turn = started or turn != table.player_turn or len(movers) > 1
        new_message = (
            started
            or table.status == tables.FINISHED
            or key != table.turn_key
            or (new_turn and key == turn)
        )
        if new_message or notes or plugin.shows_change(events):
            public = [event for event in events if "to" not in event]
            own, rest = plugin.own_message(public) if new_message else ([], public)
            tables.record_change(table, version, rest, list(notes), key, new_message, own)
        if new_turn or new_message:
            table.player_turn, table.turn_began = turn, version
            table.notify = self._whose_turn_came(plugin, table, state, moves, interaction)
        deadline = self._deadline(plugin, table, state, version)
        finished = table.status == tables.FINISHED
        results = seat_results(plugin, table) if finished else []
        # What only the clicked private panel shows is saved as not shown yet: a process that
        # dies before that panel's edit leaves the table to a repair, which edits the panel.
        on_panel = (
            interaction is not None
            and not started
            and plugin.answers_in_place
            and _on_private_panel(interaction)
        )
        note_posting_click(table, record, interaction, alone)
        saved = await self.save_change(record, table, moves, deadline, results, on_panel)
        fault_point("save.committed")
        if interaction is not None and lineup:
            await self._answer_start(interaction, plugin, saved, table)
        if interaction is not None and not started:
            ctx = TableContext(saved.id, saved.version, table, state, table.language, self.loc)
            try:
                answered = await plugin.answer_in_place(self, interaction, ctx, events)
            except discord.HTTPException:
                log.info("private panel of game %s not updated", saved.id)
            else:
                if on_panel and answered and table.up_to_date:
                    # Nothing else to show: the panel shows the save (else the channel's
                    # step notes it shown once it has shown the rest).
                    await self.bot.db.mark_shown(saved.id, saved.version)
            await plugin.sync_seat(self, interaction, ctx)
        await self.show(saved, table, interaction, alone)

    def _whose_turn_came(
        self,
        plugin: GamePlugin,
        table: Table,
        state: Any,
        moves: Sequence[tuple[int | None, Action, str]],
        interaction: discord.Interaction | None = None,
    ) -> list[int]:
        """The players to notify of their turn: nobody for others, nor who just clicked in the
        channel, where their turn comes before their eyes. A click in a DM or on a private
        panel (Stella's slate, its designation) leaves the channel out of sight: that player
        is notified like anyone else."""
        if table.status != tables.ACTIVE:
            return []
        looking = interaction is None or not _on_private_panel(interaction)
        clicked = {seat for seat, _, actor in moves if actor == "user" and looking}
        return [
            seat
            for seat in plugin.engine.to_move(state)
            if seat != CHANCE
            and seat not in clicked
            and table.seats[seat].human
            and not table.seats[seat].left
        ]

    def _deadline(
        self, plugin: GamePlugin, table: Table, state: Any, version: int
    ) -> DeadlineChange:
        """A turn timer per decision: a new decision of a player starts a fresh one."""
        if table.status != tables.ACTIVE or not table.turn_minutes:
            return None  # save_change clears a timer that ran
        decision = plugin.decision_key(state, table)
        if decision == table.decision:
            return None
        table.decision, table.decision_at = decision, version
        seconds = table.turn_minutes * 60
        now = time.time()
        return (now + seconds, now + seconds * self.bot.config.reminder_at)

    async def game_for_channel(self, channel_id: int) -> GameRecord | None:
        """The open game played in this channel, or watched from it."""
        record = await self.bot.db.open_game(channel_id)
        return record or await self.bot.db.linked_game(channel_id)

    async def _remove_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat_text: str,
    ) -> None:
        """The host's "remove" button, offered after two timeouts in a row."""
        seat = int(seat_text) if seat_text.isdigit() else -1
        try:
            tables.remove_player(table, interaction.user.id, seat)
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        await self.seat_left(interaction, plugin, record, table, seat, "table-player-removed")

    async def seat_left(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        note_key: str,
    ) -> None:
        """A seat's player is gone: the game's own rule or the autopilot plays on for them."""
        table.seats[seat].left = True
        if table.seats[seat].user_id == table.host_id:
            tables.hand_over_host(table)
        state = plugin.engine.from_json(table.state or {})
        moves: list[tuple[int | None, Action, str]] = []
        events = plugin.on_seat_left(state, seat, moves)
        if not any(s.human and not s.left for s in table.seats):
            table.status = tables.ABANDONED
        else:
            events += self._advance(plugin, table, state, moves, record.version + 1)
        # A game whose rule for leaving differs says so in its own words (Stella: sits out).
        own_key = f"{plugin.key_prefix}-{note_key.removeprefix('table-')}"
        key = own_key if self.loc.has(own_key) else note_key
        note = tables.note(key, player=table.seats[seat].name)
        await self._commit(interaction, plugin, record, table, state, moves, events, notes=[note])


class TableAddon(commands.Cog):
    """A cog that works through the table cog (games, timers, spectating, history)."""

    bot: TableBot

    @property
    def table(self) -> TableCog:
        return self.bot.get_cog("TableCog")  # type: ignore[return-value]


def _forced_move(engine: Any, state: Any) -> tuple[int, Action] | None:
    """A player to act whom the rules leave exactly one move, with that move."""
    for seat in engine.to_move(state):
        if seat != CHANCE:
            action = only_action(engine, state, seat)
            if action is not None:
                return seat, action
    return None


def _on_private_panel(interaction: discord.Interaction) -> bool:
    """A click on a DM or an ephemeral message."""
    message = interaction.message
    return message is not None and (interaction.guild_id is None or message.flags.ephemeral)


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TableCog(bot))
