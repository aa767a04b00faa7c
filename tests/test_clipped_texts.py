"""No text on a picture is cut: every picture kind, drawn from seeded positions in English,
German and French, reports no label shortened with an ellipsis or drawn past its edge.

Players' names are no exception, up to the 32 characters of a Discord display name in the
widest letters: a name shrinks to the legibility floor where it must, and one longer than its
place wraps onto more lines (``rendering.toolkit.name_lines``, ``wrap_name``) and its row,
chip or header grows, in Dice Stars, Dizzle and Stella alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from bench.playouts import NAMES
from locales import LANGUAGES
from rendering import dice_stars as dice_stars_pictures
from rendering import dizzle as dizzle_pictures
from rendering import legend
from rendering import stella as stella_pictures
from rendering.toolkit import (
    canvas,
    fit_text,
    font,
    last_legibility,
    printable,
    to_png,
    wrap_name,
    write,
)
from tests.support import picture_kinds

# Discord display names reach 32 characters; these are as long, in the three languages' letters.
LONGEST = [
    "Maximilian von Hohenzollern-Weiß",
    "Bärbel-Françoise Großmann-Müller",
    "Wolfgang Amadeus Mozart-Salzburg",
    "Guillaume-Alexandre Delacroix",
    "Anne-Sophie Dubois-Lefèvre",
    "Zoë",
]
WIDEST = ["W" * 32, "M" * 32, "W" * 32, "Ш" * 32, "W" * 32, "W" * 32]
NAME_SETS = {"bench": NAMES, "longest": LONGEST, "widest": WIDEST}


def _ids(pictures: list[picture_kinds.Picture]) -> list[str]:
    return [f"{p.kind}-{p.moment}".replace(" ", "_") for p in pictures]


PICTURES = picture_kinds.pictures()


@pytest.mark.parametrize("names", NAME_SETS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(PICTURES)), ids=_ids(PICTURES))
def test_no_label_of_the_bot_is_cut(index: int, language: str, names: str) -> None:
    picture = picture_kinds.pictures(NAME_SETS[names])[index]
    picture.draw(picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None and seen.text
    assert seen.clipped == (), f"{picture.kind} ({picture.moment}, {language}): {seen.clipped}"


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the pictures of the three games write, in the order they write them."""
    drawn: list[str] = []
    for module in (dice_stars_pictures, dizzle_pictures, stella_pictures):
        original = module.write

        def noting(
            draw: ImageDraw.ImageDraw, xy: Any, text: str, *args: Any, _o: Any = original, **kw: Any
        ) -> None:
            drawn.append(text)
            _o(draw, xy, text, *args, **kw)

        monkeypatch.setattr(module, "write", noting)
    yield drawn


def _names_shown(kind: str, names: list[str]) -> list[str]:
    """The names a picture kind shows (as ``picture_kinds.pictures`` seats them)."""
    if kind in ("Stella grid", "Stella slate"):
        return []  # they name nobody
    if kind.startswith("Stella"):
        return names[:6]
    if kind == "Dizzle sheet":
        return names[1:2]
    if kind == "Dice Stars sheet" or " solo " in kind:
        return names[:1]
    return names[:4]


@pytest.mark.parametrize("names", NAME_SETS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(PICTURES)), ids=_ids(PICTURES))
def test_names_as_long_as_discords_are_drawn_whole(
    index: int, language: str, names: str, drawn_texts: list[str]
) -> None:
    picture = picture_kinds.pictures(NAME_SETS[names])[index]
    picture.draw(picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None
    assert seen.clipped == (), f"{picture.kind} ({picture.moment}, {language}): {seen.clipped}"
    # Each name's lines are drawn one after the other: together they spell it all.
    drawn = "".join(drawn_texts).replace(" ", "")
    assert "…" not in drawn
    for name in _names_shown(picture.kind, NAME_SETS[names]):
        assert printable(name).replace(" ", "") in drawn, f"{picture.kind}: {name}"


@pytest.mark.parametrize("name", [*LONGEST, *WIDEST, NAMES[0]])
def test_a_wrapped_name_keeps_every_letter_and_breaks_after_spaces_and_hyphens(
    name: str,
) -> None:
    lines = wrap_name(name, 300, 27, bold=True, later=400)
    face = font(27, True)
    widths = [face.getbbox(line)[2] - face.getbbox(line)[0] for line in lines]
    assert widths[0] <= 300 and all(width <= 400 for width in widths[1:])
    assert " ".join(lines).replace("- ", "-") == name or "".join(lines) == name
    if " " in name or "-" in name:  # words are kept whole
        assert all(line.endswith("-") or f"{line} " in name for line in lines[:-1])


def test_a_name_that_fits_stays_on_one_line() -> None:
    assert wrap_name("Zoë", 300, 27, bold=True) == ["Zoë"]
    assert wrap_name("Maximilian von Hohenzollern-Weiß", 330, 27, True) == [
        "Maximilian von",
        "Hohenzollern-Weiß",
    ]


def test_the_lost_french_solo_result_keeps_its_title_whole() -> None:
    lost = [p for p in PICTURES if p.kind == "Dice Stars solo result" and p.moment == "lost"]
    assert lost
    lost[0].draw(picture_kinds.labels("fr"))
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()


def test_a_shortened_label_is_recorded_as_clipped() -> None:
    image, draw = canvas(200, 60)
    shown = fit_text("Opponent dice on the table", 120, 20)
    assert shown.endswith("…") and len(shown) < len("Opponent dice on the table")
    write(draw, (4, 30), shown, font(20), (0, 0, 0), anchor="lm")
    write(draw, (4, 10), fit_text("Won", 120, 20), font(20), (0, 0, 0))
    to_png(image)
    seen = last_legibility()
    assert seen is not None and seen.clipped == ("Opponent dice on the table",)
    to_png(canvas(200, 60)[0])  # the next picture starts clean
    assert last_legibility().clipped == ()  # type: ignore[union-attr]


def test_a_text_drawn_past_the_edge_is_recorded_as_clipped() -> None:
    image, draw = canvas(120, 40)
    write(draw, (10, 20), "Klassement final", font(20, True), (0, 0, 0), anchor="lm")
    write(draw, (110, 20), "9", font(20, True), (0, 0, 0), anchor="rm")
    to_png(image)
    seen = last_legibility()
    assert seen is not None and seen.clipped == ("Klassement final",)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["dice_stars", "dizzle", "stella"])
def test_no_name_of_a_legend_is_cut(game: str, language: str) -> None:
    legend._render.cache_clear()  # its texts are noted as it is drawn, not when it is kept
    legend.render_legend(game, picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None and seen.clipped == (), f"{game} ({language}): {seen.clipped}"
