"""The rules card of a game: a private message with how to play and the legend picture.

Opened by ``/help game:``, by the lobby's "How to play" button and by the one on a game's
first turn message, always in the reader's own language. Stella's card names the points of
the table's rules preset (the default preset's from ``/help``).
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from locales import Localizer
from rendering.legend import legend_summary, render_legend

log = logging.getLogger(__name__)
GAMES = ("dice_stars", "dizzle", "stella")
MAX_DESCRIPTION = 1024  # Discord's limit for a picture's description


def rules_text(loc: Localizer, language: str, kind: str, preset: str = "seed") -> str:
    return loc.text(language, f"rules-{kind}", preset=preset)


def legend_file(loc: Localizer, language: str, kind: str) -> discord.File:
    def t(key: str, **args: object) -> str:
        return loc.text(language, key, **args)

    picture = render_legend(kind, t)
    summary = legend_summary(kind, t)[:MAX_DESCRIPTION]
    return discord.File(io.BytesIO(picture), f"legend-{kind}.png", description=summary)


async def send_rules(
    interaction: discord.Interaction,
    loc: Localizer,
    language: str,
    kind: str,
    preset: str = "seed",
) -> None:
    """The rules card as a private answer (the legend is drawn once per game and language)."""
    text = rules_text(loc, language, kind, preset)
    file = await asyncio.to_thread(legend_file, loc, language, kind)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, file=file, ephemeral=True)
        else:
            await interaction.response.send_message(text, file=file, ephemeral=True)
    except discord.HTTPException as error:
        log.info("rules card for %s not sent: %s", interaction.id, error.code)
