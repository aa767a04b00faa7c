"""The lobby message: who sits where, the settings, and the buttons to join and start."""

from __future__ import annotations

from typing import Any

from cogs.plugin import GamePlugin
from cogs.screens import Button, Option, Row, Screen, Select
from games import table as tables
from games.engine import GameInfo, RulesError
from games.table import Table
from locales import Localizer


def lobby_screen(
    plugin: GamePlugin, loc: Localizer, game_id: int, version: int, table: Table
) -> Screen:
    info = plugin.info
    lang = table.language

    def t(key: str, **args: Any) -> str:
        return loc.text(lang, key, **args)

    names = []
    for seat in table.seats:
        label = seat.name
        if seat.user_id == table.host_id and not seat.computer:
            label += " " + t("lobby-host-tag")
        if seat.computer:
            label += " 🤖"
        names.append(label)
    title = plugin.title(loc, lang)
    lines = [f"{plugin.emoji} **{title}**"]
    if table.status == tables.LOBBY:
        lines.append(
            t("lobby-seats", count=len(table.seats), max=info.max_players, names=", ".join(names))
        )
        for option in info.options:
            value = table.options.get(option.name, option.default)
            lines.append(
                t(
                    "lobby-setting",
                    name=t(f"option-{option.name}"),
                    value=plugin.option_label(loc, lang, option.name, value),
                )
            )
        lines.append(t("lobby-help", min=info.min_players, max=info.max_players))
    elif table.status == tables.ACTIVE:
        lines.append(t("lobby-started", names=", ".join(names)))
    else:
        lines.append(t("lobby-closed"))
    if table.status != tables.LOBBY:
        return Screen("\n".join(lines))

    rows: list[Row] = [
        (
            Button(t("lobby-join"), "join", style="success", emoji="🪑"),
            Button(t("lobby-leave"), "leave"),
            Button(
                t("lobby-start"),
                "start",
                style="primary",
                disabled=not tables.can_start(table, info),
            ),
            Button(t("lobby-cancel"), "cancel", style="danger"),
        )
    ]
    if getattr(plugin, "computer_seats", False):
        rows[0] += (
            Button(
                t("lobby-add-computer"),
                "bot",
                emoji="🤖",
                disabled=len(table.seats) >= info.max_players,
            ),
        )
    for option in info.options[:4]:
        value = table.options.get(option.name, option.default)
        rows.append(
            Select(
                placeholder=t(f"option-{option.name}"),
                payload=f"opt:{option.name}",
                options=tuple(
                    Option(
                        label=f"{t(f'option-{option.name}')}: "
                        f"{plugin.option_label(loc, lang, option.name, choice)}"[:100],
                        value=str(choice),
                        default=choice == value,
                    )
                    for choice in option.choices[:25]
                ),
            )
        )
    return Screen("\n".join(lines), rows=rows)


def parse_option_value(info: GameInfo, name: str, text: str) -> Any:
    """The option choice whose text a select sent back (choices may be bools or numbers)."""
    for option in info.options:
        if option.name == name:
            for choice in option.choices:
                if str(choice) == text:
                    return choice
    raise RulesError("table-error-bad-option", option=name)
