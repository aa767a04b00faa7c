"""The rules card of a game: a private message with how to play and the legend picture.

Opened by ``/help game:``, by the lobby's "How to play" button and by the one on a game's
first turn message, always in the reader's own language. Stella's card names the points of
the table's rules preset (the default preset's from ``/help``).
"""

from __future__ import annotations

import logging

import discord

from cogs.table.components import Upload
from cogs.table.delivery import Reply
from cogs.table.layout import accent_of, card_view, headed, without_picture
from drawing.service import TEXTS, Drawing
from locales import Localizer
from rendering.legend import render_legend
from screens.legend_alt import legend_alt
from screens.model import Screen

log = logging.getLogger(__name__)
GAMES = ("dice_stars", "dizzle", "stella")


def rules_text(loc: Localizer, language: str, kind: str, preset: str = "seed") -> str:
    return loc.text(language, f"rules-{kind}", preset=preset)


def legend_description(loc: Localizer, language: str, kind: str) -> str:
    def t(key: str, **args: object) -> str:
        return loc.text(language, key, **args)

    return legend_alt(kind, t)


def legend_file(loc: Localizer, language: str, kind: str, picture: bytes) -> discord.File:
    return Upload(picture, legend_name(kind), legend_description(loc, language, kind))


def legend_name(kind: str) -> str:
    return f"legend-{kind}.png"


def rules_card(
    loc: Localizer, language: str, kind: str, picture: bytes, preset: str = "seed"
) -> Screen:
    """The card: its title the header, the legend picture (described), how to play."""
    return headed(
        rules_text(loc, language, kind, preset),
        image=picture,
        filename=legend_name(kind),
        image_summary=legend_description(loc, language, kind),
    )


# Legend pictures drawn so far, by game and language: nine at most, and small: all are kept.
_PICTURES: dict[tuple[str, str], bytes] = {}


async def legend_picture(drawing: Drawing, kind: str, language: str) -> bytes:
    """The legend picture, drawn once per game and language (in the drawing worker)."""
    key = (kind, language)
    if key not in _PICTURES:
        _PICTURES[key] = await drawing.picture(language, render_legend, kind, TEXTS)
    return _PICTURES[key]


async def send_rules(
    reply: Reply,
    loc: Localizer,
    drawing: Drawing,
    language: str,
    kind: str,
    preset: str = "seed",
) -> None:
    """The rules card as a private answer, a V2 message in the game's colour."""
    try:
        if (kind, language) not in _PICTURES and not reply.answered:
            # The worker may be busy with a table's picture: Discord gets its answer at once.
            await reply.think_privately()
        picture = await legend_picture(drawing, kind, language)
        card = rules_card(loc, language, kind, picture, preset)
        accent = accent_of(kind)
        await reply.open_panel(
            lambda pictured: card_view(card if pictured else without_picture(card), accent),
            lambda: [legend_file(loc, language, kind, picture)],
        )
    except discord.HTTPException as error:
        log.info("rules card of %s in %s not sent: %s", kind, language, error.code)
