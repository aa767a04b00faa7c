"""How the channel step talks to Discord: posting and editing a table's messages (through the
click's token where it can), finding messages a crash left unnoted, and pings.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from cogs.table.components import attachments, build_view, controls_of
from cogs.table.delivery import Reply
from cogs.table.layout import (
    accent_of,
    files_of,
    is_layout,
    layout_view,
    message_text,
    retired_view,
    shown_text,
)
from cogs.table.messages import (
    ADOPT_LOOKBACK,
    FOLLOWUP_AGE,
    MAX_TEXT,
    NO_PINGS,
    OWN_POST,
    PROMPT_BREAK,
    Showing,
    is_layout_message,
    mark_layout,
    new_message,
    note_picture,
    picture_digest,
    picture_key,
    through,
)
from games import table as tables
from games.table import Table, ping_message_key
from screens.context import TableContext
from screens.model import Screen

log = logging.getLogger(__name__)


class ChannelPosts:
    """The channel step's messages (a part of :class:`~cogs.table.channel_step.ChannelSync`)."""

    def _notified(self, work: Showing, ctx: TableContext) -> list[int]:
        """The seats whose turn came and whom the channel notifies now (the game decides:
        Dizzle tells a live table's players once per pass)."""
        seats = work.plugin.channel_pings(ctx, list(work.table.notify))
        return [seat for seat in seats if work.table.seats[seat].user_id]

    def _users(self, work: Showing, seats: list[int]) -> list[int]:
        return [work.table.seats[seat].user_id or 0 for seat in seats]

    async def _ping(self, work: Showing, ctx: TableContext) -> None:
        """A short "your turn" message for a turn that came while its message was only edited.

        It stays: a notification whose message is gone leads nowhere.
        """
        table = work.table
        seats = self._notified(work, ctx)
        if seats and table.status == tables.ACTIVE:
            notify = self._users(work, seats)
            players = ", ".join(f"<@{user_id}>" for user_id in notify)
            text = ctx.t("table-your-turn", players=players, count=len(notify))
            nonce = f"{work.record.id}.n{table.turn_began}"
            newest = self._newest(work)
            posted = await self._post_for(
                work, Screen(text), nonce, notify, by_words=True, newer_than=newest
            )
            table.messages[ping_message_key(table.turn_began)] = posted
            table.notified = [*table.notified, *seats]
        table.notify = []

    def _newest(self, work: Showing) -> int:
        """The newest turn message or ping the table knows: an older ping of the same words
        (kept in the channel) is not the one a repair looks for."""
        keys = ("turn:", "ping:")
        return max((v for k, v in work.table.messages.items() if k.startswith(keys)), default=0)

    def _forget_pings(self, work: Showing) -> None:
        """Pings of earlier turn messages stay in the channel; the table forgets their ids."""
        for key in work.table.stale_pings():
            del work.table.messages[key]

    async def _delete(self, channel_id: int, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        await channel.get_partial_message(message_id).delete()

    def _reply_on(self, work: Showing, message_id: int) -> Reply | None:
        """The click behind the change, if it was made on this very message."""
        reply = work.reply
        if reply is not None and reply.message is not None and reply.message.id == message_id:
            return reply
        return None

    def _layout(self, work: Showing, screen: Screen) -> discord.ui.LayoutView:
        return layout_view(screen, work.record.id, work.record.version, accent_of(work.record.kind))

    async def _edit(self, work: Showing, message_id: int, screen: Screen) -> None:
        """The message shows ``screen``: a V2 message by the click's answer, its token or the
        channel's route; a classic one (from before V2, only closed now) as it always was."""
        kept = self._keeps_picture(work, message_id, screen)
        layout = is_layout_message(work.table.messages, message_id)

        def arguments() -> dict[str, Any]:
            # An edit notifies nobody on Discord; its mentions only stay highlighted. Fresh
            # files for each try: a file sent once has been read to its end.
            if layout:
                edit: dict[str, Any] = {"view": self._layout(work, screen)}
                files = files_of(screen)
            else:
                edit = {"content": shown_text(screen)[:MAX_TEXT]}
                edit["view"] = build_view(work.record.id, work.record.version, screen.rows)
                files = attachments(screen)
            edit["allowed_mentions"] = NO_PINGS
            if not kept:
                edit["attachments"] = files
            return edit

        uploads = layout and not kept and screen.image is not None
        if not await self._edit_through_click(work, message_id, arguments, not uploads):
            channel = self.bot.get_partial_messageable(work.record.channel_id)
            try:
                await channel.get_partial_message(message_id).edit(**arguments())
            except discord.NotFound:
                # Deleted by someone: the next run posts it again.
                key = next((k for k, v in work.table.messages.items() if v == message_id), None)
                if key is not None:
                    del work.table.messages[key]
                raise
        note_picture(work.table.messages, message_id, screen)

    async def _edit_through_click(
        self,
        work: Showing,
        message_id: int,
        arguments: Callable[[], dict[str, Any]],
        by_token: bool = True,
    ) -> bool:
        """The edit made through the click on that message, if there is one: as the click's
        answer while it waits for one (one call, and the only way a click brings its message
        a new picture), else with its token (not with a new picture in a V2 message's
        gallery: Discord refuses that upload through the token). False: not made."""
        reply = self._reply_on(work, message_id)
        if reply is None:
            return False
        if await reply.answer_by_edit(arguments):
            return True
        return by_token and await reply.edit_original(**arguments())

    def _keeps_picture(self, work: Showing, message_id: int, screen: Screen) -> bool:
        """The message shows this very picture already: the edit leaves its attachment as it
        is, and no phone downloads it again. Only when no other process may be editing the
        message meanwhile (else the picture it shows is not known for sure)."""
        shown = work.table.messages.get(picture_key(message_id))
        return work.alone and not work.repair and shown == picture_digest(screen)

    def _posting_click(self, work: Showing) -> Reply | None:
        """The click behind this change, if its follow-ups may post in the table's channel."""
        reply = work.reply
        if (
            reply is None
            or not work.alone
            or reply.id not in work.table.posting_clicks  # else no repair could find it
            or reply.channel_id != work.record.channel_id
            or not reply.answered
        ):
            return None
        return reply if reply.age < FOLLOWUP_AGE else None

    async def _post_for(
        self,
        work: Showing,
        screen: Screen,
        nonce: str,
        notify: Sequence[int] = (),
        by_words: bool = False,
        newer_than: int = 0,
    ) -> int:
        """A new message in the table's channel: through the click if there is one, else the
        channel's route (with its nonce).

        After a click's post failed, the channel is looked at first (Discord may have posted
        it all the same): for the game's controls, or with ``by_words`` (a message without
        controls) for the same words, which a repair also looks for before posting, since a
        follow-up posted before a crash has no nonce; ``newer_than``: only a message newer than
        that id counts.
        """
        words = shown_text(screen)

        def same_words(message: discord.Message) -> bool:
            return message_text(message) == words and message.id > newer_than

        wanted = same_words if by_words else None
        if by_words:
            posted = await self._adopt(work, wanted)
            if posted:
                return posted
        posted = await self._post_new(work, screen, nonce, notify, wanted)
        work.claimed.add(posted)
        mark_layout(work.table.messages, posted)
        return posted

    async def _post_new(
        self,
        work: Showing,
        screen: Screen,
        nonce: str,
        notify: Sequence[int],
        wanted: Callable[[discord.Message], bool] | None,
    ) -> int:
        if work.reply is not None:
            await work.reply.acknowledge_if_held()  # a follow-up needs the click answered
        click = self._posting_click(work)
        if click is not None:
            try:
                message = await click.follow_up(
                    **new_message(screen, self._layout(work, screen), notify)
                )
            except discord.HTTPException as error:
                log.info("posting through the click failed (%s); using the channel", error.code)
                posted = await self._adopt(replace(work, repair=True), wanted)
                if posted:
                    return posted
            else:
                return message.id
        return await self._post(work, work.record.channel_id, screen, nonce, notify)

    async def _post(
        self,
        work: Showing,
        channel_id: int,
        screen: Screen,
        nonce: str,
        notify: Sequence[int] = (),
    ) -> int:
        """A new message; it notifies only the users in ``notify``, else it is silent."""
        channel = self.bot.get_partial_messageable(channel_id)
        view = self._layout(work, screen)
        message = await channel.send(nonce=nonce[:25], **new_message(screen, view, notify))
        return message.id

    async def _post_quietly(
        self, work: Showing, channel_id: int, screen: Screen, nonce: str
    ) -> int | None:
        """A message to a spectating channel (no controls): one out of reach is skipped."""
        try:
            posted = await self._post(work, channel_id, replace(screen, rows=[]), nonce)
        except discord.HTTPException:
            log.info("spectating channel %s is out of reach", channel_id)
            return None
        mark_layout(work.table.messages, posted)
        return posted

    async def _edit_quietly(
        self, work: Showing, channel_id: int, message_id: int, screen: Screen
    ) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        view = self._layout(work, replace(screen, rows=[]))
        arguments: dict[str, Any] = {"view": view, "allowed_mentions": NO_PINGS}
        if not self._keeps_picture(work, message_id, screen):
            arguments["attachments"] = files_of(screen)
        try:
            await channel.get_partial_message(message_id).edit(**arguments)
        except discord.HTTPException:
            log.info("spectating channel %s is out of reach", channel_id)
            return
        note_picture(work.table.messages, message_id, screen)

    async def _retire(self, work: Showing, ctx: TableContext, key: str) -> None:
        """An earlier turn message loses its controls; one that sums up a phase of the game
        (Stella's marking) also gets its last words, so that it stays true: its log is kept
        and its prompt is replaced (the message is read for its log, which only it holds)."""
        message_id = work.table.messages[key]
        closing = work.plugin.closing_text(ctx, key)
        await self._strip(work, work.record.channel_id, message_id, closing)

    async def _strip(
        self,
        work: Showing,
        channel_id: int,
        message_id: int,
        closing: str | None = None,
        quietly: bool = False,
    ) -> None:
        """Take the controls off an earlier message; it keeps what it shows, but for its
        prompt, which ``closing`` replaces (its last words). Through the click on it if there
        is one (its answer, or its token), else the channel's route. ``quietly``: a
        spectating channel, which may be out of reach."""
        reply = self._reply_on(work, message_id)
        try:
            arguments = await self._stripped(work, channel_id, message_id, closing, reply)
            if arguments is None:
                return
            if await self._edit_through_click(work, message_id, lambda: arguments):
                return
            channel = self.bot.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(**arguments)
        except discord.NotFound:
            log.info("message %s is gone: nothing to close", message_id)
        except discord.HTTPException:
            if not quietly:
                raise
            log.info("spectating channel %s is out of reach", channel_id)

    async def _stripped(
        self,
        work: Showing,
        channel_id: int,
        message_id: int,
        closing: str | None,
        reply: Reply | None,
    ) -> dict[str, Any] | None:
        """The edit that takes a message's controls off (and puts its last words in); None:
        nothing to take off."""
        if closing is None and not is_layout_message(work.table.messages, message_id):
            return {"view": None}  # a classic message: its rows go, its text stays
        shown = reply.message if reply is not None else None
        if shown is None:
            channel = self.bot.get_partial_messageable(channel_id)
            shown = await channel.fetch_message(message_id)
        if is_layout(shown):
            view = retired_view(shown, closing)
            return None if view is None else {"view": view, "allowed_mentions": NO_PINGS}
        if closing is None:
            return {"view": None}
        log_part, _, _ = shown.content.rpartition(PROMPT_BREAK)
        text = log_part + PROMPT_BREAK + closing if log_part else closing
        return {"content": text[:MAX_TEXT], "view": None, "allowed_mentions": NO_PINGS}

    async def _adopt(
        self,
        work: Showing,
        wanted: Callable[[discord.Message], bool] | None = None,
        words: str | None = None,
    ) -> int | None:
        """After a crash: a message of this game posted but never noted, among the newest.

        ``wanted``: how to know it; by default, by the game's controls on it, as the
        follow-up of a click the table noted (a turn message may have no controls), or by
        ``words``, those it is about to post (a post by the channel's route, once Discord
        forgot its nonce).
        """
        if work.alone and not work.repair:
            return None
        ours = wanted or self._of_game(work)
        for message in await self._unnoted(work):
            if ours(message) or (words is not None and message_text(message) == words):
                log.info("adopted message %s of game %s", message.id, work.record.id)
                work.claimed.add(message.id)
                if is_layout(message):
                    mark_layout(work.table.messages, message.id)
                return message.id
        return None

    async def _unnoted(self, work: Showing) -> list[discord.Message]:
        """Our messages among the channel's newest that the table does not know, newest first
        (nor knew as this run began: an earlier turn's message whose controls it took off),
        posted since the game began (an earlier game's may have the very same words)."""
        known = {*work.table.messages.values(), *work.before.values(), *work.claimed}
        channel = self.bot.get_partial_messageable(work.record.channel_id)
        me = self.bot.user.id if self.bot.user else None
        since = work.record.created_at
        try:
            return [
                message
                async for message in channel.history(limit=ADOPT_LOOKBACK)
                if message.author.id == me
                and message.id not in known
                and message.created_at.timestamp() >= since
            ]
        except discord.HTTPException:
            log.info("could not read the history of channel %s", work.record.channel_id)
            return []

    def _of_game(self, work: Showing) -> Callable[[discord.Message], bool]:
        """A turn message of the game: its controls, or a noted click's follow-up with a
        picture (the click's other follow-ups, pings and the round's results, have none or are
        noted)."""
        clicks = set(work.table.posting_clicks)

        def ours(message: discord.Message) -> bool:
            if any(game == work.record.id for game, _, _ in controls_of(message)):
                return True
            return bool(message.attachments) and through(message, clicks)

        return ours

    async def _forget_clicks(self, work: Showing) -> None:
        """The channel shows the table completely: the noted clicks and own posts are done with.

        A repair first deletes what those clicks posted and no step claimed (a crash left it:
        the ping of a turn that passed meanwhile), so the channel keeps no stray copy.
        """
        table = work.table
        if work.repair and table.posting_clicks:
            clicks = set(table.posting_clicks)
            for message in await self._unnoted(work):
                if through(message, clicks):
                    log.info(
                        "message %s of game %s was left behind; deleting it",
                        message.id,
                        work.record.id,
                    )
                    with contextlib.suppress(discord.HTTPException):
                        await self._delete(work.record.channel_id, message.id)
        table.posting_clicks = []
        for key in [key for key in table.messages if key.startswith(OWN_POST)]:
            del table.messages[key]

    # ---- saving what was done ------------------------------------------------------------

    async def _delete_doubles(
        self, channel_id: int, before: dict[str, int], ours: dict[str, int], saved: Table
    ) -> None:
        """Our messages that another process posted too, its own saved first: ours go.

        A follow-up has no nonce, so two processes showing one change at once (a guild's
        shard and the one that gets the DMs) may each post the turn message or the ping.
        """
        for key, message_id in ours.items():
            if not key.startswith(("turn:", "ping:")) or before.get(key) == message_id:
                continue
            if saved.messages.get(key) in (None, message_id):
                continue
            log.info("message %s of %s doubled another process's; deleting it", message_id, key)
            try:
                await self._delete(channel_id, message_id)
            except discord.HTTPException:
                log.info("message %s could not be deleted", message_id)
