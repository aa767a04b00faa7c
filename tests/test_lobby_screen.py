"""The lobby of each game in each language: what it says and what the host can change there,
within Discord's limits (5 rows, 25 options, labels of 80 and 100 characters)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.dice_stars import DiceStarsPlugin
from cogs.dizzle import DizzlePlugin
from cogs.stella import StellaPlugin
from cogs.table.components import build_view
from games import table as tables
from games.dizzle_levels import parse_level
from games.engine import RulesError
from locales import LANGUAGES, Localizer
from screens.lobby import language_menu, lobby_screen, parse_language_value
from screens.model import Button, Select

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"
LOC = Localizer()


def plugins():
    levels = {
        path.stem: parse_level(path.read_text("utf-8"), path.name)
        for path in sorted(LEVELS.glob("*.toml"))
    }
    return [DiceStarsPlugin(), DizzlePlugin(levels), StellaPlugin()]


def lobby_of(plugin, language: str) -> tables.Table:
    options = {option.name: option.default for option in plugin.info.options}
    if plugin.word_option:
        options[plugin.word_option] = language
    return tables.open_table(plugin.kind, 1, "Ada", language, options)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("plugin", plugins(), ids=lambda p: p.kind)
async def test_every_lobby_fits_discord_and_offers_the_language_and_the_rules(plugin, language):
    table = lobby_of(plugin, language)
    screen = lobby_screen(plugin, LOC, 1, 1, table)
    build_view(1, 1, screen.rows)  # raises beyond 5 rows, 5 buttons or 25 options
    payloads = [b.payload for row in screen.rows if isinstance(row, tuple) for b in row]
    assert "rules" in payloads and "join" in payloads and "start" in payloads
    menus = {row.payload: row for row in screen.rows if isinstance(row, Select)}
    assert {"lang", "timer"} <= set(menus)
    chosen = [o.value for o in menus["lang"].options if o.default]
    assert chosen == [language]
    for row in screen.rows:
        items = row.options if isinstance(row, Select) else row
        for item in items:
            assert len(item.label) <= (80 if isinstance(item, Button) else 100), item.label
    assert LOC.text(language, "table-language") in screen.text


def test_a_yes_no_setting_is_a_button_that_switches_it():
    """The text says what the setting is; the button what a press makes of it."""
    plugin = DiceStarsPlugin()
    table = lobby_of(plugin, "en")
    screen = lobby_screen(plugin, LOC, 1, 1, table)
    buttons = [b for row in screen.rows if isinstance(row, tuple) for b in row]
    toggle = next(b for b in buttons if b.payload.startswith("opt:host_starts"))
    assert toggle.payload == "opt:host_starts=True"
    assert toggle.label == "Start player → the host starts"
    assert "Start player: **drawn at random**" in screen.text


def test_a_menu_names_itself_once():
    """Only the chosen option (which the closed menu shows) carries the menu's name."""
    plugin = DiceStarsPlugin()
    table = lobby_of(plugin, "de")
    table.turn_minutes = 5
    screen = lobby_screen(plugin, LOC, 1, 1, table)
    menu = next(r for r in screen.rows if isinstance(r, Select) and r.payload == "timer")
    labels = {o.value: o.label for o in menu.options}
    assert labels["5"] == "Zugzeit: 5 Minuten"
    assert labels["0"] == "keine Begrenzung" and labels["2"] == "2 Minuten"
    assert sum("Zugzeit" in label for label in labels.values()) == 1


def test_dizzles_level_menu_names_each_level_once():
    plugin = plugins()[1]
    for language, word in (("en", "Level"), ("de", "Level"), ("fr", "Niveau")):
        screen = lobby_screen(plugin, LOC, 1, 1, lobby_of(plugin, language))
        menu = next(r for r in screen.rows if isinstance(r, Select) and r.payload == "opt:level")
        assert [o.label for o in menu.options][:2] == [f"{word} 1", f"{word} 2"]


def test_stellas_language_menu_sets_the_word_cards_too():
    plugin = StellaPlugin()
    table = lobby_of(plugin, "de")
    table.options["language"] = "en"
    menu = language_menu(plugin, LOC, table)
    assert len(menu.options) == 9
    chosen = next(o for o in menu.options if o.default)
    assert chosen.value == "de/en" and chosen.label == "Deutsch · Wortkarten auf Englisch"
    labels = {o.value: o.label for o in language_menu(plugin, LOC, table, "fr").options}
    assert labels["en/de"] == "English · cartes mots en allemand"
    assert parse_language_value("fr") == ("fr", "fr")
    assert parse_language_value("fr/de") == ("fr", "de")
    assert parse_language_value("fr/") == ("fr", "fr")
    for bad in ("es", "fr/es", ""):
        with pytest.raises(RulesError):
            parse_language_value(bad)


def test_stellas_presets_say_what_differs():
    plugin = StellaPlugin()
    screen = lobby_screen(plugin, LOC, 1, 1, lobby_of(plugin, "en"))
    menu = next(r for r in screen.rows if isinstance(r, Select) and r.payload == "opt:preset")
    labels = {o.value: o.label for o in menu.options}
    assert (
        labels["seed"]
        == "Rules: 2 points if two marked a card, 3 if more · 15 new cards each round"
    )
    assert "3 points if two marked a card, 2 if more · 5 new cards" in labels["published"]
    assert [o.value for o in menu.options if o.default] == ["seed"]
