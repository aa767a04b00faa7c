"""Opening a table, its lobby's clicks, a start, and what is confirmed by a second button."""

from __future__ import annotations

import contextlib
import logging
import secrets
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.components import build_view
from cogs.table.delivery import answer_privately
from cogs.table.plugin import GamePlugin
from cogs.table.threads import thread_parent
from games import table as tables
from games.engine import Action, RulesError
from games.table import Table
from locales import LANGUAGES
from screens.lobby import lobby_screen, parse_language_value, parse_option_value
from screens.model import Button
from storage import ChannelBusy, GameRecord, StaleVersion, StorageUnavailable

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
CONFIRMED = {"cancel", "leave"}  # what a "sure:" button confirms


class Seating:
    """The table cog's lobby and seats (a part of :class:`~cogs.table.cog.TableCog`)."""

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
        self.drawing.warm(plugin)  # its pictures are needed once the players have joined
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
            self.bot.direct.ask_ahead(user.id)
        table.turn_minutes = self.bot.config.default_turn_minutes
        table.thread_parent = thread_parent(interaction)
        if turn_minutes is not None:
            longest = self.bot.config.max_turn_minutes
            if not 0 <= turn_minutes <= longest:
                await self.tell(interaction, "table-error-timer-range", max=longest)
                return
            table.turn_minutes = turn_minutes
        table.changed = 1  # the lobby message is to be shown
        async with self.queue(interaction.channel_id):
            try:
                record = await self.bot.db.create_game(
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
            if start_now:
                tables.start(table, plugin.info, user.id, seed=secrets.randbits(62))
                table.shown = table.changed  # its lobby is the answer: the first turn may follow
                try:
                    await self._start_game(interaction, plugin, record, table, lineup=True)
                except StaleVersion:  # changed by someone else within a moment of its creation
                    await self.tell(interaction, "table-error-stale")
                return
            await self._answer_lobby(interaction, plugin, record, table)
            if table.thread_parent:  # a week's auto-archive for its thread, after the answer
                await self.keep_thread_open(record)

    async def _answer_lobby(
        self, interaction: discord.Interaction, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """The slash command's answer is the lobby; if it fails, the channel step posts one."""
        screen = lobby_screen(
            plugin, self.loc, record.id, record.version, table, self.bot.config.max_turn_minutes
        )
        try:
            sent = await interaction.response.send_message(
                screen.text,
                view=build_view(record.id, record.version, screen.rows),
                allowed_mentions=NO_PINGS,
                silent=True,
            )
        except discord.HTTPException as error:
            log.info("lobby answer of game %s failed (%s)", record.id, error.code)
            sent = None
        if sent is not None and sent.message_id is not None:
            before = dict(table.messages)
            table.messages["lobby"] = sent.message_id
            table.shown = table.changed
            await self.sync.save(record, table, before)
            return
        await self.show(record, table, alone=True)  # a new game: no other process shows it

    async def _answer_start(
        self, interaction: discord.Interaction, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """A game that starts at once answers with its line-up, once its start is saved; the
        turn message follows (through the channel, if this answer failed)."""
        screen = lobby_screen(
            plugin, self.loc, record.id, record.version, table, self.bot.config.max_turn_minutes
        )
        try:
            await interaction.response.send_message(
                screen.text, allowed_mentions=NO_PINGS, silent=True
            )
        except discord.HTTPException as error:
            log.info("line-up answer of game %s failed (%s)", record.id, error.code)

    # ---- every click lands here -------------------------------------------------------

    async def _lobby_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        user = interaction.user
        info = plugin.info
        # Lobby clicks mean the same at any version; "add a computer" names the seat it adds,
        # so a double click adds one seat only.
        if payload.startswith("bot:") and payload != f"bot:{len(table.seats)}":
            await self.tell(interaction, "table-error-stale")
            return
        try:
            if payload == "join":
                tables.join(table, info, user.id, user.display_name)
                table.seats[-1].language = self.lang(interaction)
                if plugin.sends_dms:
                    self.bot.direct.ask_ahead(user.id)
            elif payload == "leave":
                tables.leave_lobby(table, user.id)
            elif payload == "start":
                tables.start(table, info, user.id, seed=secrets.randbits(62))
            elif payload == "cancel":
                await self.ask_to_confirm(interaction, record, table, "cancel")
                return
            elif payload.startswith("bot:"):
                if not plugin.computer_seats:
                    raise RulesError("table-error-unknown-control")
                refusal = plugin.computer_refusal(table)  # e.g. a deck nobody described
                if refusal is not None:
                    raise RulesError(refusal)
                name = self.loc.text(table.language, "table-computer-name", n=len(table.seats))
                tables.add_computer(table, info, user.id, name)
            elif payload == "timer":
                minutes = int(values[0]) if values and values[0].isdigit() else -1
                tables.set_timer(table, user.id, minutes, self.bot.config.max_turn_minutes)
            elif payload == "lang":
                language, words = parse_language_value(values[0] if values else "")
                tables.set_language(table, user.id, language, LANGUAGES)
                if plugin.word_option:
                    tables.set_option(table, info, user.id, plugin.word_option, words)
            else:
                # A menu sends its choice; a yes/no button carries it: ``opt:<name>=<value>``.
                name, _, text = payload[4:].partition("=")
                value = parse_option_value(info, name, text or (values[0] if values else ""))
                tables.set_option(table, info, user.id, name, value)
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        if table.status == tables.ACTIVE:
            await self._start_game(interaction, plugin, record, table)
            return
        await self.change_table(record, table, interaction)

    async def _start_game(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        lineup: bool = False,
    ) -> None:
        """``lineup``: the start answers its slash command with the line-up (a solo game)."""
        try:
            state = plugin.new_state(table)
        except RulesError as error:  # options the game cannot start with, e.g. a bad deck
            if interaction is not None:
                await self.tell(interaction, error.key, **error.args_)
            return
        moves: list[tuple[int | None, Action, str]] = []
        events = self._advance(plugin, table, state, moves, record.version + 1)
        await self._commit(
            interaction, plugin, record, table, state, moves, events, started=True, lineup=lineup
        )

    # ---- what cannot be undone: asked privately, confirmed by a second button ------------

    async def ask_to_confirm(
        self, interaction: discord.Interaction, record: GameRecord, table: Table, what: str
    ) -> None:
        """A private question with one button; it holds for this table as it is now.

        ``what``: ``cancel`` (the table, for everyone) or ``leave`` (the asker's seat).
        Raises :class:`RulesError` when the asker may not do it at all.
        """
        user_id = interaction.user.id
        if what == "cancel" and user_id != table.host_id and not can_manage(interaction):
            raise RulesError("table-error-cancel-forbidden")
        seat = table.seat_of(user_id)
        if what == "leave" and (seat is None or table.seats[seat].left):
            raise RulesError("table-error-not-seated")
        lang = self.lang(interaction)
        running = int(record.status == tables.ACTIVE)
        text = self.loc.text(lang, f"table-confirm-{what}", running=running)
        button = Button(
            self.loc.text(lang, f"table-confirm-{what}-button"), f"sure:{what}", style="danger"
        )
        view = build_view(record.id, record.version, [(button,)])
        await answer_privately(interaction, text, view)

    async def _confirmed(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        what: str,
    ) -> None:
        """The second button: done only if the table is still the one the question was about."""
        # A new turn message, a start or a newer question make it a question of the past.
        if version > record.version or version < table.turn_since or what not in CONFIRMED:
            await self.tell(interaction, "table-error-stale")
            return
        user = interaction.user
        try:
            if what == "cancel":
                tables.cancel(table, user.id, can_manage(interaction))
            elif record.status == tables.LOBBY:
                tables.leave_lobby(table, user.id)
            else:
                seat = table.seat_of(user.id)
                if seat is None or table.seats[seat].left:
                    raise RulesError("table-error-not-seated")
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        if what == "leave" and record.status == tables.ACTIVE:
            seat = table.seat_of(user.id)
            assert seat is not None
            await self.seat_left(None, plugin, record, table, seat, "table-player-left")
        else:
            await self.change_table(record, table)
        key = "table-cancelled" if what == "cancel" else "table-you-left"
        text = self.loc.text(self.lang(interaction), key, user=user.display_name)
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=text, view=None)
        if what == "cancel":
            public = self.loc.text(table.language, key, user=user.display_name)
            channel = self.bot.get_partial_messageable(record.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.send(public, allowed_mentions=NO_PINGS, silent=True)

    # ---- in-game actions --------------------------------------------------------------

    async def _remove_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat_text: str,
    ) -> None:
        """The host's "remove" button, offered after two timeouts in a row."""
        seat = int(seat_text) if seat_text.isdigit() else -1
        try:
            tables.remove_player(table, interaction.user.id, seat)
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        await self.seat_left(interaction, plugin, record, table, seat, "table-player-removed")


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))
