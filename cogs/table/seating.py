"""Opening a table, its lobby's clicks, a start, and what is confirmed by a second button."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord

from cogs.table.click import Click
from cogs.table.components import read_command
from cogs.table.delivery import Reply, answer_privately
from cogs.table.i18n import user_language
from cogs.table.layout import accent_of, notice_view
from cogs.table.messages import mark_layout
from cogs.table.plugin import GamePlugin
from cogs.table.threads import thread_parent
from games import table as tables
from games.engine import Action, Event, RulesError
from games.table import Table
from locales import LANGUAGES
from screens.lobby import parse_language_value, parse_option_value
from screens.model import Button
from storage import ChannelBusy, GameRecord, StaleVersion, StorageUnavailable

if TYPE_CHECKING:
    from cogs.table.channel_step import ChannelSync
    from cogs.table.queue import ChannelQueue
    from cogs.table.services import Shows, TableServices

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
CONFIRMED = {"cancel", "leave"}  # what a "sure:" button confirms


class Seating:
    """The table's lobby and seats: handed the channels' locks, the table's changes, the
    channel step and the showing of a save."""

    def __init__(
        self,
        services: TableServices,
        changes: SeatChanges,
        queue: Callable[[int], ChannelQueue],
        remember: Callable[[GameRecord], object],
        sync: ChannelSync,
        show: Shows,
        keep_thread_open: Callable[[GameRecord], Awaitable[bool]],
    ) -> None:
        self.services = services
        self.loc = services.loc
        self.config = services.config
        self.changes = changes
        self.queue = queue
        self.remember = remember  # notes a new game's channel for the clicks to come
        self.sync = sync
        self.show = show
        self.keep_thread_open = keep_thread_open

    def lang(self, interaction: discord.Interaction) -> str:
        return user_language(interaction, self.config.default_language)

    async def tell(self, interaction: discord.Interaction, key: str, **args: Any) -> None:
        """A private answer in the user's language (a reply, or a follow-up if already replied)."""
        await answer_privately(interaction, self.loc.text(self.lang(interaction), key, **args))

    async def open_table(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        options: dict[str, Any],
        start_now: bool = False,
        turn_minutes: int | None = None,
    ) -> None:
        """``/<game> new``: a lobby message in this channel (or thread), or a solo game at once."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.tell(interaction, "table-error-guild-only")
            return
        self.services.drawing.warm(plugin)  # its pictures are needed once the players have joined
        settings = {option.name: option.default for option in plugin.info.options}
        settings.update({k: v for k, v in options.items() if v is not None})
        # The host's language: a friends' server says en-US whatever its members speak.
        language = self.lang(interaction)
        if plugin.word_option and options.get(plugin.word_option) is None:
            settings[plugin.word_option] = language
        user = interaction.user
        table = tables.open_table(plugin.kind, user.id, user.display_name, language, settings)
        table.seats[0].language = language
        if plugin.sends_dms:
            self.services.direct.ask_ahead(user.id)
        table.turn_minutes = self.config.default_turn_minutes
        table.thread_parent = thread_parent(interaction)
        if turn_minutes is not None:
            longest = self.config.max_turn_minutes
            if not 0 <= turn_minutes <= longest:
                await self.tell(interaction, "table-error-timer-range", max=longest)
                return
            table.turn_minutes = turn_minutes
        table.changed = 1  # the lobby message is to be shown
        async with self.queue(interaction.channel_id):
            try:
                record = await self.services.db.create_game(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id,
                    kind=plugin.kind,
                    snapshot=table.to_json(),
                )
            except ChannelBusy:
                await self.tell(interaction, "table-error-channel-busy")
                return
            except StorageUnavailable:  # logged once per outage by the storage
                await self.tell(interaction, "outage-storage-retry")
                return
            self.remember(record)
            command = read_command(interaction, record, self.loc, language)
            if start_now:
                tables.start(table, plugin.info, user.id, seed=secrets.randbits(62))
                table.shown = table.changed  # its lobby is the answer: the first turn may follow
                try:
                    state = plugin.new_state(table)
                    await self.start_game(command, plugin, record, table, state, lineup=True)
                except RulesError as error:  # options the game cannot start with
                    await command.reply.say(error.key, **error.args_)
                except StaleVersion:  # changed by someone else within a moment of its creation
                    await command.reply.say("table-error-stale")
                return
            await self._answer_lobby(command.reply, plugin, record, table)
            if table.thread_parent:  # a week's auto-archive for its thread, after the answer
                await self.keep_thread_open(record)

    async def _answer_lobby(
        self, reply: Reply, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """The slash command's answer is the lobby; if it fails, the channel step posts one."""
        message_id = await reply.post(self.sync.lobby_view(plugin, record, table))
        if message_id is not None:
            before = dict(table.messages)
            table.messages["lobby"] = message_id
            mark_layout(table.messages, message_id)
            table.shown = table.changed
            await self.sync.save(record, table, before)
            return
        await self.show(record, table, alone=True)  # a new game: no other process shows it

    # ---- the lobby's clicks ------------------------------------------------------------

    async def lobby_click(
        self, click: Click, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """A lobby control; raises :class:`RulesError` for a refusal (nothing changed)."""
        verb, values, user_id = click.argument, click.values, click.user_id
        info = plugin.info
        # Lobby clicks mean the same at any version; "add a computer" names the seat it adds,
        # so a double click adds one seat only.
        if verb.startswith("bot:") and verb != f"bot:{len(table.seats)}":
            raise RulesError("table-error-stale")
        if verb == "join":
            tables.join(table, info, user_id, click.user_name)
            table.seats[-1].language = click.language
            if plugin.sends_dms:
                self.services.direct.ask_ahead(user_id)
        elif verb == "leave":
            tables.leave_lobby(table, user_id)
        elif verb == "start":
            tables.start(table, info, user_id, seed=secrets.randbits(62))
        elif verb == "cancel":
            await self.ask_to_confirm(click.reply, click, record, table, "cancel")
            return
        elif verb.startswith("bot:"):
            if not plugin.computer_seats:
                raise RulesError("table-error-unknown-control")
            refusal = plugin.computer_refusal(table)  # e.g. a deck nobody described
            if refusal is not None:
                raise RulesError(refusal)
            name = self.loc.text(table.language, "table-computer-name", n=len(table.seats))
            tables.add_computer(table, info, user_id, name)
        elif verb == "timer":
            minutes = int(values[0]) if values and values[0].isdigit() else -1
            tables.set_timer(table, user_id, minutes, self.config.max_turn_minutes)
        elif verb == "lang":
            language, words = parse_language_value(values[0] if values else "")
            tables.set_language(table, user_id, language, LANGUAGES)
            if plugin.word_option:
                tables.set_option(table, info, user_id, plugin.word_option, words)
        else:
            # A menu sends its choice; a yes/no button carries it: ``opt:<name>=<value>``.
            name, _, text = verb[4:].partition("=")
            value = parse_option_value(info, name, text or (values[0] if values else ""))
            tables.set_option(table, info, user_id, name, value)
        if table.status == tables.ACTIVE:
            # Options the game cannot start with (e.g. a bad deck) refuse the start.
            await self.start_game(click, plugin, record, table, plugin.new_state(table))
            return
        await self.changes.change_table(record, table, click)

    async def start_game(
        self,
        click: Click | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        state: Any,
        lineup: bool = False,
    ) -> None:
        """The first turn of a table just started, saved and shown. ``lineup``: the start
        answers its slash command with the line-up (a solo game)."""
        moves: list[tuple[int | None, Action, str]] = []
        events = self.changes.play_automatic_moves(plugin, table, state, moves, record.version + 1)
        await self.changes.save_and_show(
            click, plugin, record, table, state, moves, events, started=True, lineup=lineup
        )

    # ---- what cannot be undone: asked privately, confirmed by a second button ------------

    async def ask_to_confirm(
        self, reply: Reply, asker: Asker, record: GameRecord, table: Table, what: str
    ) -> None:
        """A private question with one button; it holds for this table as it is now.

        ``what``: ``cancel`` (the table, for everyone) or ``leave`` (the asker's seat).
        Raises :class:`RulesError` when the asker may not do it at all.
        """
        user_id = asker.user_id
        if what == "cancel" and user_id != table.host_id and not asker.manages_server:
            raise RulesError("table-error-cancel-forbidden")
        seat = table.seat_of(user_id)
        if what == "leave" and (seat is None or table.seats[seat].left):
            raise RulesError("table-error-not-seated")
        lang = asker.language
        running = int(record.status == tables.ACTIVE)
        text = self.loc.text(lang, f"table-confirm-{what}", running=running)
        button = Button(
            self.loc.text(lang, f"table-confirm-{what}-button"), f"sure:{what}", style="danger"
        )
        rows = [(button,)]
        await reply.tell(
            text, notice_view(text, accent_of(record.kind), rows, record.id, record.version)
        )

    async def confirmed(
        self, click: Click, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """The second button: done only if the table is still the one the question was about."""
        what, user_id = click.argument, click.user_id
        # A new turn message, a start or a newer question make it a question of the past.
        stale = click.version > record.version or click.version < table.turn_since
        if stale or what not in CONFIRMED:
            raise RulesError("table-error-stale")
        if what == "cancel":
            tables.cancel(table, user_id, click.manages_server)
        elif record.status == tables.LOBBY:
            tables.leave_lobby(table, user_id)
        else:
            seat = table.seat_of(user_id)
            if seat is None or table.seats[seat].left:
                raise RulesError("table-error-not-seated")
        if what == "leave" and record.status == tables.ACTIVE:
            seat = table.seat_of(user_id)
            assert seat is not None
            await self.changes.seat_left(None, plugin, record, table, seat, "table-player-left")
        else:
            await self.changes.change_table(record, table)
        key = "table-cancelled" if what == "cancel" else "table-you-left"
        await click.reply.replace_private(self.loc.text(click.language, key, user=click.user_name))
        if what == "cancel":
            public = self.loc.text(table.language, key, user=click.user_name)
            channel = self.services.channel(record.channel_id)
            with contextlib.suppress(discord.HTTPException):
                view = notice_view(public, accent_of(record.kind))
                await channel.send(view=view, allowed_mentions=NO_PINGS, silent=True)

    async def remove_player(
        self, click: Click, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """The host's "remove" button, offered after two timeouts in a row."""
        seat = int(click.argument) if click.argument.isdigit() else -1
        tables.remove_player(table, click.user_id, seat)
        await self.changes.seat_left(click, plugin, record, table, seat, "table-player-removed")


async def answer_start(
    sync: ChannelSync, click: Click, plugin: GamePlugin, record: GameRecord, table: Table
) -> None:
    """A game that starts at once answers with its line-up, once its start is saved; the
    turn message follows (through the channel, if this answer failed)."""
    await click.reply.post(sync.lobby_view(plugin, record, table, controls=False))


class SeatChanges(Protocol):
    """What the lobby and the seats ask of the table's changes."""

    def play_automatic_moves(
        self,
        plugin: GamePlugin,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        new_version: int,
    ) -> list[Event]: ...

    async def save_and_show(
        self,
        click: Click | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        events: list[Event],
        notes: Sequence[list[Any]] = (),
        started: bool = False,
        lineup: bool = False,
    ) -> None: ...

    async def change_table(
        self, record: GameRecord, table: Table, click: Click | None = None
    ) -> GameRecord: ...

    async def seat_left(
        self,
        click: Click | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        note_key: str,
    ) -> None: ...


class Asker(Protocol):
    """Who asks to cancel a table or to leave it, as far as the question needs."""

    @property
    def user_id(self) -> int: ...

    @property
    def language(self) -> str: ...

    @property
    def manages_server(self) -> bool: ...
