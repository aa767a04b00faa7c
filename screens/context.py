"""What a game's screens are drawn from, and what every game's screens share.

A game's :class:`GameScreens` turn a :class:`TableContext` into screens; they are drawn in the
drawing worker (:mod:`drawing.service`), a process that never imports discord.py, so this
package (``screens/``) does not either.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine import ONLY_CHOICE, Action, Event
from games.table import Table
from locales import Localizer
from screens.model import Button, Screen


@dataclass
class TableContext:
    """Everything a screen is drawn from (read-only for the plugin)."""

    game_id: int
    version: int
    table: Table
    state: Any
    language: str
    loc: Localizer
    best: int | None = None  # a solo result: the player's best earlier score (see final_facts)
    # Shown after a crash (or beside another process): a message may be posted and not noted.
    repairing: bool = False

    def t(self, key: str, **args: Any) -> str:
        return self.loc.text(self.language, key, **args)

    def name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def mention(self, seat: int) -> str:
        user_id = self.table.seats[seat].user_id
        return f"<@{user_id}>" if user_id else self.name(seat)


def action_payload(action: Action) -> str:
    """A control's payload for an engine action (compact JSON, kept short for custom_ids)."""
    return "a" + json.dumps(action, separators=(",", ":"))


def decode_json_action(text: str) -> Action | None:
    try:
        action = json.loads(text)
    except ValueError:
        return None
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return None
    return action


def action_button(label: str, action: Action, **style: Any) -> Button:
    return Button(label=label, payload=action_payload(action), **style)


class GameScreens:
    """How a game's table messages look: every screen the drawing worker draws.

    An instance is sent to the worker process, so its module and its attributes must not
    import discord.py (nor the game's cog, which does).
    """

    def turn_screen(self, ctx: TableContext) -> Screen:
        """The public message of the current turn (drawn off the event loop: may render)."""
        raise NotImplementedError

    def final_screen(self, ctx: TableContext) -> Screen:
        raise NotImplementedError

    def own_screen(self, ctx: TableContext, events: list[Event]) -> Screen:
        """A message of its own before the turn message (see :meth:`GamePlugin.own_message`)."""
        raise NotImplementedError

    def picture_alt(self, ctx: TableContext) -> str | None:
        """The alt text of the picture the turn (or, once over, the final) screen shows, in
        ``ctx.language``: a history replay tells it in its reader's language."""
        return None


class EventTexts(Protocol):
    """What writes a game's event lines: its plugin, or its screens where a screen lists them."""

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]: ...


def log_event_lines(plugin: EventTexts, ctx: TableContext, events: list[Event]) -> list[str]:
    """The game's lines for events; a move the table made as the only one possible says so."""
    lines: list[str] = []
    start = index = 0
    while index < len(events):
        event = events[index]
        if event.get("type") != ONLY_CHOICE:
            index += 1
            continue
        lines += plugin.event_lines(ctx, events[start:index])
        end = index + 1 + int(event.get("events", 0))
        own = plugin.event_lines(ctx, events[index + 1 : end])
        player = ctx.name(event["seat"])
        if own:
            lines += [f"{own[0]} {ctx.t('table-only-choice-tag')}", *own[1:]]
        else:
            lines.append(ctx.t("table-only-choice", player=player))
        start = index = end
    return lines + plugin.event_lines(ctx, events[start:])


def fluent_args(args: dict[str, Any]) -> dict[str, Any]:
    """Fluent takes strings and numbers; lists become comma-separated text."""
    clean: dict[str, Any] = {}
    for key, value in args.items():
        if isinstance(value, bool):
            clean[key] = int(value)
        elif isinstance(value, list | tuple):
            clean[key] = ", ".join(map(str, value))
        elif isinstance(value, int | float | str):
            clean[key] = value
    return clean


class DrawnGame(Protocol):
    """A game as the drawing sees it (its plugin): its screens, or screen methods of its own
    (drawn in a thread of the bot) when it has none, and the warm-up of its worker."""

    screens: GameScreens | None

    @property
    def kind(self) -> str: ...

    def warm_up(self) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]: ...
