"""The shared drawing kit: colours, fonts, dice faces and small PNGs.

Pictures are drawn on their own light "paper" card with rounded, transparent corners, so they
read the same on Discord's dark and light themes (the theme colours are kept to check that).
Fonts are shipped with the project (DejaVu Sans covers ä ö ü ß é è ç and more), never taken from
the host.
"""

from __future__ import annotations

import functools
import io
import math
import struct
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, TypeVar
from zlib import crc32

from PIL import Image, ImageDraw, ImageFont

from rendering.kept import SizedCache
from rendering.paletted import PaletteDraw, in_palette, mark_in_palette

try:  # ISA-L's deflate where the platform has its wheels; else zlib's fastest level
    from isal.isal_zlib import compress as _compress
except ImportError:  # pragma: no cover
    from zlib import compress as _compress

DEFLATE_LEVEL = 1  # ISA-L's level 1 packs these pictures as tight as its levels 2 and 3

FONTS = Path(__file__).resolve().parent / "fonts"

# Discord's chat backgrounds; a picture must read on both.
DISCORD_DARK = (49, 51, 56)
DISCORD_LIGHT = (255, 255, 255)

PAPER = (250, 246, 236)
INK = (40, 40, 48)
MUTED = (120, 118, 128)
GRID = (190, 184, 170)
HIGHLIGHT = (255, 196, 0)
GOOD = (46, 160, 67)
BAD = (210, 60, 60)

# Dice colours (body, pips) as on the boxed games' dice.
DICE = {
    "black": ((45, 45, 50), (250, 250, 250)),
    "purple": ((128, 70, 170), (250, 250, 250)),
    "blue": ((40, 110, 200), (250, 250, 250)),
    "yellow": ((245, 200, 40), (40, 40, 48)),
    "white": ((250, 250, 250), (40, 40, 48)),
    "red": ((200, 50, 50), (250, 250, 250)),
}

# Where the pips of each face sit, in thirds of the face (x, y).
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


# The legibility rule: a phone shows a picture about this wide, and every text on it must then
# stand at least this tall (the height of a capital "H").
PHONE_WIDTH = 360
PHONE_CAP = 11


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def canvas(width: int, height: int, radius: int = 18) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A paper card with rounded transparent corners."""
    if width * height <= KEPT_CARD_PIXELS:  # a copy: much quicker than drawing the card
        image = _blank_card(width, height, radius).convert("RGBA")
    else:
        image = _draw_card(width, height, radius).convert("RGBA")
    return image, ImageDraw.Draw(image)


def card_in(
    palette: FixedPalette, width: int, height: int, radius: int = 18
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """:func:`canvas` drawn straight in ``palette``'s entries (see :mod:`rendering.paletted`):
    the same card, its three colours taken to their entries."""
    card = (
        _blank_card(width, height, radius)
        if width * height <= KEPT_CARD_PIXELS
        else _draw_card(width, height, radius)
    )
    image = card.point(palette.card_entries)
    image.putpalette(palette.true_colours)
    image.info.pop("transparency", None)  # the card's clear entry was 0; here it is its own
    mark_in_palette(image, palette)
    return image, PaletteDraw(image, palette)


KEPT_CARD_PIXELS = 250_000  # the cards drawn each turn (Dizzle's middle, rankings)


@lru_cache(maxsize=6)
def _blank_card(width: int, height: int, radius: int) -> Image.Image:
    return _draw_card(width, height, radius)


def _draw_card(width: int, height: int, radius: int) -> Image.Image:
    """The card in its three colours, a byte a pixel (kept, a quarter of its RGBA size)."""
    image = Image.new("P", (width, height), 0)
    image.putpalette([*CLEAR, *PAPER, *GRID])
    image.info["transparency"] = 0
    draw = ImageDraw.Draw(image)
    # The thin edge keeps the card apart from Discord's white light theme.
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=1, outline=2)
    return image


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(font(20).getmask("\U0010fffd"))


@lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    if char.isspace():
        return True
    mask = font(20).getmask(char)
    return mask.size != (0, 0) and bytes(mask) != _missing_glyph()


def printable(text: str) -> str:
    """The text without control characters or characters the shipped font cannot draw.

    DejaVu draws a box for a character it lacks (emoji, CJK): a name shows without them.
    """
    kept = "".join(ch for ch in text if ch.isprintable() and _has_glyph(ch)).strip()
    return kept or "?"


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool) -> int:
    left, _, right, _ = font(size, bold).getbbox(text)
    return int(right - left)


def text_width(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool = False) -> int:
    return _width(text, size, bold)


@lru_cache(maxsize=4096)
def _shortened(text: str, width: int, size: int, bold: bool) -> str:
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def fit_text(text: str, width: int, size: int, bold: bool = False) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``width`` pixels.

    A label of the bot must never need it: a shortened text is noted as clipped on the picture
    under way (see :attr:`Legibility.clipped`), which the legibility tests refuse.
    """
    shown = _shortened(text, width, size, bold)
    if shown != text:
        _note_clipped(text)
    return shown


def wrap_name(
    text: str, width: int, size: int, bold: bool = False, later: int | None = None
) -> list[str]:
    """A player's name whole, in lines of ``width`` pixels (``later`` for the lines after the
    first, where they have more room): broken after a space or a hyphen where a line can end
    there, else between two letters (a name of one long word)."""
    lines: list[str] = []
    rest = text.strip()
    while rest and _width(rest, size, bold) > (room := width if not lines else later or width):
        cut = 1  # the longest head that fits; at least one letter a line
        while cut < len(rest) and _width(rest[: cut + 1].rstrip(), size, bold) <= room:
            cut += 1
        ends = [i + 1 for i in range(1, cut) if rest[i] in " -"]
        if cut < len(rest) and rest[cut] == " ":
            ends.append(cut)
        cut = max(ends, default=cut)
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        lines.append(rest)
    return lines or [text]


def name_lines(
    text: str, width: int, size: int, smallest: int, bold: bool = False, later: int | None = None
) -> tuple[list[str], int]:
    """A player's name whole: on one line at the largest size from ``size`` down to
    ``smallest`` where it fits ``width``, else wrapped at ``smallest`` (:func:`wrap_name`;
    ``later``: the room of the lines after the first). Returns the lines and their size."""
    for tried in range(size, max(smallest, 1) - 1, -1):
        if _width(text, tried, bold) <= width:
            return [text], tried
    return wrap_name(text, width, smallest, bold, later), smallest


def wrap_text(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """``text`` in lines of whole words that fit ``width`` (a word too long is shortened)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(fit_text(word, width, size, bold))
    return lines


Stamp = tuple[Image.Image, int, int]  # a text's mask, and how far up and left of its origin
# Labels and numbers come back on every picture, and players' names on every picture of their
# table. Kept by size, not by count: a long name's mask weighs many short labels. The size
# bounds the drawing worker's memory while keeping the names of the tables a busy bot shows.
STAMP_BYTES = 4 * 1024 * 1024
_stamps: SizedCache[tuple[Any, ...], Stamp] = SizedCache(
    STAMP_BYTES, lambda stamp: stamp[0].width * stamp[0].height
)


def _stamp(
    face: ImageFont.FreeTypeFont,
    text: str,
    anchor: str,
    start: tuple[float, float],
    stroke: float = 0,
) -> Stamp:
    """The coverage mask of ``text`` as ``ImageDraw.text`` would lay it at that sub-pixel start
    (with ``stroke``: the text grown by a stroke that wide, as its outline is drawn), kept.

    Returns the mask and how far its corner lies up and left of the text's whole-pixel origin.
    """
    key = (face, text, anchor, start, stroke)
    return _stamps.kept(key, lambda: _draw_stamp(face, text, anchor, start, stroke))


def _draw_stamp(
    face: ImageFont.FreeTypeFont,
    text: str,
    anchor: str,
    start: tuple[float, float],
    stroke: float,
) -> Stamp:
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    pad_x, pad_y = 2 - min(0, math.floor(left)), 2 - min(0, math.floor(top))
    mask = Image.new(
        "L", (pad_x + max(0, math.ceil(right)) + 2, pad_y + max(0, math.ceil(bottom)) + 2)
    )
    xy = (pad_x + start[0], pad_y + start[1])
    ImageDraw.Draw(mask).text(xy, text, font=face, fill=255, anchor=anchor, stroke_width=stroke)
    return mask, pad_x, pad_y


@lru_cache(maxsize=4096)
def text_length(face: ImageFont.FreeTypeFont, text: str) -> float:
    """``face.getlength(text)``, kept: the same labels and numbers are measured every picture."""
    return face.getlength(text)


@dataclass(frozen=True)
class Legibility:
    """The smallest text of a finished picture (its cap height in the picture's pixels), and
    the texts that did not fit where they were drawn."""

    width: int  # of the whole picture
    cap: int  # height of an "H" of the smallest font drawn, in pixels at full size
    text: str  # a text drawn in that font
    clipped: tuple[str, ...] = ()  # texts shortened with an ellipsis or drawn past the edge

    @property
    def phone_cap(self) -> float:
        """That cap height once the picture is scaled to a phone's width."""
        return self.cap * PHONE_WIDTH / self.width if self.width else 0.0

    @property
    def readable(self) -> bool:
        return self.phone_cap >= PHONE_CAP


# Per drawing thread, of the picture under way: its smallest (cap, text) as ``smallest``, and
# as ``cuts`` its clipped texts.
_drawn = threading.local()


@lru_cache(maxsize=256)
def cap_height(face: ImageFont.FreeTypeFont) -> int:
    """How tall a capital letter of this font is drawn, in pixels."""
    _, top, _, bottom = face.getbbox("H")
    return int(bottom - top)


def smallest_cap_for(width: int) -> int:
    """The cap height a picture ``width`` pixels wide needs for the legibility rule."""
    return math.ceil(PHONE_CAP * width / PHONE_WIDTH)


@lru_cache(maxsize=64)
def readable_size(width: int, bold: bool = False) -> int:
    """The smallest font size whose text meets the legibility rule on a picture this wide."""
    need, size = smallest_cap_for(width), 6
    while cap_height(font(size, bold)) < need:
        size += 1
    return size


def _note_text(cap: int, text: str) -> None:
    smallest = getattr(_drawn, "smallest", None)
    if smallest is None or cap < smallest[0]:
        _drawn.smallest = (cap, text)


def _cuts() -> list[str]:
    cuts = getattr(_drawn, "cuts", None)
    if cuts is None:
        cuts = _drawn.cuts = []
    return cuts


def _note_clipped(text: str) -> None:
    _cuts().append(text)


def finish_picture(width: int) -> Legibility:
    """Closes the picture under way: its smallest text, kept for :func:`last_legibility`."""
    cap, text = getattr(_drawn, "smallest", None) or (10**6, "")
    cuts = _cuts()
    _drawn.smallest, _drawn.cuts = None, []
    _drawn.last = Legibility(width, cap, text, tuple(cuts))
    return _drawn.last


def last_legibility() -> Legibility | None:
    """The smallest text of the last picture finished in this thread."""
    return getattr(_drawn, "last", None)


Layer = TypeVar("Layer")


def kept_layer(maxsize: int) -> Callable[[Callable[..., Layer]], Callable[..., Layer]]:
    """``lru_cache`` for a drawn layer that also remembers the smallest text drawn on it.

    A kept layer's texts are drawn once; every picture that pastes it counts them again.
    """

    def wrap(draw_layer: Callable[..., Layer]) -> Callable[..., Layer]:
        @lru_cache(maxsize=maxsize)
        def drawn(*args: Any) -> tuple[Layer, tuple[int, str] | None, tuple[tuple[str, str], ...]]:
            outer = getattr(_drawn, "smallest", None), _cuts()
            _drawn.smallest, _drawn.cuts = None, []
            try:
                layer = draw_layer(*args)
                return layer, getattr(_drawn, "smallest", None), tuple(_cuts())
            finally:
                _drawn.smallest, _drawn.cuts = outer

        @functools.wraps(draw_layer)
        def layer(*args: Any) -> Layer:
            result, smallest, cuts = drawn(*args)
            if smallest is not None:
                _note_text(*smallest)
            if cuts:
                _cuts().extend(cuts)
            return result

        layer.cache_clear = drawn.cache_clear  # type: ignore[attr-defined]
        layer.cache_info = drawn.cache_info  # type: ignore[attr-defined]
        return layer

    return wrap


def write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: tuple[int, ...],
    anchor: str | None = None,
    stroke_width: float = 0,
    stroke_fill: tuple[int, ...] | None = None,
    **options: object,
) -> None:
    """``draw.text`` for one line, with the glyphs' mask kept for the next picture.

    The same labels and numbers come back on every picture; laying a kept mask is a fraction of
    shaping and rendering the text again, and gives the very same pixels. A stroked text is
    laid as ``draw.text`` draws it: the stroked mask in the stroke's colour, then the text.
    """
    if text.strip():
        _note_text(cap_height(font), text)
    x, y = xy
    if options or "\n" in text or x < 0 or y < 0:
        box = draw.textbbox(xy, text, font=font, anchor=anchor, stroke_width=stroke_width)
        _note_if_outside(draw, box, text)
        draw.text(
            xy,
            text,
            font=font,
            fill=fill,
            anchor=anchor,
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,
            **options,  # type: ignore[arg-type]
        )
        return
    start = (math.modf(x)[0], math.modf(y)[0])
    inks = [(0, fill)]
    if stroke_width:
        outline = fill if stroke_fill is None else stroke_fill
        inks = [(stroke_width, outline)] + ([] if outline == fill else inks)
    for n, (stroke, ink) in enumerate(inks):
        key = (font, text, anchor or "la", start, stroke)
        mask, pad_x, pad_y = _stamp(*key)
        at = (int(x) - pad_x, int(y) - pad_y)
        if n == 0:  # the widest mask; it has two clear pixels around the glyphs
            _note_if_outside(draw, (*at, at[0] + mask.width, at[1] + mask.height), text, 2)
        if isinstance(draw, PaletteDraw):
            draw.stamp(at, mask, ink, key)
        else:
            draw.bitmap(at, mask, fill=ink)


def _note_if_outside(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str, pad: int = 0
) -> None:
    """Notes ``text`` as clipped where its glyphs' ``box`` (with ``pad`` clear pixels) passes an
    edge of the picture: what lies outside is not drawn."""
    width, height = draw.im.size
    x0, y0, x1, y1 = box
    if text.strip() and (x0 + pad < 0 or y0 + pad < 0 or x1 - pad > width or y1 - pad > height):
        _note_clipped(text)


def centered_text(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    text: str,
    size: int,
    fill: tuple[int, ...] = INK,
    bold: bool = False,
) -> None:
    x0, y0, x1, y1 = box
    write(draw, ((x0 + x1) / 2, (y0 + y1) / 2), text, font(size, bold), fill, anchor="mm")


def star_points(cx: float, cy: float, radius: float, points: int = 5) -> list[tuple[float, float]]:
    inner = radius * 0.45
    result = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        result.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return result


def draw_die(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    size: float,
    face: int,
    colour: str = "white",
    outline: tuple[int, ...] | None = None,
) -> None:
    """A die at ``xy`` (top left); face 0 is a star, 1-6 are pips."""
    body, pip = DICE[colour]
    x, y = xy
    draw.rounded_rectangle(
        (x, y, x + size, y + size),
        radius=size * 0.18,
        fill=body,
        outline=outline or (30, 30, 36),
        width=max(1, round(size / 22)) if outline is None else max(2, round(size / 12)),
    )
    if face == 0:
        draw.polygon(star_points(x + size / 2, y + size / 2, size * 0.36), fill=pip)
        return
    step = size / 4
    radius = size * 0.09
    for col, row in PIPS[face]:
        cx, cy = x + step * (col + 1), y + step * (row + 1)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pip)


def draw_cross(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill=INK, width: int = 3
) -> None:
    x0, y0, x1, y1 = box
    pad = (x1 - x0) * 0.22
    draw.line((x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=fill, width=width)
    draw.line((x0 + pad, y1 - pad, x1 - pad, y0 + pad), fill=fill, width=width)


def stack(pictures: list[Image.Image], gap: int) -> Image.Image:
    """Pictures one under the other, centred, with a transparent gap between them."""
    width = max(picture.width for picture in pictures)
    height = sum(picture.height for picture in pictures) + gap * (len(pictures) - 1)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    y = 0
    for picture in pictures:
        image.paste(picture, ((width - picture.width) // 2, y))
        y += picture.height + gap
    return image


Colour = tuple[int, ...]

_OPAQUE = [255] * 128 + [0] * 128  # alpha -> where the transparent entry goes (mostly clear)
# A transparent pixel is (0, 0, 0, 0): canvases start so and shapes are drawn without
# antialiasing, so no opaque pixel of a picture is black (see :func:`to_png`).
CLEAR = (0, 0, 0)


@dataclass(frozen=True, eq=False)  # one per family of pictures: kept caches key on it
class FixedPalette:
    """The colours a family of pictures is drawn in, as a palette image for ``quantize``."""

    image: Image.Image
    entries: tuple[int, ...]  # r, g, b of each colour, in palette order
    # The same colours and, last, the transparent entry in the colour of a transparent pixel.
    clear: Image.Image
    _indices: dict[Colour, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def transparent(self) -> int:
        """The index of the entry added after the colours for the transparent corners."""
        return len(self.entries) // 3

    def index(self, colour: Colour) -> int:
        """The entry a pixel of this colour maps to (an opaque one, if only RGB is given)."""
        found = self._indices.get(colour)
        if found is None:
            pixel = Image.new("RGBA", (1, 1), colour if len(colour) == 4 else (*colour, 255))
            found = self._indices[colour] = self.map(pixel).getpixel((0, 0))  # type: ignore[assignment]
        return found

    @cached_property
    def true_colours(self) -> list[int]:
        """A palette for pictures drawn in these entries (see :func:`card_in`): each entry
        in the colour that maps to it, the flat colours first (what a text's edges blend
        with where it is written on one)."""
        colours = [*self.entries, *CLEAR]
        for at in range(len(self.entries) // 3 - 1, -1, -1):  # the first colour wins
            colour = self.entries[3 * at : 3 * at + 3]
            entry = self.index(colour)
            colours[3 * entry : 3 * entry + 3] = colour
        return colours

    @cached_property
    def card_entries(self) -> list[int]:
        """The blank card's three colours (clear, paper, grid) as these entries, for ``point``."""
        return [self.transparent, self.index(PAPER), self.index(GRID)] + [0] * 253

    def map(self, image: Image.Image) -> Image.Image:
        """Each pixel of an RGBA picture as its nearest entry (see :func:`_to_palette`)."""
        return _to_palette(image, self)


def fixed_palette(
    flats: Iterable[Colour],
    texts: Iterable[tuple[Iterable[Colour], Iterable[Colour]]],
    steps: int = 3,
) -> FixedPalette:
    """Every flat colour exactly, and ``steps`` blends from each ink to each surface.

    ``texts`` pairs inks with the surfaces they are written on. Shapes are drawn without
    antialiasing, so a flat drawing holds its named colours and, at the edges of text, blends of
    the ink and the surface under it. Mapping a picture to such a palette spares choosing a
    palette for each picture, which reads all of its colours.
    """
    colours = [tuple(colour[:3]) for colour in flats]
    for inks, surfaces in texts:
        inks, surfaces = list(inks), list(surfaces)
        colours += [tuple(colour[:3]) for colour in [*inks, *surfaces]]
        for ink in inks:
            for surface in surfaces:
                for step in range(1, steps + 1):
                    share = step / (steps + 1)
                    blend = zip(ink, surface, strict=False)
                    colours.append(tuple(round(s + (i - s) * share) for i, s in blend))
    unique = list(dict.fromkeys(colours))
    if len(unique) > 255:  # one entry stays free for the transparent corners
        raise ValueError(f"{len(unique)} colours do not fit a palette of 255")
    if CLEAR in unique:
        raise ValueError("black is the colour of transparent pixels")
    entries = tuple(value for colour in unique for value in colour)
    image, clear = Image.new("P", (1, 1)), Image.new("P", (1, 1))
    image.putpalette(entries)
    clear.putpalette([*entries, *CLEAR])
    image.load(), clear.load()  # hands the palettes to the images' cores, which map with them
    return FixedPalette(image, entries, clear)


def to_png(image: Image.Image, palette: FixedPalette | None = None, colours: int = 128) -> bytes:
    """Encode small and fast: a palette PNG keeps flat drawings a fraction of their RGBA size.

    With a ``palette`` each pixel takes its nearest entry (no dithering, which would speckle
    flat fields); without one, octree quantizing picks ``colours`` for this picture.
    """
    if palette is not None:
        return stacked_png([image], 0, palette)
    if image.mode != "RGBA":
        image = image.convert("RGBA")
    paletted = image.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE)
    entries = tuple(paletted.getpalette() or [])
    transparent = len(entries) // 3  # at most 255 colours asked for: one entry is free
    paletted.paste(transparent, mask=image.getchannel("A").point(_OPAQUE))
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(paletted, (1, 0))
    finish_picture(image.width)
    return _png(rows, entries, transparent)


def stacked_png(pictures: Sequence[Image.Image], gap: int, palette: FixedPalette) -> bytes:
    """``to_png(stack(pictures, gap), palette)``, the same pixels at a fraction of the cost.

    Each picture is mapped to the palette on its own and laid into the PNG's rows: the stacked
    picture is never made in RGBA. The transparent pixels find the transparent entry as their
    nearest colour, black: a picture drawn on a canvas of this kit has no opaque black pixel
    and no half-transparent one, so its alpha channel need not be read apart.
    """
    width = max(picture.width for picture in pictures)
    height = sum(picture.height for picture in pictures) + gap * (len(pictures) - 1)
    rows = Image.new("P", (width + 1, height), palette.transparent)
    rows.paste(0, (0, 0, 1, height))  # column 0: each row's filter byte, none
    y = 0
    for picture in pictures:
        if in_palette(picture, palette):  # drawn in its entries already (rendering.paletted)
            indices = picture
        else:
            rgba = picture if picture.mode == "RGBA" else picture.convert("RGBA")
            indices = _to_palette(rgba, palette)
        rows.paste(indices, (1 + (width - picture.width) // 2, y))
        y += picture.height + gap
    finish_picture(width)
    return _png(rows, palette.entries, palette.transparent)


LAYER_COLOURS = 1 << 14  # far more than a sheet's layer has (its flat colours, its text edges)


def packed(layer: Image.Image, palette: FixedPalette) -> Image.Image:
    """A kept layer in its pictures' palette: a byte a pixel instead of four.

    Every pixel of a picture encoded with ``palette`` ends as its nearest entry, so the layer's
    pixels may take theirs when it is drawn. The packed layer's own palette holds, for each
    entry, a colour of the layer that maps to it (its own if the layer has it, else the most
    frequent): Pillow's mapping finds nearest entries by small cubes of colours, and an entry's
    own colour may lie in a cube nearer another entry. So a picture drawn on :func:`unpacked`
    maps to the same entries as one drawn on the layer itself.
    """
    found = layer.getcolors(LAYER_COLOURS)  # its table costs time by its size, not the layer's
    if found is None:  # more colours than a flat drawing has: kept as drawn
        return layer
    colours = [colour for _, colour in sorted(found, key=lambda item: (-item[0], item[1]))]
    sample = Image.new(layer.mode, (len(colours), 1))
    sample.putdata(colours)
    mapped = list(zip(colours, _to_palette(sample, palette).tobytes(), strict=True))
    entries = palette.entries + CLEAR
    reps = [tuple(entries[i : i + 3]) for i in range(0, len(entries), 3)]
    chosen = {index for colour, index in mapped if colour[:3] == reps[index]}
    for colour, index in mapped:  # the most frequent first
        if index not in chosen:
            reps[index] = colour[:3]
            chosen.add(index)
    indices = _to_palette(layer, palette)
    indices.putpalette([value for colour in reps for value in colour])
    return indices


def unpacked(layer: Image.Image) -> Image.Image:
    """A packed layer in RGBA, to draw on. Its clear pixels come back opaque black, which
    :func:`stacked_png` maps to the clear entry as it maps transparent ones."""
    return layer.convert("RGBA") if layer.mode == "P" else layer.copy()


def _to_palette(image: Image.Image, palette: FixedPalette) -> Image.Image:
    """Each pixel's nearest palette entry (the transparent ones: the clear entry).

    Through ``Image.quantize``, Pillow's public way to a given palette, which takes only RGB:
    the mapping reads a pixel's colour, not its alpha, so the RGB copy changes no entry. That
    copy costs a pass over the picture; Pillow's core could skip it, but only through its
    private API.
    """
    return image.convert("RGB").quantize(palette=palette.clear, dither=Image.Dither.NONE)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPE_PALETTE = 3


def _png(rows: Image.Image, entries: Sequence[int], transparent: int) -> bytes:
    """A palette PNG whose entry ``transparent`` (the last) is clear.

    ``rows``: the picture's palette indices right of a first column of zeros, which are the
    rows' filter bytes (none), so its bytes are the PNG's image data as they are. Written here
    rather than by ``Image.save``: the rows go to ISA-L's deflate, which packs these flat
    pictures as small as zlib's fastest level does, and sooner.
    """
    header = struct.pack(">IIBBBBB", rows.width - 1, rows.height, 8, _COLOUR_TYPE_PALETTE, 0, 0, 0)
    colours = bytes(entries[: 3 * transparent]) + bytes(CLEAR)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", colours),
            _chunk(b"tRNS", b"\xff" * transparent + b"\0"),
            _chunk(b"IDAT", _deflate(rows.tobytes())),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    size, check = struct.pack(">I", len(data)), struct.pack(">I", crc32(kind + data))
    return b"".join((size, kind, data, check))


def _deflate(data: bytes) -> bytes:
    return _compress(data, DEFLATE_LEVEL)


def on_backgrounds(png: bytes) -> Image.Image:
    """The picture side by side on Discord's dark and light themes (for looking at it)."""
    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    pad = 16
    sheet = Image.new("RGB", (picture.width * 2 + pad * 3, picture.height + pad * 2), DISCORD_DARK)
    sheet.paste(DISCORD_LIGHT, (picture.width + pad * 2 - pad // 2, 0, sheet.width, sheet.height))
    sheet.paste(picture, (pad, pad), picture)
    sheet.paste(picture, (picture.width + pad * 2, pad), picture)
    return sheet


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's player name, or its number when the names end before it."""
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"
