"""A calm channel: what a whole game costs the channel and the players' phones and fingers.

The real bot (its own process, :mod:`bench.botprocess`) plays seeded games of every title
against the emulator: Dice Stars and Dizzle at 1-4 players, Stella at 3-6 (its last player has
closed DMs, so the fallback in the channel is measured too). The players are simulated users
who act only when the game waits for them and press only what they see: the turn message in
the channel, their DM, their own ephemerals. Their choices are drawn from a seeded source; a
Stella player marks k cards (1 to 3) by k toggles and Lock in.

Per game (figures summed per title and player count):

- **public messages** made in the channel (also those deleted later: short "your turn" notes),
  how many are left at the end, and those with a picture;
- **bytes uploaded**: every picture sent, in the channel, DMs and ephemerals, edits included;
- **notifications per player**: new messages that made a player's phone buzz (a DM, or a
  mention Discord lets through in a message that is not silent); **needless** ones went to a
  player who did not have to act once the step was shown;
- **taps per decision**: the players' taps (a button is one, a menu one to open it and one per
  option picked) over their decisions (moves in the log, a Stella marking counting once, at
  its Lock in);
- **forced choices tapped**: moves a player made by a click where the rules left exactly one
  legal move (the log replayed from the seed); **played by the bot**: such moves it applied;
- Stella: taps per marking minus the marked cards (the target is Lock in alone: 1) and
  pictures uploaded per toggle.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.botprocess import BotProcess
from bench.measure import MB, Figure
from storage.database import Database
from tests.emulator import FakeDiscord, Guild, Message, User

GAMES = [("dicestars", n) for n in (1, 2, 3, 4)]
GAMES += [("dizzle", n) for n in (1, 2, 3, 4)]
GAMES += [("stella", n) for n in (3, 4, 5, 6)]
QUICK_GAMES = [("dicestars", 1), ("dicestars", 3), ("dizzle", 2), ("dizzle", 4), ("stella", 3)]
KINDS = {"dicestars": "dice_stars", "dizzle": "dizzle", "stella": "stella"}
STEP_LIMIT = 3000
MARKS = (1, 3)  # a Stella player marks this many cards, at random


def run(quick: bool, profile: bool = False) -> tuple[list[Figure], dict[str, str]]:
    return asyncio.run(_run(QUICK_GAMES if quick else GAMES)), {}


@dataclass
class Tally:
    """What one game cost."""

    title: str
    players: int
    public: int = 0
    kept: int = 0  # public messages still there at the end
    pictures: int = 0
    uploaded: int = 0
    notified: Counter[int] = field(default_factory=Counter)
    needless: int = 0
    taps: int = 0
    decisions: int = 0
    forced_tapped: int = 0
    forced_played: int = 0
    marking_taps: list[int] = field(default_factory=list)  # taps minus marks, per marking
    toggles: int = 0
    toggle_uploads: int = 0
    refused: int = 0
    finished: bool = False


async def _run(games: list[tuple[str, int]]) -> list[Figure]:
    tallies: list[Tally] = []
    with tempfile.TemporaryDirectory(prefix="bench-channel-") as name:
        folder = Path(name)
        async with FakeDiscord(bot_token="bench-token") as emu:
            emu.callback_timeout = 10.0  # a busy shared host; lateness is not measured here
            guild = emu.add_guild("Calm", locale="en-US")
            database = folder / "tables.sqlite3"
            bot = BotProcess(folder, database, emu.bot_token, emu.api_base, emu.gateway_url)
            await bot.start()
            try:
                await emu.wait_for_bot(timeout=60)
                db = await Database.open(database)
                try:
                    for index, (title, players) in enumerate(games):
                        game = Game(emu, db, guild, title, players, seed=index)
                        tallies.append(await game.play())
                finally:
                    await db.close()
            finally:
                await bot.stop()
    return _figures(tallies)


class Game:
    def __init__(
        self, emu: FakeDiscord, db: Database, guild: Guild, title: str, players: int, seed: int
    ) -> None:
        self.emu, self.db, self.title = emu, db, title
        self.rng = random.Random(seed)
        self.channel = emu.add_channel(guild, f"{title}-{players}")
        self.users: list[User] = []
        for n in range(players):
            user = emu.add_user(f"{title}{players}p{n}", locale="en-US")
            emu.add_member(guild, user)
            self.users.append(user)
        if title == "stella":
            self.users[-1].dms_open = False
        self.tally = Tally(title, players)
        self.plan: dict[int, int] = {}  # user id -> marks still to toggle in this marking
        self.marks: dict[int, int] = {}  # user id -> cards to mark in this marking
        self.marked: dict[int, int] = {}  # user id -> taps in this marking so far

    # --- playing -----------------------------------------------------------------------

    async def play(self) -> Tally:
        emu, host = self.emu, self.users[0]
        before = set(emu.messages)
        command = f"{self.title} new"
        solo = len(self.users) == 1
        ix = await emu.slash(host, self.channel, command, {"solo": True} if solo else {})
        if not solo:
            lobby = ix.message
            for number, guest in enumerate(self.users[1:], start=2):
                await emu.click(guest, lobby, _payload_id(lobby, "join"))
                seats = f"({number}/"
                await emu.wait_until(
                    lambda seats=seats: seats in lobby.text, timeout=30, what="joined"
                )
            await emu.wait_until(lambda: _has(lobby, "start"), timeout=30, what="Start enabled")
            await emu.click(host, lobby, _payload_id(lobby, "start"))
        record = None
        made = set(before)
        for _ in range(STEP_LIMIT):
            record = await self._shown()
            await self._count_notifications(set(emu.messages) - made)
            if record is None:
                break
            made = set(emu.messages)
            await self._step(record)
        finished = await self._last_game()
        self.tally.finished = finished is not None and finished.status == "finished"
        if finished is not None:
            await self._count_moves(finished)
        self._count_messages(set(emu.messages) - before)
        return self.tally

    async def _shown(self) -> Any:
        """The open game once the channel shows all of it (None once it is over)."""
        from games.table import Table

        for _ in range(600):
            await self.emu.idle(timeout=30)
            record = await self.db.open_game(self.channel.id)
            if record is None or Table.from_json(record.snapshot).up_to_date:
                return record
            await asyncio.sleep(0.05)
        raise RuntimeError(f"{self.channel.name}: the channel never showed the game")

    async def _step(self, record: Any) -> None:
        snapshot = record.snapshot
        state = snapshot.get("state") or {}
        waiting = _waiting(self.title, state, snapshot)
        if not waiting:
            return
        seat = waiting[0]
        user = next(u for u in self.users if u.id == snapshot["seats"][seat]["user_id"])
        await self._act(user, state)

    async def _act(self, user: User, state: dict[str, Any]) -> None:
        if self.title == "stella" and state.get("phase") == "marking":
            await self._mark(user)
            return
        message = self._newest_with_controls(user)
        if message is None:
            raise RuntimeError(f"{user.name} must act but sees no control")
        if self.title == "stella" and _has(message, "u:designate"):
            await self._tap(user, message, _payload_id(message, "u:designate"))
            message = self._newest_ephemeral(user)
            if message is None:
                return
        await self._random_control(user, message)

    async def _mark(self, user: User) -> None:
        slate = self._slate(user)
        if slate is None:  # DMs closed: "My slate" in the channel opens it privately
            offer = self._newest_public_with("u:slate")
            if offer is None:
                raise RuntimeError(f"{user.name} has no slate")
            await self._tap(user, offer, _payload_id(offer, "u:slate"))
            slate = self._slate(user)
            if slate is None:
                raise RuntimeError(f"{user.name} got no slate")
        if user.id not in self.plan:
            self.plan[user.id] = self.rng.randint(*MARKS)
            self.marks[user.id] = self.plan[user.id]
        if self.plan[user.id] > 0:
            marked = {b["custom_id"] for b in slate.buttons() if b.get("emoji")}
            free = [
                b["custom_id"]
                for b in slate.buttons()
                if ":atoggle:" in b["custom_id"] and b["custom_id"] not in marked
            ]
            attachments = {a.id for a in slate.attachments}
            await self._tap(user, slate, self.rng.choice(free))
            self.plan[user.id] -= 1
            self.marked[user.id] = self.marked.get(user.id, 0) + 1
            self.tally.toggles += 1
            now = self.emu.messages[slate.id]
            self.tally.toggle_uploads += len({a.id for a in now.attachments} - attachments)
            return
        await self._tap(user, slate, _payload_id(slate, "alock"))
        taps = self.marked.pop(user.id, 0) + 1
        if user.dms_open:  # closed DMs add the tap on "My slate"
            self.tally.marking_taps.append(taps - self.marks.pop(user.id))
        del self.plan[user.id]

    async def _random_control(self, user: User, message: Message) -> None:
        buttons = [
            b["custom_id"]
            for b in message.buttons()
            if not b["disabled"] and _payload(b["custom_id"]).startswith("a")
        ]
        selects = [s for s in message.selects() if _payload(s["custom_id"]).startswith("a")]
        choices: list[Any] = [("button", b) for b in buttons] + [("select", s) for s in selects]
        if not choices:
            raise RuntimeError(f"{user.name} sees no game control on {message.text[:80]!r}")
        kind, chosen = self.rng.choice(choices)
        if kind == "button":
            await self._tap(user, message, chosen)
            return
        values = [option["value"] for option in chosen["options"]]
        count = chosen.get("min_values", 1) or 1
        picked = self.rng.sample(values, count)
        self.tally.taps += count  # a menu: one tap opens it, one per option picked
        edits = len(message.edits)
        ix = await self.emu.select(user, message, chosen["custom_id"], picked)
        self.tally.taps += 1
        self._check_refusal(ix)
        await self._edited(message, edits)

    async def _tap(self, user: User, message: Message, custom_id: str) -> None:
        edits = len(message.edits)
        ix = await self.emu.click(user, message, custom_id)
        self.tally.taps += 1
        self._check_refusal(ix)
        await self._edited(message, edits)

    async def _edited(self, message: Message, edits: int) -> None:
        """Until the clicked message shows the click (a private panel is edited after it)."""
        for _ in range(100):
            if len(message.edits) > edits or message.deleted:
                return
            await asyncio.sleep(0.05)

    def _check_refusal(self, ix: Any) -> None:
        if ix.ephemeral and ix.message is not None and not ix.message.components:
            self.tally.refused += 1

    # --- what a player sees -----------------------------------------------------------

    def _game_messages(self, messages: list[Message]) -> list[Message]:
        return [m for m in messages if any(_payload(c).startswith(("a", "u:")) for c in _ids(m))]

    def _newest_with_controls(self, user: User) -> Message | None:
        public = self._game_messages(
            [m for m in self.emu.visible_to(user, self.channel) if m.ephemeral_for is None]
        )
        return public[-1] if public else None

    def _newest_public_with(self, payload: str) -> Message | None:
        found = [m for m in self.emu.channel_messages(self.channel) if _has(m, payload)]
        return found[-1] if found else None

    def _newest_ephemeral(self, user: User) -> Message | None:
        own = [m for m in self.emu.visible_to(user, self.channel) if m.ephemeral_for == user.id]
        found = self._game_messages(own)
        return found[-1] if found else None

    def _slate(self, user: User) -> Message | None:
        places = [*self.emu.dm_messages(user), *self.emu.visible_to(user, self.channel)]
        found = [m for m in places if any(":atoggle:" in c for c in _ids(m))]
        found = [m for m in found if m.channel.guild is None or m.ephemeral_for == user.id]
        return found[-1] if found else None

    # --- counting ---------------------------------------------------------------------

    async def _count_notifications(self, made: set[int]) -> None:
        record = await self._last_game()
        waiting: set[int] = set()
        if record is not None and record.status == "active":
            snapshot = record.snapshot
            seats = _waiting(self.title, snapshot.get("state") or {}, snapshot)
            waiting = {snapshot["seats"][s]["user_id"] for s in seats}
        ours = {u.id for u in self.users}
        for message_id in made:
            for user_id in self.emu.messages[message_id].notified:
                if user_id in ours:
                    self.tally.notified[user_id] += 1
                    self.tally.needless += user_id not in waiting

    def _count_messages(self, made: set[int]) -> None:
        dms = {self.emu.dm_channels[u.id].id for u in self.users if u.id in self.emu.dm_channels}
        uploads: dict[int, int] = {}
        for message_id in made:
            message = self.emu.messages[message_id]
            here = message.channel is self.channel
            if not here and message.channel.id not in dms:
                continue
            versions = [*message.edits, message]
            for version in versions:
                uploads.update({a.id: a.size for a in version.attachments})
            if here and message.ephemeral_for is None:
                self.tally.public += 1
                self.tally.kept += not message.deleted
                self.tally.pictures += any(v.attachments for v in versions)
        self.tally.uploaded = sum(uploads.values())

    async def _last_game(self) -> Any:
        games = await self.db.guild_games(self.channel.guild.id, limit=100)  # type: ignore[union-attr]
        mine = [g for g in games if g.channel_id == self.channel.id]
        return mine[0] if mine else await self.db.open_game(self.channel.id)

    async def _count_moves(self, record: Any) -> None:
        from cogs.table.plugin import GamePlugin
        from games.engine import CHANCE
        from games.table import Table

        plugin: GamePlugin = _plugin(self.title)
        table = Table.from_json(record.snapshot)
        state = plugin.replay_state(table)
        engine = plugin.engine
        for move in await self.db.moves(record.id):
            seat = CHANCE if move.seat is None else move.seat
            human = seat != CHANCE and table.seats[seat].human
            if human and move.actor in ("user", "forced"):
                only = len(engine.legal_actions(state, seat)) == 1
                if move.actor == "forced":
                    self.tally.forced_played += 1
                elif only:
                    self.tally.forced_tapped += 1
                if move.actor == "user" and move.action.get("type") != "set_marks":
                    self.tally.decisions += 1
            engine.apply(state, seat, move.action)


def _plugin(title: str) -> Any:
    if title == "dicestars":
        from cogs.dice_stars import DiceStarsPlugin

        return DiceStarsPlugin()
    if title == "dizzle":
        from cogs.dizzle import DizzlePlugin
        from cogs.dizzle_level_files import read_dizzle_levels

        return DizzlePlugin(read_dizzle_levels(None))
    from cogs.stella import StellaPlugin

    return StellaPlugin(None)


def _waiting(title: str, state: dict[str, Any], snapshot: dict[str, Any]) -> list[int]:
    """The human seats the game waits for now."""
    if not state:
        return []
    plugin = _plugin(title)
    seats = snapshot["seats"]
    engine_state = plugin.engine.from_json(state)
    return [
        seat
        for seat in plugin.engine.to_move(engine_state)
        if seat >= 0 and seats[seat]["user_id"] and not seats[seat]["left"]
    ]


def _ids(message: Message) -> list[str]:
    ids = [b["custom_id"] for b in message.buttons() if not b["disabled"]]
    return ids + [s["custom_id"] for s in message.selects()]


def _payload(custom_id: str) -> str:
    return custom_id.split(":", 3)[3] if custom_id.count(":") >= 3 else ""


def _has(message: Message, payload: str) -> bool:
    return any(_payload(c) == payload for c in _ids(message))


def _payload_id(message: Message, payload: str) -> str:
    for custom_id in _ids(message):
        found = _payload(custom_id)
        if found == payload or found.startswith(payload + ":"):  # "alock" for "alock:<draft>"
            return custom_id
    raise RuntimeError(f"no {payload} control on {message.text!r} {message.buttons()}")


# --- the figures -------------------------------------------------------------------------


def _figures(tallies: list[Tally]) -> list[Figure]:
    figures: list[Figure] = []
    for tally in tallies:
        where = f"{tally.title} {tally.players}p"
        note = "" if tally.finished else "game did not finish"
        per_player = list(tally.notified.values())
        most = max(per_player, default=0)
        mean = sum(per_player) / tally.players
        decisions = max(tally.decisions, 1)
        figures += [
            Figure(
                "channel",
                f"{where}: public messages",
                tally.public,
                "",
                note=f"{tally.kept} left at the end{'; ' + note if note else ''}",
            ),
            Figure("channel", f"{where}: messages with a picture", tally.pictures, ""),
            Figure("channel", f"{where}: uploaded", tally.uploaded / MB, "MB"),
            Figure(
                "channel",
                f"{where}: notifications per player",
                round(mean, 1),
                "",
                note=f"most {most}",
            ),
            Figure("channel", f"{where}: needless notifications", tally.needless, "", 0),
            Figure(
                "channel",
                f"{where}: taps per decision",
                round(tally.taps / decisions, 2),
                "",
                note=f"{tally.taps} taps, {tally.decisions} decisions, {tally.refused} refused",
            ),
            Figure(
                "channel",
                f"{where}: forced choices tapped",
                tally.forced_tapped,
                "",
                0,
                note=f"{tally.forced_played} played by the bot",
            ),
        ]
        if tally.title == "stella":
            extra = max(tally.marking_taps, default=0)
            figures += [
                Figure("channel", f"{where}: marking taps beyond the marks", extra, "", 1),
                Figure(
                    "channel",
                    f"{where}: pictures uploaded per toggle",
                    round(tally.toggle_uploads / max(tally.toggles, 1), 2),
                    "",
                    0,
                    note=f"{tally.toggles} toggles",
                ),
            ]
    return figures
