"""Event lines read as a player would say them."""

from __future__ import annotations

import pytest

from cogs.dice_stars import DiceStarsPlugin
from games import table as tables
from locales import Localizer
from screens.context import TableContext


@pytest.mark.parametrize(
    ("language", "rows", "expected"),
    [
        ("en", [2, 2], "Ann takes the 2 stars and crosses 2 multiplier fields in row 2."),
        ("en", [4, 3], "Ann takes the 2 stars and crosses 2 multiplier fields in rows 3, 4."),
        ("de", [2, 2], "Ann nimmt die 2 Sterne und kreuzt 2 Multiplikatorfelder in Zeile 2 an."),
        ("fr", [5, 5], "Ann prend les 2 étoiles et coche 2 cases multiplicateur dans la ligne 5."),
    ],
)
def test_stars_taken_in_one_row_name_the_row_once(language, rows, expected):
    table = tables.open_table("dice_stars", 1, "Ann", language, {})
    ctx = TableContext(1, 1, table, None, language, Localizer())
    event = {"type": "take_stars", "seat": 0, "count": len(rows), "rows": sorted(rows)}
    assert DiceStarsPlugin().event_lines(ctx, [event]) == [expected]
