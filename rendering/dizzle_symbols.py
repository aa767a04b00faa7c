"""Dizzle's specials as the sheet shows them, drawn with plain Pillow shapes (no emoji font).

Each symbol fills a box; numbers printed on a symbol (points, penalties, flag values) are
drawn in the shipped bold font so they stay readable at the smallest field size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

from PIL import ImageDraw

from rendering.toolkit import MUTED, font, readable_size, write

Box = tuple[float, float, float, float]
Colour = tuple[int, ...]

GEM = (72, 190, 235)
GEM_DARK = (22, 100, 150)
BOMB = (30, 30, 34)
FLAG = (214, 52, 52)
POOP = (128, 80, 40)
POOP_DARK = (84, 50, 22)
PLANET = (232, 150, 70)
PLANET_RING = (120, 90, 180)
ROCKET = (236, 236, 240)
ROCKET_RED = (214, 52, 52)
FLAME = (250, 170, 30)
OUTLINE = (34, 34, 40)
GEM_TABLE = (160, 226, 250)
SHACKLE = (110, 110, 120)
FUSE = (150, 110, 60)
WINDOW = (90, 170, 230)
PLANET_LIGHT = (246, 196, 130)
WHITE = (255, 255, 255)
# Numbers on specials read on a phone on a sheet of the widest size (see rendering.dizzle).
SMALLEST_NUMBER = readable_size(640, bold=True)
# Every colour the symbols are drawn in (for the sheet's fixed palette).
COLOURS = [GEM, GEM_DARK, GEM_TABLE, BOMB, FLAG, POOP, POOP_DARK, PLANET, PLANET_RING, ROCKET]
COLOURS += [ROCKET_RED, FLAME, OUTLINE, SHACKLE, FUSE, WINDOW, PLANET_LIGHT, WHITE]


def _number(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: int | None, size: float
) -> None:
    """A number printed on a special, white with a dark edge so it reads on any colour."""
    if value is None:
        return
    size = max(size, SMALLEST_NUMBER)
    text = str(value)
    stroke = max(1, round(size / 8))
    write(
        draw,
        xy,
        text,
        font=font(round(size), True),
        fill=WHITE,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=OUTLINE,
    )


def gem(draw: ImageDraw.ImageDraw, box: Box, points: int | None) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    cx = (x0 + x1) / 2
    top, girdle, bottom = y0 + 0.14 * s, y0 + 0.38 * s, y1 - 0.04 * s
    left, right = x0 + 0.04 * s, x1 - 0.04 * s
    table_l, table_r = x0 + 0.3 * s, x1 - 0.3 * s
    outline = [(table_l, top), (table_r, top), (right, girdle), (cx, bottom), (left, girdle)]
    width = max(1, round(s / 18))
    draw.polygon(outline, fill=GEM, outline=GEM_DARK, width=width)
    facet = max(1, width - 1)
    draw.line((left, girdle, right, girdle), fill=GEM_DARK, width=facet)
    draw.polygon([(table_l, top), (table_r, top), (cx, girdle)], fill=GEM_TABLE)
    draw.line((table_l, top, cx, girdle, table_r, top), fill=GEM_DARK, width=facet)
    draw.line((table_l, top, x0 + 0.2 * s, girdle, cx, bottom), fill=GEM_DARK, width=facet)
    draw.line((table_r, top, x1 - 0.2 * s, girdle, cx, bottom), fill=GEM_DARK, width=facet)
    _number(draw, _gem_number_spot(box), points, s * 0.36)


def _gem_number_spot(box: Box) -> tuple[float, float]:
    """A gem's points in its lower right: the stone's table and left side stay in sight."""
    x0, _, x1, y1 = box
    s = x1 - x0
    right, bottom = _digit_reach(round(max(s * 0.36, SMALLEST_NUMBER)))
    # The digit and its edge stay inside the box (what passes its edge is cut at the grid's).
    return (x1 - max(0.33 * s, right), y1 - max(0.37 * s, bottom))


@lru_cache(maxsize=32)
def _digit_reach(size: int) -> tuple[float, float]:
    """How far a centred digit of a special's number reaches right and down, edge included."""
    _, _, right, bottom = font(size, True).getbbox("8", anchor="mm")
    stroke = max(1, round(size / 8))
    return right + stroke, bottom + stroke


def puzzle(draw: ImageDraw.ImageDraw, box: Box, colour: Colour) -> None:
    """A jigsaw piece: knobs on top and right, dents at the bottom and left."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    bx0, by0, bx1, by1 = x0 + 0.1 * s, y0 + 0.27 * s, x1 - 0.27 * s, y1 - 0.1 * s
    mx, my = (bx0 + bx1) / 2, (by0 + by1) / 2
    knob, dent = 0.15 * s, 0.12 * s
    outline = [
        (bx0, by0),
        *_arc_points(mx, by0 - 0.55 * knob, knob, 146.6, 393.4),
        (bx1, by0),
        *_arc_points(bx1 + 0.55 * knob, my, knob, -123.4, 123.4),
        (bx1, by1),
        *_arc_points(mx, by1 + 0.35 * dent, dent, -20.5, -159.5),
        (bx0, by1),
        *_arc_points(bx0 - 0.35 * dent, my, dent, 69.5, -69.5),
    ]
    draw.polygon(outline, fill=colour, outline=OUTLINE, width=max(1, round(s / 16)))


def _arc_points(
    cx: float, cy: float, radius: float, start: float, end: float, steps: int = 9
) -> list[tuple[float, float]]:
    """Points along a circle from angle ``start`` to ``end`` (degrees, clockwise on screen)."""
    angles = (math.radians(start + (end - start) * i / steps) for i in range(steps + 1))
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def key(draw: ImageDraw.ImageDraw, box: Box, colour: Colour) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    cy = (y0 + y1) / 2
    edge = max(1, round(s / 16))
    shaft = (x0 + 0.36 * s, cy - 0.07 * s, x1 - 0.04 * s, cy + 0.07 * s)
    teeth = [
        (x1 - 0.22 * s, cy, x1 - 0.13 * s, cy + 0.26 * s),
        (x1 - 0.38 * s, cy, x1 - 0.29 * s, cy + 0.2 * s),
    ]
    ring = (x0 + 0.02 * s, cy - 0.22 * s, x0 + 0.46 * s, cy + 0.22 * s)
    for by, fill in ((edge, OUTLINE), (0, colour)):
        for part in (shaft, *teeth):
            draw.rectangle(grow(part, by), fill=fill)
        draw.ellipse(grow(ring, by), fill=fill)
    hole = 0.08 * s
    hx = x0 + 0.2 * s
    draw.ellipse(
        (hx - hole, cy - hole, hx + hole, cy + hole),
        fill=WHITE,
        outline=OUTLINE,
        width=edge,
    )


def lock(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, opened: bool) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    edge = max(1, round(s / 16))
    metal = max(2, round(s * 0.09))
    body = (x0 + 0.14 * s, y0 + 0.46 * s, x1 - 0.14 * s, y1 - 0.04 * s)
    lift = 0.16 * s if opened else 0
    arc = (x0 + 0.27 * s, y0 + 0.1 * s - lift, x1 - 0.27 * s, y0 + 0.62 * s - lift)
    ax0, ay0, ax1, ay1 = arc
    mid = (ay0 + ay1) / 2
    shackle = SHACKLE
    draw.arc(arc, 180, 360, fill=shackle, width=metal)
    leg = metal / 2
    draw.line((ax1 - leg, mid, ax1 - leg, body[1] + 1), fill=shackle, width=metal)
    # An opened lock's shackle stands free on one side.
    left_end = mid + 0.08 * s if opened else body[1] + 1
    draw.line((ax0 + leg, mid, ax0 + leg, left_end), fill=shackle, width=metal)
    draw.rounded_rectangle(body, radius=s * 0.08, fill=colour, outline=OUTLINE, width=edge)
    cx, cy = (body[0] + body[2]) / 2, (body[1] + body[3]) / 2
    hole = 0.07 * s
    draw.ellipse((cx - hole, cy - hole * 1.6, cx + hole, cy + hole * 0.4), fill=OUTLINE)
    draw.polygon(
        [(cx - hole * 0.6, cy), (cx + hole * 0.6, cy), (cx, cy + hole * 2.2)], fill=OUTLINE
    )


def bomb(draw: ImageDraw.ImageDraw, box: Box, penalty: int | None) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    r = 0.34 * s
    cx, cy = x0 + 0.42 * s, y1 - r - 0.04 * s
    fuse_w = max(1, round(s / 14))
    draw.line(
        (cx + r * 0.55, cy - r * 0.8, x0 + 0.8 * s, y0 + 0.14 * s),
        fill=FUSE,
        width=fuse_w * 2,
    )
    draw.polygon(_star(x0 + 0.82 * s, y0 + 0.13 * s, 0.14 * s, 8), fill=FLAME)
    draw.rectangle((cx + r * 0.35, cy - r * 1.02, cx + r * 0.75, cy - r * 0.62), fill=BOMB)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BOMB)
    draw.ellipse((cx - r * 0.6, cy - r * 0.7, cx - r * 0.2, cy - r * 0.35), fill=SHACKLE)
    _number(draw, (cx, cy + r * 0.12), penalty, s * 0.32)


def rocket(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    edge = max(1, round(s / 18))

    def tilt(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        # Drawn upright around the centre, then turned to fly to the upper right.
        k = s * 1.15
        return _rotate([(c[0] + px * k, c[1] + py * k) for px, py in points], c, math.pi / 4)

    draw.polygon(tilt([(-0.1, 0.3), (0.1, 0.3), (0.0, 0.52)]), fill=FLAME)
    draw.polygon(
        tilt([(-0.13, 0.1), (-0.26, 0.34), (-0.1, 0.28)]),
        fill=ROCKET_RED,
        outline=OUTLINE,
        width=edge,
    )
    draw.polygon(
        tilt([(0.13, 0.1), (0.26, 0.34), (0.1, 0.28)]), fill=ROCKET_RED, outline=OUTLINE, width=edge
    )
    body = [(-0.13, 0.3), (0.13, 0.3), (0.13, -0.14), (0.0, -0.46), (-0.13, -0.14)]
    draw.polygon(tilt(body), fill=ROCKET, outline=OUTLINE, width=edge)
    draw.polygon(tilt([(-0.1, -0.2), (0.1, -0.2), (0.0, -0.43)]), fill=ROCKET_RED)
    wx, wy = tilt([(0.0, 0.02)])[0]
    r = 0.08 * s
    draw.ellipse((wx - r, wy - r, wx + r, wy + r), fill=WINDOW, outline=OUTLINE, width=edge)


def planet(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ring = _tilted_ellipse(cx, cy, 0.5 * s, 0.15 * s, -0.35)
    width = max(2, round(s / 12))
    draw.line([*ring, ring[0]], fill=PLANET_RING, width=width)
    r = 0.31 * s
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=PLANET, outline=OUTLINE, width=max(1, round(s / 20))
    )
    draw.chord((cx - r, cy - r, cx + r, cy + r), 200, 250, fill=PLANET_LIGHT)
    # The front half of the ring passes before the planet.
    front = ring[: len(ring) // 2 + 1]
    draw.line(front, fill=PLANET_RING, width=width)


def flag(draw: ImageDraw.ImageDraw, box: Box, value: int | None) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    pole = x0 + 0.2 * s
    width = max(2, round(s / 14))
    draw.line((pole, y0 + 0.04 * s, pole, y1 - 0.04 * s), fill=OUTLINE, width=width)
    draw.ellipse((pole - 0.12 * s, y1 - 0.1 * s, pole + 0.12 * s, y1 - 0.02 * s), fill=OUTLINE)
    pennant = [(pole, y0 + 0.06 * s), (x1 - 0.02 * s, y0 + 0.32 * s), (pole, y0 + 0.62 * s)]
    fill = MUTED if value == 0 else FLAG
    draw.polygon(pennant, fill=fill, outline=OUTLINE, width=max(1, round(s / 20)))
    if value is not None:
        _number(draw, (pole + 0.24 * s, y0 + 0.33 * s), value, s * 0.34)


def poop(draw: ImageDraw.ImageDraw, box: Box, points: int | None) -> None:
    x0, y0, x1, y1 = box
    s = x1 - x0
    edge = max(1, round(s / 20))
    tiers = [
        (x0 + 0.04 * s, y0 + 0.6 * s, x1 - 0.04 * s, y1 - 0.02 * s),
        (x0 + 0.16 * s, y0 + 0.38 * s, x1 - 0.16 * s, y0 + 0.72 * s),
        (x0 + 0.3 * s, y0 + 0.18 * s, x1 - 0.3 * s, y0 + 0.48 * s),
    ]
    draw.polygon(
        [
            (x0 + 0.42 * s, y0 + 0.24 * s),
            (x0 + 0.6 * s, y0 + 0.02 * s),
            (x0 + 0.62 * s, y0 + 0.3 * s),
        ],
        fill=POOP,
        outline=POOP_DARK,
    )
    for tier in tiers:
        draw.ellipse(tier, fill=POOP, outline=POOP_DARK, width=edge)
    # The swirl: a darker curl on each tier.
    for tx0, ty0, tx1, ty1 in tiers[1:]:
        draw.arc(
            (tx0 + s * 0.06, ty0 + s * 0.04, tx1 - s * 0.06, ty1 - s * 0.06),
            200,
            340,
            fill=POOP_DARK,
            width=edge,
        )
    _number(draw, ((x0 + x1) / 2, y0 + 0.8 * s), points, s * 0.3)


def printed_value(draw: ImageDraw.ImageDraw, box: Box, kind: str, value: int | None) -> None:
    """The number of a special again, where its symbol prints it (over a pen cross)."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    spots = {
        "gem": _gem_number_spot(box),
        "bomb": (x0 + 0.42 * s, y1 - 0.34 * s - 0.04 * s + 0.34 * s * 0.12),
        "flag": (x0 + 0.44 * s, y0 + 0.33 * s),
        "poop": ((x0 + x1) / 2, y0 + 0.8 * s),
    }
    if kind in spots:
        _number(draw, spots[kind], value, s * 0.36)


def grow(box: Box, by: float) -> Box:
    x0, y0, x1, y1 = box
    return (x0 - by, y0 - by, x1 + by, y1 + by)


def _star(cx: float, cy: float, radius: float, points: int) -> list[tuple[float, float]]:
    result = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = i * math.pi / points
        result.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return result


def _rotate(
    points: Iterable[tuple[float, float]], centre: tuple[float, float], angle: float
) -> list[tuple[float, float]]:
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


def _tilted_ellipse(
    cx: float, cy: float, rx: float, ry: float, angle: float, steps: int = 24
) -> list[tuple[float, float]]:
    """Points of an ellipse turned by ``angle``; the first half is its lower (front) side."""
    cos, sin = math.cos(angle), math.sin(angle)
    points = []
    for i in range(steps):
        a = math.pi * 2 * i / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append((cx + x * cos - y * sin, cy + x * sin + y * cos))
    return points
