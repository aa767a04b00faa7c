"""The application's own emojis, as Discord keeps them, and the check of emojis on controls.

``/applications/{app_id}/emojis``: list (``{"items": [...]}``), get, create, rename, delete.
As on Discord: at most 2,000 emojis an application; a name of 2 to 32 letters, digits and
underscores, unique in the application (a second emoji of a taken name is refused with
``APPLICATION_EMOJI_NAME_ALREADY_TAKEN``, so two processes creating it at once get one emoji);
the image a data URI of a PNG, JPEG, GIF, WebP or AVIF of at most 256 KiB.

A button or menu option may show a custom emoji (``{"id": ..., "name": ...}``) only if it
exists: here, only the application's own emojis do (the emulated servers have none), so a
control naming an unknown or deleted one is refused as Discord refuses an invalid emoji.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import payloads
from .limits import Breach
from .rest import Call, DiscordError, Reply, Route, route, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord

MAX_APPLICATION_EMOJIS = 2000
MAX_EMOJI_IMAGE = 256 * 1024
NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
DATA_URI = re.compile(r"data:image/(png|jpeg|jpg|gif|webp|avif);base64,(.+)", re.DOTALL)
NAME_TAKEN = "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
MAX_EMOJIS_REACHED = 30008


@dataclass
class AppEmoji:
    id: int
    name: str
    image: bytes
    animated: bool = False


def emojis_of(emu: FakeDiscord) -> dict[int, AppEmoji]:
    """The application's emojis by id (kept on the emulator's world)."""
    return emu.app_emojis


def emoji_payload(emu: FakeDiscord, emoji: AppEmoji) -> dict[str, Any]:
    return {
        "id": str(emoji.id),
        "name": emoji.name,
        "roles": [],
        "user": payloads.user(emu.bot_user),
        "require_colons": True,
        "managed": False,
        "animated": emoji.animated,
        "available": True,
    }


def _check_application(emu: FakeDiscord, call: Call) -> None:
    if call.params.get("app_id") != str(emu.application_id):
        raise DiscordError(403, 50001, "Missing Access", "wrong_application", call.path)


def _emoji(emu: FakeDiscord, call: Call) -> AppEmoji:
    _check_application(emu, call)
    emoji = emojis_of(emu).get(call.id("emoji_id"))
    if emoji is None:
        raise unknown("Emoji", 10014)
    return emoji


def _name_taken(name: str) -> DiscordError:
    """Discord's answer to a second emoji of a name: a normal answer, not a broken rule."""
    error = DiscordError(400, 50035, "Invalid Form Body")
    error.body["errors"] = {
        "name": {"_errors": [{"code": NAME_TAKEN, "message": "Emoji name already taken"}]}
    }
    return error


def _name_breaches(name: Any) -> list[Breach]:
    if isinstance(name, str) and NAME.fullmatch(name):
        return []
    text = "Must be 2 to 32 letters, digits or underscores."
    return [Breach("emoji_name_invalid", ("name",), "BASE_TYPE_BAD_LENGTH", text)]


def _image(data: Any) -> tuple[bytes | None, list[Breach]]:
    match = DATA_URI.fullmatch(data) if isinstance(data, str) else None
    try:
        image = base64.b64decode(match[2], validate=True) if match else None
    except binascii.Error:
        image = None
    if image is None:
        text = "Invalid image data (a data URI of a PNG, JPEG, GIF, WebP or AVIF)."
        return None, [Breach("emoji_image_invalid", ("image",), "IMAGE_INVALID", text)]
    if len(image) > MAX_EMOJI_IMAGE:
        text = f"File cannot be larger than {MAX_EMOJI_IMAGE // 1024} kb."
        return None, [Breach("emoji_image_too_large", ("image",), "BINARY_TYPE_MAX_SIZE", text)]
    return image, []


def _taken(emu: FakeDiscord, name: str, but: int | None = None) -> bool:
    return any(e.name == name and e.id != but for e in emojis_of(emu).values())


def list_emojis(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    return 200, {"items": [emoji_payload(emu, e) for e in emojis_of(emu).values()]}


def get_emoji(emu: FakeDiscord, call: Call) -> Reply:
    return 200, emoji_payload(emu, _emoji(emu, call))


def create_emoji(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    body = call.json()
    name = body.get("name")
    image, breaches = _image(body.get("image"))
    breaches = _name_breaches(name) + breaches
    if breaches:
        raise DiscordError.invalid_form(breaches)
    assert isinstance(name, str) and image is not None
    if _taken(emu, name):
        raise _name_taken(name)
    if len(emojis_of(emu)) >= MAX_APPLICATION_EMOJIS:
        limit = f"Maximum number of emojis reached ({MAX_APPLICATION_EMOJIS})"
        raise DiscordError(400, MAX_EMOJIS_REACHED, limit)
    animated = body["image"].startswith("data:image/gif")
    emoji = AppEmoji(emu.ids.next(), name, image, animated)
    emojis_of(emu)[emoji.id] = emoji
    return 201, emoji_payload(emu, emoji)


def edit_emoji(emu: FakeDiscord, call: Call) -> Reply:
    emoji = _emoji(emu, call)
    name = call.json().get("name")
    breaches = _name_breaches(name)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    assert isinstance(name, str)
    if _taken(emu, name, but=emoji.id):
        raise _name_taken(name)
    emoji.name = name
    return 200, emoji_payload(emu, emoji)


def delete_emoji(emu: FakeDiscord, call: Call) -> Reply:
    emoji = _emoji(emu, call)
    del emojis_of(emu)[emoji.id]
    return 204, None


# --- emojis on controls ---------------------------------------------------------------------


def _custom_emojis(node: Any, path: tuple, inside: bool) -> list[tuple[tuple, dict[str, Any]]]:
    """Every custom emoji (one with an id) on a component below ``node``, with its path."""
    found: list[tuple[tuple, dict[str, Any]]] = []
    if isinstance(node, dict):
        emoji = node.get("emoji")
        if inside and isinstance(emoji, dict) and emoji.get("id"):
            found.append(((*path, "emoji"), emoji))
        for key, value in node.items():
            if key != "emoji":
                found += _custom_emojis(value, (*path, key), inside or key == "components")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _custom_emojis(value, (*path, index), inside)
    return found


def unknown_emoji_breaches(emu: FakeDiscord, body: Any) -> list[Breach]:
    """The controls of a request's body that show a custom emoji the application lacks."""
    known = emojis_of(emu)
    breaches = []
    for path, emoji in _custom_emojis(body, (), False):
        try:
            emoji_id = int(emoji["id"])
        except (TypeError, ValueError):
            emoji_id = 0
        if emoji_id not in known:
            text = f"Invalid emoji: {emoji.get('name')}:{emoji['id']} is not an emoji of the bot"
            breaches.append(Breach("unknown_emoji", path, "COMPONENT_INVALID_EMOJI", text))
    return breaches


EMOJIS = "/applications/{app_id}/emojis"
ROUTES: list[Route] = [
    route("GET", EMOJIS, list_emojis),
    route("POST", EMOJIS, create_emoji),
    route("GET", EMOJIS + "/{emoji_id}", get_emoji),
    route("PATCH", EMOJIS + "/{emoji_id}", edit_emoji),
    route("DELETE", EMOJIS + "/{emoji_id}", delete_emoji),
]
