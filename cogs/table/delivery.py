"""A click's answers to Discord: its acknowledgement, a private answer, a public one, and the
edit of its message.

Discord wants every click answered within 3 s. A click that may change its table is
acknowledged as it arrives, before its change runs (which shows nothing: Discord leaves the
message as it is); what its change brings is shown afterwards, through the click's token or the
channel. Nothing a player is shown comes before its save.

A move on a table's message in the channel is held instead (:meth:`Reply.hold`): its change
most often brings that message a new picture, and Discord refuses a new upload into a V2
message's gallery through the click's token (a PATCH of the original response). So the edit
of the message answers the click itself (an UPDATE_MESSAGE callback, after the save); if the
change is not shown within :data:`PATIENCE` of the click's arrival, a timer acknowledges it
anyway, and the picture goes through the channel's route.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from locales import Localizer

log = logging.getLogger(__name__)
# Seconds from a held click's arrival to its acknowledgement if its change is not shown by
# then: Discord's 3 s less the acknowledgement's trip and a margin for a busy event loop.
PATIENCE = 2.0
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
        another route (the click's token, or the channel)."""
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


MAX_TEXT = 4000  # Discord's limit for a V2 message's text displays together


def text_view(text: str) -> discord.ui.LayoutView:
    """A one-line private answer as a V2 message: a text display, nothing else."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay((text or "\u2026")[:MAX_TEXT]))
    view.stop()
    return view


async def answer_privately(
    interaction: discord.Interaction, text: str, view: discord.ui.LayoutView | None = None
) -> None:
    """An ephemeral V2 answer (``view``, else ``text`` alone): the reply, or a follow-up once
    the interaction was acknowledged.

    Discord refuses it when the interaction was never acknowledged in time; nothing is left
    to tell then (the change, if any, shows in the channel).
    """
    shown = view if view is not None else text_view(text)
    answer = held_answer(interaction)
    if answer is not None and await answer.answer_with(
        lambda response: response.send_message(view=shown, ephemeral=True)
    ):
        return  # the click waited for its answer: this is it
    try:
        if interaction.response.is_done():
            await interaction.followup.send(view=shown, ephemeral=True)
        else:
            await interaction.response.send_message(view=shown, ephemeral=True)
    except discord.HTTPException as error:
        log.info("could not answer %s privately: %s", interaction.id, error.code)


async def answer_card(
    interaction: discord.Interaction,
    make: Callable[[bool], discord.ui.LayoutView],
    files: Callable[[], list[discord.File]],
    ephemeral: bool = True,
) -> tuple[int | None, bool]:
    """A slash command's V2 answer, its picture (if ``files`` gives one) in its gallery;
    ``make(False)`` is the same message without the picture. Its message id (None: Discord
    did not say) and whether it is a follow-up (the original response is gone).

    Answered at once, it is the interaction's response. After a defer, Discord refuses a new
    upload into a gallery through the edit of the original response (the first follow-up
    after a defer is one): the original becomes the message without its picture, the
    message itself follows as a new follow-up, and the original goes. Should the follow-up
    fail, the message without its picture stays.
    """
    mentions = discord.AllowedMentions.none()
    if not interaction.response.is_done():
        sent = files()
        try:
            answered = await interaction.response.send_message(
                view=make(True), files=sent, ephemeral=ephemeral, allowed_mentions=mentions
            )
        finally:
            for file in sent:
                file.close()  # an interaction's own answer does not close its files
        return (answered.message_id if answered is not None else None), False
    uploads = files()
    original = await interaction.edit_original_response(
        view=make(not uploads), allowed_mentions=mentions
    )
    if not uploads:
        return original.id, False
    message = await interaction.followup.send(
        view=make(True), files=uploads, ephemeral=ephemeral, allowed_mentions=mentions, wait=True
    )
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()
    return message.id, True


class Reply:
    """A click's one way back to Discord: its answer, its token and its follow-ups.

    The table's code holds a click as a :class:`~cogs.table.click.Click`; whatever it says to
    the clicker goes through here.
    """

    def __init__(self, interaction: discord.Interaction, loc: Localizer, language: str) -> None:
        self._interaction = interaction
        self._loc = loc
        self._language = language
        self._panel_id: int | None = None  # a panel opened as the click's follow-up

    @property
    def interaction(self) -> discord.Interaction:
        """The click itself, for what the channel step edits and posts through its token."""
        return self._interaction

    @property
    def id(self) -> int:
        return self._interaction.id

    @property
    def channel_id(self) -> int | None:
        return self._interaction.channel_id

    @property
    def message(self) -> discord.Message | None:
        """The message clicked on, as the click brought it (None: a slash command)."""
        return self._interaction.message

    @property
    def message_id(self) -> int | None:
        """The message the click was on (None for a slash command)."""
        message = self._interaction.message
        return message.id if message is not None else None

    @property
    def answered(self) -> bool:
        """Whether Discord has the click's answer or its acknowledgement (its token and
        follow-ups work from then)."""
        return self._interaction.response.is_done()

    @property
    def age(self) -> float:
        """Seconds since the click: its token lasts 15 minutes."""
        return (discord.utils.utcnow() - self._interaction.created_at).total_seconds()

    def hold(self) -> None:
        """The click is answered by the edit of its message, after the save (within
        :data:`PATIENCE`, else acknowledged then)."""
        if not self._interaction.response.is_done():
            self._interaction.extras[_KEY] = HeldAnswer(self._interaction, PATIENCE)

    async def acknowledge_if_held(self) -> None:
        """A click whose answer waits is acknowledged now: its follow-ups and token need it."""
        answer = held_answer(self._interaction)
        if answer is not None:
            await answer.acknowledge()

    async def answer_by_edit(self, make: Callable[[], dict[str, Any]]) -> bool:
        """The clicked message edited as the click's answer (UPDATE_MESSAGE), if the click
        still waits for it. False: not made (answered already, or refused)."""
        answer = held_answer(self._interaction)
        return answer is not None and await answer.answer_with(
            lambda response: response.edit_message(**make())
        )

    async def edit_original(self, **arguments: Any) -> bool:
        """The clicked message edited through the click's token (acknowledged clicks only).
        False: not made (too late for the token, or Discord hiccupped)."""
        if not self._interaction.response.is_done():
            return False
        try:
            await self._interaction.edit_original_response(**arguments)
        except discord.HTTPException as error:
            log.info("edit through click %s failed (%s)", self._interaction.id, error.code)
            return False
        return True

    async def follow_up(self, **arguments: Any) -> discord.WebhookMessage:
        """A new message through the click's webhook (the click is acknowledged first)."""
        await self.acknowledge_if_held()
        return await self._interaction.followup.send(wait=True, **arguments)

    async def say(self, key: str, **args: Any) -> None:
        """A private answer in the clicker's language."""
        await answer_privately(self._interaction, self._loc.text(self._language, key, **args))

    async def tell(self, text: str, view: discord.ui.LayoutView | None = None) -> None:
        """A private answer, written already (``view``: the V2 message that says it)."""
        await answer_privately(self._interaction, text, view)

    async def acknowledge(self) -> bool:
        return await acknowledge(self._interaction)

    async def post(self, view: discord.ui.LayoutView) -> int | None:
        """A public answer without pings, a V2 message; its id, or None if Discord refused it."""
        try:
            sent = await self._interaction.response.send_message(
                view=view, allowed_mentions=discord.AllowedMentions.none(), silent=True
            )
        except discord.HTTPException as error:
            log.info("click %s not answered publicly (%s)", self._interaction.id, error.code)
            return None
        return sent.message_id if sent is not None else None

    async def replace_private(self, text: str) -> None:
        """The private message answered with this click becomes ``text``, without controls (a
        V2 message; one from before V2 is converted, its content emptied)."""
        with contextlib.suppress(discord.HTTPException):
            await self._interaction.edit_original_response(
                content=None, embed=None, view=text_view(text)
            )

    # ---- private panels (Stella's slate, Dizzle's menus, the rules card) ---------------------
    # V2 messages. A panel with a picture opened after think_privately is the click's
    # follow-up (Discord takes no new upload into a gallery through the original response,
    # which goes): this reply keeps its id, and edits it by that id.

    async def think_privately(self) -> None:
        """Discord shows the clicker alone that the bot is at work (a panel is being drawn)."""
        await self._interaction.response.defer(ephemeral=True, thinking=True)

    async def open_panel(
        self,
        make: Callable[[bool], discord.ui.LayoutView],
        files: Callable[[], list[discord.File]] = list,
    ) -> int | None:
        """A private panel answering the click: ``make(True)`` showing the pictures of
        ``files()`` (see :func:`answer_card`); its message id, or None when Discord did not
        say. Raises what Discord raised."""
        message_id, followup = await answer_card(self._interaction, make, files)
        self._panel_id = message_id if followup else None
        return message_id

    async def edit_panel(
        self, view: discord.ui.LayoutView, files: Sequence[discord.File] | None = None
    ) -> None:
        """The panel this click answered (or the message it was on, once acknowledged) shows
        ``view``, edited through the click's token (an ephemeral message has no other route);
        one from before V2 becomes a V2 message. ``files``: its pictures anew (not into the
        original response's gallery: Discord refuses that upload); None keeps those it shows.
        Raises what Discord raised."""
        if self._panel_id is not None:
            await self._interaction.followup.edit_message(
                self._panel_id, **_panel_edit(view, files)
            )
        else:
            await self._interaction.edit_original_response(**_panel_edit(view, files))

    async def edit_dm_panel(
        self, view: discord.ui.LayoutView, files: Sequence[discord.File] | None = None
    ) -> None:
        """The DM the click was on shows ``view``, edited as the bot's own message (when its
        token is refused). Raises what Discord raised."""
        message = self._interaction.message
        if message is None:
            raise ValueError("a slash command is on no message")
        await message.edit(**_panel_edit(view, files))

    async def close_panel(self) -> None:
        """The private panel this click answered loses its controls (through the click's
        token); its text and pictures stay, read back from it (a panel from before V2 stays
        classic). Raises what Discord raised."""
        # Here, not at the top: the layout builds on the components, which build on this.
        from cogs.table.layout import retired_view

        followup = self._interaction.followup
        if self._panel_id is not None:
            shown: discord.Message = await followup.fetch_message(self._panel_id)
        else:
            shown = await self._interaction.original_response()
        retired = retired_view(shown)
        if self._panel_id is not None:
            await followup.edit_message(self._panel_id, view=retired)
        else:
            await self._interaction.edit_original_response(view=retired)


def _panel_edit(
    view: discord.ui.LayoutView, files: Sequence[discord.File] | None
) -> dict[str, Any]:
    edit: dict[str, Any] = {"content": None, "view": view}
    if files is not None:
        edit["attachments"] = list(files)
    return edit
