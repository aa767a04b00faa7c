"""Each player's DM channel, asked of Discord once per process.

Sending a DM needs the DM channel's id, which Discord gives for a user on
``POST /users/@me/channels``. discord.py keeps the answer only for the 128 users it saw
last, so an evening of several Stella tables would ask again for nearly every slate, and
every such call counts against the global limit that the turn messages of all tables
share. A DM channel's id never changes, so this keeps one
small number per user for as long as the process lives.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)


class DirectMessages:
    """The bot's DM channels by user id."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._channels: dict[int, int] = {}  # user id -> DM channel id
        self._asking: dict[int, asyncio.Task[None]] = {}

    async def channel(self, user_id: int) -> discord.PartialMessageable:
        """The user's DM channel, to send to or edit in (asks Discord the first time only)."""
        channel_id = self._channels.get(user_id)
        asking = self._asking.get(user_id)
        if channel_id is None and asking is not None and asking is not asyncio.current_task():
            await asyncio.shield(asking)  # asked already: one call, not two
            channel_id = self._channels.get(user_id)
        if channel_id is None:
            dm = await self.bot.create_dm(discord.Object(user_id))
            channel_id = self._channels[user_id] = dm.id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def ask_ahead(self, user_id: int) -> None:
        """Ask for the user's DM channel now, in the background (a player took a seat): the
        game's first DMs, all sent at its start, then wait for no extra call."""
        if user_id in self._channels or user_id in self._asking:
            return
        task = asyncio.create_task(self._ask(user_id), name=f"dm-channel-{user_id}")
        self._asking[user_id] = task
        task.add_done_callback(lambda _: self._asking.pop(user_id, None))

    async def _ask(self, user_id: int) -> None:
        try:
            await self.channel(user_id)
        except discord.HTTPException as error:  # the DM itself will say so, later
            log.info("no DM channel for user %s yet (%s)", user_id, error.code)

    def close(self) -> None:
        for task in list(self._asking.values()):
            task.cancel()

    def __len__(self) -> int:
        return len(self._channels)
