"""The table's slash commands: ``/status``, ``/cancel`` and ``/leave`` in the table's channel."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.i18n import T
from cogs.lobby import lobby_screen
from cogs.plugin import GamePlugin, TableContext
from cogs.table import NO_PINGS, TableAddon, can_manage
from games import table as tables
from games.engine import RulesError
from games.table import Table
from storage import GameRecord

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
        if record.status == tables.LOBBY:
            screen = lobby_screen(
                plugin,
                self.bot.loc,
                record.id,
                record.version,
                table,
                self.bot.config.max_turn_minutes,
            )
            await interaction.response.send_message(screen.text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = plugin.engine.from_json(table.state or {})
        ctx = TableContext(
            record.id, record.version, table, state, self.table.lang(interaction), self.bot.loc
        )
        screen = await self.table.drawing.screen(plugin, "turn_screen", ctx)
        await interaction.followup.send(screen.text, files=screen.files(), ephemeral=True)

    @app_commands.command(
        name=T("cancel", "cmd-cancel.name"),
        description=T("Cancel the table in this channel", "cmd-cancel.description"),
    )
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def act(record: GameRecord, table: Table) -> None:
            tables.cancel(table, interaction.user.id, can_manage(interaction))
            await self._acknowledged(interaction)
            await self.table.change_table(record, table)
            text = self.bot.loc.text(
                table.language, "table-cancelled", user=interaction.user.display_name
            )
            await interaction.followup.send(text, allowed_mentions=NO_PINGS)

        await self._change_here(interaction, act)

    @app_commands.command(
        name=T("leave", "cmd-leave.name"),
        description=T("Leave the table in this channel", "cmd-leave.description"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        async def act(record: GameRecord, table: Table) -> None:
            if record.status != tables.LOBBY:
                plugin = self.table.plugins[record.kind]
                await self._leave_game(interaction, plugin, record, table)
                return
            tables.leave_lobby(table, interaction.user.id)
            await self._acknowledged(interaction, ephemeral=True)
            await self.table.change_table(record, table)
            await self.table.tell(interaction, "table-you-left")

        await self._change_here(interaction, act)

    async def _acknowledged(
        self, interaction: discord.Interaction, ephemeral: bool = False
    ) -> None:
        """Answer Discord before the change is saved and shown (the answer follows)."""
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def _change_here(
        self,
        interaction: discord.Interaction,
        act: Callable[[GameRecord, Table], Awaitable[None]],
    ) -> None:
        """Let ``act`` change this channel's open table; a rules error is told privately."""
        channel_id = interaction.channel_id or 0

        async def change() -> None:
            record = await self.bot.db.open_game(channel_id)
            if record is None:
                await self.table.tell(interaction, "table-none-here")
                return
            try:
                await act(record, Table.from_json(record.snapshot))
            except RulesError as error:
                await self.table.tell(interaction, error.key, **error.args_)

        if not await self.table.changing(channel_id, change):
            await self.table.tell(interaction, "table-error-stale")

    async def _leave_game(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
    ) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.seats[seat].left:
            await self.table.tell(interaction, "table-error-not-seated")
            return
        # Answered within Discord's 3 s first; "you left" only once the leaving is saved.
        await self._acknowledged(interaction, ephemeral=True)
        await self.table.seat_left(None, plugin, record, table, seat, "table-player-left")
        await self.table.tell(interaction, "table-you-left")


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TableCommandsCog(bot))
