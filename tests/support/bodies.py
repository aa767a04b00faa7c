"""What a request body to Discord says: a classic message's content, or a V2 message's text
displays from top to bottom (as ``Message.text`` reads a stored message)."""

from __future__ import annotations

from typing import Any

from tests.emulator.models import IS_COMPONENTS_V2, TEXT_DISPLAY, walk_components


def body_text(body: dict[str, Any]) -> str:
    if not (body.get("flags") or 0) & IS_COMPONENTS_V2:
        return body.get("content") or ""
    shown = walk_components(body.get("components") or [])
    return "\n".join(c.get("content") or "" for c in shown if c.get("type") == TEXT_DISPLAY)
