"""Discord's limits on application commands, autocomplete answers and modals."""

from __future__ import annotations

import re
from typing import Any

from .limits import (
    BAD_LENGTH,
    MAX_CUSTOM_ID,
    Breach,
    breach_if,
    too_long,
    too_many,
)
from .models import walk_components

MAX_COMMANDS = 100
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_COMMAND_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_MODAL_TITLE = 45
MAX_MODAL_ROWS = 5
MAX_TEXT_INPUT_LABEL = 45
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
# fmt: off
DISCORD_LOCALES = frozenset((
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
))
# fmt: on
SUBCOMMAND_TYPES = (1, 2)
TEXT_INPUT = 4


def choices_breaches(
    choices: list[dict[str, Any]], path: tuple = ("data", "choices")
) -> list[Breach]:
    """Limits of autocomplete answers and of command option choices."""
    breaches = too_many("too_many_choices", path, choices, MAX_CHOICES)
    for index, choice in enumerate(choices):
        name, value = choice.get("name"), choice.get("value")
        where = (*path, index)
        breaches += too_long("choice_too_long", (*where, "name"), name, MAX_CHOICE_TEXT)
        breaches += too_long("choice_too_long", (*where, "value"), value, MAX_CHOICE_TEXT)
        breaches += breach_if(
            not name, "choice_too_long", (*where, "name"), "Must not be empty.", BAD_LENGTH
        )
    return breaches


def modal_breaches(modal: dict[str, Any]) -> list[Breach]:
    rows = modal.get("components") or []
    breaches = too_long("modal_invalid", ("data", "title"), modal.get("title"), MAX_MODAL_TITLE)
    custom_id = modal.get("custom_id")
    breaches += too_long("custom_id_too_long", ("data", "custom_id"), custom_id, MAX_CUSTOM_ID)
    wrong_size = not 1 <= len(rows) <= MAX_MODAL_ROWS
    message = f"Must be between 1 and {MAX_MODAL_ROWS} in length."
    breaches += breach_if(wrong_size, "modal_invalid", ("data", "components"), message, BAD_LENGTH)
    for component in walk_components(rows):
        if component.get("type") == TEXT_INPUT:
            where = ("data", "components", component.get("custom_id"), "label")
            breaches += too_long(
                "modal_invalid", where, component.get("label"), MAX_TEXT_INPUT_LABEL
            )
    return breaches


def command_breaches(commands: list[dict[str, Any]]) -> list[Breach]:
    """Limits of an application command sync (names, descriptions, options, localizations)."""
    breaches = too_many("command_invalid", (), commands, MAX_COMMANDS)
    for index, command in enumerate(commands):
        is_slash = command.get("type", 1) == 1
        breaches += _described_breaches(command, (index,), slash=is_slash)
        breaches += _options_breaches(command.get("options") or [], (index, "options"))
    return breaches


def _options_breaches(options: list[dict[str, Any]], path: tuple) -> list[Breach]:
    breaches = too_many("command_invalid", path, options, MAX_COMMAND_OPTIONS)
    seen_optional = False
    for index, option in enumerate(options):
        where = (*path, index)
        breaches += _described_breaches(option, where, slash=True)
        breaches += choices_breaches(option.get("choices") or [], (*where, "choices"))
        breaches += _options_breaches(option.get("options") or [], (*where, "options"))
        if option.get("type") in SUBCOMMAND_TYPES:
            continue
        breaches += breach_if(
            bool(option.get("required")) and seen_optional,
            "command_invalid",
            where,
            "Required options must be placed before non-required options",
            "APPLICATION_COMMAND_OPTIONS_ORDER_INVALID",
        )
        seen_optional = seen_optional or not option.get("required")
    return breaches


def _described_breaches(item: dict[str, Any], path: tuple, slash: bool) -> list[Breach]:
    """Name and description, in the default language and in every localization."""
    names = {"name": item.get("name")}
    descriptions = {"description": item.get("description")}
    for locale, name in (item.get("name_localizations") or {}).items():
        names[f"name_localizations.{locale}"] = name
    for locale, text in (item.get("description_localizations") or {}).items():
        descriptions[f"description_localizations.{locale}"] = text
    breaches: list[Breach] = []
    for where, name in names.items():
        breaches += _name_breaches(name, (*path, *where.split(".")), slash)
    for where, text in descriptions.items():
        wrong = slash and not 1 <= len(text or "") <= MAX_COMMAND_DESCRIPTION
        message = f"Must be between 1 and {MAX_COMMAND_DESCRIPTION} in length."
        at = (*path, *where.split("."))
        breaches += breach_if(wrong, "command_invalid", at, message, BAD_LENGTH)
    for where in [*names, *descriptions]:
        locale = where.partition(".")[2]
        unknown = bool(locale) and locale not in DISCORD_LOCALES
        at = (*path, *where.split("."))
        breaches += breach_if(
            unknown, "command_invalid", at, f"Invalid locale {locale!r}", "LOCALE_INVALID"
        )
    return breaches


def _name_breaches(name: Any, path: tuple, slash: bool) -> list[Breach]:
    # Slash command names must be lowercase wherever a lowercase form of the letter exists;
    # user and message commands may use any text of 1 to 32 characters.
    if not isinstance(name, str):
        valid = False
    elif slash:
        valid = bool(COMMAND_NAME.match(name)) and name == name.lower()
    else:
        valid = 1 <= len(name) <= MAX_COMMAND_NAME
    message = f"Command name {name!r} is invalid"
    return breach_if(
        not valid, "command_invalid", path, message, "APPLICATION_COMMAND_INVALID_NAME"
    )
