"""Discord's Components V2 rules: what a message flagged IS_COMPONENTS_V2 may hold, and the
flag's own rules on create and edit.

Read off Discord's API docs (developers/components/reference.mdx, resources/message.mdx,
resources/webhook.mdx, interactions/receiving-and-responding.mdx) and the answers Discord gives:
a legacy field beside the flag is refused as ``content[MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_
COMPONENTS_V2]`` (50035); a non-row component without the flag as ``UNION_TYPE_CHOICES``.
"""

from __future__ import annotations

from typing import Any

from .limits import (
    BAD_LENGTH,
    INVALID,
    REQUIRED,
    TOO_LONG,
    V2_ONLY_TYPES,
    Breach,
    breach_if,
    too_long,
)
from .models import (
    BUTTON,
    CONTAINER,
    FILE_COMPONENT,
    MEDIA_GALLERY,
    SECTION,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    walk_components,
)

ACTION_ROW = 1
TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE_COMPONENT, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE_COMPONENT, SEPARATOR)
IN_SECTION = (TEXT_DISPLAY,)
SECTION_ACCESSORIES = (BUTTON, THUMBNAIL)

MAX_V2_TEXT = 4000  # all text displays of a message together
MAX_MEDIA_DESCRIPTION = 1024
MAX_GALLERY_ITEMS = 10
MAX_SECTION_TEXTS = 3
SEPARATOR_SPACINGS = (1, 2)
MAX_ACCENT_COLOR = 0xFFFFFF
ATTACHMENT_SCHEME = "attachment://"

LEGACY_FIELDS = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
CHOICES = "UNION_TYPE_CHOICES"


def choices_breach(rule: str, path: tuple, allowed: tuple[int, ...]) -> Breach:
    # Discord lists the choices as a Python tuple: "(1,)".
    message = f'Value of field "type" must be one of {allowed!r}.'
    return Breach(rule, (*path, "type"), CHOICES, message)


def legacy_field_breach(name: str) -> Breach:
    message = f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"
    return Breach("v2_legacy_field", (name,), LEGACY_FIELDS, message)


def flagless_breaches(components: list[dict[str, Any]]) -> list[Breach]:
    """Components V2 types in a message without the flag: Discord expects rows only there."""
    return [
        choices_breach("v2_component_without_flag", ("components", index), (ACTION_ROW,))
        for index, component in enumerate(components)
        if component.get("type") in V2_ONLY_TYPES
    ]


def layout_breaches(components: list[dict[str, Any]]) -> list[Breach]:
    """Where each V2 component may stand, its own limits, and the text of all text displays."""
    breaches = _level_breaches(components, ("components",), TOP_LEVEL)
    texts = [c.get("content") for c in walk_components(components) if c.get("type") == TEXT_DISPLAY]
    total = sum(len(text) for text in texts if isinstance(text, str))
    message = f"The text of all text displays must be {MAX_V2_TEXT} or fewer in length ({total})."
    return breaches + breach_if(
        total > MAX_V2_TEXT, "v2_text_too_long", ("components",), message, TOO_LONG
    )


def _level_breaches(
    components: list[dict[str, Any]], path: tuple, allowed: tuple[int, ...]
) -> list[Breach]:
    breaches: list[Breach] = []
    for index, component in enumerate(components):
        where = (*path, index)
        if component.get("type") not in allowed:
            breaches.append(choices_breach("v2_component_misplaced", where, allowed))
            continue
        breaches += _component_breaches(component, where)
    return breaches


def _component_breaches(component: dict[str, Any], where: tuple) -> list[Breach]:
    kind = component.get("type")
    if kind == CONTAINER:
        return _container_breaches(component, where)
    if kind == SECTION:
        return _section_breaches(component, where)
    if kind == TEXT_DISPLAY:
        text = component.get("content")
        missing = not isinstance(text, str) or not text
        return breach_if(
            missing, "v2_text_missing", (*where, "content"), "This field is required", REQUIRED
        )
    if kind == THUMBNAIL:
        return _media_breaches(component, (*where, "media"), (*where, "description"))
    if kind == MEDIA_GALLERY:
        return _gallery_breaches(component, where)
    if kind == FILE_COMPONENT:
        url = (component.get("file") or {}).get("url")
        not_attachment = not isinstance(url, str) or not url.startswith(ATTACHMENT_SCHEME)
        message = "A file component only shows an upload named by attachment://<filename>."
        return breach_if(not_attachment, "v2_file_not_attachment", (*where, "file", "url"), message)
    if kind == SEPARATOR:
        spacing = component.get("spacing", 1)
        message = "spacing must be 1 (small) or 2 (large)."
        bad = spacing not in SEPARATOR_SPACINGS
        return breach_if(bad, "v2_separator_spacing", (*where, "spacing"), message)
    # Action rows are checked with the legacy rows' limits.
    return []


def _container_breaches(container: dict[str, Any], where: tuple) -> list[Breach]:
    colour = container.get("accent_color")
    out_of_range = colour is not None and not (
        isinstance(colour, int) and 0 <= colour <= MAX_ACCENT_COLOR
    )
    message = f"accent_color must be between 0 and {MAX_ACCENT_COLOR}."
    breaches = breach_if(
        out_of_range, "v2_accent_color", (*where, "accent_color"), message, "NUMBER_TYPE_MAX"
    )
    children = container.get("components") or []
    return breaches + _level_breaches(children, (*where, "components"), IN_CONTAINER)


def _section_breaches(section: dict[str, Any], where: tuple) -> list[Breach]:
    children = section.get("components") or []
    count_bad = not 1 <= len(children) <= MAX_SECTION_TEXTS
    message = f"A section holds 1 to {MAX_SECTION_TEXTS} text displays."
    breaches = breach_if(count_bad, "v2_section_texts", (*where, "components"), message, BAD_LENGTH)
    breaches += _level_breaches(children, (*where, "components"), IN_SECTION)
    accessory = section.get("accessory")
    if not isinstance(accessory, dict):
        missing = "A section needs an accessory (a button or a thumbnail)."
        return [*breaches, Breach("v2_section_accessory", (*where, "accessory"), REQUIRED, missing)]
    if accessory.get("type") not in SECTION_ACCESSORIES:
        rule, at = "v2_section_accessory", (*where, "accessory")
        return [*breaches, choices_breach(rule, at, SECTION_ACCESSORIES)]
    if accessory.get("type") == THUMBNAIL:
        at = (*where, "accessory")
        breaches += _media_breaches(accessory, (*at, "media"), (*at, "description"))
    return breaches


def _gallery_breaches(gallery: dict[str, Any], where: tuple) -> list[Breach]:
    items = gallery.get("items") or []
    count_bad = not 1 <= len(items) <= MAX_GALLERY_ITEMS
    message = f"A media gallery holds 1 to {MAX_GALLERY_ITEMS} items."
    breaches = breach_if(count_bad, "v2_gallery_items", (*where, "items"), message, BAD_LENGTH)
    for index, item in enumerate(items):
        at = (*where, "items", index)
        breaches += _media_breaches(item, (*at, "media"), (*at, "description"))
    return breaches


def _media_breaches(holder: dict[str, Any], media_path: tuple, text_path: tuple) -> list[Breach]:
    url = (holder.get("media") or {}).get("url")
    missing = not isinstance(url, str) or not url
    breaches = breach_if(
        missing, "v2_media_missing", (*media_path, "url"), "This field is required", REQUIRED
    )
    description = holder.get("description")
    return breaches + too_long(
        "v2_description_too_long", text_path, description, MAX_MEDIA_DESCRIPTION
    )


def media_references(components: list[dict[str, Any]]) -> list[tuple[str, tuple, bool]]:
    """Every `attachment://` name the components show: (filename, path, in a gallery)."""
    found: list[tuple[str, tuple, bool]] = []
    _collect_references(components, ("components",), found)
    return found


def _collect_references(
    components: list[dict[str, Any]], path: tuple, found: list[tuple[str, tuple, bool]]
) -> None:
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        where = (*path, index)
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            for number, item in enumerate(component.get("items") or []):
                _note((item.get("media") or {}).get("url"), (*where, "items", number), True, found)
        elif kind == THUMBNAIL:
            _note((component.get("media") or {}).get("url"), where, False, found)
        elif kind == FILE_COMPONENT:
            _note((component.get("file") or {}).get("url"), where, False, found)
        _collect_references(component.get("components") or [], (*where, "components"), found)
        if isinstance(component.get("accessory"), dict):
            _collect_references([component["accessory"]], (*where, "accessory"), found)


def _note(url: Any, path: tuple, in_gallery: bool, found: list[tuple[str, tuple, bool]]) -> None:
    if isinstance(url, str) and url.startswith(ATTACHMENT_SCHEME):
        found.append((url[len(ATTACHMENT_SCHEME) :], path, in_gallery))


def missing_attachment_breaches(
    components: list[dict[str, Any]], filenames: list[str]
) -> list[Breach]:
    """References to attachments the message will not have."""
    return [
        Breach(
            "v2_attachment_not_found",
            (*path, "media"),
            INVALID,
            f"Unknown attachment {name!r}: no upload or kept attachment has this filename.",
        )
        for name, path, _ in media_references(components)
        if name not in filenames
    ]


def unshown_attachments(
    components: list[dict[str, Any]], attachments: list[tuple[int, str]]
) -> list[str]:
    """Attachments (id, filename) of a V2 message that no gallery, thumbnail or file shows,
    by `attachment://name` or by the url Discord gave the attachment (a message read back)."""
    urls = media_urls(components)
    return [
        name
        for ident, name in attachments
        if ATTACHMENT_SCHEME + name not in urls
        and not any(f"/attachments/{ident}/" in url for url in urls)
    ]


def media_urls(components: list[dict[str, Any]]) -> list[str]:
    found: list[Any] = []
    for component in walk_components(components):
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            found += [(item.get("media") or {}).get("url") for item in component.get("items") or []]
        elif kind == THUMBNAIL:
            found.append((component.get("media") or {}).get("url"))
        elif kind == FILE_COMPONENT:
            found.append((component.get("file") or {}).get("url"))
    return [url for url in found if isinstance(url, str)]
