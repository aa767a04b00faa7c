"""The pictures of Dice Stars and Dizzle drawn the plain way: in RGBA, mapped to the palette
as a whole when encoded (what :mod:`rendering.paletted` spares them)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from rendering import dice_stars, dizzle
from rendering.toolkit import FixedPalette, canvas, unpacked


def drawing_on_rgba(
    layer: Image.Image, palette: FixedPalette
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = unpacked(layer)
    return image, ImageDraw.Draw(image)


def card_in_rgba(
    palette: FixedPalette, width: int, height: int, radius: int = 18
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    return canvas(width, height, radius)


def draw_in_rgba(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (dice_stars, dizzle):
        monkeypatch.setattr(module, "drawing_on", drawing_on_rgba)
        monkeypatch.setattr(module, "card_in", card_in_rgba)
