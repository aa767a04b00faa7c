"""What the table's modules and the games' hooks are handed, in place of the table cog.

The table cog builds one :class:`TableServices` and gives it to the channel step, the thread
keeper, a rematch and every plugin hook: they reach the bot's database, drawing, texts,
settings and Discord through it, and nothing else of the cog. A module that needs the cog to do
something for it (a change under a channel's lock, a saved table shown) is handed
:class:`TableChanges`, which says exactly what it may ask.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import discord

if TYPE_CHECKING:
    from cogs.table.click import Click
    from cogs.table.direct_messages import DirectMessages
    from cogs.table.queue import ChannelQueue, QueuePlace
    from config import Config
    from drawing.service import Drawing
    from games.table import Table
    from locales import Localizer
    from storage import Database, GameRecord


@dataclass(frozen=True)
class TableServices:
    """The bot's services a table module needs (one set per table cog)."""

    db: Database
    drawing: Drawing
    loc: Localizer
    config: Config
    direct: DirectMessages  # the players' DM channels
    # Discord as the bot sees it: channels by id, the guilds and threads it caches.
    client: discord.Client

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        """A channel (or thread, or DM) to send to or edit in, by its id alone."""
        return self.client.get_partial_messageable(channel_id)

    @property
    def own_id(self) -> int | None:
        """The bot's own user id (None before it logged in)."""
        user = self.client.user
        return user.id if user is not None else None


class TableChanges(Protocol):
    """What a module may ask of the table cog: a change under its channel's lock, shown."""

    def queue(self, channel_id: int) -> ChannelQueue: ...

    async def changing(
        self,
        channel_id: int,
        change: Callable[[], Awaitable[object]],
        turn: QueuePlace | None = None,
    ) -> bool: ...

    async def change_table(
        self, record: GameRecord, table: Table, click: Click | None = None
    ) -> GameRecord: ...

    async def show(
        self,
        record: GameRecord,
        table: Table,
        click: Click | None = None,
        alone: bool = False,
    ) -> None: ...
