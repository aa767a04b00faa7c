"""Making and editing messages from request bodies, with Discord's attachment rules."""

from __future__ import annotations

import mimetypes
import re
from dataclasses import dataclass
from typing import Any

from .limits import INVALID, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, Breach, message_breaches
from .limits_v2 import (
    flagless_breaches,
    layout_breaches,
    legacy_field_breach,
    missing_attachment_breaches,
    unshown_attachments,
)
from .models import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Message,
    Violation,
    iso_now,
)
from .state import World

# Flags a bot may set itself when sending or editing.
SETTABLE_FLAGS = SUPPRESS_EMBEDS | IS_COMPONENTS_V2 | SUPPRESS_NOTIFICATIONS
USER_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass
class Upload:
    """One `files[n]` part of a multipart body."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


class TooLarge(Exception):
    """An uploaded file is above Discord's attachment size limit."""

    def __init__(self, upload: Upload) -> None:
        super().__init__(f"{upload.filename} has {len(upload.data)} bytes")
        self.upload = upload


def body_breaches(
    body: dict[str, Any], uploads: list[Upload], flags: int, before: Message | None = None
) -> list[Breach]:
    """Every limit broken by a message body and its files; raises TooLarge for a big file.

    `before` is the message an edit changes (None for a new message).
    """
    for upload in uploads:
        if len(upload.data) > MAX_ATTACHMENT_BYTES:
            raise TooLarge(upload)
    breaches: list[Breach] = []
    if before is not None and before.flags & IS_COMPONENTS_V2 and not flags & IS_COMPONENTS_V2:
        message = "The IS_COMPONENTS_V2 flag cannot be removed from a message."
        breaches.append(Breach("v2_flag_removed", ("flags",), INVALID, message))
        flags |= IS_COMPONENTS_V2
    breaches += message_breaches({**body, "flags": flags})
    if len(uploads) > MAX_ATTACHMENTS and not body.get("attachments"):
        breaches.append(
            Breach(
                "too_many_attachments", ("files",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer."
            )
        )
    return breaches + _v2_breaches(body, uploads, flags, before)


def _v2_breaches(
    body: dict[str, Any], uploads: list[Upload], flags: int, before: Message | None
) -> list[Breach]:
    """Components V2 rules; an edit is judged on the message it leaves."""
    sent = body.get("components") or []
    if not flags & IS_COMPONENTS_V2:
        return flagless_breaches(sent)
    breaches = layout_breaches(sent) + _legacy_breaches(body, before)
    components = sent if "components" in body or before is None else before.components
    existing = before.attachments if before is not None else []
    names = attachment_names_after(body, uploads, existing)
    return breaches + missing_attachment_breaches(components, names)


def _legacy_breaches(body: dict[str, Any], before: Message | None) -> list[Breach]:
    """Content, embeds, poll and stickers beside the flag; an edit that sets the flag on a
    classic message must empty them itself (content null, embeds [])."""
    content_kept = before is not None and bool(before.content) and "content" not in body
    embeds_kept = before is not None and bool(before.embeds) and "embeds" not in body
    used = {
        # Discord refuses any string here, the empty one too; only null passes.
        "content": body.get("content") is not None or content_kept,
        "embeds": bool(body.get("embeds")) or embeds_kept,
        "sticker_ids": bool(body.get("sticker_ids")),
        "poll": body.get("poll") is not None,
    }
    return [legacy_field_breach(name) for name, is_used in used.items() if is_used]


def attachment_names_after(
    body: dict[str, Any], uploads: list[Upload], existing: list[Attachment]
) -> list[str]:
    """The filenames `attachments_after` would leave on the message, without storing them."""
    listed = body.get("attachments")
    if listed is None:
        return [a.filename for a in existing] + [u.filename for u in uploads]
    kept = {attachment.id: attachment for attachment in existing}
    by_index = {upload.index: upload for upload in uploads}
    names: list[str] = []
    for entry in listed:
        ident = int(entry.get("id", -1))
        if ident in kept:
            names.append(kept[ident].filename)
        elif ident in by_index:
            names.append(entry.get("filename") or by_index.pop(ident).filename)
    return names + [upload.filename for upload in by_index.values()]


def note_unshown_attachments(world: World, message: Message) -> None:
    """Discord keeps a V2 message's attachments that no component shows, and shows none of
    them: no error for the bot, but a picture nobody sees, so a violation for the tests."""
    if not message.flags & IS_COMPONENTS_V2:
        return
    files = [(attachment.id, attachment.filename) for attachment in message.attachments]
    hidden = unshown_attachments(message.components, files)
    if hidden:
        detail = f"message {message.id}: attachments {hidden} are in no gallery, thumbnail or file"
        world.violations.append(Violation("v2_attachment_not_shown", detail, "", 200))


def attachments_after(
    world: World, body: dict[str, Any], uploads: list[Upload], existing: list[Attachment]
) -> list[Attachment]:
    """The attachments a message has after a create or edit.

    Entries of `attachments` name either an attachment the message already has (by its id)
    or an upload (by its `files[n]` index); anything not listed is dropped, as on Discord.
    Without an `attachments` key the existing ones stay and the uploads are added.
    """
    listed = body.get("attachments")
    if listed is None:
        return [*existing, *(_store(world, u, None) for u in uploads)]
    kept = {attachment.id: attachment for attachment in existing}
    by_index = {upload.index: upload for upload in uploads}
    result: list[Attachment] = []
    for entry in listed:
        ident = int(entry.get("id", -1))
        if ident in kept:
            result.append(kept[ident])
        elif ident in by_index:
            result.append(_store(world, by_index.pop(ident), entry))
    result.extend(_store(world, upload, None) for upload in by_index.values())
    return result


def _store(world: World, upload: Upload, entry: dict[str, Any] | None) -> Attachment:
    entry = entry or {}
    filename = entry.get("filename") or upload.filename
    guessed = mimetypes.guess_type(filename)[0]
    attachment = Attachment(
        world.ids.next(),
        filename,
        upload.data,
        guessed or upload.content_type,
        entry.get("description"),
    )
    world.attachments[attachment.id] = attachment
    return attachment


def create_message(
    world: World, body: dict[str, Any], uploads: list[Upload], **fields: Any
) -> Message:
    """A new message from a body; `fields` gives channel, author, flags and the like."""
    message = Message(
        id=world.ids.next(),
        content=body.get("content") or "",
        components=list(body.get("components") or []),
        embeds=list(body.get("embeds") or []),
        **fields,
    )
    message.attachments = attachments_after(world, body, uploads, [])
    message.notified = notified_users(message, body.get("allowed_mentions"))
    world.messages[message.id] = message
    note_unshown_attachments(world, message)
    return message


def notified_users(message: Message, allowed: dict[str, Any] | None) -> list[int]:
    """Who gets a notification for a new message, as Discord decides it.

    Nobody for an ephemeral or a silent message (flag SUPPRESS_NOTIFICATIONS); in a DM its
    recipient; in a server channel the users mentioned in the text that ``allowed_mentions``
    lets through (without it, every mentioned user).
    """
    if message.ephemeral_for is not None or message.flags & SUPPRESS_NOTIFICATIONS:
        return []
    channel = message.channel
    if channel.is_dm:
        recipient = channel.recipient
        return [recipient.id] if recipient is not None and recipient.id != message.author.id else []
    mentioned = [int(found) for found in dict.fromkeys(USER_MENTION.findall(message.text))]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    listed = {int(ident) for ident in allowed.get("users") or []}
    return [ident for ident in mentioned if ident in listed]


def edited_flags(message: Message, body: dict[str, Any]) -> int:
    """Flags after an edit: ephemeral stays, loading ends, the settable ones may change."""
    kept = message.flags & EPHEMERAL
    if "flags" in body and body["flags"] is not None:
        return kept | (body["flags"] & SETTABLE_FLAGS)
    return message.flags & ~LOADING


def edit_message(
    world: World, message: Message, body: dict[str, Any], uploads: list[Upload]
) -> None:
    """Apply an edit in place, keeping the previous version in `message.edits`."""
    message.edits.append(message.snapshot())
    if "content" in body:
        message.content = body["content"] or ""
    if "components" in body:
        message.components = list(body["components"] or [])
    if "embeds" in body:
        message.embeds = list(body["embeds"] or [])
    if "attachments" in body or uploads:
        message.attachments = attachments_after(world, body, uploads, message.attachments)
    message.flags = edited_flags(message, body)
    message.edited_at = iso_now()
    note_unshown_attachments(world, message)
