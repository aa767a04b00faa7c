"""The legibility rule: every text on every picture stands at least 11 px tall (the height of a
capital letter) once the picture is scaled to a phone's 360 px.

The renderers draw every text through ``rendering.toolkit.write``, which notes the cap height of
each font it uses; a finished picture reports its smallest one (kept layers included). Every
picture kind is drawn here from seeded mid-game and end-game positions in all three languages.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from locales import LANGUAGES
from rendering import toolkit
from rendering.toolkit import PHONE_CAP, canvas, font, last_legibility, to_png, write
from tests.support import picture_kinds

PICTURES = picture_kinds.pictures()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "picture", PICTURES, ids=[f"{p.kind}-{p.moment}".replace(" ", "_") for p in PICTURES]
)
def test_every_text_reads_on_a_phone(picture: picture_kinds.Picture, language: str) -> None:
    picture.draw(picture_kinds.labels(language))
    seen = last_legibility()
    assert seen is not None and seen.text, "the picture wrote no text through the toolkit"
    assert seen.phone_cap >= PHONE_CAP, (
        f"{picture.kind} ({picture.moment}, {language}): {seen.text!r} is "
        f"{seen.phone_cap:.1f} px tall at {toolkit.PHONE_WIDTH} px wide"
    )


def test_every_picture_kind_is_covered() -> None:
    kinds = {p.kind for p in PICTURES}
    assert len(kinds) == 18
    assert {p.moment for p in PICTURES if p.kind == "Dizzle turn"} == {"mid", "end"}


def test_the_smallest_text_is_measured_from_the_font_against_the_width() -> None:
    image, draw = canvas(720, 100)
    write(draw, (10, 10), "Big", font(40, True), (0, 0, 0))
    write(draw, (10, 60), "small", font(12), (0, 0, 0))
    to_png(image)
    seen = last_legibility()
    _, top, _, bottom = font(12).getbbox("H")
    assert seen is not None and seen.text == "small" and seen.cap == bottom - top
    assert seen.phone_cap == pytest.approx(seen.cap / 2) and not seen.readable


def test_a_kept_layer_counts_its_texts_on_every_picture_that_pastes_it() -> None:
    calls = []

    @toolkit.kept_layer(maxsize=2)
    def layer(size: int) -> Image.Image:
        calls.append(size)
        image = Image.new("RGB", (50, 30))
        write(ImageDraw.Draw(image), (2, 2), "tiny", font(size), (255, 255, 255))
        return image

    for _ in range(2):
        image, draw = canvas(360, 60)
        image.paste(layer(9), (0, 0))
        write(draw, (10, 40), "Large", font(30), (0, 0, 0))
        to_png(image)
        seen = last_legibility()
        assert seen is not None and seen.text == "tiny"
    assert calls == [9]  # drawn once, counted twice
