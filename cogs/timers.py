"""Turn timers that survive restarts: one task sleeps until the earliest stored deadline.

Deadlines live in the database (RoboDanny's reminder pattern), so a deadline that passed while
the bot was down is handled as soon as it starts. A reminder goes out once before the deadline;
when it passes, the game's timeout rule plays for each player who still had to act, and after
two timeouts in a row the host is offered a button to remove that player.

Several bot processes may share the database: each one's task looks at the stored deadlines
at least every ``timers.poll_seconds`` (another process may have set them), and claiming a
deadline or a reminder is one conditional write, so exactly one process fires it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.table.cog import TableAddon
from cogs.table.layout import accent_of, notice_view
from cogs.table.outages import storage_outage
from games import table as tables
from games.engine import CHANCE, Action, Engine, Event, settle
from games.table import Table
from storage import Deadline

if TYPE_CHECKING:
    from bot import TableBot

log = logging.getLogger(__name__)
USER_PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)
STOP_PATIENCE = 10.0


class TimerCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        # Deadlines claimed whose timeout the database kept from being played (tried again).
        self._claimed: dict[int, Deadline] = {}

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="turn-timers")

    async def stop_background(self) -> None:
        """The bot is stopping: a timeout being played finishes, no new one starts."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self._task), STOP_PATIENCE)

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @commands.Cog.listener()
    async def on_deadline_changed(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed() and not self._stopping:
            self._wake.clear()
            try:
                await self._wait_for_the_next()
                await self._fire()
            except Exception as error:
                # The database away: tried again at the next poll, one log line an outage.
                if not self.table.outage_noted(error, "the turn timers"):
                    log.exception("the turn timers failed; they go on at their next poll")
                await self._pause(self.bot.config.timer_poll_seconds)

    async def _wait_for_the_next(self) -> None:
        upcoming = await self.bot.db.deadlines(limit=1)
        delay = self.bot.config.timer_poll_seconds
        if upcoming:
            delay = min(delay, max(0.0, upcoming[0].next_at - time.time()))
        if delay > 0 and not self._claimed:
            await self._pause(delay)

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)

    async def _fire(self) -> None:
        # Timeouts claimed but not played when the database went away: played first.
        for deadline in list(self._claimed.values()):
            try:
                await self.expire(deadline.game_id, deadline.version)
            except Exception as error:
                if storage_outage(error):
                    raise  # still away: tried again at the next poll
                log.exception("timer of game %s failed", deadline.game_id)
            del self._claimed[deadline.game_id]
        for deadline in await self.bot.db.deadlines(before=time.time()):
            if self._stopping:
                return
            try:
                await self._handle(deadline)
            except Exception as error:
                if storage_outage(error):
                    raise  # the next deadlines would fail the same way
                if self.table.outage_noted(error, f"timer of game {deadline.game_id}"):
                    continue  # a reminder Discord refused; its timeout still plays
                log.exception("timer of game %s failed", deadline.game_id)
                self._claimed.pop(deadline.game_id, None)
                await self.bot.db.claim_deadline(deadline.game_id, deadline.version)

    async def _handle(self, deadline: Deadline) -> None:
        if deadline.due_at <= time.time():
            if await self.bot.db.claim_deadline(deadline.game_id, deadline.version):
                self._claimed[deadline.game_id] = deadline  # until its timeout is played
                await self.expire(deadline.game_id, deadline.version)
                self._claimed.pop(deadline.game_id, None)
        elif await self.bot.db.mark_reminded(deadline.game_id, deadline.version):
            await self.remind(deadline)

    async def remind(self, deadline: Deadline) -> None:
        record = await self.bot.db.load_game(deadline.game_id)
        if record is None or record.status != tables.ACTIVE:
            return
        table = Table.from_json(record.snapshot)
        if table.decision_at != deadline.version:
            return  # that decision was taken meanwhile
        plugin = self.table.plugins[record.kind]
        # A quiet thread may have been archived meanwhile: brought back before the reminder.
        if not await self.table.keep_thread_open(record):
            return
        state = plugin.engine.from_json(table.state or {})
        minutes = max(1, round((deadline.due_at - time.time()) / 60))
        channel = self.bot.get_partial_messageable(record.channel_id)
        for seat in _waiting_humans(plugin.engine.to_move(state), table):
            user_id = table.seats[seat].user_id
            text = self.bot.loc.text(
                table.language, "table-timer-reminder", player=f"<@{user_id}>", minutes=minutes
            )
            accent = accent_of(record.kind)
            await channel.send(view=notice_view(text, accent), allowed_mentions=USER_PINGS)
            with contextlib.suppress(discord.HTTPException):
                dm = await self.bot.direct.channel(user_id)  # type: ignore[arg-type]
                reminder = self.bot.loc.text(
                    table.seats[seat].language or table.language,
                    "table-timer-reminder-dm",
                    minutes=minutes,
                    url=_jump_url(record, table),
                )
                await dm.send(view=notice_view(reminder, accent))

    async def expire(self, game_id: int, version: int | None = None) -> None:
        """The deadline of the decision that began at ``version`` (default: the one pending now)
        passed: the timeout rule plays.

        Only for that decision: if a move (of this process or another) took it before the
        timeout is saved, nothing happens (the next decision runs on its own timer).
        """
        table_cog = self.table
        record = await self.bot.db.load_game(game_id)
        if record is None or record.status != tables.ACTIVE:
            return
        table = Table.from_json(record.snapshot)
        plugin = table_cog.plugins[record.kind]
        # The decision as it stands now: if it is taken before the timeout is saved, no timeout.
        decision = plugin.decision_key(plugin.engine.from_json(table.state or {}), table)
        if version is not None and table.decision_at != version:
            return

        async def change() -> None:
            await self._time_out(game_id, decision)

        if not await table_cog.changing(record.channel_id, change):
            log.warning("timeout of game %s lost twice to other saves", game_id)

    async def _time_out(self, game_id: int, decision: str) -> None:
        """Play the timeout rule on the game as saved now (under the lock)."""
        table_cog = self.table
        record = await self.bot.db.load_game(game_id)
        if record is None or record.status != tables.ACTIVE:
            return
        table = Table.from_json(record.snapshot)
        plugin = table_cog.plugins[record.kind]
        engine = plugin.engine
        state = engine.from_json(table.state or {})
        if plugin.decision_key(state, table) != decision:
            return  # the decision was taken meanwhile (here or by another process)
        turn = plugin.turn_key(state)
        moves: list[tuple[int | None, Action, str]] = []
        events: list[Event] = []
        notes: list[list[Any]] = []
        for seat in _waiting_humans(engine.to_move(state), table):
            # The rest of the player's turn is played for them, up to its end.
            for _ in range(50):
                if seat not in engine.to_move(state) or plugin.turn_key(state) != turn:
                    break
                action = plugin.timeout_action(state, seat, table)
                events += engine.apply(state, seat, action)
                moves.append((seat, action, "timeout"))
                events += _settle(engine, state, moves)
            if not any(move[0] == seat for move in moves):
                continue
            table.seats[seat].timeouts += 1
            table.acted_at[seat] = record.version + 1
            notes.append(tables.note("table-timed-out", player=table.seats[seat].name))
        if not moves:
            return
        events += table_cog.play_automatic_moves(plugin, table, state, moves, record.version + 1)
        await table_cog.save_and_show(
            None, plugin, record, table, state, moves, events, notes=notes
        )


def _settle(engine: Engine, state: Any, moves: list[tuple[int | None, Action, str]]) -> list[Event]:
    events: list[Event] = []
    for outcome, happened in settle(engine, state):
        moves.append((None, outcome, "chance"))
        events += happened
    return events


def _waiting_humans(to_move: list[int], table: Table) -> list[int]:
    return [
        seat
        for seat in to_move
        if seat != CHANCE and table.seats[seat].human and not table.seats[seat].left
    ]


def _jump_url(record, table: Table) -> str:
    guild = record.guild_id or "@me"
    message = table.turn_message
    suffix = f"/{message}" if message else ""
    return f"https://discord.com/channels/{guild}/{record.channel_id}{suffix}"


async def setup(bot: TableBot) -> None:
    await bot.add_cog(TimerCog(bot))
