"""A message's controls are sent as the very payload discord.py's own view objects would send,
and within Discord's limits; discord.py keeps none of them (clicks reach the registered items)."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from cogs.table.components import (
    STYLES,
    TableButton,
    TableSelect,
    build_view,
)
from locales import LANGUAGES
from screens.lobby import lobby_screen
from screens.model import Button, Option, Row, Select
from tests.test_lobby_screen import LOC, lobby_of, plugins


def as_discord_view(game_id: int, version: int, rows: list[Row]) -> list[dict]:
    """The payload of a stopped ``discord.ui.View`` of the same registered items."""
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(rows):
        items = (
            [TableSelect(game_id, version, row)]
            if isinstance(row, Select)
            else [TableButton(game_id, version, button) for button in row]
        )
        for item in items:
            item.row = index
            view.add_item(item)
    view.stop()
    return view.to_components()


EVERY_KIND: list[Row] = [
    tuple(Button(f"{style} ✓", f"a{style}", style=style) for style in STYLES),
    (
        Button("", "aempty", emoji="🎲"),
        Button("off", "aoff", disabled=True, emoji="<:star:123456789012345678>"),
        Button("x" * 80, "u:" + "p" * 60, style="danger", emoji="<a:spin:98765432109876>"),
    ),
    Select(
        "Pick one",
        "apick",
        (
            Option("one", "1"),
            Option("two", "2", description="the second", emoji="2️⃣", default=True),
            Option("three", "3", emoji="<:three:1234567890123>"),
        ),
    ),
    Select("", "amany", tuple(Option(f"o{i}", str(i)) for i in range(25)), 0, 25),
    (Button("last", "rules", emoji="📖"),),
]


async def test_every_kind_of_control_is_sent_as_discord_py_would_send_it():
    view = build_view(123456789012345678, 987654321, EVERY_KIND)
    assert view.to_components() == as_discord_view(123456789012345678, 987654321, EVERY_KIND)
    # Stopped: discord.py keeps no view per message sent (the registered items answer).
    assert view.is_finished()
    rows = view.to_components()
    assert [len(row["components"]) for row in rows] == [4, 3, 1, 1, 1]
    ids = [item["custom_id"] for row in rows for item in row["components"]]
    assert ids[0] == "t:123456789012345678:987654321:aprimary"
    assert ids[7] == "s:123456789012345678:987654321:apick"
    picked = rows[2]["components"][0]
    assert [o["value"] for o in picked["options"]] == ["1", "2", "3"]
    assert (
        picked["options"][1]["default"]
        and str(picked["options"][2]["emoji"]["id"]) == "1234567890123"
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("plugin", plugins(), ids=lambda p: p.kind)
async def test_each_lobby_is_sent_as_discord_py_would_send_it(plugin, language):
    screen = lobby_screen(plugin, LOC, 7, 3, lobby_of(plugin, language))
    assert build_view(7, 3, screen.rows).to_components() == as_discord_view(7, 3, screen.rows)


async def test_no_rows_no_controls_and_discord_limits_hold():
    assert build_view(1, 1, []) is None
    with pytest.raises(ValueError):
        build_view(1, 1, [(Button("a", "a"),)] * 6)
    with pytest.raises(ValueError):
        build_view(1, 1, [tuple(Button("a", f"a{i}") for i in range(6))])
    with pytest.raises(ValueError):
        build_view(1, 1, [Select("p", "p", tuple(Option(str(i), str(i)) for i in range(26)))])
    with pytest.raises(ValueError):
        build_view(1, 1, [Select("p", "p", ())])
    with pytest.raises(ValueError):  # a custom_id longer than Discord's 100 characters
        build_view(10**17, 10**8, [(Button("a", "a" * 80),)])


async def test_each_payload_is_its_own():
    """A payload handed to discord.py is never shared with another message's."""
    rows: list[Row] = [(Button("a", "a", emoji="🎲"),)]
    first, second = build_view(1, 1, rows), build_view(1, 1, rows)
    first.to_components()[0]["components"][0]["emoji"]["name"] = "changed"
    assert second.to_components()[0]["components"][0]["emoji"]["name"] == "🎲"


def test_the_table_remembers_the_channels_of_a_bounded_number_of_games(monkeypatch):
    import cogs.table.cog as table_cog
    from storage import GameRecord

    monkeypatch.setattr(table_cog, "KNOWN_GAMES", 3)
    services = dict.fromkeys(("db", "drawing", "loc", "config", "direct"))
    cog = table_cog.TableCog(SimpleNamespace(**services))  # type: ignore[arg-type]

    def record(game_id: int, channel_id: int) -> GameRecord:
        return GameRecord(game_id, 1, channel_id, "nim", "active", {}, 1, 0.0, 0.0, None)

    assert [cog.remember(record(i, 100 + i)) for i in range(1, 5)] == [
        (101, "nim"),
        (102, "nim"),
        (103, "nim"),
        (104, "nim"),
    ]
    # Game 1 gave way to game 4: read again, it is noted afresh; games 3 and 4 stay known.
    assert cog.remember(record(1, 999)) == (999, "nim")
    assert cog.remember(record(4, 999)) == (104, "nim")
