"""A click on a table's control, read once as it arrives: what was pressed, by whom, where.

A control's custom_id carries the game, the table version it was issued at and a payload
(see :mod:`cogs.table.components`); the payload's first characters say what kind of control
it is. The entry point reads all of it, and Discord's side of the click, into one
:class:`Click`; the table's code works from that and answers only through its
:class:`~cogs.table.delivery.Reply`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cogs.table.rematch import REMATCH
from screens.lobby import RULES_PAYLOAD

if TYPE_CHECKING:
    from cogs.table.delivery import Reply

LOBBY_VERBS = frozenset({"join", "leave", "start", "cancel"})
LOBBY_PREFIXES = ("opt:", "timer", "bot:", "lang")


class Kind(enum.Enum):
    RULES = "rules"  # "How to play": a private rules card, changes nothing
    HISTORY = "history"  # /history's pages and replays: read-only
    PANEL = "panel"  # a game's private panel (Stella's "My slate"): answered by the game
    REMATCH = "rematch"
    KICK = "kick"  # the host removes a player who timed out twice
    CONFIRM = "confirm"  # the second button of a cancel or a leave
    LOBBY = "lobby"
    ACTION = "action"  # a move in the game
    COMMAND = "command"  # a slash command that opens or starts a table
    UNKNOWN = "unknown"


def read_payload(payload: str) -> tuple[Kind, str]:
    """The kind of control and its argument (the payload without its kind's prefix)."""
    if payload == RULES_PAYLOAD:
        return Kind.RULES, ""
    if payload.startswith("h"):
        return Kind.HISTORY, payload
    if payload.startswith("u:"):
        return Kind.PANEL, payload[2:]
    if payload == REMATCH:
        return Kind.REMATCH, ""
    if payload.startswith("kick:"):
        return Kind.KICK, payload[5:]
    if payload.startswith("sure:"):
        return Kind.CONFIRM, payload[5:]
    if payload in LOBBY_VERBS or payload.startswith(LOBBY_PREFIXES):
        return Kind.LOBBY, payload
    if payload.startswith("a"):
        return Kind.ACTION, payload[1:]
    return Kind.UNKNOWN, payload


@dataclass(frozen=True)
class Click:
    """One click, as the table's code needs it."""

    id: int  # Discord's id of the interaction: the same click delivered twice has one
    game_id: int
    version: int  # the table's version the control was issued at
    kind: Kind
    argument: str
    values: tuple[str, ...]  # a menu's choices
    user_id: int
    user_name: str
    language: str  # the clicker's
    manages_server: bool  # may cancel any table of the server
    guild_id: int | None  # None: in a DM
    channel_id: int | None
    on_message: bool  # on a message (Discord always says which, but a test may not)
    on_private_panel: bool  # on a DM or an ephemeral message, out of the channel's sight
    reply: Reply = field(compare=False, repr=False)

    @property
    def payload(self) -> str:
        """The control's payload as its custom_id carries it (for the log)."""
        return {
            Kind.RULES: RULES_PAYLOAD,
            Kind.REMATCH: REMATCH,
            Kind.PANEL: f"u:{self.argument}",
            Kind.KICK: f"kick:{self.argument}",
            Kind.CONFIRM: f"sure:{self.argument}",
            Kind.ACTION: f"a{self.argument}",
        }.get(self.kind, self.argument)

    @property
    def in_dm(self) -> bool:
        return self.guild_id is None

    @property
    def changes_the_table(self) -> bool:
        """Whether the click may change its table (and so waits for the channel's line)."""
        return self.kind in (Kind.KICK, Kind.CONFIRM, Kind.LOBBY, Kind.ACTION, Kind.UNKNOWN)
