"""``/spectate``: another channel follows a table and receives every public update."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import TableAddon
from cogs.table.i18n import T
from cogs.table.layout import accent_of, notice_view
from games import table as tables
from games.engine import RulesError
from games.table import Table
from storage import StaleVersion

if TYPE_CHECKING:
    from bot import TableBot

NO_PINGS = discord.AllowedMentions.none()


class SpectateCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=T("spectate", "cmd-spectate.name"),
        description=T("Follow a table from this channel", "cmd-spectate.description"),
    )
    @app_commands.describe(
        table_channel=T("The channel or thread where the game is played", "cmd-spectate.table"),
        stop=T("Stop following it", "cmd-spectate.stop"),
    )
    @app_commands.rename(
        table_channel=T("table", "cmd-spectate.table-name"),
        stop=T("stop", "cmd-spectate.stop-name"),
    )
    @app_commands.guild_only()
    async def spectate(
        self,
        interaction: discord.Interaction,
        table_channel: discord.TextChannel | discord.Thread,
        stop: bool = False,
    ) -> None:
        here = interaction.channel_id or 0
        if table_channel.id == here:
            await self.table.tell(interaction, "spectate-error-same-channel")
            return
        async with self.table.queue(table_channel.id):
            record = await self.bot.db.open_game(table_channel.id)
            if record is None or record.guild_id != interaction.guild_id:
                await self.table.tell(interaction, "spectate-error-no-table")
                return
            table = Table.from_json(record.snapshot)
            try:
                tables.watch(table, here, stop=stop)
            except RulesError as error:
                await self.table.tell(interaction, error.key, **error.args_)
                return
            key = "spectate-stopped" if stop else "spectate-started"
            text = self.bot.loc.text(
                table.language, key, channel=f"<#{table_channel.id}>", here=f"<#{here}>"
            )
            view = notice_view(text, accent_of(record.kind))
            await interaction.response.send_message(view=view, allowed_mentions=NO_PINGS)
            try:
                await self.bot.db.link_channel(here, record.id, linked=not stop)
                # The lobby lists its spectators; a running game's turn message is mirrored.
                await self.table.change_table(record, table)
            except StaleVersion:
                await self.table.tell(interaction, "table-error-stale")


async def setup(bot: TableBot) -> None:
    await bot.add_cog(SpectateCog(bot))
