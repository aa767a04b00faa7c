"""Tables in threads stay open while they are played.

Discord archives a thread that stayed quiet for its auto-archive time (a day unless set), and
an archived thread's buttons fail on the web and on phones: the app tries to bring the thread
back, is refused, and never sends the click. A play-by-post table waiting a day for a player
would be dead for everyone on a phone.

So a table in a thread asks for the longest auto-archive time Discord allows (a week) when it
opens and when this process meets it again after a start, and brings its thread back when it
was archived: before each change of the table is shown (a turn's start), before a timer's
reminder, and at every sweep. Bringing back an unlocked thread needs only the right to send
messages in it; the week needs *Manage Threads*, and without it the unarchiving alone keeps the
table playable (the bot notes once that it may not, and does not ask again).

A thread that was deleted or locked ends its table: the table is closed through its own path
(its DMs lose their controls; nothing in the thread is touched any more) and the parent channel
gets one message. When bringing a thread back is refused (403), the bot may not send messages
there either, so posting into it would be refused as well: the table ends the same way.

discord.py's cache, kept by the gateway's thread events, answers for a thread that is open; the
REST API is asked only about a thread the cache does not hold open (archived, locked, deleted,
or never seen by this process). Tables of guilds another process serves are left to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from cogs.table.layout import accent_of, notice_view
from games import table as tables
from games.table import Table
from storage import GameRecord

if TYPE_CHECKING:
    from cogs.table.plugin import GamePlugin
    from cogs.table.services import TableChanges, TableServices

log = logging.getLogger(__name__)
LONGEST_ARCHIVE = 10080  # minutes (a week): the longest auto-archive time Discord allows
DELETED, LOCKED = "deleted", "locked"
OPEN_STATUSES = (tables.LOBBY, tables.ACTIVE)
NO_PINGS = discord.AllowedMentions.none()


class ThreadKeeper:
    """Keeps the threads of this process's open tables open (one per table cog)."""

    def __init__(
        self,
        services: TableServices,
        plugins: dict[str, GamePlugin],
        changes: TableChanges,
        keep_task: Callable[[asyncio.Task[None]], None],
    ) -> None:
        self.services = services
        self.plugins = plugins
        self.changes = changes  # a table whose thread is gone is closed through them
        self.keep_task = keep_task  # the table's background tasks (cancelled as the bot stops)
        self._tables: dict[int, GameRecord] = {}  # game id -> an open table in a thread
        self._short: set[int] = set()  # threads whose auto-archive time the bot may not set
        self._ending: set[int] = set()  # games being ended because their thread is gone
        self._met = False  # the open tables were looked at since this process started

    @property
    def bot(self) -> discord.Client:
        return self.services.client

    def note(self, record: GameRecord) -> None:
        """Remember an open table whose channel is a thread (the sweep keeps it open)."""
        if record.status in OPEN_STATUSES:
            self._tables[record.id] = record
        else:
            self._tables.pop(record.id, None)

    async def keep_open(self, record: GameRecord) -> bool:
        """Bring the table's thread back if it was archived, and give it a week's auto-archive.

        False: the thread is gone (deleted, locked, closed to the bot); the table is being
        ended. Raises what Discord raised when it failed (an outage: tried again later).
        """
        if record.status not in OPEN_STATUSES:
            self._tables.pop(record.id, None)
            return True
        if record.id in self._ending:
            return False
        guild = self.bot.get_guild(record.guild_id) if record.guild_id else None
        if guild is None:
            return True  # a guild of another process (or a DM): not ours to look after
        channel = guild.get_channel_or_thread(record.channel_id)
        if channel is not None and not isinstance(channel, discord.Thread):
            return True  # a channel, not a thread: Discord never archives it
        if isinstance(channel, discord.Thread):
            self.note(record)
            if self._fine(channel):
                return True
        else:
            # Not held open by the cache: archived, deleted, or a thread not seen yet.
            try:
                fetched = await self.bot.fetch_channel(record.channel_id)
            except discord.NotFound:
                self._end_later(record, DELETED)
                return False
            except discord.Forbidden:
                # Hidden from the bot: posting there fails and says so; the sweep lets it be.
                self._tables.pop(record.id, None)
                return True
            if not isinstance(fetched, discord.Thread):
                return True
            channel = fetched
            self.note(record)
        return await self._bring_back(record, channel)

    def _fine(self, thread: discord.Thread) -> bool:
        long_enough = thread.auto_archive_duration == LONGEST_ARCHIVE or thread.id in self._short
        return not thread.archived and not thread.locked and long_enough

    async def _bring_back(self, record: GameRecord, thread: discord.Thread) -> bool:
        if thread.locked:
            self._end_later(record, LOCKED)
            return False
        wanted: dict[str, object] = {}
        if thread.archived:
            wanted["archived"] = False
        if thread.auto_archive_duration != LONGEST_ARCHIVE and thread.id not in self._short:
            wanted["auto_archive_duration"] = LONGEST_ARCHIVE
        if not wanted:
            return True
        try:
            await thread.edit(**wanted)  # type: ignore[arg-type]
            return True
        except discord.Forbidden:
            if "auto_archive_duration" not in wanted:
                self._end_later(record, LOCKED)
                return False
        # Only Manage Threads sets the time; sending messages is enough to bring it back.
        self._short.add(thread.id)
        log.info("thread %s keeps its auto-archive time: no Manage Threads there", thread.id)
        if not thread.archived:
            return True
        try:
            await thread.edit(archived=False)
        except discord.Forbidden:
            self._end_later(record, LOCKED)
            return False
        return True

    # ---- the sweep ------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Every thread of an open table this process serves: brought back if archived.

        The first sweep after a start meets every open table again (their threads get their
        week's auto-archive if they lack it).
        """
        if not self._met:
            self._met = True
            for record in await self.services.db.open_games():
                if self._may_be_a_thread(record):
                    self.note(record)
        for game_id, known in list(self._tables.items()):
            guild = self.bot.get_guild(known.guild_id) if known.guild_id else None
            thread = guild.get_channel_or_thread(known.channel_id) if guild else None
            if isinstance(thread, discord.Thread) and self._fine(thread):
                continue
            record = await self.services.db.load_game(game_id)
            if record is None or record.status not in OPEN_STATUSES:
                self._tables.pop(game_id, None)
                continue
            await self.keep_open(record)

    def _may_be_a_thread(self, record: GameRecord) -> bool:
        guild = self.bot.get_guild(record.guild_id) if record.guild_id else None
        if guild is None:
            return False
        channel = guild.get_channel_or_thread(record.channel_id)
        # Not in the cache: an archived or deleted thread (every text channel is cached).
        return channel is None or isinstance(channel, discord.Thread)

    # ---- a thread that is gone ends its table ---------------------------------------------

    def _end_later(self, record: GameRecord, why: str) -> None:
        """End the table once the caller let go of its channel's lock."""
        if record.id in self._ending:
            return
        self._ending.add(record.id)
        self._tables.pop(record.id, None)
        task = asyncio.create_task(self._end(record, why), name=f"thread-gone-{record.id}")
        self.keep_task(task)

    async def _end(self, record: GameRecord, why: str) -> None:
        ended: list[Table] = []

        async def change() -> None:
            saved = await self.services.db.load_game(record.id)
            if saved is None or saved.status not in OPEN_STATUSES:
                return
            table = Table.from_json(saved.snapshot)
            table.status = tables.CANCELLED
            # Nothing in the thread can be edited any more: its messages are let go, so that
            # closing the table touches only its DMs and no repair tries the thread again.
            table.messages = {}
            table.notify = []
            table.posts = []
            await self.changes.change_table(saved, table)
            ended.append(table)

        try:
            await self.changes.changing(record.channel_id, change)
        finally:
            self._ending.discard(record.id)
        if ended:
            log.info("game %s ended: its thread %s was %s", record.id, record.channel_id, why)
            await self._tell_parent(record, ended[0], why)

    async def _tell_parent(self, record: GameRecord, table: Table, why: str) -> None:
        parent = table.thread_parent or self._parent_in_cache(record)
        plugin = self.plugins.get(record.kind)
        if not parent or plugin is None:
            return
        language = table.language
        text = self.services.loc.text(
            language,
            f"outage-thread-{why}",
            game=plugin.title(self.services.loc, language),
            thread=f"<#{record.channel_id}>",
        )
        channel = self.services.channel(parent)
        try:
            view = notice_view(text, accent_of(record.kind))
            await channel.send(view=view, allowed_mentions=NO_PINGS, silent=True)
        except discord.HTTPException as error:
            log.info("parent channel %s not told of game %s (%s)", parent, record.id, error.status)

    def _parent_in_cache(self, record: GameRecord) -> int:
        guild = self.bot.get_guild(record.guild_id) if record.guild_id else None
        thread = guild.get_channel_or_thread(record.channel_id) if guild else None
        return thread.parent_id if isinstance(thread, discord.Thread) else 0


def thread_parent(interaction: discord.Interaction) -> int:
    """The channel a thread belongs to, for a table opened in a thread (else 0)."""
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else 0
