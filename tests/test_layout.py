"""The V2 layout of a table's message: its blocks in order, and Discord's limits kept."""

from __future__ import annotations

from cogs.table.layout import (
    HEADER_ID,
    LOG_ID,
    MAX_TEXT,
    PICTURE_ID,
    PROMPT_ID,
    layout_view,
    shown_text,
    texts_of,
)
from screens.model import Button, Option, Screen, Select


def screen(**fields) -> Screen:
    base = {
        "text": "<@1>, your turn: draw dice.",
        "image": b"\x89PNG picture",
        "filename": "turn.png",
        "image_summary": "alice's sheet: 12 points; 3 dice to draw.",
        "rows": [(Button("Draw 1", "a1"), Button("Draw 2", "a2"))],
        "log": ("alice draws 2 dice.", "bob takes blue 3."),
        "header": "🎲 **Dice Stars**",
    }
    return Screen(**{**base, **fields})


def test_the_blocks_read_header_picture_log_prompt_controls() -> None:
    view = layout_view(screen(), 7, 3, 0xCD960A)
    (container,) = view.to_components()
    assert container["type"] == 17 and container["accent_color"] == 0xCD960A
    order = [(c["type"], c.get("id")) for c in container["components"]]
    assert order == [
        (10, HEADER_ID),
        (12, PICTURE_ID),
        (10, LOG_ID),
        (10, PROMPT_ID),
        (1, None),
    ]
    gallery = container["components"][1]
    assert gallery["items"] == [
        {
            "media": {"url": "attachment://turn.png"},
            "description": "alice's sheet: 12 points; 3 dice to draw.",
            "spoiler": False,
        }
    ]
    row = container["components"][-1]
    assert [b["custom_id"] for b in row["components"]] == ["t:7:3:a1", "t:7:3:a2"]


def test_the_oldest_lines_give_way_and_the_text_stays_within_4000() -> None:
    log = tuple(f"line {n:04d} " + "x" * 90 for n in range(100))  # about 10,000 characters
    texts = texts_of(screen(log=log))
    assert len(shown_text(screen(log=log))) <= MAX_TEXT
    assert texts.log.endswith(log[-1]) and log[0] not in texts.log
    assert texts.prompt == "<@1>, your turn: draw dice."
    view = layout_view(screen(log=log), 7, 3, 1)
    assert view.content_length() <= MAX_TEXT


def test_alt_text_is_cut_to_256_and_a_screen_without_picture_has_no_gallery() -> None:
    view = layout_view(screen(image_summary="y" * 600), 7, 3, 1)
    (container,) = view.to_components()
    assert len(container["components"][1]["items"][0]["description"]) == 256
    bare = layout_view(screen(image=None, log=()), 7, 3, 1)
    (container,) = bare.to_components()
    assert [c["type"] for c in container["components"]] == [10, 10, 1]


def test_five_full_rows_stay_within_40_components() -> None:
    buttons = tuple(Button(f"b{n}", f"a{n}") for n in range(5))
    menu = Select("pick", "am", tuple(Option(str(n), str(n)) for n in range(25)))
    view = layout_view(screen(rows=[buttons, buttons, buttons, buttons, menu]), 7, 3, 1)
    assert view.total_children_count <= 40
