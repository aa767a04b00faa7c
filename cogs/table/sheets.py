"""A seat's sheet shown privately: the ``/dicestars sheet`` and ``/dizzle sheet`` answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs.table.layout import accent_of, answer_screen, game_header
from cogs.table.plugin import GamePlugin
from drawing.service import TEXTS, Drawing
from locales import Localizer
from screens.model import Screen

Text = Callable[..., str]


@dataclass(frozen=True)
class SheetPictures:
    """What a game draws and writes for one seat's sheet."""

    render: Callable[[Any, int, str, Text], bytes]  # (view, seat, name, t): in the worker
    summary: Callable[[Any, int, str, Text], str]  # (view, seat, name, t)
    alt: Callable[[Any, int, str, Text], str]  # (state, seat, name, t)
    filename: str


async def answer_sheet(
    interaction: discord.Interaction,
    drawing: Drawing,
    loc: Localizer,
    plugin: GamePlugin,
    sheet: SheetPictures,
    language: str,
    state: Any,
    seat: int,
    name: str,
) -> None:
    """The seat's sheet as a private card in the game's colour (drawn off the event loop)."""

    def t(key: str, **args: Any) -> str:
        return loc.text(language, key, **args)

    await interaction.response.defer(ephemeral=True, thinking=True)
    view = plugin.engine.view(state, None)  # what anyone may see: no secret on a sheet
    png = await drawing.picture(language, sheet.render, view, seat, name, TEXTS)
    card = Screen(
        sheet.summary(view, seat, name, t),
        png,
        sheet.filename,
        sheet.alt(state, seat, name, t),
        header=game_header(plugin.emoji, plugin.title(loc, language)),
    )
    await answer_screen(interaction, card, accent_of(plugin.kind))
