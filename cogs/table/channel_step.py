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

Every message the step posts or edits is a Components V2 message (:mod:`cogs.table.layout`):
no content, the picture in a gallery that names its upload. The table notes each as such
(``v2:<message id>`` among its message ids); a message without the mark is a classic one,
posted before the change by a table still running. It is retired once (its controls go, its
text stays) and its successor is a V2 message, rather than converted in place: the channel keeps
it as players read it, and the successor's new nonce keeps a repair from taking one for the other.

An edit sends a picture only when it changed: the table notes the picture each message shows
(a digest, under ``pic:<message id>`` among its message ids), and an edit whose picture is the
same leaves the attachment as it is, so that no phone downloads it again. An earlier turn
message loses its controls; one that sums up a phase while it runs (Stella's marking) also gets
its last words (``GamePlugin.closing_text``), so that it stays true.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.channel_posts import ChannelPosts
from cogs.table.delivery import Reply
from cogs.table.layout import accent_of, layout_view, shown_text
from cogs.table.messages import (
    MERGE_ATTEMPTS,
    Showing,
    forget_pictures,
    is_layout_message,
    mark_layout,
    merge_messages,
    note_picture,
    own_message_key,
    with_rules_button,
)
from cogs.table.plugin import GamePlugin
from cogs.table.rematch import rematch_row
from fault_points import fault_point
from games import table as tables
from games.table import Table, turn_message_key
from screens.context import TableContext, log_event_lines
from screens.lobby import lobby_screen
from screens.model import Button, Row, Screen, game_header
from storage import GameRecord, StaleVersion

if TYPE_CHECKING:
    from cogs.table.services import TableServices

log = logging.getLogger(__name__)


class ChannelSync(ChannelPosts):
    """The step for every table of the bot (one per table cog)."""

    def __init__(self, services: TableServices, plugins: dict[str, GamePlugin]) -> None:
        self.services = services
        self.plugins = plugins  # the games, by kind (registered as their cogs load)

    @property
    def bot(self) -> discord.Client:
        """Discord, for the messages (see :class:`~cogs.table.channel_posts.ChannelPosts`)."""
        return self.services.client

    async def show(
        self,
        game_id: int,
        reply: Reply | None = None,
        *,
        repair: bool = False,
        known: tuple[GameRecord, Table] | None = None,
        alone: bool = False,
    ) -> bool:
        """Bring Discord up to the game as saved (the caller holds the channel's lock).

        ``reply``: the click behind the change, whose message may be edited through it
        (which costs nothing of the bot's REST budget): if its answer waits
        (:mod:`cogs.table.delivery`), the edit of its message answers it, else its token.
        ``known``: the record and table the caller has just saved, to spare loading them.
        ``alone``: the change was made to a table shown completely; only then may new messages
        be the click's follow-ups. Else another process may be posting the same message: the
        channel's route, with its nonce, makes Discord return the one already posted, and the
        channel is looked at first for a follow-up posted meanwhile. True when everything is shown.
        """
        if known is not None:
            record, table = known
        else:
            loaded = await self.services.db.load_game(game_id)
            if loaded is None:
                return True
            record, table = loaded, Table.from_json(loaded.snapshot)
        plugin = self.plugins.get(record.kind)
        if plugin is None or table.up_to_date:
            if repair and known is None:
                # Shown already (another process finished it): the sweep need not come back.
                # Only the mark goes: a new version would refuse the saves of clicks under way.
                await self.services.db.mark_shown(record.id, record.version)
            return True
        work = Showing(
            record,
            table,
            plugin,
            reply,
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
            best = await work.plugin.personal_best(self.services, ctx, work.record.guild_id)
            ctx = replace(ctx, best=best)
        # The channel first (the click's follow-up, at once), then the private messages,
        # which wait for Discord's global limit when many tables start rounds together.
        if changed:
            await self._show_turn(work, ctx, await self._turn_screen(work, ctx))
        if await work.plugin.sync_private(self.services, ctx, _answered(work)):
            await self._show_turn(work, ctx, await self._turn_screen(work, ctx))
        if table.notify:
            await self._ping(work, ctx)
        self._forget_pings(work)
        for key in table.retired_keys():
            await self._retire(work, ctx, key)
            del table.messages[key]
        if "lobby" in table.messages:
            await self._close_lobby(work)

    def _header(self, work: Showing, screen: Screen) -> str:
        """The line above the picture: the game, and its round or phase if the screen says."""
        title = work.plugin.title(self.services.loc, work.table.language)
        return game_header(work.plugin.emoji, title, screen.header)

    def _context(self, work: Showing) -> TableContext:
        table = work.table
        state = work.plugin.engine.from_json(table.state or {})
        return TableContext(
            work.record.id,
            work.record.version,
            table,
            state,
            table.language,
            self.services.loc,
            repairing=work.repair or not work.alone,
        )

    async def _turn_screen(self, work: Showing, ctx: TableContext) -> Screen:
        """The current turn message: its log, the picture and prompt of now, and the controls."""
        plugin, table = work.plugin, work.table
        finished = table.status == tables.FINISHED
        method = "final_screen" if finished else "turn_screen"
        screen = await self.services.drawing.screen(plugin, method, ctx)
        lines = [line for item in table.log for line in self.log_lines(plugin, ctx, item)]
        rows = [rematch_row(ctx)] if finished else [*self._removal_rows(ctx), *screen.rows][:5]
        if not finished and table.turn_since == table.first_turn:
            rows = with_rules_button(rows, ctx.t("rules-button"))
        return replace(screen, rows=rows, log=tuple(lines), header=self._header(work, screen))

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
        message_id = table.messages.get(key) or await self._adopt(work, words=shown_text(screen))
        message_id, renewed = await self._upgraded(work, message_id)
        if message_id:
            table.messages[key] = message_id
            await self._edit(work, message_id, screen)
        else:
            nonce = f"{record.id}.{table.turn_since}{renewed}"
            seats = self._notified(work, ctx)
            notify = self._users(work, seats)
            table.messages[key] = await self._post_for(work, screen, nonce, notify)
            note_picture(table.messages, table.messages[key], screen)
            table.notify = []  # the new message itself notified them
            table.notified = [*table.notified, *seats]
        await self._mirror(work, ctx, screen)

    async def _upgraded(self, work: Showing, message_id: int | None) -> tuple[int | None, str]:
        """A classic message (posted before the table's messages were V2 ones) is retired, its
        text kept: its successor is a fresh V2 message,
        whose nonce differs from the one the classic message was posted with. The message to
        edit (None: post one), and what the new message's nonce ends with."""
        if not message_id or is_layout_message(work.table.messages, message_id):
            return message_id, ""
        log.info("classic message %s of game %s retired", message_id, work.record.id)
        await self._strip(work, work.record.channel_id, message_id)
        return None, "v"

    async def _post_own(self, work: Showing, ctx: TableContext, post: dict[str, Any]) -> None:
        """A message the game posts before the turn message (Stella's round results)."""
        screen = await self.services.drawing.screen(work.plugin, "own_screen", ctx, post["events"])
        nonce = f"{work.record.id}.p{post['v']}"
        # Noted, so that no repair takes it for the turn message that follows it.
        screen = replace(screen, rows=[], header=self._header(work, screen))
        work.table.messages[own_message_key(post["v"])] = await self._post_for(
            work, screen, nonce, by_words=True
        )
        for index, channel_id in enumerate(work.table.spectators):
            await self._post_quietly(work, channel_id, screen, f"{nonce}.{index}")
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
                    await self._strip(work, int(channel), message_id, closing, quietly=True)
        for index, channel_id in enumerate(table.spectators):
            key = f"w{channel_id}:{since}"
            message_id = table.messages.get(key)
            renewed = ""
            if message_id and is_layout_message(table.messages, message_id):
                await self._edit_quietly(work, channel_id, message_id, screen)
                continue
            if message_id:
                renewed = "v"  # a classic mirror from before V2 stays as it is; a V2 one follows
            posted = await self._post_quietly(
                work, channel_id, screen, f"{work.record.id}.{since}.{index}{renewed}"
            )
            if posted:
                table.messages[key] = posted
                note_picture(table.messages, posted, screen)

    async def _show_lobby(self, work: Showing) -> None:
        table, record = work.table, work.record
        screen = self._lobby_screen(work)
        message_id = table.messages.get("lobby") or await self._adopt(work)
        message_id, renewed = await self._upgraded(work, message_id)
        if message_id:
            table.messages["lobby"] = message_id
            await self._edit(work, message_id, screen)
        else:
            nonce = f"{record.id}.lobby{renewed}"
            # Silent, but for the players a rematch invites: this one message pings them.
            posted = await self._post(work, record.channel_id, screen, nonce, screen.mentions)
            table.messages["lobby"] = posted
            mark_layout(table.messages, posted)

    def _lobby_screen(self, work: Showing) -> Screen:
        return self.lobby_screen(work.plugin, work.record, work.table)

    def lobby_screen(self, plugin: GamePlugin, record: GameRecord, table: Table) -> Screen:
        """The lobby (or, once the game started, its line-up), the game's name its header."""
        minutes = self.max_minutes
        return lobby_screen(plugin, self.services.loc, record.id, record.version, table, minutes)

    def lobby_view(
        self, plugin: GamePlugin, record: GameRecord, table: Table, controls: bool = True
    ) -> discord.ui.LayoutView:
        """The lobby as a V2 message (the slash command's answer, or the line-up at a start)."""
        screen = self.lobby_screen(plugin, record, table)
        if not controls:
            screen = replace(screen, rows=[])
        return layout_view(screen, record.id, record.version, accent_of(record.kind))

    async def _close_lobby(self, work: Showing) -> None:
        """The lobby of a game that started or closed: its list of players, without controls."""
        table = work.table
        screen = self._lobby_screen(work)
        await self._edit(work, table.messages["lobby"], replace(screen, rows=[]))
        del table.messages["lobby"]

    async def _close(self, work: Showing) -> None:
        """A cancelled or abandoned table: no control is left on any of its messages."""
        table = work.table
        for key in [k for k in table.messages if k.startswith("turn:")]:
            await self._strip(work, work.record.channel_id, table.messages.pop(key))
        if "lobby" in table.messages:
            await self._close_lobby(work)
        table.notify = []
        self._forget_pings(work)
        if table.state is not None:
            await work.plugin.sync_private(self.services, self._context(work), _answered(work))

    @property
    def max_minutes(self) -> int:
        return self.services.config.max_turn_minutes

    # ---- Discord ------------------------------------------------------------------------

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
        db = self.services.db
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


def _answered(work: Showing) -> int | None:
    """The message the change's click was on (its click's own answer edits it), if any."""
    return work.reply.message_id if work.reply is not None else None
