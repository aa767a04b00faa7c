"""What a table message shows: its text, an optional picture and its controls, as plain data.

Free of discord.py, so that the drawing worker (``drawing.service``) can draw screens without
loading it; :mod:`cogs.table.components` turns the controls into Discord components.

A control may name one of the bot's application emojis by its key (``app_emoji``, a key of
:mod:`rendering.app_emojis`): the drawing worker cannot know whether Discord has it, so the
bot shows it where it does, and the control's own ``emoji`` where it does not. The label
stays whole either way: a screen reader names a custom emoji by its name only, and the words
are what a colour-blind player reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Button:
    label: str
    payload: str
    style: str = "secondary"
    emoji: str | None = None
    disabled: bool = False
    app_emoji: str | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None = None
    emoji: str | None = None
    default: bool = False
    app_emoji: str | None = None


@dataclass(frozen=True)
class Select:
    placeholder: str
    payload: str
    options: tuple[Option, ...]
    min_values: int = 1
    max_values: int = 1


Row = tuple[Button, ...] | Select


@dataclass
class Screen:
    """One message: its text, an optional picture (with its one-line summary) and controls.

    ``text`` is what to do now (the prompt); ``log``, what just happened, oldest first;
    ``header``, the line above the picture (the game, its round or phase).
    """

    text: str
    image: bytes | None = None
    filename: str = "table.png"
    image_summary: str | None = None
    rows: list[Row] = field(default_factory=list)
    mentions: tuple[int, ...] = ()
    log: tuple[str, ...] = ()
    header: str | None = None


def game_header(emoji: str, title: str, detail: str | None = None) -> str:
    """A message's header line: the game, and its round or phase when given."""
    header = f"{emoji} **{title}**"
    return f"{header} · {detail}" if detail else header
