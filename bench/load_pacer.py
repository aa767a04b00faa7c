"""One global pace for every simulated player of the load: at most ``rate`` interactions a second.

Each tick goes to a player picked at random among those who are not waiting for an answer and
may press something (:mod:`bench.load_tables`); the pick among their choices is the table's
seeded random choice. A late tick is not made up for: the pacer never sends a burst.

Per interaction a :class:`Sample`: the first answer (INTERACTION_CREATE sent -> the bot's first
callback arrived) and, for a click that leads to a picture (Start, a game control, Designate or
My slate, when not refused), the next picture (sent -> the first message or edit carrying a
picture that the clicking player sees: the table's channel, their DM, their ephemerals).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass

from bench.load_tables import BLOCKED, PLAYING, Choice, LoadTable, Player
from bench.players import BenchDiscord
from tests.emulator import Interaction

PICTURE_WAIT = 10.0  # a picture later than this counts as missing
CHANGE_WAIT = 10.0  # after an answered click, until the player sees something change
REFUSED_WAIT = 3.0  # after a refusal, before looking again
CHANNEL_MESSAGE = 4  # the callback type of a plain (here: private) answer
DRAIN_WAIT = 15.0
PICTURE_VERBS = {"start", "game", "ui"}


@dataclass
class Sample:
    game: str
    kind: str  # slash, button, select
    verb: str
    sent_at: float
    answered_in: float | None
    refused: bool  # a private text answer: out of date, not your turn, busy, an error
    answer: str  # the start of that private answer
    expects_picture: bool
    picture_in: float | None


class Pacer:
    def __init__(self, emu: BenchDiscord, rate: float, seed: int = 0) -> None:
        self.emu = emu
        self.interval = 1.0 / rate
        self.samples: list[Sample] = []
        self.failures: list[str] = []
        self.tables: list[LoadTable] = []
        self._rng = random.Random(seed)
        self._ready: list[list[Player]] = [[], []]  # opening tables first, then games
        self._queued: set[int] = set()
        self._arrived = asyncio.Event()
        self._running: set[asyncio.Task[None]] = set()
        self._pending = 0  # interactions whose sample is not written yet

    def add(self, tables: list[LoadTable]) -> None:
        for table in tables:
            table.wake = self._wake
            self.tables.append(table)
            for player in table.players:
                self._wake(player)

    def _wake(self, player: Player) -> None:
        if player.busy or id(player) in self._queued:
            return
        self._queued.add(id(player))
        self._ready[1 if player.table.phase == PLAYING else 0].append(player)
        self._arrived.set()

    async def play(self, seconds: float, until: object = None, opening_first: bool = False) -> int:
        """Send for ``seconds`` (or until ``until()`` holds); returns the interactions sent."""
        sent = 0
        end = time.monotonic() + seconds
        next_at = time.monotonic()
        while time.monotonic() < end and not (callable(until) and until()):
            player = self._pick(opening_first)
            if player is None:
                self._arrived.clear()
                try:
                    await asyncio.wait_for(self._arrived.wait(), end - time.monotonic())
                except TimeoutError:
                    break
                continue
            choices = player.choices()
            if not choices:
                continue  # woken for a change that left nothing to press: wait for the next
            now = time.monotonic()
            next_at = max(next_at, now)  # no burst to catch up after a wait
            await asyncio.sleep(next_at - now)
            choices = player.choices()  # the table may have moved during the sleep
            if not choices:
                continue
            next_at += self.interval
            choice = player.table.rng.choice(choices)
            player.busy = True
            self._pending += 1
            task = asyncio.create_task(self._turn(player, choice))
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            sent += 1
        return sent

    def _pick(self, opening_first: bool) -> Player | None:
        """A random ready player; with ``opening_first``, tables not playing yet go first."""
        opening, playing = self._ready
        if not opening and not playing:
            return None
        if opening_first:
            pool = opening or playing
            at = self._rng.randrange(len(pool))
        else:
            at = self._rng.randrange(len(opening) + len(playing))
            pool = opening if at < len(opening) else playing
            at = at if pool is opening else at - len(opening)
        player = pool[at]
        pool[at] = pool[-1]  # swap-remove: a pick costs the same with thousands waiting
        pool.pop()
        self._queued.discard(id(player))
        return player

    async def drain(self) -> None:
        """Until every interaction sent has its sample; players then stop waiting."""
        deadline = time.monotonic() + DRAIN_WAIT
        while self._pending and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.wait(list(self._running), timeout=1.0)

    async def _turn(self, player: Player, choice: Choice) -> None:
        table = player.table
        since = player.mark(choice.message)
        clicked = table.versions.get(choice.message.id) if choice.message is not None else None
        picture = player.expect_picture()
        written = False
        try:
            ix = await self._send(player, choice)
            player.last = ix
            refused = _refused(ix)
            answered = ix.responded_in
            if choice.verb == "new" and (refused or answered is None):
                table.opened_without_lobby()
            expects = choice.verb in PICTURE_VERBS and not refused
            shown_at = None
            if expects:
                shown_at = await _wait_picture(picture, ix)
                refused = picture.done() and picture.result() is None  # a "no" after a defer
                expects = not refused
            if refused and choice.message is not None:
                player.refused(choice.message, _answer_text(ix), clicked)
            if refused and choice.verb == "join":
                player.tried_join = False  # not seated: the guest tries again
            picture_in = shown_at - ix.sent_at if shown_at and ix.sent_at else None
            self.samples.append(
                Sample(
                    table.kind,
                    choice.kind,
                    choice.verb,
                    ix.sent_at or 0.0,
                    answered,
                    refused,
                    _answer_text(ix) if refused else "",
                    expects,
                    picture_in if expects else None,
                )
            )
            written = True
            self._pending -= 1
            ix.payload = {}  # the emulator keeps every interaction; its payload is the bulk
            wait = REFUSED_WAIT if refused or answered is None else CHANGE_WAIT
            await player.next_change(since, choice.message, wait)
        except asyncio.CancelledError:
            pass
        except Exception as problem:  # e.g. a control gone between the look and the click
            self.failures.append(f"{type(problem).__name__}: {str(problem)[:200]}")
            if choice.verb == "new":
                table.opened_without_lobby()
            if choice.verb == "join":
                player.tried_join = False  # the lobby changed under the click: try again
            await asyncio.sleep(REFUSED_WAIT)
        finally:
            if not written:
                self._pending -= 1
            if not picture.done():
                picture.cancel()
            player.busy = False
            self._wake(player)

    async def _send(self, player: Player, choice: Choice) -> Interaction:
        table = player.table
        if choice.kind == "slash":
            table.opening()
            return await self.emu.slash(player.user, table.channel, table.command, {})
        assert choice.message is not None
        if choice.verb == "join":
            player.tried_join = True
        if choice.kind == "button":
            return await self.emu.click(player.user, choice.message, choice.custom_id)
        count = table.rng.randint(choice.min_values, choice.max_values)
        values = table.rng.sample(choice.options, count)
        return await self.emu.select(player.user, choice.message, choice.custom_id, values)


def opening(table: LoadTable) -> bool:
    """Still on its way to its first game (and not given up on)."""
    return table.games_started == 0 and table.phase != BLOCKED


def _refused(ix: Interaction) -> bool:
    return ix.response_type == CHANNEL_MESSAGE and ix.ephemeral and not _rich(ix)


def _answer_text(ix: Interaction) -> str:
    private = [m for m in ix.messages() if m.ephemeral_for is not None and m.text]
    return private[-1].text[:40] if private else ""


def _rich(ix: Interaction) -> bool:
    message = ix.message
    return message is not None and bool(message.attachments or message.components)


async def _wait_picture(picture: asyncio.Future[float | None], ix: Interaction) -> float | None:
    left = PICTURE_WAIT - ix.age
    if left <= 0 and not picture.done():
        return None
    try:
        return await asyncio.wait_for(asyncio.shield(picture), max(left, 0.0))
    except TimeoutError:
        return None
