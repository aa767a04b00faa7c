"""A click's one answer to Discord, given as late as its change allows, so that it can carry it.

Discord wants every click answered within 3 s. A click on a game's message in the channel
usually ends in an edit of that very message (the next picture, the same turn), and Discord
takes that edit as the answer itself: one call. Acknowledged at once instead, the same click
costs two (the acknowledgement, then the edit through the click's token), and the bot's event
loop spends much of its time on such calls, more than on the games.

So such a click is answered late: its change runs, and the edit of its message answers it. Any
other use of the click (a private refusal, a new turn message posted as its follow-up, a DM)
first acknowledges it as before. If the change is not shown within :data:`PATIENCE`, a timer
acknowledges it anyway, so a slow picture or a long wait for the table never costs Discord's
3 s; the edit then goes through the token, as it always did.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from locales import Localizer

log = logging.getLogger(__name__)
PATIENCE = 1.0  # seconds: Discord's 3 s less the acknowledgement's trip and a margin
_KEY = "held-answer"


class HeldAnswer:
    """The answer of one click: the first of its calls to Discord to come answers it."""

    def __init__(self, interaction: discord.Interaction, patience: float) -> None:
        self.interaction = interaction
        self._lock = asyncio.Lock()  # one call at a time: Discord takes only one answer
        self._timer = asyncio.get_running_loop().call_later(patience, self._impatient)
        self._impatience: asyncio.Task[bool] | None = None

    def _impatient(self) -> None:
        self._impatience = asyncio.create_task(self.acknowledge(), name="held-answer")

    async def acknowledge(self) -> bool:
        """Discord hears of the click now, unless it has; False: Discord refused (too late)."""
        async with self._lock:
            self._timer.cancel()
            return await _defer(self.interaction)

    async def answer_with(
        self, call: Callable[[discord.InteractionResponse], Awaitable[Any]]
    ) -> bool:
        """Answer the click with ``call`` on its response, if nothing answered it yet. False:
        answered already, or Discord refused this answer; either way the caller goes on by
        another route (through the click's token, or the channel)."""
        async with self._lock:
            if self.interaction.response.is_done():
                return False
            self._timer.cancel()
            try:
                await call(self.interaction.response)
            except discord.HTTPException as error:
                log.info("click %s not answered in place (%s)", self.interaction.id, error.code)
                return False
            return True


def hold_answer(interaction: discord.Interaction, patience: float | None = None) -> HeldAnswer:
    """From now on the click waits for its answer, at most ``patience`` seconds."""
    answer = HeldAnswer(interaction, PATIENCE if patience is None else patience)
    interaction.extras[_KEY] = answer
    return answer


def held_answer(interaction: discord.Interaction | None) -> HeldAnswer | None:
    """The click's held answer while it is still to come."""
    if interaction is None or interaction.response.is_done():
        return None
    return interaction.extras.get(_KEY)


async def acknowledge(interaction: discord.Interaction) -> bool:
    """Discord hears of the click now, unless it has (through its held answer, if it waits);
    False: Discord refused (too late)."""
    answer = held_answer(interaction)
    if answer is not None:
        return await answer.acknowledge()
    return await _defer(interaction)


async def acknowledge_if_late(interaction: discord.Interaction | None) -> None:
    """A click whose answer waits is acknowledged now: its follow-ups and its token need it."""
    answer = held_answer(interaction)
    if answer is not None:
        await answer.acknowledge()


async def _defer(interaction: discord.Interaction) -> bool:
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
    answer = held_answer(interaction)
    if answer is not None and await answer.answer_with(
        lambda response: response.send_message(text, ephemeral=True, **extra)
    ):
        return  # the click waited for its answer: this is it
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

    def hold_answer(self) -> None:
        """The click is answered by the edit of its message, after the save (within
        :data:`PATIENCE`, else acknowledged then)."""
        hold_answer(self._interaction)

    async def acknowledge(self) -> bool:
        return await acknowledge(self._interaction)

    async def acknowledge_if_late(self) -> None:
        await acknowledge_if_late(self._interaction)

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
