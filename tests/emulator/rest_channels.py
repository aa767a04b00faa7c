"""REST routes on channels: messages, DMs, threads, reactions, typing.

POST .../messages deduplicates by nonce as Discord does: with ``"enforce_nonce": true`` (which
discord.py 2.7 sends with every ``channel.send``, its nonce a random 64-bit number unless one
is given), a nonce the same author already used in that channel within NONCE_WINDOW seconds
answers the existing message (current version, unless deleted) and creates nothing.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import payloads
from .limits import MAX_NONCE, MAX_THREAD_NAME, Breach, too_long
from .messages import SETTABLE_FLAGS, body_breaches, create_message, edit_message, edited_flags
from .models import (
    ARCHIVE_DURATIONS,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Message,
)
from .rest import Call, DiscordError, Reply, Route, route, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord

REPLY = 19
NONCE_WINDOW = 300.0  # seconds in which Discord deduplicates an enforced nonce
HISTORY_LIMIT = (1, 100)
HISTORY_DEFAULT = 50


def _channel(emu: FakeDiscord, call: Call) -> Channel:
    channel = emu.channels.get(call.id("channel_id"))
    if channel is None or channel.deleted:
        raise unknown("Channel", 10003)
    return channel


def _message(emu: FakeDiscord, call: Call) -> Message:
    channel = _channel(emu, call)
    message = emu.messages.get(call.id("message_id"))
    if message is None or message.deleted or message.channel is not channel:
        raise unknown("Message", 10008)
    # Ephemeral messages exist only for their interaction's webhook, not for channel routes.
    if message.ephemeral_for is not None:
        raise unknown("Message", 10008)
    return message


def _bot_may(emu: FakeDiscord, channel: Channel, permission: int) -> bool:
    return bool(emu.permissions_of(emu.bot_user, channel) & permission)


def missing_permissions() -> DiscordError:
    """Discord's answer to a call the bot's permissions do not allow (not a violation)."""
    return DiscordError(403, 50013, "Missing Permissions")


def _not_archived(channel: Channel) -> None:
    """Messages of an archived thread cannot be edited or deleted until it is brought back."""
    if channel.is_thread and channel.archived:
        raise DiscordError(400, 50083, "Thread is archived")


def _may_post(emu: FakeDiscord, channel: Channel) -> None:
    """A locked thread takes messages only from members with Manage Threads."""
    if channel.is_thread and channel.locked and not _bot_may(emu, channel, MANAGE_THREADS):
        raise missing_permissions()


def get_channel(emu: FakeDiscord, call: Call) -> Reply:
    return 200, payloads.channel(_channel(emu, call))


def post_message(emu: FakeDiscord, call: Call) -> Reply:
    channel = _channel(emu, call)
    body = call.json()
    if channel.is_dm and channel.recipient and not channel.recipient.dms_open:
        # Discord's ordinary answer when a user does not accept DMs: not a violation.
        raise DiscordError(403, 50007, "Cannot send messages to this user")
    _may_post(emu, channel)
    flags = (body.get("flags") or 0) & SETTABLE_FLAGS
    nonce = None if body.get("nonce") is None else str(body["nonce"])
    breaches = body_breaches(body, call.uploads, flags)
    breaches += too_long("nonce_too_long", ("nonce",), nonce, MAX_NONCE)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    if nonce is not None and body.get("enforce_nonce"):
        earlier = _same_nonce(emu, channel, nonce)
        if earlier is not None:
            return 200, emu.message_payload(earlier)
    kind = REPLY if body.get("message_reference") else 0
    message = create_message(
        emu, body, call.uploads, channel=channel, author=emu.bot_user, flags=flags, type=kind
    )
    message.nonce = nonce
    emu._announce_message("MESSAGE_CREATE", message)
    return 200, emu.message_payload(message)


def _same_nonce(emu: FakeDiscord, channel: Channel, nonce: str) -> Message | None:
    """The bot's message with this nonce in this channel made within NONCE_WINDOW, if any."""
    since_ms = time.time() * 1000 - NONCE_WINDOW * 1000
    for message in reversed(emu.channel_messages(channel)):
        if message.created_ms < since_ms:
            return None
        if message.nonce == nonce and message.author is emu.bot_user:
            return message
    return None


def get_messages(emu: FakeDiscord, call: Call) -> Reply:
    """A page of history, newest first: the `limit` messages before, after or around an id."""
    channel = _channel(emu, call)
    limit = _history_number(call, "limit", HISTORY_DEFAULT)
    low, high = HISTORY_LIMIT
    if not low <= limit <= high:
        code = "NUMBER_TYPE_MIN" if limit < low else "NUMBER_TYPE_MAX"
        message = f"Must be between {low} and {high}."
        breach = Breach("history_limit_out_of_range", ("limit",), code, message)
        raise DiscordError.invalid_form([breach])
    oldest_first = sorted(emu.channel_messages(channel), key=lambda m: m.id)
    # Mutually exclusive on Discord; if several are sent, the first of these counts.
    if "around" in call.query:
        around = _history_number(call, "around", 0)
        older = [m for m in oldest_first if m.id <= around][-(limit - limit // 2) :]
        newer = [m for m in oldest_first if m.id > around][: limit // 2]
        page = older + newer
    elif "before" in call.query:
        before = _history_number(call, "before", 0)
        page = [m for m in oldest_first if m.id < before][-limit:]
    elif "after" in call.query:
        # The `limit` messages right after the id (discord.py pages on with the newest of them).
        after = _history_number(call, "after", 0)
        page = [m for m in oldest_first if m.id > after][:limit]
    else:
        page = oldest_first[-limit:]
    return 200, [emu.message_payload(m) for m in reversed(page)]


def _history_number(call: Call, name: str, default: int) -> int:
    text: Any = call.query.get(name, default)
    try:
        return int(text)
    except ValueError:
        breach = Breach("history_query_invalid", (name,), "NUMBER_TYPE_COERCE", f"{text!r}")
        raise DiscordError.invalid_form([breach]) from None


def get_message(emu: FakeDiscord, call: Call) -> Reply:
    return 200, emu.message_payload(_message(emu, call))


def patch_message(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    if message.author is not emu.bot_user:
        raise DiscordError(
            403,
            50005,
            "Cannot edit a message authored by another user",
            "edit_foreign_message",
            f"message {message.id} by {message.author.name}",
        )
    _not_archived(message.channel)
    body = call.json()
    breaches = body_breaches(body, call.uploads, edited_flags(message, body), message)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    edit_message(emu, message, body, call.uploads)
    emu._announce_message("MESSAGE_UPDATE", message)
    return 200, emu.message_payload(message)


def delete_message(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    _not_archived(message.channel)
    message.deleted = True
    emu._announce_deleted(message)
    return 204, None


def open_dm(emu: FakeDiscord, call: Call) -> Reply:
    recipient = emu.users.get(int(call.json().get("recipient_id", 0)))
    if recipient is None or recipient.bot:
        raise DiscordError(400, 50033, "Invalid Recipient(s)")
    return 200, payloads.channel(emu.open_dm(recipient))


def _thread_name_breaches(name: str) -> list[Breach]:
    if 1 <= len(name) <= MAX_THREAD_NAME:
        return []
    return [
        Breach(
            "thread_name_too_long",
            ("name",),
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        )
    ]


def _new_thread(emu: FakeDiscord, call: Call, parent: Channel, thread_id: int) -> Channel:
    body = call.json()
    name = body.get("name") or ""
    breaches = _thread_name_breaches(name)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    kind = PRIVATE_THREAD if body.get("type") == PRIVATE_THREAD else PUBLIC_THREAD
    thread = Channel(
        thread_id,
        name,
        kind,
        parent.guild,
        parent,
        owner_id=emu.bot_user.id,
        auto_archive_duration=body.get("auto_archive_duration") or 1440,
    )
    return emu._store_channel(thread)


def start_thread(emu: FakeDiscord, call: Call) -> Reply:
    parent = _channel(emu, call)
    thread = _new_thread(emu, call, parent, emu.ids.next())
    return 201, payloads.thread(thread)


def start_thread_from_message(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    # A thread started from a message shares the message's id.
    thread = _new_thread(emu, call, message.channel, message.id)
    message.thread = thread
    emu._announce_message("MESSAGE_UPDATE", message)
    return 201, payloads.thread(thread)


def patch_channel(emu: FakeDiscord, call: Call) -> Reply:
    channel = _channel(emu, call)
    body = call.json()
    if channel.is_thread:
        _thread_patch_allowed(emu, channel, body)
    if "name" in body:
        breaches = _thread_name_breaches(body["name"] or "")
        if breaches:
            raise DiscordError.invalid_form(breaches)
        channel.name = body["name"]
    if "archived" in body:
        channel.set_archived(bool(body["archived"]))
    channel.locked = body.get("locked", channel.locked)
    channel.topic = body.get("topic", channel.topic)
    channel.auto_archive_duration = body.get("auto_archive_duration", channel.auto_archive_duration)
    emu._announce_channel("UPDATE", channel)
    return 200, payloads.channel(channel)


def _thread_patch_allowed(emu: FakeDiscord, channel: Channel, body: dict[str, Any]) -> None:
    """Discord's rules for changing a thread (Modify Channel, thread fields).

    Unarchiving an unlocked thread (``archived: false`` alone) needs only the right to send
    messages in it; anything else needs Manage Threads. An archived thread takes no change
    unless the same request unarchives it.
    """
    duration = body.get("auto_archive_duration")
    if duration is not None and duration not in ARCHIVE_DURATIONS:
        breach = Breach(
            "auto_archive_duration_invalid",
            ("auto_archive_duration",),
            "BASE_TYPE_CHOICES",
            f"Value must be one of {ARCHIVE_DURATIONS}.",
        )
        raise DiscordError.invalid_form([breach])
    unarchives = body.get("archived") is False and channel.archived
    if channel.archived and not unarchives:
        raise DiscordError(400, 50083, "Thread is archived")
    others = set(body) - {"archived"}
    sends = _bot_may(emu, channel, SEND_MESSAGES | SEND_MESSAGES_IN_THREADS)
    if unarchives and not others and not channel.locked and sends:
        return
    if not _bot_may(emu, channel, MANAGE_THREADS):
        raise missing_permissions()


def delete_channel(emu: FakeDiscord, call: Call) -> Reply:
    channel = _channel(emu, call)
    channel.deleted = True
    emu._announce_channel("DELETE", channel)
    return 200, payloads.channel(channel)


def accept(emu: FakeDiscord, call: Call) -> Reply:
    """Routes whose only effect is on Discord's side: typing, joining threads."""
    _channel(emu, call)
    return 204, None


def add_reaction(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    message.reactions.setdefault(call.params["emoji"], set()).add(emu.bot_user.id)
    return 204, None


def remove_reaction(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    who = emu.bot_user.id if call.params["user"] == "@me" else int(call.params["user"])
    message.reactions.get(call.params["emoji"], set()).discard(who)
    if not message.reactions.get(call.params["emoji"], True):
        del message.reactions[call.params["emoji"]]
    return 204, None


def clear_reactions(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
    emoji = call.params.get("emoji")
    message.reactions = {k: v for k, v in message.reactions.items() if emoji and k != emoji}
    return 204, None


def get_reactions(emu: FakeDiscord, call: Call) -> Reply:
    users = _message(emu, call).reactions.get(call.params["emoji"], set())
    return 200, [payloads.user(emu.users[uid]) for uid in sorted(users) if uid in emu.users]


MESSAGE = "/channels/{channel_id}/messages/{message_id}"
REACTIONS = MESSAGE + "/reactions"

ROUTES: list[Route] = [
    route("POST", "/users/@me/channels", open_dm),
    route("GET", "/channels/{channel_id}", get_channel),
    route("PATCH", "/channels/{channel_id}", patch_channel),
    route("DELETE", "/channels/{channel_id}", delete_channel),
    route("POST", "/channels/{channel_id}/messages", post_message),
    route("GET", "/channels/{channel_id}/messages", get_messages),
    route("GET", MESSAGE, get_message),
    route("PATCH", MESSAGE, patch_message),
    route("DELETE", MESSAGE, delete_message),
    route("POST", "/channels/{channel_id}/threads", start_thread),
    route("POST", MESSAGE + "/threads", start_thread_from_message),
    route("POST", "/channels/{channel_id}/typing", accept),
    route("PUT", "/channels/{channel_id}/thread-members/{user}", accept),
    route("DELETE", "/channels/{channel_id}/thread-members/{user}", accept),
    route("PUT", REACTIONS + "/{emoji}/@me", add_reaction),
    route("DELETE", REACTIONS + "/{emoji}/{user}", remove_reaction),
    route("GET", REACTIONS + "/{emoji}", get_reactions),
    route("DELETE", REACTIONS + "/{emoji}", clear_reactions),
    route("DELETE", REACTIONS, clear_reactions),
]
