"""Discord's limits on messages, and the checks that list what a message body breaks.

Every breach carries a short rule key (recorded as `Violation.rule`) and the place in the body
where Discord would report it in a 50035 "Invalid Form Body" answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .models import (
    BUTTON,
    CONTAINER,
    FILE_COMPONENT,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    SECTION,
    SELECT_TYPES,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    walk_components,
)

# Messages
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_EMBED_FIELD_NAME = 256
MAX_EMBED_FIELD_VALUE = 1024
MAX_EMBED_FOOTER = 2048
MAX_EMBED_AUTHOR = 256
MAX_EMBED_TOTAL = 6000
MAX_THREAD_NAME = 100
MAX_NONCE = 25

# Interactions
RESPONSE_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0

V2_ONLY_TYPES = (
    SECTION,
    TEXT_DISPLAY,
    THUMBNAIL,
    MEDIA_GALLERY,
    FILE_COMPONENT,
    SEPARATOR,
    CONTAINER,
)

TOO_LONG = "BASE_TYPE_MAX_LENGTH"
BAD_LENGTH = "BASE_TYPE_BAD_LENGTH"
REQUIRED = "BASE_TYPE_REQUIRED"
INVALID = "BASE_TYPE_INVALID"
LINK_STYLE = 5
PREMIUM_STYLE = 6
STRING_SELECT = 3


@dataclass(frozen=True)
class Breach:
    rule: str
    path: tuple[str | int, ...]
    code: str
    message: str

    def describe(self) -> str:
        where = ".".join(str(part) for part in self.path) or "body"
        return f"{where}: {self.message}"


def breach_if(
    broken: bool, rule: str, path: tuple, message: str, code: str = INVALID
) -> list[Breach]:
    return [Breach(rule, path, code, message)] if broken else []


def too_long(rule: str, path: tuple, text: Any, limit: int) -> list[Breach]:
    broken = isinstance(text, str) and len(text) > limit
    return breach_if(broken, rule, path, f"Must be {limit} or fewer in length.", TOO_LONG)


def too_many(rule: str, path: tuple, items: list[Any], limit: int) -> list[Breach]:
    return breach_if(len(items) > limit, rule, path, f"Must be {limit} or fewer.", TOO_LONG)


def form_error(breaches: list[Breach]) -> dict[str, Any]:
    """Discord's 400 body for an invalid form, with errors nested along each breach's path."""
    errors: dict[str, Any] = {}
    for breach in breaches:
        node = errors
        for part in breach.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": breach.code, "message": breach.message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def message_breaches(body: dict[str, Any]) -> list[Breach]:
    """Limits broken by a message body (create, edit, interaction response or followup)."""
    embeds = body.get("embeds") or []
    breaches = too_long("content_too_long", ("content",), body.get("content"), MAX_CONTENT)
    breaches += too_many("too_many_embeds", ("embeds",), embeds, MAX_EMBEDS)
    for index, embed in enumerate(embeds):
        breaches += embed_breaches(embed, ("embeds", index))
    attachments = body.get("attachments") or []
    breaches += too_many("too_many_attachments", ("attachments",), attachments, MAX_ATTACHMENTS)
    return breaches + components_breaches(body.get("components") or [], body.get("flags") or 0)


def embed_breaches(embed: dict[str, Any], path: tuple) -> list[Breach]:
    texts = {
        "title": (embed.get("title"), MAX_EMBED_TITLE),
        "description": (embed.get("description"), MAX_EMBED_DESCRIPTION),
        "footer.text": ((embed.get("footer") or {}).get("text"), MAX_EMBED_FOOTER),
        "author.name": ((embed.get("author") or {}).get("name"), MAX_EMBED_AUTHOR),
    }
    fields = embed.get("fields") or []
    for index, field in enumerate(fields):
        texts[f"fields.{index}.name"] = (field.get("name"), MAX_EMBED_FIELD_NAME)
        texts[f"fields.{index}.value"] = (field.get("value"), MAX_EMBED_FIELD_VALUE)
    breaches = too_many("embed_too_long", (*path, "fields"), fields, MAX_EMBED_FIELDS)
    for where, (text, limit) in texts.items():
        breaches += too_long("embed_too_long", (*path, *where.split(".")), text, limit)
    total = sum(len(text) for text, _ in texts.values() if isinstance(text, str))
    message = f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}"
    return breaches + breach_if(total > MAX_EMBED_TOTAL, "embed_too_long", path, message, TOO_LONG)


def components_breaches(components: list[dict[str, Any]], flags: int) -> list[Breach]:
    """Layout limits (rows, buttons, selects) and the limits of every single component."""
    path = ("components",)
    if flags & IS_COMPONENTS_V2:
        everything = walk_components(components)
        breaches = too_many("too_many_components", path, everything, MAX_V2_COMPONENTS)
    else:
        breaches = too_many("too_many_rows", path, components, MAX_ROWS)
        for index, row in enumerate(components):
            # Components V2 types without the flag have their own rule (limits_v2).
            not_row = row.get("type") not in (1, *V2_ONLY_TYPES)
            breaches += breach_if(not_row, "row_not_action_row", (*path, index), "Expected a row.")
    return breaches + _tree_breaches(components, path) + _duplicate_breaches(components)


def _tree_breaches(components: list[dict[str, Any]], path: tuple) -> list[Breach]:
    breaches: list[Breach] = []
    for index, component in enumerate(components):
        where = (*path, index)
        children = component.get("components") or []
        if component.get("type") == 1:
            breaches += _row_breaches(children, (*where, "components"))
        else:
            breaches += _item_breaches(component, where)
            breaches += _tree_breaches(children, (*where, "components"))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                breaches += _item_breaches(component[key], (*where, key))
    return breaches


def _row_breaches(children: list[dict[str, Any]], path: tuple) -> list[Breach]:
    has_select = any(child.get("type") in SELECT_TYPES for child in children)
    breaches = breach_if(not children, "empty_row", path, "Must not be empty.", BAD_LENGTH)
    breaches += breach_if(
        has_select and len(children) > 1,
        "select_not_alone",
        path,
        "A select menu must be alone in its action row.",
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    )
    breaches += too_many("too_many_buttons", path, children, MAX_ROW_BUTTONS)
    for index, child in enumerate(children):
        breaches += _item_breaches(child, (*path, index))
    return breaches


def _item_breaches(item: dict[str, Any], path: tuple) -> list[Breach]:
    breaches = too_long(
        "custom_id_too_long", (*path, "custom_id"), item.get("custom_id"), MAX_CUSTOM_ID
    )
    if item.get("type") == BUTTON:
        breaches += _button_breaches(item, path)
    elif item.get("type") in SELECT_TYPES:
        breaches += _select_breaches(item, path)
    return breaches


def _button_breaches(button: dict[str, Any], path: tuple) -> list[Breach]:
    style, label = button.get("style"), button.get("label")
    is_link = style == LINK_STYLE
    breaches = too_long("label_too_long", (*path, "label"), label, MAX_BUTTON_LABEL)
    breaches += breach_if(
        not label and not button.get("emoji"),
        "button_without_label",
        path,
        "A button needs a label or an emoji.",
    )
    breaches += breach_if(
        is_link and (not button.get("url") or bool(button.get("custom_id"))),
        "link_button_invalid",
        path,
        "A link button needs a url and no custom_id.",
    )
    needs_id = not is_link and style != PREMIUM_STYLE
    missing = needs_id and not button.get("custom_id")
    return breaches + breach_if(
        missing, "custom_id_missing", (*path, "custom_id"), "This field is required", REQUIRED
    )


def _select_breaches(select: dict[str, Any], path: tuple) -> list[Breach]:
    options = select.get("options") or []
    is_string_select = select.get("type") == STRING_SELECT
    placeholder = select.get("placeholder")
    breaches = too_long(
        "placeholder_too_long", (*path, "placeholder"), placeholder, MAX_PLACEHOLDER
    )
    where = (*path, "options")
    breaches += breach_if(
        is_string_select and not options, "no_options", where, "Must not be empty.", BAD_LENGTH
    )
    breaches += too_many("too_many_options", where, options, MAX_SELECT_OPTIONS)
    for index, option in enumerate(options):
        for key in ("label", "value", "description"):
            at = (*where, index, key)
            breaches += too_long("option_text_too_long", at, option.get(key), MAX_OPTION_TEXT)
    # Only string selects list their options; user, role and channel selects offer up to 25.
    available = len(options) if is_string_select else MAX_SELECT_OPTIONS
    return breaches + _select_values_breaches(select, path, available)


def _select_values_breaches(select: dict[str, Any], path: tuple, available: int) -> list[Breach]:
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    problems = {
        "min_values must be between 0 and 25.": not 0 <= low <= MAX_SELECT_OPTIONS,
        "max_values must be between 1 and 25.": not 1 <= high <= MAX_SELECT_OPTIONS,
        "min_values must not exceed max_values.": low > high,
        # An empty select is already reported as such.
        "max_values must not exceed the number of options.": 0 < available < high,
    }
    return [
        Breach("select_values_out_of_range", (*path, text.split()[0]), "BASE_TYPE_BAD_INT", text)
        for text, broken in problems.items()
        if broken
    ]


def _duplicate_breaches(components: list[dict[str, Any]]) -> list[Breach]:
    seen: set[str] = set()
    breaches: list[Breach] = []
    for component in walk_components(components):
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        text = f"Component custom id {custom_id!r} is duplicated."
        code = "COMPONENT_CUSTOM_ID_DUPLICATED"
        breaches += breach_if(custom_id in seen, "duplicate_custom_id", ("components",), text, code)
        seen.add(custom_id)
    return breaches
