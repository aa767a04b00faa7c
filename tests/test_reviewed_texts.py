"""Texts the players' review found wrong, as they read now: agreement with the number of players
addressed, a solo spoken to as one, German and French words inside German and French phrases."""

from __future__ import annotations

import pytest

from cogs.dizzle import DizzlePlugin
from cogs.dizzle_level_files import read_dizzle_levels
from cogs.history import record_level
from games import table as tables
from locales import Localizer
from screens.context import TableContext

LOC = Localizer()
NBSP = "\u00a0"


def dizzle_context(language: str, players: int) -> TableContext:
    plugin = DizzlePlugin(read_dizzle_levels(None))
    table = tables.open_table("dizzle", 1, "Ann", language, {})
    for n in range(1, players):
        tables.join(table, plugin.info, 1 + n, f"P{n}")
    return TableContext(1, 1, table, None, language, LOC)


@pytest.mark.parametrize(
    ("language", "solo", "several"),
    [
        ("en", "your dice become crosses", "everyone crosses"),
        ("de", "Deine Würfel werden zu Kreuzen", "Alle kreuzen"),
        ("fr", "tes dés deviennent des croix", "chacun coche"),
    ],
)
def test_a_dizzle_solo_pass_end_speaks_to_one_player(language, solo, several):
    plugin = DizzlePlugin(read_dizzle_levels(None))
    event = {"type": "pass_end", "crossed": [3]}
    alone = plugin.event_lines(dizzle_context(language, 1), [event])
    table = plugin.event_lines(dizzle_context(language, 2), [{**event, "crossed": [3, 2]}])
    assert solo in alone[0] and several not in alone[0]
    assert several in table[0]


def test_a_bomb_crossed_by_several_players_agrees():
    args = {"field": "C5", "players": "Ann, Ben", "count": 0, "scribbled": "", "penalty": -3}
    assert (
        LOC.text("de", "dz-event-bomb", **args) == "Die Bombe auf C5 wurde von Ann, Ben angekreuzt."
    )
    assert LOC.text("fr", "dz-event-bomb", **args) == "La bombe en C5 a été cochée par Ann, Ben."


@pytest.mark.parametrize(
    ("language", "key", "one", "two"),
    [
        ("de", "rematch-invite", "drück **Beitreten**", "drückt **Beitreten**"),
        ("fr", "rematch-invite", "appuie sur", "appuyez sur"),
        ("de", "st-dm-closed", "Drück bei", "Drückt bei"),
        ("fr", "st-dm-closed", "Appuie sur", "Appuyez sur"),
    ],
)
def test_a_text_addressing_players_agrees_with_their_number(language, key, one, two):
    assert one in LOC.text(language, key, players="<@1>", count=1)
    assert two in LOC.text(language, key, players="<@1>, <@2>", count=2)


def test_the_star_menu_names_the_nth_star():
    assert LOC.text("de", "ds-stars-row-again", row=3, star=2) == "Zeile 3 · 2. Stern"
    assert LOC.text("en", "ds-stars-row-again", row=3, star=2) == "Row 3 · 2nd star"
    assert LOC.text("fr", "ds-stars-row-again", row=3, star=1) == "Ligne 3 · 1re étoile"


def test_a_dizzle_record_names_its_level_in_the_readers_words():
    plugin = DizzlePlugin(read_dizzle_levels(None))
    assert record_level(plugin, LOC, "fr", "Level 2") == "Niveau 2"
    text = LOC.text("fr", "history-record-dizzle-solo", level="Niveau 2", points=54, player="Ann")
    assert text == f"🧩 Meilleur solo de Dizzle au Niveau 2{NBSP}: **54** par Ann"
    assert record_level(plugin, LOC, "fr", "Gone level") == "Gone level"
    assert record_level(None, LOC, "fr", "Level 2") == "Level 2"


def test_french_texts_named_in_the_review():
    assert LOC.text("fr", "table-error-stale").startswith("Ce message n’est plus à jour")
    assert (
        LOC.text("fr", "table-error-unknown-control")
        == f"Bouton inconnu{NBSP}; rien n’a été modifié."
    )
    assert "le pilote automatique a joué à sa place" in LOC.text(
        "fr", "table-timed-out", player="Ann"
    )
    assert LOC.text("fr", "lobby-add-computer") == "Ajouter un ordinateur"
    assert LOC.text("fr", "ds-img-solo-best", best=3).startswith("Ton record")
    assert LOC.text("fr", "table-error-not-seated") == "Tu ne joues pas à cette table."
