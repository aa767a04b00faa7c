"""A seat's sheet shown privately: ``/dicestars sheet`` and ``/dizzle sheet``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from cogs.table.layout import accent_of, answer_screen
from cogs.table.plugin import GamePlugin
from cogs.table.seats import seat_named
from cogs.table.services import TableServices
from drawing.service import TEXTS
from games.table import Table
from screens.model import Screen, game_header
from storage.database import GameRecord

Text = Callable[..., str]


@dataclass(frozen=True)
class SheetPictures:
    """What a game draws and writes for one seat's sheet."""

    render: Callable[[Any, int, str, Text], bytes]  # (view, seat, name, t): in the worker
    summary: Callable[[Any, int, str, Text], str]  # (view, seat, name, t)
    alt: Callable[[Any, int, str, Text], str]  # (state, seat, name, t)
    filename: str


class SheetTable(Protocol):
    """What the sheet asks of the table cog."""

    services: TableServices

    def lang(self, interaction: discord.Interaction) -> str: ...

    async def tell(self, interaction: discord.Interaction, key: str, **args: Any) -> None: ...

    async def game_for_channel(self, channel_id: int) -> GameRecord | None: ...


async def answer_sheet(
    interaction: discord.Interaction,
    table: SheetTable,
    plugin: GamePlugin,
    sheet: SheetPictures,
    player: str | None,
) -> None:
    """The sheet of ``player`` (else the caller's own) in the game played or watched here, as
    a private card in the game's colour; a short private answer when there is none."""
    record = await table.game_for_channel(interaction.channel_id or 0)
    prefix = plugin.key_prefix
    if record is None or record.kind != plugin.kind or not record.snapshot.get("state"):
        await table.tell(interaction, f"{prefix}-no-game-here")
        return
    game = Table.from_json(record.snapshot)
    seat = seat_named(game, player) if player else game.seat_of(interaction.user.id)
    if seat is None:
        key = f"{prefix}-not-a-player" if player else f"{prefix}-sheet-whose"
        await table.tell(interaction, key, player=(player or "")[:100])
        return
    services, language, name = table.services, table.lang(interaction), game.seats[seat].name

    def t(key: str, **args: Any) -> str:
        return services.loc.text(language, key, **args)

    await interaction.response.defer(ephemeral=True, thinking=True)
    state = plugin.engine.from_json(record.snapshot["state"])
    view = plugin.engine.view(state, None)  # what anyone may see: no secret on a sheet
    png = await services.drawing.picture(language, sheet.render, view, seat, name, TEXTS)
    card = Screen(
        sheet.summary(view, seat, name, t),
        png,
        sheet.filename,
        sheet.alt(state, seat, name, t),
        header=game_header(plugin.emoji, plugin.title(services.loc, language)),
    )
    await answer_screen(interaction, card, accent_of(plugin.kind))
