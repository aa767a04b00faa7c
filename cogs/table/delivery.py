"""A click's answers to Discord: its acknowledgement, a private answer, a public one.

Discord wants every click answered within 3 s. A click that may change its table is
acknowledged as it arrives, before its change runs (which shows nothing: Discord leaves the
message as it is); what its change brings is shown afterwards, through the click's token or the
channel. Nothing a player is shown comes before its save.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from locales import Localizer

log = logging.getLogger(__name__)


async def acknowledge(interaction: discord.Interaction) -> bool:
    """Discord hears of the click now, unless it has; False: Discord refused (too late)."""
    if interaction.response.is_done():
        return True
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:
        # Discord gave up on this click (3 s): the change still happens, the channel shows it.
        log.info("click %s acknowledged too late (%s)", interaction.id, error.code)
        return False
    return True


async def answer_privately(
    interaction: discord.Interaction, text: str, view: discord.ui.View | None = None
) -> None:
    """An ephemeral answer: the reply, or a follow-up once the interaction was acknowledged.

    Discord refuses it when the interaction was never acknowledged in time; nothing is left
    to tell then (the change, if any, shows in the channel).
    """
    extra = {"view": view} if view is not None else {}
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)
    except discord.HTTPException as error:
        log.info("could not answer %s privately: %s", interaction.id, error.code)


class Reply:
    """A click's one way back to Discord: its answer, its token and its follow-ups.

    The table's code holds a click as a :class:`~cogs.table.click.Click`; whatever it says to
    the clicker goes through here.
    """

    def __init__(self, interaction: discord.Interaction, loc: Localizer, language: str) -> None:
        self._interaction = interaction
        self._loc = loc
        self._language = language

    @property
    def interaction(self) -> discord.Interaction:
        """The click itself, for what edits through its token: the channel step and a game's
        private panels."""
        return self._interaction

    async def say(self, key: str, **args: Any) -> None:
        """A private answer in the clicker's language."""
        await answer_privately(self._interaction, self._loc.text(self._language, key, **args))

    async def tell(self, text: str, view: discord.ui.View | None = None) -> None:
        """A private answer, written already."""
        await answer_privately(self._interaction, text, view)

    async def acknowledge(self) -> bool:
        return await acknowledge(self._interaction)

    async def post(self, text: str, view: discord.ui.View | None = None) -> int | None:
        """A public answer without pings; the message's id, or None if Discord refused it."""
        extra = {"view": view} if view is not None else {}
        try:
            sent = await self._interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none(), silent=True, **extra
            )
        except discord.HTTPException as error:
            log.info("click %s not answered publicly (%s)", self._interaction.id, error.code)
            return None
        return sent.message_id if sent is not None else None

    async def replace_private(self, text: str) -> None:
        """The private message answered with this click becomes ``text``, without controls."""
        with contextlib.suppress(discord.HTTPException):
            await self._interaction.edit_original_response(content=text, view=None)
