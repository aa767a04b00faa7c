"""What the channel step keeps of a table's messages: their ids, their pictures, the clicks
that may post them, and the texts and pings they are sent with."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.table.delivery import Reply
from cogs.table.layout import files_of
from cogs.table.plugin import GamePlugin
from games.table import Table
from screens.lobby import RULES_PAYLOAD
from screens.model import Button, Row, Screen
from storage import GameRecord

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
PROMPT_BREAK = "\u2063\n"  # an invisible separator before the prompt: the log is what precedes
MAX_TEXT = 2000
MERGE_ATTEMPTS = 3  # message ids merged into a game that other processes keep changing
ADOPT_LOOKBACK = 20  # a repair looks this far back for a message posted before a crash
# A click's token lasts 15 minutes; a change takes seconds, so a click older than this is one
# whose change waited very long (a busy evening, a hung call): the channel's route is safer.
FOLLOWUP_AGE = 10 * 60.0
POSTING_CLICKS = 8  # clicks a table names for a repair (each change not shown adds one)
OWN_POST = "post:"


@dataclass
class Showing:
    """One run of the step: the table as loaded, and what was done to Discord so far."""

    record: GameRecord
    table: Table
    plugin: GamePlugin
    reply: Reply | None  # the click behind the change
    repair: bool
    alone: bool  # no other process can be showing this table now (see ChannelSync.show)
    before: dict[str, int] = field(default_factory=dict)
    posted: set[int] = field(default_factory=set)  # versions of own messages now posted
    shown_before: int = 0
    notify_before: list[int] = field(default_factory=list)
    clicks_before: list[int] = field(default_factory=list)
    claimed: set[int] = field(default_factory=set)  # ids posted or adopted by this run


def note_posting_click(table: Table, record: GameRecord, reply: Reply | None, alone: bool) -> None:
    """Name, in the change about to be saved, the click whose follow-ups may post its messages.

    Only such a click posts through its own webhook (see :meth:`ChannelSync._posting_click`):
    its follow-ups carry no nonce, and a repair finds them by the click's id.
    """
    if reply is not None and alone and reply.channel_id == record.channel_id:
        table.posting_clicks = [*table.posting_clicks, reply.id][-POSTING_CLICKS:]


def through(message: discord.Message, clicks: set[int]) -> bool:
    """Whether the message is a follow-up (or the answer) of one of these clicks."""
    metadata = message.interaction_metadata
    return metadata is not None and metadata.id in clicks


def own_message_key(version: int) -> str:
    """A game's own message (Stella's round results), noted until the channel shows all."""
    return f"{OWN_POST}{version}"


def merge_messages(fresh: dict[str, int], before: dict[str, int], ours: dict[str, int]) -> None:
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


def new_message(
    screen: Screen, view: discord.ui.LayoutView, notify: Sequence[int]
) -> dict[str, Any]:
    """What a new message of the table carries, by either route: its layout (text, picture and
    controls; no content, a V2 message has none) and the upload its gallery names."""
    return {
        "view": view,
        "files": files_of(screen),
        "allowed_mentions": pings_for(notify),
        "silent": not notify,
    }


PICTURE_KEY = "pic:"  # in a table's message ids: the picture a message shows, by its digest
# In a table's message ids: a message posted as a Components V2 message. A message without
# the mark was posted before tables' messages were (a classic message): it is retired, its
# text kept, and its successor is a V2 message.
LAYOUT_KEY = "v2:"
MARKS = (PICTURE_KEY, LAYOUT_KEY)


def mark_layout(messages: dict[str, int], message_id: int) -> None:
    messages[f"{LAYOUT_KEY}{message_id}"] = 1


def is_layout_message(messages: dict[str, int], message_id: int) -> bool:
    return f"{LAYOUT_KEY}{message_id}" in messages


def picture_key(message_id: int) -> str:
    return f"{PICTURE_KEY}{message_id}"


def picture_digest(screen: Screen) -> int:
    """What identifies a screen's attachment: its bytes, name and description (0: none)."""
    if screen.image is None:
        return 0
    digest = hashlib.blake2b(screen.image, digest_size=6)
    digest.update(f"\0{screen.filename}\0{screen.image_summary or ''}".encode())
    return int.from_bytes(digest.digest(), "big") or 1


def note_picture(messages: dict[str, int], message_id: int, screen: Screen) -> None:
    """Remember the picture a message now shows (see ChannelSync._keeps_picture)."""
    if screen.image is None:
        messages.pop(picture_key(message_id), None)
    else:
        messages[picture_key(message_id)] = picture_digest(screen)


def forget_pictures(messages: dict[str, int]) -> None:
    """The pictures and marks of messages the table no longer edits are forgotten."""
    live = {value for key, value in messages.items() if not key.startswith(MARKS)}
    for key in [k for k in messages if k.startswith(MARKS)]:
        if int(key.split(":", 1)[1]) not in live:
            del messages[key]


def pings_for(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Mentions that notify exactly these users (none: nobody)."""
    if not user_ids:
        return NO_PINGS
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


def join_lines(lines: list[str]) -> str:
    text = "\n".join(line for line in lines if line)
    # Discord's limit is 2,000 characters; the oldest event lines give way first.
    while len(text) > MAX_TEXT and "\n" in text:
        text = text.split("\n", 1)[1]
    return text[:MAX_TEXT]


def with_rules_button(rows: list[Row], label: str) -> list[Row]:
    """The first turn message teaches the game too: "How to play" where there is room."""
    button = Button(label, RULES_PAYLOAD, emoji="📖")
    last = rows[-1] if rows else None
    if isinstance(last, tuple) and len(last) < 5:
        return [*rows[:-1], (*last, button)]
    if len(rows) < 5:
        return [*rows, (button,)]
    return rows
