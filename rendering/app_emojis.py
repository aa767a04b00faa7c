"""The pictures of the bot's application emojis: die faces, Dice Stars' dice, game symbols.

Discord shows an emoji on a button or in a menu about 20 px tall; each one is drawn four times
larger than its 128 px upload and scaled down, so that its edges stay smooth, and with shapes
bold enough to read at that size. A dark shape gets a light rim, so that it stands out on
Discord's dark theme (#313338) as well as on the light one (#ffffff). Colours are the games'
own (their pictures' palettes).

An emoji's name on Discord is its key and the digest of its pixels (``die4_1a2b3c4d``): new art
gets a new name, so an emoji is never replaced in place under a message already showing it.
The bot asks for the names (:func:`emoji_names`) and for the picture of each emoji Discord does
not have yet (:func:`emoji_png`) in its drawing worker: the drawings are not kept anywhere.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.dizzle_levels import COLORS as DIZZLE_COLORS
from rendering import dizzle_symbols as symbols
from rendering.dice_stars import STAR_CROSSED, STAR_EDGE
from rendering.dizzle import SPECIAL_COLORS
from rendering.stella import DARK_INK, DARKNESS, MARK, SPARK
from rendering.toolkit import DICE, PIPS, star_points

SIZE = 128  # Discord's recommended emoji size
SCALE = 4  # drawn this much larger, then scaled down
DIGEST = 8  # hex digits of the pixels' digest in the name
RIM = (236, 238, 244)  # the light rim around a dark shape
DIE_EDGE = (30, 30, 36)
DICE_STARS_COLOURS = ("black", "purple", "blue", "yellow")

Box = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw, Box], None]


@dataclass(frozen=True)
class EmojiArt:
    """One emoji: its key (what a screen names), its picture and its name on Discord."""

    key: str
    image: Image.Image = field(compare=False, repr=False)
    digest: str

    @property
    def name(self) -> str:
        return f"{self.key}_{self.digest}"

    @property
    def png(self) -> bytes:
        """The picture to upload (encoded only for an emoji Discord does not have yet)."""
        out = io.BytesIO()
        self.image.save(out, "PNG")
        return out.getvalue()


# --- the shapes -----------------------------------------------------------------------------


def _die(face: int, colour: str = "white") -> Painter:
    """A die filling the box; face 0 is Dice Stars' star face."""

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, _ = box
        size = x1 - x0
        body, pip = DICE[colour]
        draw.rounded_rectangle(
            box, radius=size * 0.2, fill=body, outline=DIE_EDGE, width=round(size * 0.07)
        )
        if face == 0:
            draw.polygon(star_points(x0 + size / 2, y0 + size * 0.53, size * 0.36), fill=pip)
            return
        step, radius = size / 4, size * 0.105
        for col, row in PIPS[face]:
            cx, cy = x0 + step * (col + 1), y0 + step * (row + 1)
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=pip)

    return paint


def _two_dice(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Two dice, one over the other's corner: a roll of the dice."""
    x0, y0, x1, y1 = box
    size = (x1 - x0) * 0.66
    _die(5)(draw, (x1 - size, y0, x1, y0 + size))
    _die(3)(draw, (x0, y1 - size, x0 + size, y1))


def _star(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    points = star_points((x0 + x1) / 2, (y0 + y1) / 2 + size * 0.04, size * 0.52)
    draw.polygon(points, fill=STAR_CROSSED, outline=STAR_EDGE, width=round(size * 0.06))


def _sparkle(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Stella's spark: a four-pointed twinkle with a small one beside it."""
    x0, y0, x1, _ = box
    size = x1 - x0

    def twinkle(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
        points = star_points(cx, cy, radius, 4)
        return [
            (cx + (x - cx) * 0.8, cy + (y - cy) * 0.8) if i % 2 else (x, y)
            for i, (x, y) in enumerate(points)
        ]

    edge = round(size * 0.05)
    big = twinkle(x0 + size * 0.42, y0 + size * 0.58, size * 0.44)
    draw.polygon(big, fill=SPARK, outline=DARK_INK, width=edge)
    small = twinkle(x0 + size * 0.82, y0 + size * 0.2, size * 0.18)
    draw.polygon(small, fill=SPARK, outline=DARK_INK, width=edge)


def _moon(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Stella's Darkness: a crescent, the board's moon (a disc less a disc beside it)."""
    x0, y0, x1, _ = box
    size = x1 - x0
    radius = size / 2
    cx, cy = x0 + radius, y0 + radius
    bite_x, bite_y = cx + size * 0.34, cy - size * 0.14  # the other disc's centre
    # The tips, where the circles meet, lie at ±half of the angle between the centres.
    towards = math.atan2(bite_y - cy, bite_x - cx)
    half = math.acos(math.dist((cx, cy), (bite_x, bite_y)) / (2 * radius))
    steps = 90

    def arc(x: float, y: float, first: float, last: float) -> list[tuple[float, float]]:
        angles = (first + (last - first) * i / steps for i in range(steps + 1))
        return [(x + radius * math.cos(a), y + radius * math.sin(a)) for a in angles]

    lit = arc(cx, cy, towards + half, towards + 2 * math.pi - half)
    bitten = arc(bite_x, bite_y, towards + math.pi + half, towards + math.pi - half)
    outline = lit + bitten
    draw.polygon(outline, fill=DARKNESS)
    # A line with round joints: a polygon's wide outline frays on so many short sides.
    draw.line([*outline, outline[0]], fill=DARK_INK, width=round(size * 0.06), joint="curve")


def _check(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A card of the slate marked: a tick in a green disc, as the slate draws marks."""
    x0, y0, x1, _ = box
    size = x1 - x0
    draw.ellipse(box, fill=MARK, outline=DARK_INK, width=round(size * 0.06))
    points = [
        (x0 + size * 0.26, y0 + size * 0.53),
        (x0 + size * 0.44, y0 + size * 0.71),
        (x0 + size * 0.76, y0 + size * 0.32),
    ]
    draw.line(points, fill=DARK_INK, width=round(size * 0.13), joint="curve")


def _symbol(kind: str, colour: str = "") -> Painter:
    """A Dizzle special, as the sheet draws it (without a printed number)."""

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        fill = SPECIAL_COLORS.get(colour, symbols.WHITE)
        if kind == "puzzle":
            symbols.puzzle(draw, box, fill)
        elif kind == "key":
            symbols.key(draw, box, fill)
        elif kind == "lock":
            symbols.lock(draw, box, fill, opened=False)
        elif kind in ("gem", "bomb", "flag", "poop"):
            getattr(symbols, kind)(draw, box, None)
        else:  # rocket, planet
            getattr(symbols, kind)(draw, box)

    return paint


# --- the set ----------------------------------------------------------------------------------


def _painters() -> dict[str, Painter]:
    painters: dict[str, Painter] = {f"die{face}": _die(face) for face in range(1, 7)}
    painters["dice"] = _two_dice
    for colour in DICE_STARS_COLOURS:
        painters[f"ds_{colour}"] = _die(0, colour)
    painters["ds_star"] = _star
    for kind in ("gem", "bomb", "rocket", "planet", "flag", "poop"):
        painters[f"dz_{kind}"] = _symbol(kind)
    for kind in ("puzzle", "key", "lock"):
        for colour in DIZZLE_COLORS:
            painters[f"dz_{kind}_{colour}"] = _symbol(kind, colour)
    painters["st_spark"] = _sparkle
    painters["st_darkness"] = _moon
    painters["st_mark"] = _check
    return painters


PAINTERS = _painters()
KEYS = tuple(PAINTERS)


def _grown(mask: Image.Image, by: int) -> Image.Image:
    """The mask grown by about ``by`` pixels, with a soft edge (a box blur, then a ramp)."""
    return mask.filter(ImageFilter.BoxBlur(by)).point(lambda v: min(255, v * 6))


def _with_rim(image: Image.Image) -> Image.Image:
    """The shape on a light rim where it is dark (a dark edge reads on the light theme)."""
    alpha = image.getchannel("A")
    # The rim shows only around the dark parts of the shape.
    dark = ImageChops.invert(image.convert("L")).point(lambda v: 255 if v > 150 else 0)
    near_dark = _grown(ImageChops.multiply(dark, alpha), round(SIZE * 0.06))
    rim_alpha = ImageChops.multiply(_grown(alpha, round(SIZE * 0.05)), near_dark)
    rim = Image.new("RGBA", image.size, (*RIM, 0))
    rim.putalpha(rim_alpha)
    return Image.alpha_composite(rim, image)


def draw_emoji(key: str) -> Image.Image:
    """The emoji ``key`` at 128 x 128 px on a transparent background."""
    big = SIZE * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    margin = big * 0.08
    PAINTERS[key](ImageDraw.Draw(image), (margin, margin, big - margin, big - margin))
    small = image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)
    return _with_rim(small)


def emoji_art(key: str) -> EmojiArt:
    image = draw_emoji(key)
    return EmojiArt(key, image, hashlib.sha256(image.tobytes()).hexdigest()[:DIGEST])


def emoji_set() -> tuple[EmojiArt, ...]:
    """Every emoji of the bot, drawn now."""
    return tuple(emoji_art(key) for key in KEYS)


def emoji_names() -> dict[str, str]:
    """Each emoji's name on Discord, by key (its pixels are drawn to be named, then let go)."""
    return {key: emoji_art(key).name for key in KEYS}


def emoji_png(key: str) -> bytes:
    """The picture to upload for the emoji ``key``."""
    return emoji_art(key).png


def contact_sheet(scale: float = 1) -> Image.Image:
    """Every emoji in a row on the dark and, below, the light theme (for looking at them)."""
    arts = emoji_set()
    size = round(SIZE / scale)
    columns = min(len(arts), 12)
    lines = math.ceil(len(arts) / columns)
    pad = 6
    width = columns * (size + pad) + pad
    height = lines * (size + pad) + pad
    sheet = Image.new("RGB", (width, height * 2), (49, 51, 56))
    sheet.paste((255, 255, 255), (0, height, width, height * 2))
    for index, art in enumerate(arts):
        picture = art.image.resize((size, size), Image.Resampling.LANCZOS)
        x = pad + (index % columns) * (size + pad)
        y = pad + (index // columns) * (size + pad)
        for top in (0, height):
            sheet.paste(picture, (x, y + top), picture)
    return sheet
