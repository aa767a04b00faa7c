"""Drawing straight in the palette gives the pictures drawing in RGBA gave.

Dice Stars' and Dizzle's sheets, strips, middles and rankings are drawn in their palette's
entries (:mod:`rendering.paletted`) instead of in RGBA mapped as a whole when encoded. Shapes
and pen strokes take the very entries they took; a text's antialiased edge may take a
neighbouring blend where the colour under it was ambiguous in the palette (white drawn on a
layer whose white was stored as the near white it maps to) or was itself a blend (a text on
its own outline): a shade, on some hundred pixels of a sheet. Both ways are compared on seeded
games in every language, and each pen on cases a game may not reach (half pixels, texts
across colours, masks).
"""

from __future__ import annotations

import inspect
import io
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bench.playouts import ENGINES, NAMES, positions
from locales import Localizer
from rendering import dice_stars, dizzle
from rendering.paletted import PaletteDraw, drawing_on, in_palette
from rendering.toolkit import (
    GRID,
    INK,
    PAPER,
    canvas,
    card_in,
    font,
    packed,
    stacked_png,
    unpacked,
    write,
)
from tests.support.rgba_drawing import draw_in_rgba

LOC = Localizer()
Render = Callable[[], bytes]


def _pictures(title: str, seats: int, seed: int, language: str) -> Iterator[tuple[str, Render]]:
    """Turns, sheets, middles and the result along a seeded game."""
    module = dice_stars if title == "dice_stars" else dizzle
    names = NAMES[:seats]

    def t(key: str, **args: Any) -> str:
        return LOC.text(language, key, **args)

    states = positions(title, seats, seed)
    step = max(1, len(states) // 6)
    for n, state in enumerate(states[:-1:step]):
        view = ENGINES[title].view(state, None)
        yield f"turn {n}", lambda v=view: module.render_turn(v, names, t)
        yield f"sheet {n}", lambda v=view: module.render_sheet(v, seats - 1, names[-1], t)
        if module is dizzle:
            yield f"middle {n}", lambda v=view: dizzle.render_middle(v, names, t)
        else:
            yield f"strip {n}", lambda v=view: dice_stars.render_table(v, t, names)
    final = ENGINES[title].view(states[-1], None)
    yield "result", lambda: module.render_scoreboard(final, names, t, best=40)


@pytest.mark.parametrize("title", ["dice_stars", "dizzle"])
@pytest.mark.parametrize(
    ("seats", "seed", "language"), [(4, 1, "de"), (3, 2, "fr"), (2, 4, "en"), (1, 3, "de")]
)
def test_pictures_drawn_in_the_palette_are_those_drawn_in_rgba(
    monkeypatch: pytest.MonkeyPatch, title: str, seats: int, seed: int, language: str
) -> None:
    pictures = list(_pictures(title, seats, seed, language))
    in_palette_bytes = [render() for _, render in pictures]
    draw_in_rgba(monkeypatch)
    for (name, render), png in zip(pictures, in_palette_bytes, strict=True):
        _assert_alike(png, render(), name)
    assert len(pictures) >= 19


SHADE = 32  # most a differing pixel may differ in one channel (of 255)
SHADED_SHARE = 0.001  # of a picture's pixels


def _assert_alike(drawn: bytes, plain: bytes, name: str = "") -> None:
    """The same picture but for a shade on a few antialiased pixels."""
    a, b = (Image.open(io.BytesIO(png)).convert("RGBA") for png in (drawn, plain))
    assert a.size == b.size, name
    assert a.getchannel("A").tobytes() == b.getchannel("A").tobytes(), name  # same shape
    difference = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    extrema = difference.getextrema()
    assert max(high for _, high in extrema) <= SHADE, name
    shaded = difference.convert("L").point(lambda v: 255 if v else 0).histogram()[255]
    assert shaded <= SHADED_SHARE * a.width * a.height, name


# --- each pen, against RGBA ------------------------------------------------------------------


def _layer() -> Image.Image:
    """A kept layer of several colours: paper, fields, a grid line, a text."""
    layer = Image.new("RGBA", (320, 160), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.rounded_rectangle((0, 0, 319, 159), radius=18, fill=PAPER, outline=GRID)
    draw.rectangle((40, 30, 140, 90), fill=dice_stars.WHITE_FIELD, outline=GRID)
    draw.rectangle((141, 30, 240, 90), fill=dice_stars.FELT)
    write(draw, (60, 120), "Größe", font(20, True), INK, anchor="lm")
    return packed(layer, dice_stars._palette())


Pen = Callable[[ImageDraw.ImageDraw], None]


def _both_ways(pen: Pen) -> tuple[bytes, bytes]:
    palette = dice_stars._palette()
    layer = _layer()
    image, draw = drawing_on(layer, palette)
    assert isinstance(draw, PaletteDraw) and in_palette(image, palette)
    pen(draw)
    plain = unpacked(layer)
    pen(ImageDraw.Draw(plain))
    return stacked_png([image], 0, palette), stacked_png([plain], 0, palette)


def _texts(draw: ImageDraw.ImageDraw) -> None:
    for x, y, size in ((50.5, 60.25, 14), (120.0, 60.0, 22), (135.3, 45.7, 30), (200, 150, 18)):
        write(draw, (x, y), "Zoë 42 · Ärger", font(size, True), INK, anchor="lm")
    write(draw, (-3, 10), "edge", font(16), INK)  # partly off the picture
    write(draw, (170, 60), "frame", font(16), (250, 250, 250), stroke_width=2, stroke_fill=INK)


def _multiline(draw: ImageDraw.ImageDraw) -> None:
    draw.text((60.5, 40.5), "zwei\nZeilen", fill=INK, font=font(18), spacing=6)


def _masks(draw: ImageDraw.ImageDraw) -> None:
    rng = random.Random(7)
    partial = Image.frombytes("L", (60, 30), rng.randbytes(60 * 30))
    solid = partial.point(lambda v: 255 if v > 128 else 0)
    draw.bitmap((100, 50), partial, fill=dice_stars.INK)
    draw.bitmap((20, 100), solid, fill=(200, 50, 50))


def _shapes(draw: ImageDraw.ImageDraw) -> None:
    rng = random.Random(3)
    for _ in range(60):
        x, y = rng.choice((rng.uniform(0, 280), rng.randrange(0, 280) + 0.5)), rng.uniform(0, 130)
        w, h = rng.uniform(2, 60), rng.uniform(2, 40)
        draw.rounded_rectangle(
            (x, y, x + w, y + h),
            radius=rng.choice((0, 3, 6.5, 12, 40)),
            fill=rng.choice((None, (200, 50, 50), PAPER, dice_stars.FELT)),
            outline=rng.choice((GRID, INK)),
            width=rng.choice((1, 2, 3)),
            corners=rng.choice((None, (True, False, True, False))),
        )


def _every_pen(draw: ImageDraw.ImageDraw) -> None:
    """Each of Pillow's pens that takes a colour, as the pictures may call it; in a colour
    that is no entry of the palette too (it takes the nearest, as a picture in RGBA would)."""
    odd, felt = (37, 141, 77), dice_stars.FELT
    draw.rectangle((10, 10, 60, 40), fill=odd, outline=GRID, width=2)
    draw.rectangle((12, 12, 30, 30), odd)  # the colour given by position
    draw.ellipse((70, 10, 110, 40), felt, odd, 3)
    draw.circle((140, 25), 14, fill=odd, outline=INK)
    draw.line((10, 60, 120, 90, 200, 50), fill=odd, width=3, joint="curve")
    draw.polygon([(220, 10), (300, 20), (260, 60)], fill=odd, outline=INK)
    draw.regular_polygon((250, 110, 30), 6, rotation=15, fill=PAPER, outline=odd)
    draw.pieslice((10, 100, 70, 150), 30, 250, fill=odd, outline=INK)
    draw.chord((80, 100, 140, 150), 0, 200, odd, GRID, 2)
    draw.arc((150, 100, 210, 150), 45, 300, fill=odd, width=4)
    draw.point([(5, 5), (6, 5), (7, 6)], fill=odd)
    draw.rounded_rectangle([(20, 20), (310, 155)], radius=9, outline=odd, width=2)  # large


@pytest.mark.parametrize("pen", [_masks, _shapes, _every_pen])
def test_shapes_and_masks_take_the_very_entries_of_rgba(pen: Pen) -> None:
    drawn, plain = _both_ways(pen)
    assert drawn == plain


def test_every_pen_of_pillow_that_takes_a_colour_takes_the_palettes_entry() -> None:
    """A colour that reached Pillow's own pen on a "P" picture would be added to the
    picture's palette, not found in the fixed one: each such pen is the palette pen's own
    (multi-line text is drawn line by line through ``text``)."""
    through_text = {"multiline_text"}
    for name, pen in vars(ImageDraw.ImageDraw).items():
        if name.startswith("_") or not callable(pen) or name in through_text:
            continue
        parameters = inspect.signature(pen).parameters
        if {"fill", "outline"} & set(parameters):
            assert name in vars(PaletteDraw), f"PaletteDraw leaves {name} to Pillow"


@pytest.mark.parametrize("pen", [_texts, _multiline])
def test_texts_take_the_entries_of_rgba_but_for_a_shade(pen: Pen) -> None:
    drawn, plain = _both_ways(pen)
    _assert_alike(drawn, plain)


def test_kept_text_patches_are_laid_again_the_same() -> None:
    first, _ = _both_ways(_texts)
    again, _ = _both_ways(_texts)  # now from the kept patches
    assert again == first


def test_a_card_in_the_palette_is_the_blank_card() -> None:
    palette = dizzle._palette()
    for width, height in ((620, 160), (1200, 900)):  # kept, and drawn for its size
        image, draw = card_in(palette, width, height)
        assert image.mode == "P" and in_palette(image, palette)
        write(draw, (30.5, 40), "Runde 3", font(24, True), INK, anchor="lm")
        plain, plain_draw = canvas(width, height)
        write(plain_draw, (30.5, 40), "Runde 3", font(24, True), INK, anchor="lm")
        _assert_alike(stacked_png([image], 0, palette), stacked_png([plain], 0, palette))
