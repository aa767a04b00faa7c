"""No text on a picture is cut: every picture kind, drawn from seeded positions in English,
German and French, reports no label shortened with an ellipsis or drawn past its edge.

Players' names are the one exception, and only past a length no layout can hold at the
legibility floor: a name is shrunk to that floor and given a line of its own before its end is
cut (``rendering.toolkit.fit_name``). Dice Stars and Dizzle show names as long as the bench's
longest whole; Stella's board and score tables share a line between a name and its numbers, six
players deep, and cut a name there when it is longer than its column.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from bench.playouts import NAMES
from locales import LANGUAGES
from rendering import legend
from rendering.toolkit import canvas, fit_name, fit_text, font, last_legibility, to_png, write
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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(PICTURES)), ids=_ids(PICTURES))
def test_names_as_long_as_the_benchs_are_whole_in_dice_stars_and_dizzle(
    index: int, language: str
) -> None:
    picture = PICTURES[index]
    picture.draw(picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None
    if picture.kind.startswith("Stella"):
        assert set(seen.shortened_names) <= {max(NAMES, key=len)}
    else:
        assert seen.shortened_names == (), f"{picture.kind} ({picture.moment}, {language})"


def test_the_lost_french_solo_result_keeps_its_title_whole() -> None:
    lost = [p for p in PICTURES if p.kind == "Dice Stars solo result" and p.moment == "lost"]
    assert lost
    lost[0].draw(picture_kinds.labels("fr"))
    seen = last_legibility()
    assert seen is not None and seen.clipped == () and seen.shortened_names == ()


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


def test_a_name_shrinks_to_the_floor_before_its_end_is_cut() -> None:
    name = "Bärbel-Françoise Großmann"
    at_30 = ImageDraw.Draw(Image.new("L", (1, 1))).textlength(name, font=font(30, True))
    shown, size = fit_name(name, int(at_30) - 40, 30, 20, bold=True)
    assert shown == name and 20 <= size < 30
    shown, size = fit_name(name, 120, 30, 20, bold=True)
    assert shown.endswith("…") and size == 20
    image, _ = canvas(100, 40)
    to_png(image)
    seen = last_legibility()
    assert seen is not None and seen.shortened_names == (name,) and seen.clipped == ()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["dice_stars", "dizzle", "stella"])
def test_no_name_of_a_legend_is_cut(game: str, language: str) -> None:
    legend._render.cache_clear()  # its texts are noted as it is drawn, not when it is kept
    legend.render_legend(game, picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None and seen.clipped == (), f"{game} ({language}): {seen.clipped}"
