"""A change of a game: applied under its channel's lock, saved version-checked with what the
channel must show, then shown (a part of the table cog).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.table.click import Click
from cogs.table.messages import note_posting_click
from cogs.table.plugin import GamePlugin
from cogs.table.queue import QueuePlace
from cogs.table.records import seat_results
from fault_points import fault_point
from games import table as tables
from games.engine import CHANCE, Action, Event, RulesError, only_action, only_choice_event, settle
from games.table import Table
from screens.context import TableContext
from storage import CLEAR, GameRecord, SeatResult, StaleVersion

if TYPE_CHECKING:
    from storage.database import DeadlineChange

log = logging.getLogger(__name__)
MAX_AUTOMATIC_STEPS = 2000  # a safety net: an engine bug must not spin the bot forever
# A change that lost to another process's save is tried again: a sharded table has two (the
# server's process shows the round while the DMs' process saves the slates' marks).
CHANGE_ATTEMPTS = 4


class Changes:
    """The table cog's changes (a part of :class:`~cogs.table.cog.TableCog`)."""

    async def changing(
        self,
        channel_id: int,
        change: Callable[[], Awaitable[object]],
        turn: QueuePlace | None = None,
    ) -> bool:
        """Run ``change`` (load -> apply -> save) under the channel's lock; False if it kept losing.

        ``turn``: the place the click took in the channel's line as it arrived. The lock is
        this process's own: another bot process may save the game first, and the save raises
        :class:`StaleVersion` having written nothing. ``change`` loads afresh each time, so
        trying it again never applies it twice.
        """
        # Another try keeps the place: a click that arrived after it must not go first.
        async with turn or self.queue(channel_id).take():
            for _ in range(CHANGE_ATTEMPTS):
                try:
                    await change()
                    return True
                except StaleVersion:
                    log.info("a change in channel %s lost to another save", channel_id)
        return False

    async def save_change(
        self,
        record: GameRecord,
        table: Table,
        moves: Sequence[tuple[int | None, Action, str]] = (),
        deadline: DeadlineChange = None,
        results: Sequence[SeatResult] = (),
        on_panel: bool = False,
    ) -> GameRecord:
        """Save a changed table (version-checked); the record as saved.

        ``results``: the seats of a game this change finishes, kept for records with it.
        ``on_panel``: the change is answered by the edit of a private panel, still to come.
        """
        if deadline is None and table.status != tables.ACTIVE and table.decision:
            table.decision, deadline = "", CLEAR
        snapshot = table.to_json()
        version = await self.bot.db.save_game(
            record.id,
            record.version,
            snapshot,
            status=table.status,
            moves=moves,
            shown=table.up_to_date and not on_panel,
            deadline=deadline,
            results=results,
        )
        if deadline is not None:
            self.bot.dispatch("deadline_changed")
        return dataclasses.replace(record, version=version, status=table.status, snapshot=snapshot)

    async def change_table(
        self,
        record: GameRecord,
        table: Table,
        click: Click | None = None,
    ) -> GameRecord:
        """Save a change of the table itself (seats, settings, spectators) and show it."""
        alone = table.up_to_date
        table.changed = record.version + 1
        saved = await self.save_change(record, table)
        await self.show(saved, table, click, alone)
        return saved

    async def game_click(
        self, click: Click, plugin: GamePlugin, record: GameRecord, table: Table
    ) -> None:
        """A move in the game; raises :class:`RulesError` for a refusal (nothing changed)."""
        seat = table.seat_of(click.user_id)
        if seat is None:
            raise RulesError("table-error-not-seated")
        if record.status != tables.ACTIVE or table.state is None:
            raise RulesError("table-error-not-started")
        if click.version > record.version:
            raise RulesError("table-error-stale")
        for guard in self.move_guards:  # e.g. a daily whose day is over takes no more moves
            refusal = guard(table)
            if refusal is not None:
                raise RulesError(refusal)
        current = plugin.engine.from_json(table.state)
        if click.version < table.acted_at[seat]:
            # Out of date: its seat acted after it was issued. Unless the game can tell what
            # it still means (Stella: a slate that shows an older draft of the seat).
            action = plugin.older_control_action(
                current, table, seat, click.version, click.argument
            )
            if action is None:
                raise RulesError("table-error-stale")
        else:
            action = plugin.decode_action_at(current, seat, click.argument, list(click.values))
        if action is None:
            raise RulesError("table-error-unknown-control")
        await self.play(click, plugin, record, table, seat, action, "user")

    async def play(
        self,
        click: Click | None,
        plugin: GamePlugin,
        record: GameRecord,
        table: Table,
        seat: int,
        action: Action,
        actor: str,
    ) -> bool:
        """Apply one action (caller holds the lock), then save and show the result. A move the
        rules refuse raises :class:`RulesError` for a click; False without one."""
        # A copy: an engine may share lists with the JSON it reads.
        state = plugin.engine.from_json(table.state or {})
        try:
            events = plugin.engine.apply(state, seat, action)
        except RulesError:
            if click is not None:
                raise
            return False
        moves: list[tuple[int | None, Action, str]] = [(seat, action, actor)]
        if actor == "user":
            table.seats[seat].timeouts = 0
        new_version = record.version + 1
        table.acted_at[seat] = new_version
        events += self.play_automatic_moves(plugin, table, state, moves, new_version)
        await self.save_and_show(click, plugin, record, table, state, moves, events)
        return True

    def play_automatic_moves(
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
            if automatic:
                seat = automatic[0]
                action = plugin.autopilot(state, seat, table)
                events += engine.apply(state, seat, action)
                moves.append((seat, action, "autopilot"))
                table.acted_at[seat] = new_version
                continue
            forced = _forced_move(engine, state)
            if forced is None:
                return events
            # The rules leave this player one move: it needs no tap, and the log says so.
            seat, action = forced
            happened = engine.apply(state, seat, action)
            events += [only_choice_event(seat, len(happened)), *happened]
            moves.append((seat, action, "forced"))
            table.acted_at[seat] = new_version
        raise RuntimeError(f"{table.kind}: automatic play did not stop")

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
    ) -> None:
        """Save the change with what the channel must show, answer the click, then show it.

        Raises :class:`StaleVersion`, having written nothing, if the game was saved by
        someone else since ``record`` was loaded.
        """
        engine = plugin.engine
        version = record.version + 1
        alone = table.up_to_date  # else another process may be showing the last change now
        if started:
            table.first_turn = version
        table.state = engine.to_json(state)
        if engine.is_over(state):
            table.status = tables.FINISHED
        key, turn = plugin.message_key(state), plugin.turn_key(state)
        # The turn came back through other seats (computers, timeouts) if several seats moved.
        movers = {seat for seat, _, _ in moves if seat is not None}
        new_turn = started or turn != table.player_turn or len(movers) > 1
        new_message = (
            started
            or table.status == tables.FINISHED
            or key != table.turn_key
            or (new_turn and key == turn)
        )
        if new_message or notes or plugin.shows_change(events):
            public = [event for event in events if "to" not in event]
            own, rest = plugin.own_message(public) if new_message else ([], public)
            tables.record_change(table, version, rest, list(notes), key, new_message, own)
        if new_turn or new_message:
            table.player_turn, table.turn_began = turn, version
            table.notify = self._whose_turn_came(plugin, table, state, moves, click)
        deadline = self._deadline(plugin, table, state, version)
        finished = table.status == tables.FINISHED
        results = seat_results(plugin, table) if finished else []
        # What only the clicked private panel shows is saved as not shown yet: a process that
        # dies before that panel's edit leaves the table to a repair, which edits the panel.
        on_panel = (
            click is not None and not started and plugin.answers_in_place and click.on_private_panel
        )
        note_posting_click(table, record, click.reply if click else None, alone)
        saved = await self.save_change(record, table, moves, deadline, results, on_panel)
        fault_point("save.committed")
        if click is not None and lineup:
            await self.answer_start(click, plugin, saved, table)
        if click is not None and not started:
            ctx = TableContext(saved.id, saved.version, table, state, table.language, self.loc)
            try:
                answered = await plugin.answer_in_place(self.services, click, ctx, events)
            except discord.HTTPException:
                log.info("private panel of game %s not updated", saved.id)
            else:
                if on_panel and answered and table.up_to_date:
                    # Nothing else to show: the panel shows the save (else the channel's
                    # step notes it shown once it has shown the rest).
                    await self.bot.db.mark_shown(saved.id, saved.version)
            await plugin.sync_seat(self.services, click, ctx)
        await self.show(saved, table, click, alone)
        if table.status != tables.ACTIVE:
            await self.game_ended(saved, table)

    async def game_ended(self, record: GameRecord, table: Table) -> None:
        """Tell the features that follow ended games (the daily challenge), once it is shown."""
        for follower in self.end_followers:
            try:
                await follower(record, table)
            except Exception as error:
                if not self.outage_noted(error, f"the end of game {record.id}"):
                    log.exception("the end of game %s was not followed up", record.id)

    def _whose_turn_came(
        self,
        plugin: GamePlugin,
        table: Table,
        state: Any,
        moves: Sequence[tuple[int | None, Action, str]],
        click: Click | None = None,
    ) -> list[int]:
        """The players to notify of their turn: nobody for others, nor who just clicked in the
        channel, where their turn comes before their eyes. A click in a DM or on a private
        panel (Stella's slate, its designation) leaves the channel out of sight: that player
        is notified like anyone else."""
        if table.status != tables.ACTIVE:
            return []
        looking = click is None or not click.on_private_panel
        clicked = {seat for seat, _, actor in moves if actor == "user" and looking}
        return [
            seat
            for seat in plugin.engine.to_move(state)
            if seat != CHANCE
            and seat not in clicked
            and table.seats[seat].human
            and not table.seats[seat].left
        ]

    def _deadline(
        self, plugin: GamePlugin, table: Table, state: Any, version: int
    ) -> DeadlineChange:
        """A turn timer per decision: a new decision of a player starts a fresh one."""
        if table.status != tables.ACTIVE or not table.turn_minutes:
            return None  # save_change clears a timer that ran
        decision = plugin.decision_key(state, table)
        if decision == table.decision:
            return None
        table.decision, table.decision_at = decision, version
        seconds = table.turn_minutes * 60
        now = time.time()
        return (now + seconds, now + seconds * self.bot.config.reminder_at)

    async def seat_left(
        self,
        click: Click | None,
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
            events += self.play_automatic_moves(plugin, table, state, moves, record.version + 1)
        # A game whose rule for leaving differs says so in its own words (Stella: sits out).
        own_key = f"{plugin.key_prefix}-{note_key.removeprefix('table-')}"
        key = own_key if self.loc.has(own_key) else note_key
        note = tables.note(key, player=table.seats[seat].name)
        await self.save_and_show(click, plugin, record, table, state, moves, events, notes=[note])


def _forced_move(engine: Any, state: Any) -> tuple[int, Action] | None:
    """A player to act whom the rules leave exactly one move, with that move."""
    for seat in engine.to_move(state):
        if seat != CHANCE:
            action = only_action(engine, state, seat)
            if action is not None:
                return seat, action
    return None
