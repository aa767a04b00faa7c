"""Bringing a channel up to its table's saved state: one idempotent step, run after every change.

Every change saves, with the move, what the channel must show (``Table.changed``, the turn
message's log, messages still to post; see ``games/table.py``). This step makes Discord match:
it posts or edits the lobby or the turn message, posts a game's own messages (Stella's round
results), mirrors to spectating channels, takes the controls off earlier turn messages once
their successor exists, lets the game update its DMs, and then saves the message ids and that
the change is shown. It runs after each change, again when an answer failed or came late, at
start-up for every table a crash left behind, and every few seconds for tables another process
left behind, in whichever process gets there.

Running it twice changes nothing the second time; dying in the middle of it is repaired by the
next run, which never posts a second copy of a message the first run posted:

- a message posted by the channel's route carries a nonce made of the game and the turn, so
  Discord returns the message already posted instead of a second one (for a few minutes);
- a repair first looks among the channel's newest messages for one of the game it does not
  know yet: a message with the game's controls, one with the very words it is about to post
  (Stella's round results, a "your turn" ping), or a follow-up of a click the table noted;
- a message that a click brings (the first turn message after Start, the next turn's
  message, a "your turn" ping, Stella's round results) is posted as that click's follow-up:
  Discord does not count the click's own webhook against the bot's global limit of 50 calls a
  second, which the evening's new messages would otherwise fill. A follow-up carries no nonce
  and may carry no controls (Stella's marking message), but Discord keeps on it the id of the
  click it answers. So a click may post only once the change's save names it
  (``Table.posting_clicks``, noted by :func:`note_posting_click` with the change): whatever it
  posted, a repair finds by that id and brings up to date (the turn message), keeps (the
  round's results, noted with their version as ``post:<v>``) or deletes (a message no step
  claims any more, such as the ping of a turn that passed meanwhile).

An edit sends a picture only when it changed: the table notes the picture each message shows
(a digest, under ``pic:<message id>`` among its message ids), and an edit whose picture is the
same leaves the attachment as it is, so that no phone downloads it again. An earlier turn
message loses its controls; one that sums up a phase while it runs (Stella's marking) also gets
its last words (``GamePlugin.closing_text``), so that it stays true.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.components import attachments, build_view, controls_of
from cogs.table.delivery import acknowledge_if_late, late_answer
from cogs.table.plugin import GamePlugin
from cogs.table.rematch import rematch_row
from fault_points import fault_point
from games import table as tables
from games.table import Table, ping_message_key, turn_message_key
from screens.context import TableContext, log_event_lines
from screens.lobby import RULES_PAYLOAD, lobby_screen
from screens.model import Button, Row, Screen
from storage import GameRecord, StaleVersion

if TYPE_CHECKING:
    from cogs.table.cog import TableCog

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
PROMPT_BREAK = "\u2063\n"  # an invisible separator before the prompt: the log is what precedes
MAX_TEXT = 2000
MERGE_ATTEMPTS = 3  # message ids merged into a game that other processes keep changing
ADOPT_LOOKBACK = 20  # a repair looks this far back for a message posted before a crash
# A click's token lasts 15 minutes; a change takes seconds, so a click older than this is one
# whose change waited very long (a busy evening, a hung call): the channel's route is safer.
FOLLOWUP_AGE = 10 * 60.0
POSTING_CLICKS = 8  # clicks a table names for a repair (each change not shown adds one)
OWN_POST = "post:"


@dataclass
class Showing:
    """One run of the step: the table as loaded, and what was done to Discord so far."""

    record: GameRecord
    table: Table
    plugin: GamePlugin
    interaction: discord.Interaction | None
    repair: bool
    alone: bool  # no other process can be showing this table now (see ChannelSync.show)
    before: dict[str, int] = field(default_factory=dict)
    posted: set[int] = field(default_factory=set)  # versions of own messages now posted
    shown_before: int = 0
    notify_before: list[int] = field(default_factory=list)
    clicks_before: list[int] = field(default_factory=list)
    claimed: set[int] = field(default_factory=set)  # ids posted or adopted by this run


class ChannelSync:
    """The step for every table of the bot (one per table cog)."""

    def __init__(self, cog: TableCog) -> None:
        self.cog = cog

    @property
    def bot(self):
        return self.cog.bot

    async def show(
        self,
        game_id: int,
        interaction: discord.Interaction | None = None,
        *,
        repair: bool = False,
        known: tuple[GameRecord, Table] | None = None,
        alone: bool = False,
    ) -> bool:
        """Bring Discord up to the game as saved (the caller holds the channel's lock).

        ``interaction``: the click behind the change, whose message may be edited through its
        token (which costs nothing of the bot's REST budget); if its answer waits
        (:mod:`cogs.table.delivery`), the edit of its message answers it. ``known``: the record
        and table the caller has just saved, to spare loading them. ``alone``: the change was
        made to a table shown completely; only then may new messages be the click's follow-ups. Else
        another process may be posting the same message: the channel's route, with its nonce,
        makes Discord return the one already posted, and the channel is looked at first for a
        follow-up posted meanwhile. True when everything is shown.
        """
        if known is not None:
            record, table = known
        else:
            loaded = await self.bot.db.load_game(game_id)
            if loaded is None:
                return True
            record, table = loaded, Table.from_json(loaded.snapshot)
        plugin = self.cog.plugins.get(record.kind)
        if plugin is None or table.up_to_date:
            if repair and known is None:
                # Shown already (another process finished it): the sweep need not come back.
                # Only the mark goes: a new version would refuse the saves of clicks under way.
                await self.bot.db.mark_shown(record.id, record.version)
            return True
        work = Showing(
            record,
            table,
            plugin,
            interaction,
            repair,
            alone,
            dict(table.messages),
            set(),
            table.shown,
            list(table.notify),
            list(table.posting_clicks),
        )
        done = False
        try:
            await self._show(work)
            forget_pictures(table.messages)
            done = True
        finally:
            # What was posted is saved even when a later step failed: a retry must not repeat it.
            if done:
                table.shown = table.changed
                if table.up_to_date:
                    await self._forget_clicks(work)
            fault_point("shown.unsaved")
            await self._save(work)
        return table.up_to_date

    # ---- the steps ----------------------------------------------------------------------

    async def _show(self, work: Showing) -> None:
        table = work.table
        if table.status == tables.LOBBY:
            await self._show_lobby(work)
            return
        if table.status in (tables.CANCELLED, tables.ABANDONED) or table.state is None:
            await self._close(work)
            return
        ctx = self._context(work)
        for post in list(table.posts):
            await self._post_own(work, ctx, post)
        changed = table.shown < table.changed
        if changed and table.status == tables.FINISHED:
            best = await work.plugin.personal_best(self.cog, ctx, work.record.guild_id)
            ctx = replace(ctx, best=best)
        # The channel first (the click's follow-up, at once), then the private messages,
        # which wait for Discord's global limit when many tables start rounds together.
        if changed:
            await self._show_turn(work, ctx, await self._turn_screen(work, ctx))
        if await work.plugin.sync_private(self.cog, ctx, work.interaction):
            await self._show_turn(work, ctx, await self._turn_screen(work, ctx))
        if table.notify:
            await self._ping(work, ctx)
        self._forget_pings(work)
        for key in table.retired_keys():
            await self._retire(work, ctx, key)
            del table.messages[key]
        if "lobby" in table.messages:
            await self._close_lobby(work)

    def _context(self, work: Showing) -> TableContext:
        table = work.table
        state = work.plugin.engine.from_json(table.state or {})
        return TableContext(
            work.record.id,
            work.record.version,
            table,
            state,
            table.language,
            self.cog.loc,
            repairing=work.repair or not work.alone,
        )

    async def _turn_screen(self, work: Showing, ctx: TableContext) -> Screen:
        """The current turn message: its log, the picture and prompt of now, and the controls."""
        plugin, table = work.plugin, work.table
        finished = table.status == tables.FINISHED
        method = "final_screen" if finished else "turn_screen"
        screen = await self.cog.drawing.screen(plugin, method, ctx)
        lines = [line for item in table.log for line in self.log_lines(plugin, ctx, item)]
        text = join_lines([*lines, PROMPT_BREAK + screen.text if lines else screen.text])
        rows = [rematch_row(ctx)] if finished else [*self._removal_rows(ctx), *screen.rows][:5]
        if not finished and table.turn_since == table.first_turn:
            rows = with_rules_button(rows, ctx.t("rules-button"))
        return Screen(text, screen.image, screen.filename, screen.image_summary, rows)

    def log_lines(self, plugin: GamePlugin, ctx: TableContext, item: dict[str, Any]) -> list[str]:
        notes = [ctx.t(key, **args) for key, args in item.get("notes", [])]
        return [*notes, *log_event_lines(plugin, ctx, item.get("events", []))]

    def _removal_rows(self, ctx: TableContext) -> list[Row]:
        """The host's "remove" buttons for players who let the timer run out twice in a row."""
        buttons = []
        for index, seat in enumerate(ctx.table.seats):
            if seat.human and not seat.left and seat.timeouts >= 2 and len(buttons) < 5:
                label = ctx.t("table-remove-player", player=seat.name)[:80]
                buttons.append(Button(label, f"kick:{index}", style="danger", emoji="🚪"))
        return [tuple(buttons)] if buttons else []

    async def _show_turn(self, work: Showing, ctx: TableContext, screen: Screen) -> None:
        table, record = work.table, work.record
        key = turn_message_key(table.turn_since)
        view = build_view(record.id, record.version, screen.rows)
        message_id = table.messages.get(key) or await self._adopt(work, words=screen.text)
        if message_id:
            table.messages[key] = message_id
            await self._edit(work, message_id, screen, view)
        else:
            nonce = f"{record.id}.{table.turn_since}"
            seats = self._notified(work, ctx)
            notify = self._users(work, seats)
            table.messages[key] = await self._post_for(work, screen, view, nonce, notify)
            note_picture(table.messages, table.messages[key], screen)
            table.notify = []  # the new message itself notified them
            table.notified = [*table.notified, *seats]
        await self._mirror(work, ctx, screen)

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
                work, Screen(text), None, nonce, notify, by_words=True, newer_than=newest
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

    async def _post_own(self, work: Showing, ctx: TableContext, post: dict[str, Any]) -> None:
        """A message the game posts before the turn message (Stella's round results)."""
        screen = await self.cog.drawing.screen(work.plugin, "own_screen", ctx, post["events"])
        nonce = f"{work.record.id}.p{post['v']}"
        # Noted, so that no repair takes it for the turn message that follows it.
        work.table.messages[own_message_key(post["v"])] = await self._post_for(
            work, screen, None, nonce, by_words=True
        )
        for index, channel_id in enumerate(work.table.spectators):
            await self._post_quietly(channel_id, screen, f"{nonce}.{index}")
        work.table.posts.remove(post)
        work.posted.add(post["v"])

    async def _mirror(self, work: Showing, ctx: TableContext, screen: Screen) -> None:
        """Spectating channels get the turn message too (edited with it), without controls;
        an earlier one gets its last words as the table's does (see _retire)."""
        table = work.table
        since = table.turn_since
        for key in [k for k in table.messages if k.startswith("w")]:
            channel, _, of = key[1:].partition(":")
            if int(of) != since or int(channel) not in table.spectators:
                message_id = table.messages.pop(key)
                closing = work.plugin.closing_text(ctx, turn_message_key(int(of)))
                if closing is not None and int(channel) in table.spectators:
                    await self._close_with(int(channel), message_id, closing, quietly=True)
        for index, channel_id in enumerate(table.spectators):
            key = f"w{channel_id}:{since}"
            message_id = table.messages.get(key)
            if message_id:
                await self._edit_quietly(work, channel_id, message_id, screen)
                continue
            posted = await self._post_quietly(
                channel_id, screen, f"{work.record.id}.{since}.{index}"
            )
            if posted:
                table.messages[key] = posted
                note_picture(table.messages, posted, screen)

    async def _show_lobby(self, work: Showing) -> None:
        table, record = work.table, work.record
        screen = lobby_screen(
            work.plugin, self.cog.loc, record.id, record.version, table, self.max_minutes
        )
        view = build_view(record.id, record.version, screen.rows)
        message_id = table.messages.get("lobby") or await self._adopt(work)
        if message_id:
            table.messages["lobby"] = message_id
            await self._edit(work, message_id, screen, view)
        else:
            nonce = f"{record.id}.lobby"
            # Silent, but for the players a rematch invites: this one message pings them.
            table.messages["lobby"] = await self._post(
                record.channel_id, screen, view, nonce, screen.mentions
            )

    async def _close_lobby(self, work: Showing) -> None:
        """The lobby of a game that started or closed: its list of players, without controls."""
        table, record = work.table, work.record
        screen = lobby_screen(
            work.plugin, self.cog.loc, record.id, record.version, table, self.max_minutes
        )
        await self._edit(work, table.messages["lobby"], Screen(screen.text), None)
        del table.messages["lobby"]

    async def _close(self, work: Showing) -> None:
        """A cancelled or abandoned table: no control is left on any of its messages."""
        table = work.table
        for key in [k for k in table.messages if k.startswith("turn:")]:
            await self._strip(work, table.messages.pop(key))
        if "lobby" in table.messages:
            await self._close_lobby(work)
        table.notify = []
        self._forget_pings(work)
        if table.state is not None:
            await work.plugin.sync_private(self.cog, self._context(work), work.interaction)

    @property
    def max_minutes(self) -> int:
        return self.bot.config.max_turn_minutes

    # ---- Discord ------------------------------------------------------------------------

    def _click_on(self, work: Showing, message_id: int) -> discord.Interaction | None:
        """The click behind the change, if it was made on this very message."""
        interaction = work.interaction
        if interaction is not None and interaction.message is not None:
            return interaction if interaction.message.id == message_id else None
        return None

    def _clicked(self, work: Showing, message_id: int) -> discord.Interaction | None:
        """The acknowledged click on this very message, if any (its token edits it for free)."""
        click = self._click_on(work, message_id)
        return click if click is not None and click.response.is_done() else None

    async def _edit(
        self,
        work: Showing,
        message_id: int,
        screen: Screen,
        view: discord.ui.View | None,
    ) -> None:
        kept = self._keeps_picture(work, message_id, screen)

        def arguments() -> dict[str, Any]:
            # An edit notifies nobody on Discord; its mentions only stay highlighted. Fresh
            # files for each try: a file sent once has been read to its end.
            edit: dict[str, Any] = {"content": screen.text, "view": view}
            edit["allowed_mentions"] = NO_PINGS
            if not kept:
                edit["attachments"] = attachments(screen)
            return edit

        if not await self._edit_through_click(work, message_id, arguments):
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
        self, work: Showing, message_id: int, arguments: Callable[[], dict[str, Any]]
    ) -> bool:
        """The edit made through the click on that message, if there is one: as the click's
        answer when it waits for it (one call), else with its token. False: not made."""
        answer = late_answer(self._click_on(work, message_id))
        if answer is not None and await answer.answer_with(
            lambda response: response.edit_message(**arguments())
        ):
            return True
        clicked = self._clicked(work, message_id)
        if clicked is None:
            return False
        try:
            await clicked.edit_original_response(**arguments())
        except discord.HTTPException as error:
            # Too late for the token (or Discord hiccupped): the channel's route still works.
            log.info("edit through the click failed (%s); using the channel", error.code)
            return False
        return True

    def _keeps_picture(self, work: Showing, message_id: int, screen: Screen) -> bool:
        """The message shows this very picture already: the edit leaves its attachment as it
        is, and no phone downloads it again. Only when no other process may be editing the
        message meanwhile (else the picture it shows is not known for sure)."""
        shown = work.table.messages.get(picture_key(message_id))
        return work.alone and not work.repair and shown == picture_digest(screen)

    def _posting_click(self, work: Showing) -> discord.Interaction | None:
        """The click behind this change, if its follow-ups may post in the table's channel."""
        interaction = work.interaction
        if (
            interaction is None
            or not work.alone
            or interaction.id not in work.table.posting_clicks  # else no repair could find it
            or interaction.channel_id != work.record.channel_id
            or not interaction.response.is_done()
        ):
            return None
        return interaction if token_age(interaction) < FOLLOWUP_AGE else None

    async def _post_for(
        self,
        work: Showing,
        screen: Screen,
        view: discord.ui.View | None,
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

        def same_words(message: discord.Message) -> bool:
            return message.content == screen.text and message.id > newer_than

        wanted = same_words if by_words else None
        if by_words:
            posted = await self._adopt(work, wanted)
            if posted:
                return posted
        posted = await self._post_new(work, screen, view, nonce, notify, wanted)
        work.claimed.add(posted)
        return posted

    async def _post_new(
        self,
        work: Showing,
        screen: Screen,
        view: discord.ui.View | None,
        nonce: str,
        notify: Sequence[int],
        wanted: Callable[[discord.Message], bool] | None,
    ) -> int:
        await acknowledge_if_late(work.interaction)  # a follow-up needs the click answered
        click = self._posting_click(work)
        if click is not None:
            try:
                message = await click.followup.send(
                    screen.text, wait=True, **new_message(screen, view, notify)
                )
            except discord.HTTPException as error:
                log.info("posting through the click failed (%s); using the channel", error.code)
                posted = await self._adopt(replace(work, repair=True), wanted)
                if posted:
                    return posted
            else:
                return message.id
        return await self._post(work.record.channel_id, screen, view, nonce, notify)

    async def _post(
        self,
        channel_id: int,
        screen: Screen,
        view: discord.ui.View | None,
        nonce: str,
        notify: Sequence[int] = (),
    ) -> int:
        """A new message; it notifies only the users in ``notify``, else it is silent."""
        channel = self.bot.get_partial_messageable(channel_id)
        message = await channel.send(
            screen.text, nonce=nonce[:25], **new_message(screen, view, notify)
        )
        return message.id

    async def _post_quietly(self, channel_id: int, screen: Screen, nonce: str) -> int | None:
        """A message to a spectating channel: one that is out of reach is skipped."""
        try:
            return await self._post(channel_id, screen, None, nonce)
        except discord.HTTPException:
            log.info("spectating channel %s is out of reach", channel_id)
            return None

    async def _edit_quietly(
        self, work: Showing, channel_id: int, message_id: int, screen: Screen
    ) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        arguments: dict[str, Any] = {"content": screen.text, "allowed_mentions": NO_PINGS}
        if not self._keeps_picture(work, message_id, screen):
            arguments["attachments"] = attachments(screen)
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
        if closing is None:
            await self._strip(work, message_id)
            return
        await acknowledge_if_late(work.interaction)
        await self._close_with(work.record.channel_id, message_id, closing)

    async def _close_with(
        self, channel_id: int, message_id: int, closing: str, quietly: bool = False
    ) -> None:
        """A message's prompt replaced by its last words, its log kept; no controls left.
        ``quietly``: a spectating channel, which may be out of reach."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            shown = await channel.fetch_message(message_id)
            log_part, _, _ = shown.content.rpartition(PROMPT_BREAK)
            text = log_part + PROMPT_BREAK + closing if log_part else closing
            await shown.edit(content=text[:MAX_TEXT], view=None, allowed_mentions=NO_PINGS)
        except discord.NotFound:
            log.info("message %s is gone: nothing to close", message_id)
        except discord.HTTPException:
            if not quietly:
                raise
            log.info("spectating channel %s is out of reach", channel_id)

    async def _strip(self, work: Showing, message_id: int) -> None:
        """Take the controls off an earlier message (it keeps what it shows)."""
        await acknowledge_if_late(work.interaction)
        clicked = self._clicked(work, message_id)
        if clicked is not None:
            try:
                await clicked.edit_original_response(view=None)
                return
            except discord.HTTPException:
                pass
        channel = self.bot.get_partial_messageable(work.record.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.NotFound:
            log.info("message %s is gone: no controls to take off", message_id)

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
            if ours(message) or (words is not None and message.content == words):
                log.info("adopted message %s of game %s", message.id, work.record.id)
                work.claimed.add(message.id)
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

    async def _save(self, work: Showing) -> None:
        table = work.table
        if (
            table.messages == work.before
            and table.shown == work.shown_before
            and not work.posted
            and table.notify == work.notify_before
            and table.posting_clicks == work.clicks_before
        ):
            return
        await self.save(work.record, table, work.before, work.posted)

    async def save(
        self,
        record: GameRecord,
        table: Table,
        before: dict[str, int],
        posted: set[int] | frozenset[int] = frozenset(),
    ) -> None:
        """Save message ids and the shown mark; merged into another process's newer save.

        ``before``: the message ids as loaded; ``posted``: the versions of own messages posted.
        """
        db = self.bot.db
        target, saved = table, record
        for attempt in range(MERGE_ATTEMPTS + 1):
            try:
                await db.save_game(
                    saved.id,
                    saved.version,
                    target.to_json(),
                    status=saved.status,
                    shown=target.up_to_date,
                )
            except StaleVersion:
                # Another process saved first: our ids go into its save, where it left them.
                loaded = await db.load_game(record.id)
                if loaded is None:
                    return
                saved, target = loaded, Table.from_json(loaded.snapshot)
                merge_messages(target.messages, before, table.messages)
                target.posts = [post for post in target.posts if post["v"] not in posted]
                target.shown = max(target.shown, table.shown)
                continue
            if attempt:
                log.info("message ids of game %s merged into another process's save", record.id)
                await self._delete_doubles(record.channel_id, before, table.messages, target)
            return
        log.warning("message ids of game %s not saved: the game kept changing", record.id)

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


def note_posting_click(
    table: Table, record: GameRecord, interaction: discord.Interaction | None, alone: bool
) -> None:
    """Name, in the change about to be saved, the click whose follow-ups may post its messages.

    Only such a click posts through its own webhook (see :meth:`ChannelSync._posting_click`):
    its follow-ups carry no nonce, and a repair finds them by the click's id.
    """
    if interaction is not None and alone and interaction.channel_id == record.channel_id:
        table.posting_clicks = [*table.posting_clicks, interaction.id][-POSTING_CLICKS:]


def through(message: discord.Message, clicks: set[int]) -> bool:
    """Whether the message is a follow-up (or the answer) of one of these clicks."""
    metadata = message.interaction_metadata
    return metadata is not None and metadata.id in clicks


def own_message_key(version: int) -> str:
    """A game's own message (Stella's round results), noted until the channel shows all."""
    return f"{OWN_POST}{version}"


def merge_messages(fresh: dict[str, int], before: dict[str, int], ours: dict[str, int]) -> None:
    """Carry our changes of message ids (``before`` -> ``ours``) into a fresh load's ids.

    Where another process changed an id as well, its change is the newer one and stands.
    """
    for key in set(before) | set(ours):
        if ours.get(key) == before.get(key) or fresh.get(key) != before.get(key):
            continue
        if key in ours:
            fresh[key] = ours[key]
        else:
            fresh.pop(key, None)


def token_age(interaction: discord.Interaction) -> float:
    """Seconds since the click: its token lasts 15 minutes."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


def new_message(
    screen: Screen, view: discord.ui.View | None, notify: Sequence[int]
) -> dict[str, Any]:
    """What a new message of the table carries besides its text, by either route."""
    carried: dict[str, Any] = {
        "files": attachments(screen),
        "allowed_mentions": pings_for(notify),
        "silent": not notify,
    }
    if view is not None:
        carried["view"] = view
    return carried


PICTURE_KEY = "pic:"  # in a table's message ids: the picture a message shows, by its digest


def picture_key(message_id: int) -> str:
    return f"{PICTURE_KEY}{message_id}"


def picture_digest(screen: Screen) -> int:
    """What identifies a screen's attachment: its bytes, name and description (0: none)."""
    if screen.image is None:
        return 0
    digest = hashlib.blake2b(screen.image, digest_size=6)
    digest.update(f"\0{screen.filename}\0{screen.image_summary or ''}".encode())
    return int.from_bytes(digest.digest(), "big") or 1


def note_picture(messages: dict[str, int], message_id: int, screen: Screen) -> None:
    """Remember the picture a message now shows (see ChannelSync._keeps_picture)."""
    if screen.image is None:
        messages.pop(picture_key(message_id), None)
    else:
        messages[picture_key(message_id)] = picture_digest(screen)


def forget_pictures(messages: dict[str, int]) -> None:
    """The pictures of messages the table no longer edits are forgotten."""
    live = {value for key, value in messages.items() if not key.startswith(PICTURE_KEY)}
    for key in [k for k in messages if k.startswith(PICTURE_KEY)]:
        if int(key[len(PICTURE_KEY) :]) not in live:
            del messages[key]


def pings_for(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Mentions that notify exactly these users (none: nobody)."""
    if not user_ids:
        return NO_PINGS
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


def join_lines(lines: list[str]) -> str:
    text = "\n".join(line for line in lines if line)
    # Discord's limit is 2,000 characters; the oldest event lines give way first.
    while len(text) > MAX_TEXT and "\n" in text:
        text = text.split("\n", 1)[1]
    return text[:MAX_TEXT]


def with_rules_button(rows: list[Row], label: str) -> list[Row]:
    """The first turn message teaches the game too: "How to play" where there is room."""
    button = Button(label, RULES_PAYLOAD, emoji="📖")
    last = rows[-1] if rows else None
    if isinstance(last, tuple) and len(last) < 5:
        return [*rows[:-1], (*last, button)]
    if len(rows) < 5:
        return [*rows, (button,)]
    return rows
