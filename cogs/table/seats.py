"""Naming a seat in a slash command: an autocomplete over the table's seats, computers too.

A seat is chosen by its number (what the autocomplete sends) or by its player's name as
typed, so that a computer seat, which has no Discord user, can be named as well.
"""

from __future__ import annotations

from discord import app_commands

from games.table import Table

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices


def seat_choices(table: Table, typed: str) -> list[app_commands.Choice[str]]:
    """The seats whose name holds what was typed, computers marked with 🤖."""
    wanted = typed.strip().casefold()
    choices = []
    for index, seat in enumerate(table.seats):
        label = f"{seat.name} 🤖" if seat.computer else seat.name
        if wanted in seat.name.casefold():
            choices.append(app_commands.Choice(name=label[:100], value=str(index)))
    return choices[:MAX_CHOICES]


def seat_named(table: Table, text: str) -> int | None:
    """The seat an autocomplete chose (its number) or whose player name was typed."""
    text = text.strip()
    if text.isdigit() and int(text) < len(table.seats):
        return int(text)
    for index, seat in enumerate(table.seats):
        if seat.name.casefold() == text.casefold():
            return index
    return None
