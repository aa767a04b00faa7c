"""The lobby message: who sits where, the settings, and the buttons to join and start."""

from __future__ import annotations

from typing import Any

from cogs.plugin import GamePlugin
from cogs.screens import Button, Option, Row, Screen, Select
from games import table as tables
from games.engine import GameInfo, RulesError
from games.table import Table
from locales import Localizer

TIMER_CHOICES = (0, 2, 5, 15, 60, 360, 1440, 4320, 10080)  # minutes; 0 = no timer


def timer_label(loc: Localizer, language: str, minutes: int) -> str:
    if minutes == 0:
        return loc.text(language, "table-timer-off")
    if minutes % 1440 == 0:
        return loc.text(language, "table-timer-days", n=minutes // 1440)
    if minutes % 60 == 0:
        return loc.text(language, "table-timer-hours", n=minutes // 60)
    return loc.text(language, "table-timer-minutes", n=minutes)


def lobby_screen(
    plugin: GamePlugin,
    loc: Localizer,
    game_id: int,
    version: int,
    table: Table,
    longest_timer: int = TIMER_CHOICES[-1],
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
                    name=plugin.option_name(loc, lang, option.name),
                    value=plugin.option_label(loc, lang, option.name, value),
                )
            )
        lines.append(
            t(
                "lobby-setting",
                name=t("table-timer"),
                value=timer_label(loc, lang, table.turn_minutes),
            )
        )
        if table.spectators:
            watching = ", ".join(f"<#{channel}>" for channel in table.spectators)
            lines.append(t("lobby-watching", channels=watching))
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
    refusal = plugin.computer_refusal(table) if plugin.computer_seats else None
    if refusal is not None:
        lines.append(t(refusal))
    elif plugin.computer_seats:
        rows[0] += (
            Button(
                t("lobby-add-computer"),
                f"bot:{len(table.seats)}",  # the seat it adds: a second click adds none
                emoji="🤖",
                disabled=len(table.seats) >= info.max_players,
            ),
        )
    for option in info.options[:3]:
        value = table.options.get(option.name, option.default)
        option_name = plugin.option_name(loc, lang, option.name)
        rows.append(
            Select(
                placeholder=option_name,
                payload=f"opt:{option.name}",
                options=tuple(
                    Option(
                        label=f"{option_name}: "
                        f"{plugin.option_label(loc, lang, option.name, choice)}"[:100],
                        value=str(choice),
                        default=choice == value,
                    )
                    for choice in option.choices[:25]
                ),
            )
        )
    choices = sorted({c for c in TIMER_CHOICES if c <= longest_timer} | {table.turn_minutes})
    rows.append(
        Select(
            placeholder=t("table-timer"),
            payload="timer",
            options=tuple(
                Option(
                    label=f"{t('table-timer')}: {timer_label(loc, lang, minutes)}"[:100],
                    value=str(minutes),
                    default=minutes == table.turn_minutes,
                    emoji="⏰",
                )
                for minutes in choices
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
