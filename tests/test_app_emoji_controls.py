"""Controls that name an application emoji: every name is one of the set, and a control shows
the emoji once the process knows it, else exactly what it showed before."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from cogs.app_emojis import AppEmojis
from cogs.table import emojis
from cogs.table.components import TableButton, TableSelect
from games import stella
from games import table as tables
from games.dice_stars import COLOURS
from games.dizzle_levels import COLORS, KIND_ATTRIBUTES, KINDS, Special
from games.engine import settle
from locales import Localizer
from rendering.app_emojis import KEYS
from screens.context import TableContext
from screens.dizzle import special_emoji
from screens.model import Button, Option, Select
from screens.stella import StellaScreens


@pytest.fixture(autouse=True)
def nothing_known():
    emojis.forget()
    yield
    emojis.forget()


def test_every_emoji_a_screen_names_is_in_the_set():
    named = {"dice", "ds_star", "dz_planet", "st_darkness", "st_mark", "st_spark"}
    named |= {f"die{face}" for face in range(1, 7)} | {f"ds_{colour}" for colour in COLOURS}
    for kind in KINDS:
        colours = COLORS if "color" in KIND_ATTRIBUTES.get(kind, ()) else ("",)
        named |= {special_emoji(Special(kind, color=colour)) for colour in colours}
    assert named <= set(KEYS), named - set(KEYS)


def _button_dict(spec: Button) -> dict:
    return TableButton(7, 3, spec).item.to_component_dict()


def test_a_button_shows_the_application_emoji_once_known_and_keeps_its_custom_id():
    spec = Button("Number 4 · 3 dice", 'a{"type":"take_number","n":4}', emoji="4️⃣", app_emoji="die4")
    before = _button_dict(spec)
    assert before["emoji"]["name"] == "4️⃣" and before["emoji"].get("id") is None
    emojis.learn({"die4": discord.PartialEmoji(name="die4_0123abcd", id=1234567890123)})
    after = _button_dict(spec)
    assert after["emoji"] == {"name": "die4_0123abcd", "id": 1234567890123}
    assert after["label"] == before["label"] == "Number 4 · 3 dice"
    assert after["custom_id"] == before["custom_id"] == 't:7:3:a{"type":"take_number","n":4}'
    emojis.forget()
    assert _button_dict(spec) == before


def test_a_control_without_a_known_emoji_is_as_before():
    emojis.learn({"die4": discord.PartialEmoji(name="die4_0123abcd", id=1234567890123)})
    plain = _button_dict(Button("Reroll", "areroll", emoji="🎲", app_emoji="dice"))
    assert plain["emoji"]["name"] == "🎲" and plain["emoji"].get("id") is None
    bare = _button_dict(Button("Pass", "apass", app_emoji="dice"))
    assert "emoji" not in bare or bare["emoji"] is None


def test_menu_options_show_the_application_emoji_once_known():
    menu = Select(
        "Stars",
        "astars",
        (Option("Row 3", "3.1", emoji="⭐", app_emoji="ds_star"), Option("Row 4", "4.1")),
    )
    emojis.learn({"ds_star": discord.PartialEmoji(name="ds_star_00aa11bb", id=98765432109876)})
    options = TableSelect(7, 3, menu).item.to_component_dict()["options"]
    assert options[0]["emoji"]["id"] == 98765432109876 and options[0]["label"] == "Row 3"
    assert "emoji" not in options[1]


def _exploring(most: int) -> tuple[Any, Any]:
    """A Stella round of three exploring, seat ``most`` alone with the most marks."""
    table = tables.open_table("stella", 1, "Ann", "en", {})
    table.seats += [tables.Seat(2, "Bo"), tables.Seat(3, "Cy")]
    table.status, table.seed = tables.ACTIVE, 5
    state = stella.new_game(3, 5, {"host_starts": True})
    settle(stella, state)
    for seat in range(3):
        cards = [0, 1, 2] if seat == most else [seat]
        stella.apply(state, seat, {"type": "set_marks", "cards": cards})
        stella.apply(state, seat, {"type": "lock_in"})
    settle(stella, state)
    assert state.phase == stella.EXPLORATION and state.darkness == most
    return TableContext(1, 1, table, state, "en", Localizer()), state


@pytest.mark.parametrize("most", [0, 1, 2])
def test_designate_shows_the_moon_to_the_player_in_darkness_else_the_spark(most):
    ctx, state = _exploring(most)
    designate = StellaScreens()._exploration_row(ctx)[0]
    assert isinstance(designate, Button) and designate.payload == "u:designate"
    dark = state.active == state.darkness
    assert dark == (most == 0)  # the host scouts first
    assert designate.app_emoji == ("st_darkness" if dark else "st_spark")
    assert designate.emoji == "🔦"


async def test_a_set_that_cannot_be_drawn_leaves_the_controls_their_words(caplog):
    class BrokenDrawing:
        loc = Localizer()

        async def picture(self, language: str, function: object, *args: object) -> object:
            raise RuntimeError("the drawing worker is gone")

    looking = AppEmojis(client=None, drawing=BrokenDrawing())  # type: ignore[arg-type]
    looking.start()
    await asyncio.wait_for(looking.settled.wait(), 5)
    await looking.stop()
    assert emojis.known() == {}
    assert "could not be drawn" in caplog.text
