"""REST routes on channels: messages, DMs, threads, reactions, typing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import payloads
from .limits import MAX_THREAD_NAME, Breach
from .messages import SETTABLE_FLAGS, body_breaches, create_message, edit_message, edited_flags
from .models import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from .rest import Call, DiscordError, Reply, Route, route, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord

REPLY = 19


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


def get_channel(emu: FakeDiscord, call: Call) -> Reply:
    return 200, payloads.channel(_channel(emu, call))


def post_message(emu: FakeDiscord, call: Call) -> Reply:
    channel = _channel(emu, call)
    body = call.json()
    if channel.is_dm and channel.recipient and not channel.recipient.dms_open:
        # Discord's ordinary answer when a user does not accept DMs: not a violation.
        raise DiscordError(403, 50007, "Cannot send messages to this user")
    flags = (body.get("flags") or 0) & SETTABLE_FLAGS
    breaches = body_breaches(body, call.uploads, flags)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    kind = REPLY if body.get("message_reference") else 0
    message = create_message(
        emu, body, call.uploads, channel=channel, author=emu.bot_user, flags=flags, type=kind
    )
    channel.archived = False
    emu._announce_message("MESSAGE_CREATE", message)
    return 200, emu.message_payload(message)


def get_messages(emu: FakeDiscord, call: Call) -> Reply:
    channel = _channel(emu, call)
    newest_first = list(reversed(emu.channel_messages(channel)))
    if "before" in call.query:
        newest_first = [m for m in newest_first if m.id < int(call.query["before"])]
    if "after" in call.query:
        newest_first = [m for m in newest_first if m.id > int(call.query["after"])]
    limit = int(call.query.get("limit", 50))
    return 200, [emu.message_payload(m) for m in newest_first[:limit]]


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
    body = call.json()
    breaches = body_breaches(body, call.uploads, edited_flags(message, body))
    if breaches:
        raise DiscordError.invalid_form(breaches)
    edit_message(emu, message, body, call.uploads)
    emu._announce_message("MESSAGE_UPDATE", message)
    return 200, emu.message_payload(message)


def delete_message(emu: FakeDiscord, call: Call) -> Reply:
    message = _message(emu, call)
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
    if "name" in body:
        breaches = _thread_name_breaches(body["name"] or "")
        if breaches:
            raise DiscordError.invalid_form(breaches)
        channel.name = body["name"]
    channel.archived = body.get("archived", channel.archived)
    channel.locked = body.get("locked", channel.locked)
    channel.topic = body.get("topic", channel.topic)
    emu._announce_channel("UPDATE", channel)
    return 200, payloads.channel(channel)


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
