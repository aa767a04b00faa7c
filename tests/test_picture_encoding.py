"""The fast PNG path gives the pixels of the plain one, on real pictures of every game.

The pictures of Dice Stars, Dizzle and Stella's score tables, drawn in RGBA, are encoded by
:func:`rendering.toolkit.stacked_png`: each part mapped to the fixed palette on its own, the
transparent pixels to the clear entry, rows packed by ISA-L. The plain path stacks the parts
in RGBA, maps the whole picture with ``quantize`` and puts the transparent entry where the
alpha channel is clear. Black is a clear pixel too (the corners of a kept layer, which is
packed in its palette, come back opaque black when it is drawn on). For seeded games,
part-way and at their end, both must decode to the very same pixels.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from PIL import Image, ImageChops

from bench.playouts import ENGINES, NAMES, positions
from games import stella
from locales import Localizer
from rendering import dice_stars, dizzle, toolkit
from rendering import stella as stella_pictures
from rendering.toolkit import FixedPalette, fixed_palette, stack
from tests.support.rgba_drawing import draw_in_rgba

LOC = Localizer()
FAST = toolkit.stacked_png


def _clear_black(part: Image.Image) -> Image.Image:
    """The part with its black pixels clear, as the palette's clear entry is black."""
    r, g, b, a = part.convert("RGBA").split()
    lit = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v else 0)
    return Image.merge("RGBA", (r, g, b, ImageChops.darker(a, lit)))


def _plain_pixels(parts: Sequence[Image.Image], gap: int, palette: FixedPalette) -> bytes:
    whole = stack([_clear_black(part) for part in parts], gap)
    mapped = whole.convert("RGB").quantize(palette=palette.image, dither=Image.Dither.NONE)
    opaque = whole.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    shown = Image.new("RGBA", whole.size, (0, 0, 0, 0))
    shown.paste(mapped.convert("RGB"), mask=opaque)
    return shown.tobytes()


class Checked:
    """Stands for ``stacked_png`` in a picture module and compares each PNG with the plain path."""

    def __init__(self) -> None:
        self.pictures = 0

    def __call__(self, parts: Sequence[Image.Image], gap: int, palette: FixedPalette) -> bytes:
        png = FAST(parts, gap, palette)
        decoded = Image.open(io.BytesIO(png))
        assert decoded.mode == "P" and decoded.info["transparency"] == palette.transparent
        assert decoded.convert("RGBA").tobytes() == _plain_pixels(parts, gap, palette)
        Image.open(io.BytesIO(png)).verify()  # every chunk's checksum
        self.pictures += 1
        return png


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Checked:
    draw_in_rgba(monkeypatch)  # the parts in RGBA (tests/test_paletted_drawing.py: the same)
    check = Checked()
    for module in (dice_stars, dizzle, toolkit):  # the toolkit's: every to_png with a palette
        monkeypatch.setattr(module, "stacked_png", check)
    return check


def _views(title: str, seats: int, seed: int, count: int) -> Iterator[tuple[Any, bool]]:
    """``count`` views spread over a seeded game, then its end (``True``: the game is over)."""
    states = positions(title, seats, seed)
    step = max(1, (len(states) - 1) // count)
    for state in states[:-1:step][:count]:
        yield ENGINES[title].view(state, None), False
    yield ENGINES[title].view(states[-1], None), True


def _texts(language: str) -> Callable[..., str]:
    return lambda key, **args: LOC.text(language, key, **args)


@pytest.mark.parametrize(("seats", "seed", "language"), [(4, 1, "de"), (2, 3, "fr"), (1, 5, "en")])
def test_dice_stars_pictures_keep_their_pixels(checked: Checked, seats, seed, language) -> None:
    t, names = _texts(language), NAMES[:seats]
    for view, over in _views("dice_stars", seats, seed, 4):
        if over:
            dice_stars.render_scoreboard(view, names, t, best=50)
            continue
        dice_stars.render_turn(view, names, t)
        dice_stars.render_sheet(view, seats - 1, names[-1], t)
        dice_stars.render_table(view, t, names)
    assert checked.pictures == 13


@pytest.mark.parametrize(("seats", "seed", "language"), [(4, 2, "de"), (3, 1, "fr"), (1, 3, "en")])
def test_dizzle_pictures_keep_their_pixels(checked: Checked, seats, seed, language) -> None:
    t, names = _texts(language), NAMES[:seats]
    for view, over in _views("dizzle", seats, seed, 4):
        if over:
            dizzle.render_scoreboard(view, names, t, best=30)
            continue
        dizzle.render_turn(view, names, t)
        dizzle.render_sheet(view, 0, names[0], t)
        dizzle.render_middle(view, names, t)
    assert checked.pictures == 13


def test_stella_score_tables_keep_their_pixels(checked: Checked) -> None:
    t, names = _texts("de"), NAMES[:4]
    states = positions("stella", 4, 2)
    ended = [s for s in states if s.history and s.phase == stella.MARKING][:3]
    for state in ended:
        stella_pictures.render_round_summary(stella.view(state, None), names, t)
        stella_pictures.render_scoreboard(stella.view(state, None), names, t)
    stella_pictures.render_scoreboard(stella.view(states[-1], None), names, t)
    assert checked.pictures == 2 * len(ended) + 1 >= 5


def test_black_is_kept_for_the_transparent_pixels() -> None:
    with pytest.raises(ValueError, match="transparent"):
        fixed_palette([(0, 0, 0), (250, 246, 236)], [])
