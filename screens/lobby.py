"""The lobby message: who sits where, the settings, and the buttons to join and start."""

from __future__ import annotations

from typing import Any, Protocol

from games import table as tables
from games.engine import GameInfo, RulesError
from games.table import Table
from locales import LANGUAGES, Localizer
from screens.model import Button, Option, Row, Screen, Select, game_header

RULES_PAYLOAD = "rules"  # the "How to play" button: a private rules card, changes nothing
# Each language by its own name, as language menus everywhere show it.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}
LANGUAGE_FLAGS = {"en": "🇬🇧", "de": "🇩🇪", "fr": "🇫🇷"}
TIMER_CHOICES = (0, 2, 5, 15, 60, 360, 1440, 4320, 10080)  # minutes; 0 = no timer


class LobbyGame(Protocol):
    """What the lobby shows of a game: its plugin, as far as the lobby reads it."""

    emoji: str
    computer_seats: bool
    word_option: str | None

    @property
    def info(self) -> GameInfo: ...

    def title(self, loc: Localizer, language: str) -> str: ...

    def option_name(self, loc: Localizer, language: str, name: str) -> str: ...

    def option_label(self, loc: Localizer, language: str, name: str, value: Any) -> str: ...

    def choice_label(self, loc: Localizer, language: str, name: str, value: Any) -> str: ...

    def computer_refusal(self, table: Table) -> str | None: ...


def timer_label(loc: Localizer, language: str, minutes: int) -> str:
    if minutes == 0:
        return loc.text(language, "table-timer-off")
    if minutes % 1440 == 0:
        return loc.text(language, "table-timer-days", n=minutes // 1440)
    if minutes % 60 == 0:
        return loc.text(language, "table-timer-hours", n=minutes // 60)
    return loc.text(language, "table-timer-minutes", n=minutes)


def lobby_screen(
    plugin: LobbyGame,
    loc: Localizer,
    game_id: int,
    version: int,
    table: Table,
    longest_timer: int = TIMER_CHOICES[-1],
    language: str | None = None,
) -> Screen:
    """The lobby in the table's language (``language``: a reader's own, for a private look),
    the game's name its header."""
    info = plugin.info
    lang = language or table.language

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
    header = game_header(plugin.emoji, plugin.title(loc, lang))
    lines = []
    if table.status == tables.LOBBY:
        lines.append(
            t("lobby-seats", count=len(table.seats), max=info.max_players, names=", ".join(names))
        )
        if table.invited:
            invited = ", ".join(f"<@{user_id}>" for user_id in table.invited)
            lines.append(t("rematch-invite", players=invited, count=len(table.invited)))
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
            t("lobby-setting", name=t("table-language"), value=LANGUAGE_NAMES.get(lang, lang))
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
        return Screen("\n".join(lines), header=header)

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
    # Yes/no settings are buttons that switch (a row of menus each would not fit in 5 rows).
    second: tuple[Button, ...] = (Button(t("rules-button"), RULES_PAYLOAD, emoji="📖"),)
    for option in info.options:
        if option.choices == (False, True):
            value = bool(table.options.get(option.name, option.default))
            # The button says what a press makes of the setting; the text above says what it is.
            label = t(
                "lobby-setting-switch",
                name=plugin.option_name(loc, lang, option.name),
                value=plugin.option_label(loc, lang, option.name, not value),
            )
            second += (Button(label[:80], f"opt:{option.name}={not value}", emoji="🔁"),)
    rows.append(second[:5])
    menus = [
        option
        for option in info.options
        if option.choices != (False, True) and option.name != plugin.word_option
    ]
    for option in menus[: 5 - len(rows) - 2]:  # the language and timer menus come last
        value = table.options.get(option.name, option.default)
        option_name = plugin.option_name(loc, lang, option.name)
        rows.append(
            Select(
                placeholder=option_name,
                payload=f"opt:{option.name}",
                options=tuple(
                    Option(
                        # The chosen one names the closed menu; the others only their value.
                        label=(
                            plugin.choice_label(loc, lang, option.name, choice)
                            if choice == value
                            else plugin.option_label(loc, lang, option.name, choice)
                        )[:100],
                        value=str(choice),
                        default=choice == value,
                    )
                    for choice in option.choices[:25]
                ),
            )
        )
    rows.append(language_menu(plugin, loc, table, lang))
    choices = sorted({c for c in TIMER_CHOICES if c <= longest_timer} | {table.turn_minutes})
    rows.append(
        Select(
            placeholder=t("table-timer"),
            payload="timer",
            options=tuple(
                Option(
                    label=(
                        t(
                            "label-value",
                            label=t("table-timer"),
                            value=timer_label(loc, lang, minutes),
                        )
                        if minutes == table.turn_minutes
                        else timer_label(loc, lang, minutes)
                    )[:100],
                    value=str(minutes),
                    default=minutes == table.turn_minutes,
                    emoji="⏰",
                )
                for minutes in choices
            ),
        )
    )
    # The invited players of a rematch are pinged by this one message.
    return Screen("\n".join(lines), rows=rows, header=header, mentions=tuple(table.invited))


def language_menu(
    plugin: LobbyGame, loc: Localizer, table: Table, reader: str | None = None
) -> Select:
    """The table's language; for a game with word cards also the cards' own language.

    A value is ``de`` (the table, and the word cards with it) or ``de/en`` (cards in English).
    """
    words = table.options.get(plugin.word_option) if plugin.word_option else None
    options = []
    for language in LANGUAGES:
        pairs = [(language, language)]
        if plugin.word_option:
            pairs += [(language, other) for other in LANGUAGES if other != language]
        for table_language, word_language in pairs:
            same = table_language == word_language
            label = LANGUAGE_NAMES[table_language]
            if not same:
                label = loc.text(
                    reader or table.language,
                    "language-with-words",
                    name=label,
                    words=word_language,  # named in the reader's language inside the phrase
                )
            chosen = table.language == table_language and (words in (None, word_language))
            options.append(
                Option(
                    label=label[:100],
                    value=table_language if same else f"{table_language}/{word_language}",
                    default=chosen,
                    emoji=LANGUAGE_FLAGS[table_language],
                )
            )
    return Select(loc.text(reader or table.language, "table-language"), "lang", tuple(options))


def parse_language_value(text: str) -> tuple[str, str]:
    """The table's and the word cards' language a language menu sent back."""
    language, _, words = text.partition("/")
    if language not in LANGUAGES or (words or language) not in LANGUAGES:
        raise RulesError("table-error-bad-option", option="language")
    return language, words or language


def parse_option_value(info: GameInfo, name: str, text: str) -> Any:
    """The option choice whose text a select sent back (choices may be bools or numbers)."""
    for option in info.options:
        if option.name == name:
            for choice in option.choices:
                if str(choice) == text:
                    return choice
    raise RulesError("table-error-bad-option", option=name)
