"""What a finished table leaves in its channel: the result's Rematch button and nothing else."""

from __future__ import annotations

from typing import Any

from tests.emulator import Message


def is_rematch(button: dict[str, Any]) -> bool:
    return (button["custom_id"] or "").endswith(":rematch")


def game_controls(message: Message) -> list[dict[str, Any]]:
    """The message's controls other than a result's Rematch button."""
    return [b for b in message.buttons() if not is_rematch(b)] + message.selects()


def with_game_controls(messages: list[Message]) -> list[Message]:
    return [m for m in messages if game_controls(m)]


def only_rematch(message: Message) -> bool:
    """A result message: its one control is the Rematch button."""
    return [is_rematch(b) for b in message.buttons()] == [True] and not message.selects()
