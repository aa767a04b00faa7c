"""The table: lobby, seats, locks, saving and posting, shared by the three games.

Every change runs under the channel's lock: load -> apply -> save (version-checked) -> reply.
Game cogs register a :class:`~cogs.plugin.GamePlugin`; this cog does the rest.

Several bot processes (one per range of shards) may change one game: a guild's clicks reach
the process of its shard, DMs the process of shard 0. The lock is per process, so the version
check decides: a change that lost (:class:`StaleVersion`, nothing written, nothing answered yet)
runs once more on a fresh load, and says "out of date" if it loses again. Message ids noted
after a change are merged into the other process's save instead of overwriting it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.i18n import guild_language, user_language
from cogs.lobby import lobby_screen, parse_option_value
from cogs.plugin import GamePlugin, TableContext
from cogs.screens import Row, Screen, build_view
from games import table as tables
from games.engine import CHANCE, Action, Event, RulesError, settle
from games.table import Table
from storage import ChannelBusy, GameRecord, StaleVersion

if TYPE_CHECKING:
    from bot import TableBot

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
USER_PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)
LOBBY_VERBS = {"join", "leave", "start", "cancel"}
MAX_AUTOMATIC_STEPS = 2000  # a safety net: an engine bug must not spin the bot forever
CHANGE_ATTEMPTS = 2  # a change that lost to another process's save is tried once more
MERGE_ATTEMPTS = 3  # message ids merged into a game that other processes keep changing


class TableCog(commands.Cog):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.plugins: dict[str, GamePlugin] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def loc(self):
        return self.bot.loc

    def register(self, plugin: GamePlugin) -> None:
        self.plugins[plugin.kind] = plugin

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def changing(self, channel_id: int, change: Callable[[], Awaitable[object]]) -> bool:
        """Run ``change`` (load -> apply -> save) under the channel's lock; False if it lost twice.

        The lock is this process's own: another bot process may save the game first, and the
        save raises :class:`StaleVersion` having written nothing. ``change`` loads afresh each
        time and answers only after its save, so trying it again never applies it twice.
        """
        for _ in range(CHANGE_ATTEMPTS):
            try:
                async with self.lock(channel_id):
                    await change()
                return True
            except StaleVersion:
                log.info("a change in channel %s lost to another save", channel_id)
        return False

    async def save_messages(self, ctx: TableContext, before: Mapping[str, int]) -> None:
        """Save the message ids noted in ``ctx.table`` since ``before`` (the ids as saved).

        If another process saved the game meanwhile, its save stands: our ids go into a fresh
        load wherever it left them as they were, and ``ctx`` continues with that table.
        """
        db = self.bot.db
        try:
            ctx.version = await db.save_game(
                ctx.game_id, ctx.version, ctx.table.to_json(), status=ctx.table.status
            )
            return
        except StaleVersion:
            pass
        for _ in range(MERGE_ATTEMPTS):
            record = await db.load_game(ctx.game_id)
            if record is None:
                return
            fresh = Table.from_json(record.snapshot)
            merge_messages(fresh.messages, before, ctx.table.messages)
            try:
                ctx.version = await db.save_game(
                    record.id, record.version, fresh.to_json(), status=record.status
                )
            except StaleVersion:
                continue
            log.info("message ids of game %s merged into another process's save", ctx.game_id)
            ctx.table = fresh
            return
        log.warning("message ids of game %s not saved: the game kept changing", ctx.game_id)

    def lang(self, interaction: discord.Interaction) -> str:
        return user_language(interaction, self.bot.config.default_language)

    async def tell(self, interaction: discord.Interaction, key: str, **args: Any) -> None:
        """A private answer in the user's language (a reply, or a follow-up if already replied)."""
        text = self.loc.text(self.lang(interaction), key, **args)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    # ---- opening a table -------------------------------------------------------------

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
        settings = {option.name: option.default for option in plugin.info.options}
        settings.update({k: v for k, v in options.items() if v is not None})
        user = interaction.user
        table = tables.open_table(
            plugin.kind,
            user.id,
            user.display_name,
            guild_language(interaction, self.bot.config.default_language),
            settings,
        )
        table.seats[0].language = self.lang(interaction)
        table.turn_minutes = self.bot.config.default_turn_minutes
        if turn_minutes is not None:
            longest = self.bot.config.max_turn_minutes
            if not 0 <= turn_minutes <= longest:
                await self.tell(interaction, "table-error-timer-range", max=longest)
                return
            table.turn_minutes = turn_minutes
        async with self.lock(interaction.channel_id):
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
            if start_now:
                tables.start(table, plugin.info, user.id, seed=secrets.randbits(62))
                try:
                    await self._start_game(interaction, plugin, record, table)
                except StaleVersion:  # changed by someone else within a moment of its creation
                    await self.tell(interaction, "table-error-stale")
                return
        screen = lobby_screen(
            plugin, self.loc, record.id, record.version, table, self.bot.config.max_turn_minutes
        )
        sent = await interaction.response.send_message(
            screen.text,
            view=build_view(record.id, record.version, screen.rows),
            allowed_mentions=NO_PINGS,
        )
        # Kept so that /leave, /cancel and /spectate can refresh the lobby too.
        if sent.message_id is not None:
            table.messages["lobby"] = sent.message_id
            with contextlib.suppress(StaleVersion):
                await self.bot.db.save_game(
                    record.id, record.version, table.to_json(), status=table.status
                )

    # ---- every click lands here -------------------------------------------------------

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        try:
            await self._on_control(interaction, game_id, version, payload, values)
        except Exception:
            # Nothing was saved if we got here before the save; say so instead of going silent.
            log.exception("control %s of game %s failed", payload, game_id)
            await self.tell(interaction, "table-error-internal")

    async def _on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        if payload.startswith("h"):
            # History and replays: read-only, for finished games, from any channel.
            history = self.bot.get_cog("HistoryCog")
            if history is not None:
                await history.on_control(interaction, game_id, version, payload, values)  # type: ignore[attr-defined]
                return
        record = await self.bot.db.load_game(game_id)
        in_dm = interaction.guild_id is None
        if record is None or (not in_dm and record.channel_id != interaction.channel_id):
            await self.tell(interaction, "table-error-unknown-game")
            return
        plugin = self.plugins.get(record.kind)
        if plugin is None:
            await self.tell(interaction, "table-error-unknown-game")
            return
        if payload.startswith("u:"):
            await plugin.on_ui(self, interaction, game_id, payload[2:], values)
            return

        async def change() -> None:
            await self._control(interaction, plugin, game_id, version, payload, values)

        if not await self.changing(record.channel_id, change):
            await self.tell(interaction, "table-error-stale")

    async def _control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        game_id: int,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        """One click on the game as it is saved now (the caller holds the channel's lock)."""
        record = await self.bot.db.load_game(game_id)
        assert record is not None
        if record.status not in (tables.LOBBY, tables.ACTIVE):
            await self.tell(interaction, "table-error-closed")
            return
        table = Table.from_json(record.snapshot)
        if payload.startswith("kick:"):
            await self._remove_control(interaction, plugin, record, table, payload[5:])
        elif payload in LOBBY_VERBS or payload.startswith(("opt:", "timer", "bot:")):
            await self._lobby_control(interaction, plugin, record, table, version, payload, values)
        elif payload.startswith("a"):
            await self._game_control(interaction, plugin, record, table, version, payload, values)
        else:
            await self.tell(interaction, "table-error-unknown-control")

    # ---- lobby ------------------------------------------------------------------------

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
            elif payload == "leave":
                tables.leave_lobby(table, user.id)
            elif payload == "start":
                tables.start(table, info, user.id, seed=secrets.randbits(62))
            elif payload == "cancel":
                tables.cancel(table, user.id, can_manage(interaction))
            elif payload.startswith("bot:"):
                name = self.loc.text(table.language, "table-computer-name", n=len(table.seats))
                tables.add_computer(table, info, user.id, name)
            elif payload == "timer":
                minutes = int(values[0]) if values and values[0].isdigit() else -1
                tables.set_timer(table, user.id, minutes, self.bot.config.max_turn_minutes)
            else:
                name = payload[4:]
                value = parse_option_value(info, name, values[0] if values else "")
                tables.set_option(table, info, user.id, name, value)
        except RulesError as error:
            await self.tell(interaction, error.key, **error.args_)
            return
        if table.status == tables.ACTIVE:
            await self._start_game(interaction, plugin, record, table)
            return
        new_version = await self.bot.db.save_game(
            record.id, record.version, table.to_json(), status=table.status
        )
        screen = lobby_screen(
            plugin, self.loc, record.id, new_version, table, self.bot.config.max_turn_minutes
        )
        await interaction.response.edit_message(
            content=screen.text,
            view=build_view(record.id, new_version, screen.rows),
            allowed_mentions=NO_PINGS,
        )

    async def _start_game(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
    ) -> None:
        try:
            state = plugin.new_state(table)
        except RulesError as error:  # options the game cannot start with, e.g. a bad deck
            await self.tell(interaction, error.key, **error.args_)
            return
        moves: list[tuple[int | None, Action, str]] = []
        events = self._advance(plugin, table, state, moves, record.version + 1)
        lobby = lobby_screen(
            plugin, self.loc, record.id, record.version + 1, table, self.bot.config.max_turn_minutes
        )
        await self._commit(interaction, plugin, record, table, state, moves, events, lobby=lobby)

    # ---- in-game actions --------------------------------------------------------------

    async def _game_control(
        self,
        interaction: discord.Interaction,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        version: int,
        payload: str,
        values: list[str],
    ) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.tell(interaction, "table-error-not-seated")
            return
        if record.status != tables.ACTIVE or table.state is None:
            await self.tell(interaction, "table-error-not-started")
            return
        # A control is out of date once its seat acted after it was issued.
        if version > record.version or version < table.acted_at[seat]:
            await self.tell(interaction, "table-error-stale")
            return
        current = plugin.engine.from_json(table.state)
        action = plugin.decode_action_at(current, seat, payload[1:], values)
        if action is None:
            await self.tell(interaction, "table-error-unknown-control")
            return
        await self.play(interaction, plugin, record, table, seat, action, "user")

    async def play(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        action: Action,
        actor: str,
    ) -> bool:
        """Apply one action (caller holds the lock), then save and show the result."""
        # A copy: an engine may share lists with the JSON it reads, and the turn before the
        # move must stay readable for _commit.
        state = plugin.engine.from_json(table.state or {})
        try:
            events = plugin.engine.apply(state, seat, action)
        except RulesError as error:
            if interaction is not None:
                await self.tell(interaction, error.key, **error.args_)
            return False
        moves: list[tuple[int | None, Action, str]] = [(seat, action, actor)]
        if actor == "user":
            table.seats[seat].timeouts = 0
        new_version = record.version + 1
        table.acted_at[seat] = new_version
        events += self._advance(plugin, table, state, moves, new_version)
        await self._commit(interaction, plugin, record, table, state, moves, events)
        return True

    def _advance(
        self,
        plugin: GamePlugin,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        new_version: int,
    ) -> list[Event]:
        """Chance steps and the moves of computer seats and of players who left."""
        engine = plugin.engine
        events: list[Event] = []
        for _ in range(MAX_AUTOMATIC_STEPS):
            for outcome, happened in settle(engine, state):
                moves.append((None, outcome, "chance"))
                events += happened
            automatic = [
                seat
                for seat in engine.to_move(state)
                if seat != CHANCE and (table.seats[seat].computer or table.seats[seat].left)
            ]
            if not automatic:
                return events
            seat = automatic[0]
            action = engine.autopilot(state, seat)
            events += engine.apply(state, seat, action)
            moves.append((seat, action, "autopilot"))
            table.acted_at[seat] = new_version
        raise RuntimeError(f"{table.kind}: automatic play did not stop")

    async def _commit(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        state: Any,
        moves: list[tuple[int | None, Action, str]],
        events: list[Event],
        lobby: Screen | None = None,
        notes: Sequence[str] = (),
        extra_rows: Sequence[Row] = (),
    ) -> None:
        """Save the change, then show it: edit the turn message or post a new one.

        Raises :class:`StaleVersion`, having written and answered nothing, if the game was
        saved by someone else since ``record`` was loaded.
        """
        engine = plugin.engine
        old_key = plugin.turn_key(engine.from_json(table.state)) if table.state else None
        table.state = engine.to_json(state)
        if engine.is_over(state):
            table.status = tables.FINISHED
        version = await self.bot.db.save_game(
            record.id, record.version, table.to_json(), status=table.status, moves=moves
        )
        saved_messages = dict(table.messages)
        ctx = TableContext(record.id, version, table, state, table.language, self.loc)
        new_turn = (
            lobby is not None
            or table.status == tables.FINISHED
            or (plugin.turn_key(state) != old_key)
        )
        await self._schedule_deadline(record.id, version, table, new_turn)
        clicked = interaction.message.id if interaction and interaction.message else None
        turn_id = table.messages.get("turn")
        # Answer Discord first (3 s); drawing happens after.
        if interaction is not None and lobby is None and not interaction.response.is_done():
            await plugin.answer_in_place(self, interaction, ctx, events)
        if interaction is not None and not interaction.response.is_done():
            if lobby is not None and interaction.type == discord.InteractionType.component:
                await interaction.response.edit_message(content=lobby.text, view=None)
            elif lobby is not None:
                await interaction.response.send_message(lobby.text, allowed_mentions=NO_PINGS)
            elif new_turn and clicked == turn_id:
                await interaction.response.edit_message(view=None)
            else:
                await interaction.response.defer()
        if new_turn and turn_id and clicked != turn_id:
            await self.strip_controls(record.channel_id, turn_id)
        if not (new_turn or notes or extra_rows or plugin.shows_change(events)):
            # Nothing the channel shows has changed (a secret draft, say): leave it alone.
            await plugin.after_change(self, ctx, events)
            return
        shown = await plugin.before_turn_message(self, ctx, events) if new_turn else events
        draw = plugin.final_screen if table.status == tables.FINISHED else plugin.turn_screen
        screen = await asyncio.to_thread(draw, ctx)
        lines = [*notes, *plugin.event_lines(ctx, shown)]
        if not new_turn and interaction is not None and clicked == turn_id:
            # The same turn goes on in the same message: keep what happened earlier in it.
            lines = [*_log_of(interaction.message.content), *lines]  # type: ignore[union-attr]
        elif not new_turn and turn_id:
            lines = [*await self._turn_log(record.channel_id, turn_id), *lines]
        text = _join_lines([*lines, PROMPT_BREAK + screen.text if lines else screen.text])
        view = build_view(record.id, version, [*extra_rows, *screen.rows][:5])
        if new_turn:
            channel = self.bot.get_partial_messageable(record.channel_id)
            message = await channel.send(
                text, files=screen.files(), view=view, allowed_mentions=USER_PINGS
            )
            table.messages["turn"] = message.id
            await self.save_messages(ctx, saved_messages)
            if ctx.table.messages.get("turn") != message.id:
                # Another process posted a newer turn meanwhile: this one is history already.
                await self.strip_controls(record.channel_id, message.id)
            await self._mirror(table, text, screen)
        elif interaction is not None and clicked == turn_id:
            await interaction.edit_original_response(
                content=text, attachments=screen.files(), view=view, allowed_mentions=USER_PINGS
            )
        elif turn_id:
            channel = self.bot.get_partial_messageable(record.channel_id)
            await channel.get_partial_message(turn_id).edit(
                content=text, attachments=screen.files(), view=view
            )
        await plugin.after_change(self, ctx, events)

    async def _schedule_deadline(
        self, game_id: int, version: int, table: Table, new_turn: bool
    ) -> None:
        """A turn timer runs per decision point: it restarts when the turn passes on."""
        if table.status != tables.ACTIVE or not table.turn_minutes:
            await self.bot.db.clear_deadline(game_id)
            return
        if not new_turn:
            return
        seconds = table.turn_minutes * 60
        now = time.time()
        reminder = now + seconds * self.bot.config.reminder_at
        await self.bot.db.set_deadline(game_id, version, now + seconds, reminder)
        self.bot.dispatch("deadline_changed")

    async def _mirror(self, table: Table, text: str, screen: Screen) -> None:
        """Spectating channels get every public turn message, without controls or pings."""
        for channel_id in table.spectators:
            channel = self.bot.get_partial_messageable(channel_id)
            try:
                await channel.send(text, files=screen.files(), allowed_mentions=NO_PINGS)
            except discord.HTTPException:
                log.info("spectating channel %s is out of reach", channel_id)

    async def game_for_channel(self, channel_id: int) -> GameRecord | None:
        """The open game played in this channel, or watched from it."""
        record = await self.bot.db.open_game(channel_id)
        return record or await self.bot.db.linked_game(channel_id)

    async def _turn_log(self, channel_id: int, message_id: int) -> list[str]:
        """The event lines of the turn message, when the change came from elsewhere (a DM)."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            message = await channel.get_partial_message(message_id).fetch()
        except discord.HTTPException:
            return []
        return _log_of(message.content)

    async def refresh_lobby(self, record: GameRecord, table: Table) -> None:
        """Show the lobby message as the table now is (after a slash command changed it)."""
        message_id = table.messages.get("lobby")
        plugin = self.plugins.get(record.kind)
        if not message_id or plugin is None or table.status == tables.ACTIVE:
            return
        version = (await self.bot.db.load_game(record.id) or record).version
        screen = lobby_screen(
            plugin, self.loc, record.id, version, table, self.bot.config.max_turn_minutes
        )
        channel = self.bot.get_partial_messageable(record.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(
                content=screen.text,
                view=build_view(record.id, version, screen.rows),
                allowed_mentions=NO_PINGS,
            )
        except discord.HTTPException:
            log.info("could not refresh the lobby message %s", message_id)

    async def strip_controls(self, channel_id: int, message_id: int) -> None:
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("could not strip controls of message %s", message_id)

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

    async def seat_left(
        self,
        interaction: discord.Interaction | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        note_key: str,
    ) -> None:
        """A seat's player is gone: the game's own rule or the autopilot plays on for them."""
        table.seats[seat].left = True
        if table.seats[seat].user_id == table.host_id:
            tables.hand_over_host(table)
        state = plugin.engine.from_json(table.state or {})
        moves: list[tuple[int | None, Action, str]] = []
        events = plugin.on_seat_left(state, seat, moves)
        if not any(s.human and not s.left for s in table.seats):
            table.status = tables.ABANDONED
        else:
            events += self._advance(plugin, table, state, moves, record.version + 1)
        # A game whose rule for leaving differs says so in its own words (Stella: sits out).
        own_key = f"{plugin.key_prefix}-{note_key.removeprefix('table-')}"
        key = own_key if self.loc.has(own_key) else note_key
        note = self.loc.text(table.language, key, player=table.seats[seat].name)
        if interaction is not None and not interaction.response.is_done():
            await interaction.response.defer()
        await self._commit(None, plugin, record, table, state, moves, events, notes=[note])


class TableAddon(commands.Cog):
    """A cog that works through the table cog (games, timers, spectating, history)."""

    bot: TableBot

    @property
    def table(self) -> TableCog:
        return self.bot.get_cog("TableCog")  # type: ignore[return-value]


def can_manage(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


def merge_messages(
    fresh: dict[str, int], before: Mapping[str, int], ours: Mapping[str, int]
) -> None:
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


PROMPT_BREAK = "\u2063\n"  # an invisible separator before the prompt: the log is what precedes


def _log_of(content: str) -> list[str]:
    """The event lines of a turn message (everything before its prompt)."""
    log_part, found, _ = content.rpartition(PROMPT_BREAK)
    return log_part.split("\n") if found and log_part else []


def _join_lines(lines: list[str]) -> str:
    text = "\n".join(line for line in lines if line)
    # Discord's limit is 2,000 characters; the oldest event lines give way first.
    while len(text) > 2000 and "\n" in text:
        text = text.split("\n", 1)[1]
    return text[:2000]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TableCog(bot))
