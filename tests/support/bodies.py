"""What a request body to Discord says: a classic message's content, or a V2 message's text
displays from top to bottom (as ``Message.text`` reads a stored message)."""

from __future__ import annotations

from typing import Any

from cogs.table.layout import LOG_ID
from cogs.table.messages import PROMPT_BREAK
from tests.emulator.models import IS_COMPONENTS_V2, TEXT_DISPLAY, Message, walk_components


def body_text(body: dict[str, Any]) -> str:
    if not (body.get("flags") or 0) & IS_COMPONENTS_V2:
        return body.get("content") or ""
    shown = walk_components(body.get("components") or [])
    return "\n".join(c.get("content") or "" for c in shown if c.get("type") == TEXT_DISPLAY)


def log_text(message: Message) -> str:
    """A table message's log (what happened this turn): its log block in a V2 message, the
    lines before the prompt's separator in a classic one."""
    if not message.flags & IS_COMPONENTS_V2:
        head, found, _ = message.content.rpartition(PROMPT_BREAK)
        return head if found else ""
    for component in walk_components(message.components):
        if component.get("type") == TEXT_DISPLAY and component.get("id") == LOG_ID:
            return component.get("content") or ""
    return ""
