"""The tables of the mixed load, as their simulated players see them.

A :class:`LoadTable` is one channel with a host and guests of its own, playing one game kind
again and again. It learns only from what the emulator shows (every message the bot makes or
edits, in the channel, in its players' DMs and in their ephemerals) and keeps, per place, the
newest message with enabled controls of its current game. It never depends on the order of the
bot's calls: a message is read in whatever version arrives last.

What a player **may press** (the rule the players follow and the stuck count uses):

- no game visible (none yet, or the last one's result posted): the host may run ``/<game> new``;
- a lobby: a guest who has not tried to join yet may press Join; the host may press Start once it
  is enabled and every guest tried to join (Leave, Cancel, settings and computer seats are left
  alone);
- a game: the enabled game controls (custom_id payload ``a…`` or ``u:…``, buttons and selects)
  of the newest message with controls of this game in each place the player sees: the channel
  (if it mentions the player, or mentions no seated player at all), the player's DM, the
  player's ephemerals. A message on which a click of the player was refused ("out of date",
  "not your turn") offers that player nothing until the bot changes it: a person would not
  press a board the bot called out of date again and again.

A table is **stuck** when it shows an open game (a lobby or a game, or a ``/new`` that got no
lobby three times) in which none of its players may press anything by the rule above and no
message in its places (channel, its players' DMs and ephemerals) was made or edited for
:data:`STUCK_AFTER` seconds.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.emulator import Channel, Message, User

CONTROL = re.compile(r"^[ts]:(\d+):(\d+):(.*)$")
MENTION = re.compile(r"<@!?(\d+)>")
FINAL_PICTURE = re.compile(r"-(result|scores)\.")  # the scoreboard that ends a game
STUCK_AFTER = 10.0
OPEN_ATTEMPTS = 3  # a ``/new`` without a lobby this often: the channel is blocked
COMMANDS = {"dicestars": "dicestars new", "dizzle": "dizzle new", "stella": "stella new"}
IDLE, OPENING, LOBBY, PLAYING, BLOCKED = "idle", "opening", "lobby", "playing", "blocked"


@dataclass
class Choice:
    """One thing a player may do now: a slash command, a button or a select."""

    kind: str  # slash, button, select
    verb: str  # new, join, start, game (an ``a…`` payload), ui (a ``u:…`` payload)
    message: Message | None = None
    custom_id: str = ""
    options: list[str] = field(default_factory=list)
    min_values: int = 1
    max_values: int = 1


class Player:
    """One simulated user at one table; at most one click of theirs is on its way."""

    def __init__(self, user: User, table: LoadTable) -> None:
        self.user = user
        self.table = table
        self.busy = False
        self.tried_join = False
        self.refused_at: dict[int, int] = {}  # message id -> its version when a click was refused
        self.created = 0  # new messages this player saw
        self.last: Any = None  # the player's latest interaction, for a stuck table's note
        self._changed = asyncio.Event()
        self._pictures: list[asyncio.Future[float | None]] = []

    def choices(self) -> list[Choice]:
        return self.table.choices_for(self)

    def refused(self, message: Message, answer: str, clicked: int | None = None) -> None:
        """Leave this message alone until the bot changes it (as a person closes a stale one).

        ``clicked``: the version the player clicked on; one the bot made since is a change.
        """
        seen = self.table.versions.get(message.id, 0)
        self.refused_at[message.id] = seen if clicked is None else min(clicked, seen)
        self.table.last_refusal = answer

    def expect_picture(self) -> asyncio.Future[float | None]:
        """Resolved with the moment the next picture shows to this player (None: refused)."""
        future: asyncio.Future[float | None] = asyncio.get_running_loop().create_future()
        self._pictures.append(future)
        return future

    def saw(self, created: bool, picture: bool, refusal: bool = False) -> None:
        if refusal or picture:
            moment = None if refusal else time.monotonic()
            for future in self._pictures:
                if not future.done():
                    future.set_result(moment)
            self._pictures.clear()
        if not refusal:
            self.created += created
            self._changed.set()
            self.table.wake(self)

    def mark(self, clicked: Message | None) -> tuple[int, int]:
        """What this player has seen so far, to wait for a change after a click."""
        return self.created, self.table.versions.get(clicked.id, 0) if clicked else 0

    async def next_change(
        self, since: tuple[int, int], clicked: Message | None, timeout: float
    ) -> None:
        """Until, since ``mark``, the clicked message changed or a new one showed up.

        Edits of other messages do not count: a click on a slate waits for that slate, not for
        the channel's message that says someone else locked in.
        """
        created, version = since
        deadline = time.monotonic() + timeout

        def moved() -> bool:
            edited = clicked is not None and self.table.versions.get(clicked.id, 0) > version
            return self.created > created or edited

        while not moved():
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                return


class LoadTable:
    def __init__(
        self, kind: str, channel: Channel, host: User, guests: list[User], seed: int
    ) -> None:
        self.kind = kind
        self.channel = channel
        self.rng = random.Random(seed)
        self.host = Player(host, self)
        self.guests = [Player(user, self) for user in guests]
        self.players = [self.host, *self.guests]
        self.phase = IDLE
        self.game_id: int | None = None
        self.shown: dict[int, Message] = {}  # message id -> newest version, controls of the game
        self.newest_public: Message | None = None
        self.versions: dict[int, int] = {}  # message id -> how often the bot made or edited it
        self.open_failures = 0
        self.last_refusal = ""  # the bot's latest private "no" to one of these players
        self.last_change = time.monotonic()
        self.games_opened = 0
        self.games_started = 0
        self.games_finished = 0
        self.wake: Callable[[Player], None] = lambda player: None

    @property
    def command(self) -> str:
        return COMMANDS[self.kind]

    # ---- what the emulator shows ----------------------------------------------------------

    def see(self, message: Message, created: bool) -> None:
        """A message in one of this table's places was made (or else edited) by the bot."""
        self.versions[message.id] = self.versions.get(message.id, 0) + 1
        picture = bool(message.attachments)
        for attachment in message.attachments:
            attachment.data = b""  # the emulator would keep every picture in memory
        message.edits.clear()
        audience = self._audience(message)
        private_text = message.ephemeral_for is not None and not picture and not message.components
        # A "thinking" placeholder is no answer yet: what fills it in is.
        if private_text and not message.loading:
            for player in audience:  # a private text answer: a refusal or an error
                player.saw(created, False, refusal=True)
            return
        self.last_change = time.monotonic()
        public = message.ephemeral_for is None and not message.channel.is_dm
        games = _game_ids(message)
        if public and games and (self.game_id is None or max(games) > self.game_id):
            self._adopt(max(games))
        if public and self.phase in (OPENING, LOBBY, PLAYING) and _is_final(message):
            self.phase = IDLE
            self.games_finished += 1
            self.shown.clear()
        elif self.phase in (LOBBY, PLAYING) and self.game_id is not None:
            self._note_controls(message, public)
        for player in audience:
            player.saw(created, picture)

    def _adopt(self, game_id: int) -> None:
        self.game_id = game_id
        self.phase = LOBBY
        self.open_failures = 0
        self.shown.clear()
        self.games_opened += 1
        for player in self.players:
            player.tried_join = False

    def _note_controls(self, message: Message, public: bool) -> None:
        ours = [p for p in _enabled_payloads(message, self.game_id) if p]
        if public:
            self.newest_public = message
        if ours:
            self.shown[message.id] = message
            if self.phase == LOBBY and any(p.startswith(("a", "u:")) for p in ours):
                self.phase = PLAYING
                self.games_started += 1
        else:
            self.shown.pop(message.id, None)

    def _audience(self, message: Message) -> list[Player]:
        if message.channel.is_dm:
            return [p for p in self.players if p.user is message.channel.recipient]
        if message.ephemeral_for is not None:
            return [p for p in self.players if p.user.id == message.ephemeral_for]
        return self.players

    # ---- what a player may press ----------------------------------------------------------

    def choices_for(self, player: Player) -> list[Choice]:
        if self.phase == IDLE:
            return [Choice("slash", "new")] if player is self.host else []
        if self.phase == LOBBY:
            return self._lobby_choices(player)
        if self.phase == PLAYING:
            return self._game_choices(player)
        return []

    def _lobby_choices(self, player: Player) -> list[Choice]:
        lobby = self._newest(lambda m: m.ephemeral_for is None and not m.channel.is_dm)
        if lobby is None or player.refused_at.get(lobby.id) == self.versions[lobby.id]:
            return []
        for button in lobby.buttons():
            verb = _payload(button["custom_id"])
            if button["disabled"]:
                continue
            wanted = (verb == "join" and player is not self.host and not player.tried_join) or (
                verb == "start"
                and player is self.host
                and all(guest.tried_join for guest in self.guests)
            )
            if wanted:
                return [Choice("button", verb, lobby, button["custom_id"])]
        return []

    def _game_choices(self, player: Player) -> list[Choice]:
        user = player.user
        places = [
            self._newest(lambda m: m.ephemeral_for is None and not m.channel.is_dm),
            self._newest(lambda m: m.channel.is_dm and m.channel.recipient is user),
            self._newest(lambda m: m.ephemeral_for == user.id),
        ]
        found: list[Choice] = []
        for index, message in enumerate(places):
            if message is None or player.refused_at.get(message.id) == self.versions[message.id]:
                continue
            if index == 0 and not self._addressed(message, player):
                continue
            found += _message_choices(message, self.game_id)
        return found

    def _addressed(self, message: Message, player: Player) -> bool:
        """A channel message is for the players it mentions (for everyone if it names none)."""
        seated = {p.user.id for p in self.players}
        named = {int(found) for found in MENTION.findall(message.text)} & seated
        return not named or player.user.id in named

    def _newest(self, where: Callable[[Message], bool]) -> Message | None:
        found = [m for m in self.shown.values() if where(m)]
        return max(found, key=lambda m: m.id) if found else None

    # ---- the host's /new ------------------------------------------------------------------

    def opening(self) -> None:
        self.phase = OPENING

    def opened_without_lobby(self) -> None:
        """``/new`` was refused ("busy") or not answered in time: try again, then give up."""
        if self.phase != OPENING:
            return
        self.open_failures += 1
        self.phase = BLOCKED if self.open_failures >= OPEN_ATTEMPTS else IDLE

    # ---- stuck ----------------------------------------------------------------------------

    def stuck_reason(self, now: float) -> str | None:
        """Why this table is stuck (see the module docstring), or None if it is not."""
        if self.phase == IDLE or now - self.last_change < STUCK_AFTER:
            return None
        if self.phase != BLOCKED and any(p.choices() for p in self.players if not p.busy):
            return None
        quiet = f"nothing changed for {now - self.last_change:.0f} s"
        if self.phase == BLOCKED:
            return f"{self.kind} in #{self.channel.name}: {OPEN_ATTEMPTS} x /new, no lobby; {quiet}"
        newest = self.newest_public
        shows = "no message" if newest is None else f"message {newest.id}"
        if newest is not None:
            controls = _enabled_payloads(newest, self.game_id)
            shows += f" with {len(controls)} enabled controls" if controls else " without controls"
        private = sum(1 for m in self.shown.values() if m.channel.is_dm or m.ephemeral_for)
        refused = f", last refusal {self.last_refusal!r}" if self.last_refusal else ""
        seats = "; ".join(self._seat_state(p) for p in self.players)
        return (
            f"{self.kind} game {self.game_id} ({self.phase}): channel shows {shows}, "
            f"{private} private messages with controls{refused}; {quiet} ({seats})"
        )

    def _seat_state(self, player: Player) -> str:
        """What one player has in front of them: the newest message with controls per place."""
        held = [
            f"{'dm' if m.channel.is_dm else 'eph' if m.ephemeral_for else 'chan'} {m.id}"
            + (" refused" if player.refused_at.get(m.id) == self.versions.get(m.id) else "")
            for m in self.shown.values()
            if m.ephemeral_for in (None, player.user.id)
            and (not m.channel.is_dm or m.channel.recipient is player.user)
        ]
        busy = " busy" if player.busy else ""
        last = ""
        if player.last is not None:
            ix = player.last
            answers = [
                f"{'eph' if m.ephemeral_for else 'pub'}:{len(m.components)}c{len(m.attachments)}p"
                for m in ix.messages()
            ]
            last = (
                f" [last: {ix.label.split(' by ')[0]} -> type {ix.response_type}, refused "
                f"{ix.refused}, {answers}]"
            )
        return f"{player.user.name}{busy}: {', '.join(held) or 'nothing'}{last}"


def _game_ids(message: Message) -> list[int]:
    found = [CONTROL.match(c.get("custom_id") or "") for c in _components(message)]
    return [int(m[1]) for m in found if m]


def _enabled_payloads(message: Message, game_id: int | None) -> list[str]:
    payloads = []
    for component in _components(message):
        found = CONTROL.match(component.get("custom_id") or "")
        if found and int(found[1]) == game_id and not component.get("disabled"):
            payloads.append(found[3])
    return payloads


def _message_choices(message: Message, game_id: int | None) -> list[Choice]:
    found: list[Choice] = []
    for button in message.buttons():
        verb = _verb(button["custom_id"], game_id)
        if verb and not button["disabled"]:
            found.append(Choice("button", verb, message, button["custom_id"]))
    for menu in message.selects():
        verb = _verb(menu["custom_id"], game_id)
        values = [option["value"] for option in menu["options"]]
        if verb and not menu["disabled"] and len(values) >= menu["min_values"]:
            found.append(
                Choice(
                    "select",
                    verb,
                    message,
                    menu["custom_id"],
                    values,
                    menu["min_values"],
                    min(menu["max_values"], len(values)),
                )
            )
    return found


def _verb(custom_id: str | None, game_id: int | None) -> str:
    """``game`` or ``ui`` for a control of this game a player may press, else empty."""
    found = CONTROL.match(custom_id or "")
    if not found or int(found[1]) != game_id:
        return ""
    payload = found[3]
    if payload.startswith("u:"):
        return "ui"
    return "game" if payload.startswith("a") else ""


def _payload(custom_id: str | None) -> str:
    found = CONTROL.match(custom_id or "")
    return found[3] if found else ""


def _components(message: Message) -> list[dict]:
    return [*message.buttons(), *message.selects()]


def _is_final(message: Message) -> bool:
    return any(FINAL_PICTURE.search(a.filename) for a in message.attachments)
