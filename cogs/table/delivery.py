"""A click's answers to Discord: its acknowledgement, a private answer, a public one.

Discord wants every click answered within 3 s. A click that may change its table is
acknowledged as it arrives, before its change runs (which shows nothing: Discord leaves the
message as it is); what its change brings is shown afterwards, through the click's token or the
channel. Nothing a player is shown comes before its save.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
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
        """The click itself, for what the channel step edits and posts through its token."""
        return self._interaction

    @property
    def message_id(self) -> int | None:
        """The message the click was on (None for a slash command)."""
        message = self._interaction.message
        return message.id if message is not None else None

    @property
    def answered(self) -> bool:
        """Whether Discord has the click's answer (or its acknowledgement) already."""
        return self._interaction.response.is_done()

    @property
    def age(self) -> float:
        """Seconds since the click: its token edits what it answered for 15 minutes."""
        return (discord.utils.utcnow() - self._interaction.created_at).total_seconds()

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

    # ---- private panels (Stella's slate, Dizzle's menus, the history, the rules card) -------

    async def think_privately(self) -> None:
        """Discord shows the clicker alone that the bot is at work (a panel is being drawn)."""
        await self._interaction.response.defer(ephemeral=True, thinking=True)

    async def open_panel(
        self,
        text: str,
        view: discord.ui.View | None = None,
        files: Sequence[discord.File] | None = None,
    ) -> int | None:
        """A private panel answering the click (its follow-up once the bot thinks); its
        message id, or None when Discord did not say. Raises what Discord raised."""
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if self._interaction.response.is_done():
            sent = await self._interaction.followup.send(
                text, files=list(files or ()), ephemeral=True, wait=True, **extra
            )
            return sent.id
        if files:
            extra["files"] = list(files)
        try:
            answered = await self._interaction.response.send_message(text, ephemeral=True, **extra)
        finally:
            for file in files or ():
                file.close()  # an interaction's own answer does not close its files
        return answered.message_id if answered is not None else None

    async def edit_panel(
        self,
        text: str,
        view: discord.ui.View | None,
        files: Sequence[discord.File] | None = None,
    ) -> None:
        """The message this click answered (a private panel, or the one it was on once
        acknowledged) shows this, edited through the click's token (an ephemeral message has
        no other route). ``files``: its pictures anew; None keeps
        those it shows. Raises what Discord raised."""
        await self._interaction.edit_original_response(**_panel(text, view, files))

    async def edit_dm_panel(
        self,
        text: str,
        view: discord.ui.View | None,
        files: Sequence[discord.File] | None = None,
    ) -> None:
        """The DM the click was on shows this, edited as the bot's own message (when its token
        is refused). Raises what Discord raised."""
        message = self._interaction.message
        if message is None:
            raise ValueError("a slash command is on no message")
        await message.edit(**_panel(text, view, files))

    async def close_panel(self) -> None:
        """The private panel this click answered loses its controls (through the click's
        token); its text and pictures stay. Raises what Discord raised."""
        await self._interaction.edit_original_response(view=None)


def _panel(
    text: str, view: discord.ui.View | None, files: Sequence[discord.File] | None
) -> dict[str, Any]:
    edit: dict[str, Any] = {"content": text, "view": view}
    if files is not None:
        edit["attachments"] = list(files)
    return edit
