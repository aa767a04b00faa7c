"""REST routes of interactions: the initial callback, @original and followups."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .command_limits import choices_breaches, modal_breaches
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MODAL,
    UPDATE_MESSAGE,
    Interaction,
)
from .limits import INVALID, Breach
from .limits_v2 import media_references
from .messages import (
    SETTABLE_FLAGS,
    TooLarge,
    Upload,
    attachment_names_after,
    body_breaches,
    create_message,
    edit_message,
    edited_flags,
)
from .models import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Message,
)
from .rest import Call, DiscordError, Reply, Route, route, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord

CHAT_INPUT_COMMAND_MESSAGE = 20
RESPONSE_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


def _interaction(emu: FakeDiscord, call: Call) -> Interaction:
    ix = emu.interactions.get(call.id("interaction_id"))
    if ix is None or ix.token != call.params["token"]:
        raise DiscordError(404, 10062, "Unknown interaction", "unknown_interaction", call.path)
    return ix


def post_callback(emu: FakeDiscord, call: Call) -> Reply:
    ix = _interaction(emu, call)
    try:
        return _answer(emu, ix, call)
    except DiscordError as error:
        ix.note_callback(error.status)
        raise
    except TooLarge:
        ix.note_callback(413)
        raise
    except Exception:
        ix.note_callback(400)
        raise


def callback_skipped(emu: FakeDiscord, call: Call, status: int | None) -> None:
    """A fault kept the callback from Discord: refused with `status`, or lost (None)."""
    ident = call.params["interaction_id"]
    ix = emu.interactions.get(int(ident)) if ident.isdigit() else None
    if ix is None or ix.token != call.params["token"]:
        return
    if status is None:
        ix.note_dropped()
    else:
        ix.note_callback(status)


def _answer(emu: FakeDiscord, ix: Interaction, call: Call) -> Reply:
    if ix.response_type is not None:
        raise DiscordError(
            400,
            40060,
            "Interaction has already been acknowledged.",
            "already_acknowledged",
            repr(ix),
        )
    if ix.expired or ix.age > emu.response_deadline:
        ix.expired = True
        detail = f"{ix} answered after {ix.age:.2f} s (deadline {emu.response_deadline} s)"
        raise DiscordError(404, 10062, "Unknown interaction", "late_response", detail)
    body = call.json()
    kind = body.get("type")
    if kind not in ALLOWED_CALLBACKS.get(ix.type, set()):
        detail = f"callback type {kind} for interaction type {ix.type} ({ix})"
        raise DiscordError(
            400, 50035, "Invalid interaction response type", "invalid_response_type", detail
        )
    data = body.get("data") or {}
    message = _RESPONDERS[kind](emu, ix, data, call)
    ix.note_response(kind)
    return 200, _callback_answer(emu, ix, kind, message)


def _respond_with_message(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> Message:
    flags = (data.get("flags") or 0) & RESPONSE_FLAGS
    breaches = body_breaches(data, call.uploads, flags)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    message = _new_interaction_message(emu, ix, data, call, flags)
    ix.message = message
    ix.ephemeral = message.ephemeral_for is not None
    return message


def _new_interaction_message(
    emu: FakeDiscord, ix: Interaction, data: dict, call: Call, flags: int
) -> Message:
    message = create_message(
        emu,
        data,
        call.uploads,
        channel=ix.channel,
        author=emu.bot_user,
        flags=flags,
        type=CHAT_INPUT_COMMAND_MESSAGE if ix.type == APPLICATION_COMMAND else 0,
        ephemeral_for=ix.user.id if flags & EPHEMERAL else None,
        interaction_id=ix.id,
        interaction_type=ix.type,
        interaction_user=ix.user,
    )
    emu._announce_message("MESSAGE_CREATE", message)
    return message


def _deferred_flags(data: dict) -> int:
    """A deferred response carries no flag but EPHEMERAL; a V2 answer comes with the edit of
    the original response."""
    flags = data.get("flags") or 0
    if flags & ~EPHEMERAL:
        message = "A deferred response may only carry the EPHEMERAL flag."
        raise DiscordError.invalid_form(
            [Breach("deferred_flags", ("data", "flags"), INVALID, message)]
        )
    return flags


def _defer_with_placeholder(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> Message:
    _deferred_flags(data)
    # Discord shows "<bot> is thinking..." as a real message that @original later fills in.
    flags = LOADING | ((data.get("flags") or 0) & EPHEMERAL)
    message = _new_interaction_message(emu, ix, {}, call, flags)
    ix.message = message
    ix.ephemeral = bool(flags & EPHEMERAL)
    return message


def _defer_update(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> Message:
    _deferred_flags(data)
    ix.message = _component_message(ix)
    ix.ephemeral = ix.message.ephemeral_for is not None
    return ix.message


def _update_message(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> Message:
    message = _component_message(ix)
    _edit(emu, message, data, call)
    ix.message = message
    ix.ephemeral = message.ephemeral_for is not None
    return message


def _component_message(ix: Interaction) -> Message:
    if ix.component_message is None:
        detail = f"{ix} has no message to update"
        raise DiscordError(
            400, 50035, "Invalid interaction response type", "invalid_response_type", detail
        )
    return ix.component_message


def _autocomplete(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> None:
    choices = data.get("choices") or []
    breaches = choices_breaches(choices)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    ix.choices = choices


def _modal(emu: FakeDiscord, ix: Interaction, data: dict, call: Call) -> None:
    breaches = modal_breaches(data)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    ix.modal = data


_RESPONDERS: dict[int, Any] = {
    CHANNEL_MESSAGE: _respond_with_message,
    DEFERRED_CHANNEL_MESSAGE: _defer_with_placeholder,
    DEFERRED_UPDATE_MESSAGE: _defer_update,
    UPDATE_MESSAGE: _update_message,
    AUTOCOMPLETE_RESULT: _autocomplete,
    MODAL: _modal,
}


def _callback_answer(
    emu: FakeDiscord, ix: Interaction, kind: int, message: Message | None
) -> dict[str, Any]:
    """The `with_response` body: discord.py stores views under `response_message_id`."""
    answer: dict[str, Any] = {"id": str(ix.id), "type": ix.type}
    resource: dict[str, Any] = {"type": kind}
    if message is not None:
        answer["response_message_id"] = str(message.id)
        answer["response_message_loading"] = message.loading
        answer["response_message_ephemeral"] = message.ephemeral_for is not None
        if kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
            resource["message"] = emu.message_payload(message)
    return {"interaction": answer, "resource": resource}


def _edit(
    emu: FakeDiscord, message: Message, body: dict[str, Any], call: Call, original: bool = False
) -> None:
    breaches = body_breaches(body, call.uploads, edited_flags(message, body), message)
    if original:
        breaches += gallery_upload_breaches(body, call.uploads)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    edit_message(emu, message, body, call.uploads)
    emu._announce_message("MESSAGE_UPDATE", message)


def gallery_upload_breaches(body: dict[str, Any], uploads: list[Upload]) -> list[Breach]:
    """Discord's known refusal (discord/discord-api-docs#7529): an edit of the original
    response (PATCH @original, or the first followup after a defer, which edits it) that
    shows a new upload in a media gallery is answered 400, the attachment "not found". The
    same message and upload pass as a fresh response (callback 4 or 7) or a new followup."""
    if not uploads:
        return []
    new = set(attachment_names_after(body, uploads, []))
    text = (
        "Unknown attachment {!r}: a new upload shown in a media gallery by an edit of the "
        "original response is not found; send it with a fresh response or a followup."
    )
    return [
        Breach("v2_gallery_upload_in_original_edit", (*path, "media"), INVALID, text.format(name))
        for name, path, in_gallery in media_references(body.get("components") or [])
        if in_gallery and name in new
    ]


# --- webhook routes (the interaction token) ------------------------------------------------


def _webhook(emu: FakeDiscord, call: Call) -> Interaction:
    ix = emu.interactions_by_token.get(call.params["token"])
    if ix is None or call.params["app_id"] != str(emu.application_id):
        raise DiscordError(404, 10015, "Unknown Webhook", "unknown_webhook", call.path)
    if ix.age > emu.token_lifetime:
        raise DiscordError(401, 50027, "Invalid Webhook Token", "token_expired", repr(ix))
    return ix


def _target(emu: FakeDiscord, call: Call) -> tuple[Interaction, Message]:
    ix = _webhook(emu, call)
    wanted = call.params["message_id"]
    if wanted == "@original":
        message = ix.message
    else:
        message = next((m for m in ix.messages() if str(m.id) == wanted), None)
    if message is None or message.deleted:
        raise unknown("Message", 10008)
    return ix, message


def get_webhook_message(emu: FakeDiscord, call: Call) -> Reply:
    _, message = _target(emu, call)
    return 200, emu.message_payload(message)


def patch_webhook_message(emu: FakeDiscord, call: Call) -> Reply:
    _, message = _target(emu, call)
    _edit(emu, message, call.json(), call, original=call.params["message_id"] == "@original")
    return 200, emu.message_payload(message)


def delete_webhook_message(emu: FakeDiscord, call: Call) -> Reply:
    _, message = _target(emu, call)
    message.deleted = True
    emu._announce_deleted(message)
    return 204, None


def post_followup(emu: FakeDiscord, call: Call) -> Reply:
    ix = _webhook(emu, call)
    if ix.response_type is None:
        raise DiscordError(404, 10015, "Unknown Webhook", "followup_before_response", repr(ix))
    body = call.json()
    placeholder = ix.message
    if ix.response_type == DEFERRED_CHANNEL_MESSAGE and placeholder and placeholder.loading:
        # The first followup after a "thinking" defer fills in the placeholder message.
        # Its flags (V2) apply to the placeholder; EPHEMERAL was decided by the defer.
        flags = (body.get("flags") or 0) & SETTABLE_FLAGS
        _edit(emu, placeholder, {**body, "flags": flags}, call, original=True)
        message = placeholder
    else:
        flags = (body.get("flags") or 0) & RESPONSE_FLAGS
        breaches = body_breaches(body, call.uploads, flags)
        if breaches:
            raise DiscordError.invalid_form(breaches)
        message = _new_interaction_message(emu, ix, body, call, flags)
    ix.followups.append(message)
    if call.query.get("wait") in ("0", "false", "False"):
        return 204, None
    return 200, emu.message_payload(message)


WEBHOOK = "/webhooks/{app_id}/{token}"

ROUTES: list[Route] = [
    route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        post_callback,
        needs_bot_token=False,
        skipped=callback_skipped,
    ),
    route("POST", WEBHOOK, post_followup, False),
    route("GET", WEBHOOK + "/messages/{message_id}", get_webhook_message, False),
    route("PATCH", WEBHOOK + "/messages/{message_id}", patch_webhook_message, False),
    route("DELETE", WEBHOOK + "/messages/{message_id}", delete_webhook_message, False),
]
