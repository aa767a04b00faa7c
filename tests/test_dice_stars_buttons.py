"""The take buttons of a Dice Stars turn say where the dice land."""

from __future__ import annotations

from games import dice_stars as engine
from games import table as tables
from locales import Localizer
from screens.context import TableContext
from screens.dice_stars import DiceStarsScreens
from screens.model import Button


def take_buttons(language: str, seed: int) -> list[str]:
    table = tables.open_table("dice_stars", 1, "Ann", language, {})
    table.seats.append(tables.Seat(2, "Bo"))
    table.status, table.seed = tables.ACTIVE, seed
    state = engine.new_game(2, seed, {})
    while engine.to_move(state) == [engine.CHANCE] or state.phase != engine.TAKE:
        seat = engine.to_move(state)[0]
        action = engine.sample_chance(state) if seat < 0 else engine.autopilot(state, seat)
        engine.apply(state, seat, action)
    ctx = TableContext(1, 1, table, state, language, Localizer())
    seat = engine.to_move(state)[0]
    rows = DiceStarsScreens()._take_controls(ctx, seat)
    buttons = [item for row in rows if isinstance(row, tuple) for item in row]
    return [item.label for item in buttons if isinstance(item, Button)]


def test_take_buttons_name_the_column_or_row_the_dice_go_to() -> None:
    labels = [label for seed in range(1, 6) for label in take_buttons("en", seed)]
    colours = [label for label in labels if "→ column" in label]
    numbers = [label for label in labels if "→ row" in label]
    assert colours and numbers
    for label in colours:  # "Blue · 3 dice = 12 → column blue"
        name = label.split(" · ")[0].lower()
        assert label.endswith(f"→ column {name}")
        assert " dice = " in label or " die = " in label
    for label in numbers:  # "Number 4 · 2 dice = 8 → row 4"
        assert label.endswith(f"→ row {label.split(' · ')[0].split()[-1]}")
    assert all(len(label) <= 80 for label in labels)  # Discord's limit for a button label
    german = [label for seed in range(1, 6) for label in take_buttons("de", seed)]
    assert any("→ Spalte" in label for label in german) and any(
        "→ Zeile" in label for label in german
    )
