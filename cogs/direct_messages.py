"""Each player's DM channel, asked of Discord once per process.

Sending a DM needs the DM channel's id, which Discord gives for a user on
``POST /users/@me/channels``. discord.py keeps the answer only for the 128 users it saw
last, so an evening with a few dozen Stella tables asked again for nearly every slate: one
REST call in three went to it, and every one of them counts against the global limit that
the turn messages of all tables share. A DM channel's id never changes, so this keeps one
small number per user for as long as the process lives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from discord.ext import commands


class DirectMessages:
    """The bot's DM channels by user id."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._channels: dict[int, int] = {}  # user id -> DM channel id

    async def channel(self, user_id: int) -> discord.PartialMessageable:
        """The user's DM channel, to send to or edit in (asks Discord the first time only)."""
        channel_id = self._channels.get(user_id)
        if channel_id is None:
            dm = await self.bot.create_dm(discord.Object(user_id))
            channel_id = self._channels[user_id] = dm.id
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def __len__(self) -> int:
        return len(self._channels)
