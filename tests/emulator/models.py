"""The things a fake Discord knows about: users, guilds, channels, messages, violations."""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

DISCORD_EPOCH_MS = 1420070400000

# Permission bits, named as in Discord's documentation.
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | MANAGE_CHANNELS
# The minutes after which Discord archives a quiet thread: the only values it accepts.
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

BUTTON = 2
# Components V2 (layout and content components).
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE_COMPONENT = 13
SEPARATOR = 14
CONTAINER = 17
SELECT_TYPES = (3, 5, 6, 7, 8)


class Snowflakes:
    """Hands out increasing snowflakes whose timestamp part is the current time."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (now_ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new id of a guild that Discord routes to this shard: (id >> 22) % count == shard."""
        moment = self.next() >> 22
        moment += (shard_id - moment) % shard_count
        self._last = max(moment << 22, self._last + 1)
        return self._last


def iso_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime())


@dataclass(eq=False)
class User:
    id: int
    name: str
    locale: str = "en-US"
    dms_open: bool = True
    bot: bool = False
    global_name: str | None = None

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    locale: str
    owner_id: int
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)

    def role_named(self, name: str) -> Role | None:
        return next((role for role in self.roles if role.name == name), None)

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    permissions: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)


@dataclass(eq=False)
class Channel:
    """A text channel, a thread (type 11/12, with a parent) or a DM channel (type 1)."""

    id: int
    name: str
    type: int = GUILD_TEXT
    guild: Guild | None = None
    parent: Channel | None = None
    recipient: User | None = None
    owner_id: int | None = None
    position: int = 0
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    deleted: bool = False
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso_now)
    archived_at: str | None = None  # when a thread was last archived or unarchived

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def set_archived(self, archived: bool) -> None:
        if archived != self.archived:
            self.archived = archived
            self.archived_at = iso_now()

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id} type={self.type}>"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(eq=False)
class Message:
    """One message; edits replace the fields in place and keep the older versions in `edits`."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: User | None = None
    nonce: str | None = None  # as sent on POST /channels/{id}/messages
    # Users whose phone this message made buzz when it was made (edits never notify).
    notified: list[int] = field(default_factory=list)
    edits: list[Message] = field(default_factory=list)
    deleted: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)
    thread: Channel | None = None
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None

    @property
    def channel_id(self) -> int:
        return self.channel.id

    @property
    def author_id(self) -> int:
        return self.author.id

    @property
    def guild_id(self) -> int | None:
        return self.channel.guild.id if self.channel.guild else None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def created_ms(self) -> int:
        """Unix time in ms, from the snowflake, as Discord reckons a message's age."""
        return (self.id >> 22) + DISCORD_EPOCH_MS

    def snapshot(self) -> Message:
        """A frozen copy of the current version, for the edit history."""
        older = copy.copy(self)
        older.edits = []
        older.reactions = {}
        return older

    def buttons(self) -> list[dict[str, Any]]:
        return [
            {
                "label": c.get("label"),
                "custom_id": c.get("custom_id"),
                "disabled": c.get("disabled", False),
                "style": c.get("style"),
                "emoji": c.get("emoji"),
                "url": c.get("url"),
            }
            for c in walk_components(self.components)
            if c.get("type") == BUTTON
        ]

    def selects(self) -> list[dict[str, Any]]:
        return [
            {
                "type": c.get("type"),
                "custom_id": c.get("custom_id"),
                "placeholder": c.get("placeholder"),
                "options": c.get("options", []),
                "min_values": c.get("min_values", 1),
                "max_values": c.get("max_values", 1),
                "disabled": c.get("disabled", False),
            }
            for c in walk_components(self.components)
            if c.get("type") in SELECT_TYPES
        ]

    def button(
        self, label: str | None = None, custom_id_prefix: str | None = None
    ) -> dict[str, Any]:
        """The first button with this label or custom_id prefix; AssertionError if none."""
        for button in self.buttons():
            if label is not None and button["label"] != label:
                continue
            prefix = custom_id_prefix
            if prefix is not None and not (button["custom_id"] or "").startswith(prefix):
                continue
            return button
        shown = [(b["label"], b["custom_id"]) for b in self.buttons()]
        raise AssertionError(
            f"no button label={label!r} custom_id_prefix={custom_id_prefix!r} "
            f"on message {self.id}; buttons: {shown}"
        )

    def select(self, custom_id_prefix: str = "") -> dict[str, Any]:
        """The first select menu whose custom_id starts with the prefix; AssertionError if none."""
        for select in self.selects():
            if (select["custom_id"] or "").startswith(custom_id_prefix):
                return select
        shown = [s["custom_id"] for s in self.selects()]
        raise AssertionError(f"no select {custom_id_prefix!r} on message {self.id}; {shown}")

    @property
    def text(self) -> str:
        """What the message says: its content, or (a Components V2 message) its text displays
        from top to bottom, one per line."""
        if not self.flags & IS_COMPONENTS_V2:
            return self.content
        shown = [
            c.get("content") or ""
            for c in walk_components(self.components)
            if c.get("type") == TEXT_DISPLAY
        ]
        return "\n".join(shown)

    def media_descriptions(self) -> dict[str, str | None]:
        """The pictures a V2 message shows (gallery items, thumbnails, files) by their url,
        with their alt text."""
        shown: dict[str, str | None] = {}
        for component in walk_components(self.components):
            if component.get("type") == MEDIA_GALLERY:
                for item in component.get("items") or []:
                    media = item.get("media") or {}
                    shown[media.get("url", "")] = item.get("description")
            elif component.get("type") in (THUMBNAIL, FILE_COMPONENT):
                media = component.get("media") or component.get("file") or {}
                shown[media.get("url", "")] = component.get("description")
        return shown

    def texts(self) -> list[str]:
        """Every human-readable string of this version: content, embeds, labels, file names."""
        found = [self.content] if self.content else []
        for embed in self.embeds:
            found.extend(_embed_texts(embed))
        for component in walk_components(self.components):
            found.extend(_component_texts(component))
        found.extend(attachment.filename for attachment in self.attachments)
        return found

    def __repr__(self) -> str:
        return f"<Message {self.id} in {self.channel.id} {self.content[:40]!r}>"


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component in a tree of rows, containers, sections and labels."""
    found: list[dict[str, Any]] = []
    for component in components:
        if not isinstance(component, dict):
            continue
        found.append(component)
        found.extend(walk_components(component.get("components") or []))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                found.extend(walk_components([component[key]]))
    return found


def _embed_texts(embed: dict[str, Any]) -> list[str]:
    texts = [embed.get("title"), embed.get("description")]
    texts.append((embed.get("footer") or {}).get("text"))
    texts.append((embed.get("author") or {}).get("name"))
    for embed_field in embed.get("fields") or []:
        texts.extend([embed_field.get("name"), embed_field.get("value")])
    return [text for text in texts if text]


def _component_texts(component: dict[str, Any]) -> list[str]:
    texts = [component.get("label"), component.get("placeholder"), component.get("content")]
    for option in component.get("options") or []:
        texts.extend([option.get("label"), option.get("description")])
    return [text for text in texts if text]


@dataclass(frozen=True)
class Violation:
    """A Discord rule the bot broke; `rule` is a short key such as "content_too_long"."""

    rule: str
    detail: str
    route: str = ""
    status: int = 400

    def __str__(self) -> str:
        return f"{self.rule}: {self.detail} [{self.route} -> {self.status}]"


class RequestRecord(NamedTuple):
    method: str
    path: str
    time: float
