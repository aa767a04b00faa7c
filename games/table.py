"""A table: the seats, the host, the lobby settings and the game being played there.

Pure rules of the lobby, shared by all three games (``cogs/table/`` is its Discord face).
Seat order is join order, the host first. A seat never disappears once the game runs: a player
who leaves is marked *left* and the autopilot (or the game's own rule) plays on for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from games.engine import GameInfo, RulesError

LOBBY, ACTIVE, FINISHED, CANCELLED, ABANDONED = (
    "lobby",
    "active",
    "finished",
    "cancelled",
    "abandoned",
)
MAX_SPECTATOR_CHANNELS = 5


@dataclass
class Seat:
    user_id: int | None  # None for a computer seat
    name: str
    computer: bool = False
    left: bool = False
    timeouts: int = 0  # timeouts in a row
    language: str | None = None  # the player's own language, for what only they read (DMs)

    @property
    def human(self) -> bool:
        return not self.computer


@dataclass
class Table:
    kind: str
    host_id: int
    language: str
    options: dict[str, Any]
    seats: list[Seat] = field(default_factory=list)
    status: str = LOBBY
    seed: int = 0
    state: dict[str, Any] | None = None
    # Per seat, the table version right after that seat's last own action: a control issued
    # to the seat before then is out of date.
    acted_at: list[int] = field(default_factory=list)
    # Discord message ids the table keeps editing (lobby, current turn); plain ints.
    messages: dict[str, int] = field(default_factory=dict)
    turn_minutes: int = 0  # the turn timer; 0 = none
    spectators: list[int] = field(default_factory=list)  # channels that watch this table
    # What the channel must show, saved with every change so that any process can bring the
    # channel up to it later (after a crash, a late answer, a restart): see
    # cogs/table/channel_step.py.
    changed: int = 0  # the table version of the newest change the channel must show
    shown: int = 0  # the newest change the channel shows completely
    turn_key: str = ""  # the turn the current turn message is about
    turn_since: int = 0  # the version that turn message began at (its key in ``messages``)
    log: list[dict[str, Any]] = field(default_factory=list)  # the current turn message's lines
    posts: list[dict[str, Any]] = field(default_factory=list)  # own messages still to post
    decision: str = ""  # what the turn timer waits for (a new one restarts the timer)
    decision_at: int = 0  # the version that decision began at (the deadline's version)
    first_turn: int = 0  # the version the game started at: its turn message teaches the game
    # Whose turn it is (a message may last longer: Dizzle's pass), since which version, and
    # the seats whose phones the channel must still make buzz once for that turn.
    player_turn: str = ""
    turn_began: int = 0
    notify: list[int] = field(default_factory=list)
    notified: list[int] = field(default_factory=list)  # seats told since that message began
    rematch_of: int = 0  # the finished game this lobby plays again (0: none)
    invited: list[int] = field(default_factory=list)  # players of that game not seated yet
    thread_parent: int = 0  # the channel of the thread the table is played in (0: no thread)
    # The clicks whose changes may have posted messages through them (their follow-ups),
    # saved with the change before anything is posted: a repair finds those messages by them.
    posting_clicks: list[int] = field(default_factory=list)
    # A daily challenge's game (see games/daily.py): its UTC day (YYYY-MM-DD; "" for any other
    # game), and the channel where its player started it, which gets the spoiler-free result.
    daily: str = ""
    daily_channel: int = 0

    def to_json(self) -> dict[str, Any]:
        # Copies one level deep: ``asdict`` would deep-copy the whole game state on every save,
        # which a busy bot feels, and nothing below that level changes in place: a new state,
        # log item or post replaces the old one.
        data = {name: _shallow(getattr(self, name)) for name in _TABLE_FIELDS}
        # A seat holds plain values only: a copy of its attributes is its JSON.
        data["seats"] = [dict(vars(seat)) for seat in self.seats]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        data = dict(data)
        data["seats"] = [Seat(**seat) for seat in data.get("seats", [])]
        return cls(**data)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id and not seat.computer:
                return index
        return None

    @property
    def humans(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.human]

    @property
    def turn_message(self) -> int | None:
        """The id of the current turn message, once it is posted."""
        return self.messages.get(turn_message_key(self.turn_since)) or None

    @property
    def up_to_date(self) -> bool:
        """Whether the channel shows everything (nothing to post, edit or take controls off)."""
        return (
            self.shown >= self.changed
            and not self.posts
            and not self.notify
            and not self.retired_keys()
            and not self.stale_pings()
        )

    def retired_keys(self) -> list[str]:
        """Keys of earlier turn messages whose controls are still to be taken off."""
        current = turn_message_key(self.turn_since)
        return [key for key in self.messages if key.startswith("turn:") and key != current]

    def stale_pings(self) -> list[str]:
        """Keys of "your turn" messages from before the current turn message, or of a game
        that is over: forgotten, never deleted (a notification must lead to its message)."""
        since = self.turn_since if self.status == ACTIVE else None
        return [
            key
            for key in self.messages
            if key.startswith("ping:") and (since is None or int(key[5:]) < since)
        ]


_TABLE_FIELDS = tuple(item.name for item in fields(Table))  # ``fields`` looks them up each call

LOG_LIMIT = 40  # log items a turn message keeps (Discord's 2,000 characters cut earlier)


def _shallow(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value


def turn_message_key(since: int) -> str:
    return f"turn:{since}"


def ping_message_key(since: int) -> str:
    return f"ping:{since}"


def note(key: str, **args: Any) -> list[Any]:
    """A table note for the log (e.g. a timeout), in words of the reader's language later."""
    return [key, args]


def record_change(
    table: Table,
    version: int,
    events: list[dict[str, Any]],
    notes: list[list[Any]],
    turn_key: str,
    new_turn: bool,
    own_message: list[dict[str, Any]] | None = None,
) -> None:
    """Note what a saved change must show: its public events, on a new turn message or not.

    ``events`` are the public ones (secret events never enter the table's log). The lines of
    the old turn message that it never showed (a crash, a late answer) move on to the new one,
    so the public log never skips a move. ``own_message``: events that get a message of their
    own before the turn message (Stella's round results).
    """
    item = {"v": version, "events": events, "notes": notes}
    if own_message:
        table.posts.append({"v": version, "events": own_message})
    if new_turn:
        unshown = [entry for entry in table.log if entry["v"] > table.shown]
        table.log = [*unshown, item]
        table.turn_since = version
        table.notified = []  # nobody told anything by the new message yet
    else:
        table.log = [*table.log, item][-LOG_LIMIT:]
    table.turn_key = turn_key
    table.changed = version


def open_table(
    kind: str, host_id: int, host_name: str, language: str, options: dict[str, Any]
) -> Table:
    return Table(
        kind=kind,
        host_id=host_id,
        language=language,
        options=dict(options),
        seats=[Seat(host_id, host_name)],
    )


def _require_lobby(table: Table) -> None:
    if table.status != LOBBY:
        raise RulesError("table-error-not-in-lobby")


def join(table: Table, info: GameInfo, user_id: int, name: str) -> None:
    _require_lobby(table)
    if table.seat_of(user_id) is not None:
        raise RulesError("table-error-already-seated")
    if len(table.seats) >= info.max_players:
        raise RulesError("table-error-full", max=info.max_players)
    table.seats.append(Seat(user_id, name))
    # A new list: a loaded table shares its lists with the snapshot it came from.
    table.invited = [invited for invited in table.invited if invited != user_id]


def rematch(finished: Table, user_id: int, name: str, computer_name: Callable[[int], str]) -> Table:
    """A lobby to play a finished table again: same game, settings and timer.

    The player asking is host and seated; the computer seats come back (named by their new
    seat number); the other players are invited, except those who left the game. The
    channels that watched the game watch the rematch.
    """
    if finished.status != FINISHED:
        raise RulesError("table-error-closed")
    if finished.seat_of(user_id) is None:
        raise RulesError("rematch-players-only")
    table = open_table(finished.kind, user_id, name, finished.language, finished.options)
    table.turn_minutes = finished.turn_minutes
    table.spectators = list(finished.spectators)
    for seat in finished.seats:
        if seat.computer:
            table.seats.append(Seat(None, computer_name(len(table.seats)), computer=True))
        elif seat.user_id not in (user_id, None, *table.invited) and not seat.left:
            table.invited.append(seat.user_id)
    return table


def add_computer(table: Table, info: GameInfo, user_id: int, name: str) -> None:
    _require_host(table, user_id)
    _require_lobby(table)
    if len(table.seats) >= info.max_players:
        raise RulesError("table-error-full", max=info.max_players)
    table.seats.append(Seat(None, name, computer=True))


def leave_lobby(table: Table, user_id: int) -> int | None:
    """Leave before the start; returns the new host's id when the host role moved.

    When the last human leaves, the table closes (status ``cancelled``).
    """
    _require_lobby(table)
    index = table.seat_of(user_id)
    if index is None:
        raise RulesError("table-error-not-seated")
    del table.seats[index]
    if not table.humans:
        table.status = CANCELLED
        return None
    if user_id == table.host_id:
        table.host_id = table.humans[0].user_id  # type: ignore[assignment]
        return table.host_id
    return None


def hand_over_host(table: Table) -> int | None:
    """The host left a running game: the next human still playing becomes host."""
    for seat in table.seats:
        if seat.human and not seat.left:
            table.host_id = seat.user_id  # type: ignore[assignment]
            return table.host_id
    return None


def _require_host(table: Table, user_id: int) -> None:
    if user_id != table.host_id:
        raise RulesError("table-error-host-only")


def set_option(table: Table, info: GameInfo, user_id: int, name: str, value: Any) -> None:
    _require_host(table, user_id)
    _require_lobby(table)
    for option in info.options:
        if option.name == name:
            if value not in option.choices:
                raise RulesError("table-error-bad-option", option=name)
            table.options[name] = value
            return
    raise RulesError("table-error-bad-option", option=name)


def set_language(table: Table, user_id: int, language: str, languages: tuple[str, ...]) -> None:
    """The host picks the language of everything public about the table."""
    _require_host(table, user_id)
    _require_lobby(table)
    if language not in languages:
        raise RulesError("table-error-bad-option", option="language")
    table.language = language


def set_timer(table: Table, user_id: int, minutes: int, longest: int) -> None:
    _require_host(table, user_id)
    _require_lobby(table)
    if not 0 <= minutes <= longest:
        raise RulesError("table-error-bad-option", option="timer")
    table.turn_minutes = minutes


def remove_player(table: Table, user_id: int, seat: int) -> None:
    """The host takes a seat from a player who let the timer run out twice in a row."""
    _require_host(table, user_id)
    if table.status != ACTIVE:
        raise RulesError("table-error-not-started")
    if not 0 <= seat < len(table.seats) or table.seats[seat].computer or table.seats[seat].left:
        raise RulesError("table-error-not-seated")
    if table.seats[seat].timeouts < 2:
        raise RulesError("table-error-remove-too-early")
    table.seats[seat].left = True


def watch(table: Table, channel_id: int, stop: bool = False) -> None:
    """Link (or unlink) a spectating channel; a table watches nothing of its own channel."""
    if table.status not in (LOBBY, ACTIVE):
        raise RulesError("table-error-closed")
    if stop:
        if channel_id not in table.spectators:
            raise RulesError("table-error-not-watching")
        table.spectators.remove(channel_id)
    elif channel_id in table.spectators:
        raise RulesError("table-error-already-watching")
    elif len(table.spectators) >= MAX_SPECTATOR_CHANNELS:
        raise RulesError("table-error-too-many-watchers", max=MAX_SPECTATOR_CHANNELS)
    else:
        table.spectators.append(channel_id)


def can_start(table: Table, info: GameInfo) -> bool:
    return table.status == LOBBY and info.min_players <= len(table.seats) <= info.max_players


def start(table: Table, info: GameInfo, user_id: int, seed: int) -> None:
    """Check the start; the caller creates the engine state from ``table.seed``."""
    _require_host(table, user_id)
    _require_lobby(table)
    if not can_start(table, info):
        raise RulesError("table-error-player-count", min=info.min_players, max=info.max_players)
    table.status = ACTIVE
    table.seed = seed
    table.acted_at = [0] * len(table.seats)


def cancel(table: Table, user_id: int, can_manage: bool) -> None:
    if table.status not in (LOBBY, ACTIVE):
        raise RulesError("table-error-closed")
    if user_id != table.host_id and not can_manage:
        raise RulesError("table-error-cancel-forbidden")
    table.status = CANCELLED
