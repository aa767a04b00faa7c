"""Drawing straight in a picture's fixed palette: a byte a pixel, never mapped as a whole.

A sheet is its kept layer (packed in the palette, see :func:`rendering.toolkit.packed`) with
this turn's marks, dice and numbers on it. Drawn in RGBA, every picture would cost a
conversion of the whole layer to RGBA and a mapping of every pixel back to the palette, for
the few pixels a turn changes. Here the layer's copy is drawn on as it is:

- a flat shape (shapes are drawn without antialiasing) takes the entry its colour maps to,
  the very pixels the mapping would have given;
- a text's antialiased edges are blended as before on the few pixels under it (an RGBA copy
  of just that patch, mapped back): its background is one colour nearly always, and then the
  mapped patch is kept for the next picture.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering.kept import SizedCache

if TYPE_CHECKING:
    from rendering.toolkit import FixedPalette

Colour = tuple[int, ...]
Box = tuple[int, int, int, int]

# The mapped patches of texts on one colour: labels and numbers come back on every sheet. A
# larger text (a title, a long name) is blended where it goes: a patch of it saves little.
PATCH_BYTES = 2 * 1024 * 1024
PATCH_PIXELS = 6_000
_patches: SizedCache[tuple[Any, ...], tuple[Image.Image, Image.Image]] = SizedCache(
    PATCH_BYTES, lambda kept: 2 * kept[0].width * kept[0].height
)
# Small rounded rectangles as drawn (dice, chips, badges), per size and colours: Pillow's
# time for one is its corners', whatever its size, so a large one is drawn each time.
SHAPE_BYTES = 1024 * 1024
SHAPE_PIXELS = 4_000
_shapes: SizedCache[tuple[Any, ...], tuple[Image.Image, Image.Image]] = SizedCache(
    SHAPE_BYTES, lambda kept: 2 * kept[0].width * kept[0].height
)
_COVERED = [0] + [255] * 255  # a glyph's partial coverage as whole: where its patch goes


class PaletteDraw(ImageDraw.ImageDraw):
    """``ImageDraw`` for a picture whose pixels are entries of ``palette`` (mode "P").

    Every pen that takes a colour gets its entry in ``palette`` instead (Pillow takes an int
    as a "P" picture's entry): an RGB colour given to Pillow's own pen would be added to the
    picture's palette, not found in ours. ``test_paletted_drawing`` checks that every pen of
    Pillow's that takes a colour is one of these.
    """

    def __init__(self, image: Image.Image, palette: FixedPalette) -> None:
        super().__init__(image)
        self.picture = image
        self.fixed = palette
        self._colours = image.getpalette() or []  # what the patches under texts blend with

    def entry(self, colour: Any) -> Any:
        """The palette's entry for an RGB(A) colour; an entry or None as it is."""
        return self.fixed.index(colour) if isinstance(colour, tuple) else colour

    # ---- Pillow's pens, in the palette's entries ------------------------------------------

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        super().arc(xy, start, end, self.entry(fill), width)

    def chord(
        self,
        xy: Any,
        start: float,
        end: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        super().chord(xy, start, end, self.entry(fill), self.entry(outline), width)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        super().ellipse(xy, self.entry(fill), self.entry(outline), width)

    def circle(
        self, xy: Any, radius: float, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        super().circle(xy, radius, self.entry(fill), self.entry(outline), width)

    def line(self, xy: Any, fill: Any = None, width: int = 1, joint: str | None = None) -> None:
        super().line(xy, self.entry(fill), width, joint)

    def shape(self, shape: Any, fill: Any = None, outline: Any = None) -> None:
        super().shape(shape, self.entry(fill), self.entry(outline))

    def pieslice(
        self,
        xy: Any,
        start: float,
        end: float,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        super().pieslice(xy, start, end, self.entry(fill), self.entry(outline), width)

    def point(self, xy: Any, fill: Any = None) -> None:
        super().point(xy, self.entry(fill))

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        super().polygon(xy, self.entry(fill), self.entry(outline), width)

    def regular_polygon(
        self,
        bounding_circle: Any,
        n_sides: int,
        rotation: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        fill, outline = self.entry(fill), self.entry(outline)
        super().regular_polygon(bounding_circle, n_sides, rotation, fill, outline, width)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        super().rectangle(xy, self.entry(fill), self.entry(outline), width)

    def bitmap(self, xy: Sequence[float], bitmap: Image.Image, fill: Any = None) -> None:
        """The mask's coverage in ``fill``: blended as RGBA where it is partial."""
        x, y = int(xy[0]), int(xy[1])
        box = (x, y, x + bitmap.width, y + bitmap.height)
        if _solid(bitmap):  # a pen stroke: covered or not, no blend to compute
            self.picture.paste(self.fixed.index(fill), box, bitmap)
        else:
            self._blend(box, lambda patch: ImageDraw.Draw(patch).bitmap((0, 0), bitmap, fill))

    def stamp(self, xy: tuple[int, int], mask: Image.Image, fill: Colour, key: Any) -> None:
        """A kept text mask (``key`` names it) laid at ``xy`` in ``fill``."""
        x, y = xy
        box = (x, y, x + mask.width, y + mask.height)
        width, height = self.picture.size
        inside = x >= 0 and y >= 0 and box[2] <= width and box[3] <= height
        if inside and mask.width * mask.height <= PATCH_PIXELS:
            # The colours under the glyphs (the core's own calls: Python's copy the palette).
            counts = self.im.crop(box).histogram((0, 0), mask.im)
            if counts.count(0) == len(counts) - 1:  # one colour: the kept patch fits
                entry = counts.index(max(counts))
                surface = tuple(self._colours[3 * entry : 3 * entry + 3])
                patch, coverage = _patches.kept(
                    (key, fill, surface, id(self.fixed)),
                    lambda: _mapped_patch(mask, fill, surface, self.fixed),
                )
                self.im.paste(patch.im, box, coverage.im)
                return
        self.bitmap(xy, mask, fill)  # on several colours: blended on the spot

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """A rounded rectangle as kept: Pillow draws one in a dozen Python-level steps (its
        corners), and chips, dice and badges repeat on every sheet."""
        (x0, y0), (x1, y1) = _corners(xy)
        large = (x1 - x0 + 4) * (y1 - y0 + 4) > SHAPE_PIXELS
        if large or (fill is None and outline is None):  # (that: Pillow's default ink)
            fill_entry, outline_entry = self.entry(fill), self.entry(outline)
            super().rounded_rectangle(xy, radius, fill_entry, outline_entry, width, corners=corners)
            return
        # Moved by even whole pixels, which keeps Pillow's rounding (half to even) as it was.
        left, top = 2 * math.floor(x0 / 2) - 2, 2 * math.floor(y0 / 2) - 2
        shape = (x0 - left, y0 - top, x1 - left, y1 - top, radius, width, corners)
        tile, coverage = _shapes.kept(
            (shape, fill, outline, id(self.fixed)),
            lambda: self._shape_tile(shape, fill, outline),
        )
        self.im.paste(tile.im, (left, top, left + tile.width, top + tile.height), coverage.im)

    def _shape_tile(
        self, shape: tuple[Any, ...], fill: Any, outline: Any
    ) -> tuple[Image.Image, Image.Image]:
        x0, y0, x1, y1, radius, width, corners = shape
        size = (math.ceil(x1) + 3, math.ceil(y1) + 3)
        tile, coverage = Image.new("P", size, 0), Image.new("L", size, 0)
        tile_pen, coverage_pen = PaletteDraw(tile, self.fixed), ImageDraw.Draw(coverage)

        def draw(pen: ImageDraw.ImageDraw, fill: Any, outline: Any) -> None:  # not kept again
            ImageDraw.ImageDraw.rounded_rectangle(
                pen, (x0, y0, x1, y1), radius, fill, outline, width, corners=corners
            )

        # As Pillow draws it: the fill, then the outline unless it has the fill's colour (an
        # outline wider than a small shape may reach past the fill).
        passes = [(fill, None)] if fill is not None else []
        if outline is not None and outline != fill:
            passes.append((None, outline))
        for fill_ink, outline_ink in passes:
            draw(tile_pen, self.entry(fill_ink), self.entry(outline_ink))
            draw(coverage_pen, fill_ink and 255, outline_ink and 255)
        return tile, coverage

    def text(self, xy: Any, text: Any, fill: Any = None, *args: Any, **options: Any) -> None:
        """Text of any kind (lines, options), antialiased as on RGBA."""
        measure = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
        left, top, right, bottom = measure.textbbox(xy, text, *args, **_bbox_options(options))
        # From above and left of the text's origin too: moved by whole pixels to a start that
        # stays positive, its glyphs take the same sub-pixel offsets.
        x0, y0 = math.floor(min(left, xy[0])) - 2, math.floor(min(top, xy[1])) - 2
        box = (x0, y0, math.ceil(right) + 3, math.ceil(bottom) + 3)
        at = (xy[0] - box[0], xy[1] - box[1])
        self._blend(box, lambda patch: ImageDraw.Draw(patch).text(at, text, fill, *args, **options))

    def _blend(self, box: Box, draw: Any) -> None:
        patch = self.picture.crop(box).convert("RGBA")
        draw(patch)
        self.picture.paste(self.fixed.map(patch), box)


def _corners(xy: Any) -> tuple[tuple[float, float], tuple[float, float]]:
    """A box's two corners, given as ``(x0, y0, x1, y1)`` or as two points."""
    if isinstance(xy[0], list | tuple):
        return (xy[0][0], xy[0][1]), (xy[1][0], xy[1][1])
    return (xy[0], xy[1]), (xy[2], xy[3])


def _bbox_options(options: dict[str, Any]) -> dict[str, Any]:
    kept = ("font", "anchor", "spacing", "align", "direction", "features", "language")
    bbox = {name: value for name, value in options.items() if name in kept}
    if "stroke_width" in options:
        bbox["stroke_width"] = options["stroke_width"]
    return bbox


def _solid(mask: Image.Image) -> bool:
    """Whether the mask only covers fully or not at all (drawn shapes, not glyphs)."""
    return not any(mask.im.histogram()[1:255])


def _mapped_patch(
    mask: Image.Image, fill: Colour, surface: Colour, palette: FixedPalette
) -> tuple[Image.Image, Image.Image]:
    """The text blended on ``surface`` in the palette's entries, and where it covers."""
    patch = Image.new("RGBA", mask.size, (*surface, 255))
    ImageDraw.Draw(patch).bitmap((0, 0), mask, fill=fill)
    return palette.map(patch), mask.point(_COVERED)


_ENTRIES_OF = "fixed palette"  # in a picture's info: whose entries its pixels are


def in_palette(image: Image.Image, palette: FixedPalette) -> bool:
    """Whether the picture was drawn in ``palette``'s entries (by :func:`drawing_on`)."""
    return image.mode == "P" and image.info.get(_ENTRIES_OF) == id(palette)


def mark_in_palette(image: Image.Image, palette: FixedPalette) -> None:
    image.info[_ENTRIES_OF] = id(palette)


def drawing_on(
    layer: Image.Image, palette: FixedPalette
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A copy of a kept layer to draw this picture on, and its pen: in the palette when the
    layer is packed, else (a layer of too many colours, kept as drawn) in RGBA."""
    image = layer.copy()
    if image.mode == "P":
        mark_in_palette(image, palette)
        return image, PaletteDraw(image, palette)
    image = image.convert("RGBA")
    return image, ImageDraw.Draw(image)
