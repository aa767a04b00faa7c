"""French as it is printed: a no-break space before : ; ! ? and inside « », one apostrophe (’),
in every French text: the locale files' messages in every variant, and what the lobby builds."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

from cogs.dice_stars import DiceStarsPlugin
from cogs.dizzle import DizzlePlugin
from cogs.stella import StellaPlugin
from games import table as tables
from games.dizzle_levels import parse_level
from locales import FOLDER, NO_BREAK_SPACE, Localizer
from screens.lobby import language_menu, lobby_screen
from screens.model import Select

LOC = Localizer()
LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"
# What a variable holds, by name, as the bot passes it; Discord markup and links on purpose.
SAMPLES = {
    "player": "<@123>",
    "players": "<@123>, <@456>",
    "url": "https://discord.com/channels/1/2/3",
    "link": "https://discord.com/channels/1/2/3",
    "channel": "<#789>",
    "channels": "<#789>, <#790>",
    "time": "<t:1700000000:R>",
}
PLURAL_SAMPLES = {"one": 1, "other": 5, "zero": 0, "two": 2, "few": 3, "many": 1000000}
MOST_VARIANTS = 400
# Not French punctuation: code spans (`/aide jeu:`), Discord markup (<@1>, <t:1:R>), links,
# times (12:30) and emoji codes (:dice:).
NOT_PROSE = re.compile(r"`[^`]*`|<[^<>]*>|https?://\S+|\d:\d|:\w+:")


def typography_faults(text: str) -> list[str]:
    prose = NOT_PROSE.sub("", text)
    faults = [
        prose[max(0, m.start() - 12) : m.end()]
        for m in re.finditer(r"[:;!?»]", prose)
        if m.start() == 0 or prose[m.start() - 1] not in (NO_BREAK_SPACE, "!", "?")
    ]
    faults += [prose[m.start() : m.start() + 12] for m in re.finditer(r"«(?!\u00a0)", prose)]
    faults += [prose[max(0, m.start() - 12) : m.end() + 12] for m in re.finditer("'", prose)]
    return faults


def argument_sets(message: ast.Message) -> list[dict[str, object]]:
    """Values that reach every variant of every select (up to a bound), a sample for the rest."""
    choices: dict[str, set[object]] = {}
    names: set[str] = set()
    stack: list[object] = [message]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.VariableReference):
            names.add(node.id.name)
        if isinstance(node, ast.SelectExpression) and isinstance(
            node.selector, ast.VariableReference
        ):
            keys = choices.setdefault(node.selector.id.name, set())
            for variant in node.variants:
                key = variant.key
                if isinstance(key, ast.NumberLiteral):
                    keys.add(int(float(key.value)))
                else:
                    keys.add(PLURAL_SAMPLES.get(key.name, key.name))
        if isinstance(node, ast.BaseNode):
            for value in vars(node).values():
                stack.extend(value if isinstance(value, list) else [value])
    base = {name: SAMPLES.get(name, "Anna") for name in names}
    selectors = sorted(choices)
    combos = itertools.product(*(sorted(choices[n], key=str) for n in selectors))
    return [
        {**base, **dict(zip(selectors, combo, strict=True))}
        for combo in itertools.islice(combos, MOST_VARIANTS)
    ]


def french_messages() -> list[ast.Message]:
    parser = FluentParser()
    found = []
    for path in sorted((FOLDER / "fr").glob("*.ftl")):
        found += [
            e for e in parser.parse(path.read_text("utf-8")).body if isinstance(e, ast.Message)
        ]
    return found


def formatted(message: ast.Message, args: dict[str, object]) -> list[str]:
    key = message.id.name
    texts = [LOC.text("fr", key, **args)] if message.value is not None else []
    return texts + [LOC.attribute("fr", key, a.id.name, **args) for a in message.attributes]


def test_every_french_message_in_every_variant():
    faults = []
    for message in french_messages():
        for args in argument_sets(message):
            for text in formatted(message, args):
                faults += [f"{message.id.name}: {fault!r}" for fault in typography_faults(text)]
    assert not faults, "\n".join(sorted(set(faults)))


def plugins():
    levels = {
        path.stem: parse_level(path.read_text("utf-8"), path.name)
        for path in sorted(LEVELS.glob("*.toml"))
    }
    return [DiceStarsPlugin(), DizzlePlugin(levels), StellaPlugin()]


@pytest.mark.parametrize("plugin", plugins(), ids=lambda p: p.kind)
def test_the_french_lobby_as_built(plugin):
    """The lobby joins labels and values in code: its text, buttons and menus speak French too."""
    options = {option.name: option.default for option in plugin.info.options}
    table = tables.open_table(plugin.kind, 1, "Ada", "fr", options)
    table.invited = [5, 6]
    table.turn_minutes = 15
    screen = lobby_screen(plugin, LOC, 1, 1, table)
    texts = [screen.text]
    for row in [*screen.rows, language_menu(plugin, LOC, table, "fr")]:
        if isinstance(row, Select):
            texts += [row.placeholder or "", *(option.label for option in row.options)]
        else:
            texts += [button.label for button in row]
    faults = [fault for text in texts for fault in typography_faults(text)]
    assert not faults, faults
    assert any(f"Minuteur de tour{NO_BREAK_SPACE}: 15 minutes" == text for text in texts)


def test_the_check_sees_a_plain_or_missing_space():
    assert typography_faults("Niveau : 1") and typography_faults("Niveau: 1")
    assert typography_faults("Revanche !") and typography_faults("«\u00a0mot »")
    assert typography_faults("l'hôte")
    assert not typography_faults("Niveau\u00a0: 1 à 12:30, voir https://a.b/c?d=1\u00a0; <t:1:R>")
    assert not typography_faults("`/aide jeu:` :game_die: «\u00a0mot\u00a0» Quoi\u00a0?!")
