"""The table's slash commands: ``/status``, ``/cancel`` and ``/leave`` in the table's channel.

``/cancel`` and ``/leave`` change nothing at once: they answer privately with a button that
confirms (the table cog's ``sure:`` control), valid only for the table as it was asked about.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.table.cog import TableAddon
from cogs.table.components import read_command
from cogs.table.i18n import T
from cogs.table.layout import (
    accent_of,
    answer_screen,
    card_view,
)
from games import table as tables
from games.engine import RulesError
from games.table import Table
from screens.context import TableContext
from screens.lobby import lobby_screen
from screens.model import game_header

if TYPE_CHECKING:
    from bot import TableBot


class TableCommandsCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=T("status", "cmd-status.name"),
        description=T("Show the table in this channel", "cmd-status.description"),
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        record = await self.bot.db.open_game(interaction.channel_id or 0)
        if record is None:
            await self.table.tell(interaction, "table-none-here")
            return
        plugin = self.table.plugins[record.kind]
        table = Table.from_json(record.snapshot)
        lang = self.table.lang(interaction)
        accent = accent_of(record.kind)
        title = plugin.title(self.bot.loc, lang)
        if record.status == tables.LOBBY:
            screen = lobby_screen(
                plugin,
                self.bot.loc,
                record.id,
                record.version,
                table,
                self.bot.config.max_turn_minutes,
                language=lang,
            )
            view = card_view(replace(screen, rows=[]), accent)
            await interaction.response.send_message(view=view, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = plugin.engine.from_json(table.state or {})
        ctx = TableContext(record.id, record.version, table, state, lang, self.bot.loc)
        screen = await self.table.drawing.screen(plugin, "turn_screen", ctx)
        # What the table shows now, without its controls (they act on the channel's message).
        screen = replace(screen, rows=[], header=game_header(plugin.emoji, title, screen.header))
        await answer_screen(interaction, screen, accent)

    @app_commands.command(
        name=T("cancel", "cmd-cancel.name"),
        description=T("Cancel the table in this channel", "cmd-cancel.description"),
    )
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self._confirm_here(interaction, "cancel")

    @app_commands.command(
        name=T("leave", "cmd-leave.name"),
        description=T("Leave the table in this channel", "cmd-leave.description"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._confirm_here(interaction, "leave")

    async def _confirm_here(self, interaction: discord.Interaction, what: str) -> None:
        """Nothing happens yet: a private question whose button confirms it (see the table cog)."""
        record = await self.bot.db.open_game(interaction.channel_id or 0)
        if record is None:
            await self.table.tell(interaction, "table-none-here")
            return
        asker = read_command(interaction, record, self.bot.loc, self.table.lang(interaction))
        try:
            table = Table.from_json(record.snapshot)
            await self.table.ask_to_confirm(asker.reply, asker, record, table, what)
        except RulesError as error:
            await asker.reply.say(error.key, **error.args_)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TableCommandsCog(bot))
