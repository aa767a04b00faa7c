"""Simulated players on the emulator: many tables played at once, at a fixed global pace.

:class:`BenchDiscord` is the test emulator with two changes for load: a user's interaction
returns as soon as the bot's initial callback arrived (no waiting for the whole emulator to be
idle, which it never is under load), and every message the bot makes or edits is handed to
the table of its channel. Each :class:`BenchTable` plays Dice Stars with two players, as a
user would: it reads the latest message with controls, and the player it mentions presses one
of its enabled buttons (or picks stars in its menu); when a game ends, the host opens the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.emulator import Channel, FakeDiscord, Interaction, Message, User

CONTROL = re.compile(r"^[ts]:(\d+):(\d+):(.*)$")
MENTION = re.compile(r"<@!?(\d+)>")
CALLBACK_WAIT = 3.5  # Discord's 3 s, and a little for the emulator itself
CHANGE_WAIT = 10.0
GIVE_UP = 3


class BenchDiscord(FakeDiscord):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.callback_timeout = CALLBACK_WAIT
        self.on_message: Callable[[Message], None] = lambda message: None

    async def idle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Under load the emulator is never quiet, and nothing here waits for it to be."""

    async def _send(self, ix: Interaction) -> Interaction:
        try:
            return await super()._send(ix)
        except AssertionError:
            if ix.sent_at is None:  # not sent at all: no bot to receive it
                raise
            return ix  # sent, and not answered in time: the caller reads that off ``ix``

    def _announce_message(self, event: str, message: Message) -> None:
        super()._announce_message(event, message)
        self.on_message(message)


@dataclass
class Sample:
    """One interaction: when it was sent, its first answer and when the table moved on."""

    sent_at: float
    responded_in: float | None
    settled_in: float | None
    refused: bool  # answered privately (not your turn, out of date, an error)
    kind: str


@dataclass
class BenchTable:
    channel: Channel
    host: User
    guest: User
    rng: random.Random
    controls: Message | None = None
    game_id: int | None = None
    version: int = 0
    joined: bool = False
    playing: bool = False  # the latest controls are a game's, not a lobby's
    finished: bool = True  # no game yet: the host opens one
    games: int = 0
    failures: int = 0  # in a row; the table is left alone after GIVE_UP
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def see(self, message: Message) -> None:
        """A message of this channel was made or edited by the bot."""
        if message.ephemeral_for is not None:
            return
        found = [CONTROL.match(b["custom_id"] or "") for b in _controls(message)]
        versions = [(int(m[1]), int(m[2])) for m in found if m]
        if versions:
            game_id, version = max(versions)
            if (self.game_id in (None, game_id)) and version > self.version:
                _forget_pictures(self.controls, keep=message)
                self.controls, self.game_id, self.version = message, game_id, version
                self.playing = any(m[3].startswith("a") for m in found if m)
                self.changed.set()
        elif any("result" in a.filename for a in message.attachments):
            self.finished = True
            self.changed.set()

    async def step(self, emu: BenchDiscord) -> Sample:
        """The next thing a player does here; returns what the bot answered and when."""
        self.changed.clear()
        kind, ix = await self._act(emu)
        responded = ix.responded_in
        refused = ix.ephemeral or responded is None
        settled = None
        if not refused:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), CHANGE_WAIT)
                settled = time.monotonic() - (ix.sent_at or 0)
        return Sample(ix.sent_at or 0.0, responded, settled, refused, kind)

    async def _act(self, emu: BenchDiscord) -> tuple[str, Interaction]:
        if self.finished or self.controls is None:
            self.finished, self.joined, self.playing = False, False, False
            self.game_id, self.version, self.controls = None, 0, None
            self.games += 1
            return "new", await emu.slash(self.host, self.channel, "dicestars new", {})
        message = self.controls
        lobby = {_payload(b["custom_id"]): b["custom_id"] for b in _controls(message)}
        if "join" in lobby and not self.joined:
            self.joined = True
            return "join", await emu.click(self.guest, message, lobby["join"])
        if "start" in lobby:
            return "start", await emu.click(self.host, message, lobby["start"])
        return "move", await self._move(emu, message)

    async def _move(self, emu: BenchDiscord, message: Message) -> Interaction:
        mentioned = MENTION.findall(message.content)
        player = self.host if mentioned and int(mentioned[-1]) == self.host.id else self.guest
        buttons = [
            b["custom_id"]
            for b in message.buttons()
            if not b["disabled"] and _payload(b["custom_id"]).startswith("a")
        ]
        menus = [s for s in message.selects() if not s["disabled"]]
        if not buttons and not menus:
            raise AssertionError(f"no control to press on message {message.id}")
        choice = self.rng.randrange(len(buttons) + len(menus))
        if choice < len(buttons):
            return await emu.click(player, message, buttons[choice])
        menu = menus[choice - len(buttons)]
        values = [o["value"] for o in menu["options"]]
        picked = self.rng.sample(values, menu["min_values"])
        return await emu.select(player, message, menu["custom_id"], picked)


def _controls(message: Message) -> list[dict]:
    return [*message.buttons(), *message.selects()]


def _payload(custom_id: str | None) -> str:
    """What a table control does (``a{...}`` for a game action, ``join``, ``start``, ...)."""
    found = CONTROL.match(custom_id or "")
    return found[3] if found else ""


def _forget_pictures(message: Message | None, keep: Message) -> None:
    """Drop the bytes of a table's older pictures: the emulator would keep them all."""
    if message is None:
        return
    shown = {id(attachment) for attachment in keep.attachments}
    for version in [message, *message.edits]:
        for attachment in version.attachments:
            if id(attachment) not in shown:
                attachment.data = b""
    message.edits.clear()


class Pacer:
    """At most ``rate`` interactions per second in total, each table one at a time.

    Each tick goes to a table picked at random among those waiting for their player: players
    at different tables do not act in lockstep (served in a fixed order, all tables would reach
    the end of a turn in the same second).
    """

    def __init__(self, emu: BenchDiscord, tables: list[BenchTable], rate: float) -> None:
        self.emu = emu
        self.tables = tables
        self.interval = 1.0 / rate
        self.samples: list[Sample] = []
        self.failures: list[str] = []
        self._ready = list(tables)
        self._arrived = asyncio.Event()
        self._rng = random.Random(len(tables))

    async def play(
        self,
        seconds: float,
        until: Callable[[], bool] | None = None,
        first: Callable[[BenchTable], bool] | None = None,
    ) -> None:
        """Send interactions for ``seconds`` (or until ``until()``), then let them finish.

        Tables for which ``first`` holds are served before the others.
        """
        running: set[asyncio.Task[None]] = set()
        end = time.monotonic() + seconds
        next_at = time.monotonic()
        while time.monotonic() < end and not (until and until()):
            if not self._ready:
                self._arrived.clear()
                try:
                    await asyncio.wait_for(self._arrived.wait(), end - time.monotonic())
                except TimeoutError:
                    break
                continue
            table = self._pick(first)
            now = time.monotonic()
            next_at = max(next_at, now)  # no burst to catch up after a wait
            await asyncio.sleep(next_at - now)
            next_at += self.interval
            task = asyncio.create_task(self._turn(table))
            running.add(task)
            task.add_done_callback(running.discard)
        if running:
            await asyncio.wait(running, timeout=CHANGE_WAIT + CALLBACK_WAIT)

    def _pick(self, first: Callable[[BenchTable], bool] | None) -> BenchTable:
        preferred = [i for i, t in enumerate(self._ready) if first(t)] if first else []
        index = self._rng.choice(preferred or range(len(self._ready)))
        return self._ready.pop(index)

    async def _turn(self, table: BenchTable) -> None:
        try:
            self.samples.append(await table.step(self.emu))
            table.failures = 0
        except Exception as problem:  # e.g. a control vanished under the player's finger
            self.failures.append(f"{type(problem).__name__}: {str(problem)[:300]}")
            table.failures += 1
        if table.failures < GIVE_UP:
            self._ready.append(table)
            self._arrived.set()
