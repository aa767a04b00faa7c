"""Dice Stars pictures: a player's score sheet, the table strip of a turn, the final scoreboard.

Everything is drawn from the engine's ``view`` dict. The sheet copies the printed one: the four
colour columns under a die of their colour, the rows 2-6 with their number drawn as a die face,
the green bonus fields and the multiplier stars right of each row's white fields, then the row's
subtotal and final, the penalty box, the grand total and, in solo games, the solo grid.

A final reads at a glance: green with "×2" when all the row's stars are crossed, red 0 with the
lost subtotal struck through when only some are.

Choices where the request was silent:
- Crossed multiplier stars are drawn from the left: the engine keeps only a count per row (the
  fields are interchangeable).
- Subtotal and final stay blank on a row with nothing written yet, as on a paper sheet.
- ``render_turn`` shows the sheet of the player to move; once the game is over (nobody to move)
  it shows seat 0's sheet.
- Every text reads on a phone (11 px tall once the picture is 360 px wide): the subtotal and
  final columns are headed by signs (Σ, =), and the scoreboard shows every sheet at full size,
  one under the other in the order of the places.
- The table strip shows every player's total and a mark per row (doubled, lost, plain, empty);
  the player to move is lit there and named on their sheet only.

The static part of a sheet (frame, heads, empty fields, labels) is cached per scale and
language; each call only writes the crosses and numbers onto a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.dice_stars import COLOURS, GREEN_FIELDS, MULTIPLIER_FIELDS, ROWS, SOLO_GRID_BOXES
from rendering.paletted import drawing_on
from rendering.toolkit import (
    BAD,
    DICE,
    GOOD,
    GRID,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    FixedPalette,
    canvas,
    card_in,
    centered_text,
    draw_cross,
    draw_die,
    fit_text,
    fixed_palette,
    font,
    kept_layer,
    name_lines,
    packed,
    printable,
    readable_size,
    seat_name,
    stacked_png,
    star_points,
    text_length,
    text_width,
    to_png,
    write,
)

Label = Callable[[str], str]  # picture labels: key -> text
Text = Callable[..., str]  # summaries: key, **args -> text
View = Mapping[str, Any]
Box = tuple[int, int, int, int]
Badge = tuple[str, tuple[int, ...]]  # text and colour of a status badge of the table strip

# --- The printed sheet, in pixels at scale 1 ------------------------------------------------------
MARGIN = 14
NAME_HEIGHT = 48  # the player's name on top
NAME_LINE = 34  # each further line of a long name, which pushes the sheet down
HEAD_HEIGHT = 44  # the dice of the colour columns
HEAD_DIE = 30
ROW_HEIGHT = 64  # room for "×2" above a doubled row's final
ROW_DIE = 34  # a row's number, drawn as a die face
LABEL_WIDTH = 48
WHITE_WIDTH = 48  # a white target field, with its padding
SLOT_WIDTH = 36  # a green bonus field or a multiplier star
SUBTOTAL_WIDTH = 54
FINAL_WIDTH = 62
GAP = 8  # between the groups of fields of a row
PAD = 3  # around a field inside its slot
FOOTER_HEIGHT = 64  # penalty box and grand total
SOLO_HEIGHT = 120  # the solo grid
SOLO_BOX = 34  # about 20 px on a phone: a cross in it reads
SOLO_BOX_GAP = 4
SOLO_COUNT_ROOM = 90  # right of the solo grid's label: how many boxes are crossed
SOLO_BOXES_PER_LINE = 12

# Green bonus fields and multiplier stars share the space right of the white fields.
SLOTS = max(GREEN_FIELDS[row] + MULTIPLIER_FIELDS[row] for row in ROWS)
WHITE_X = MARGIN + LABEL_WIDTH
SLOTS_X = WHITE_X + len(COLOURS) * WHITE_WIDTH + GAP
SUBTOTAL_X = SLOTS_X + SLOTS * SLOT_WIDTH + GAP
FINAL_X = SUBTOTAL_X + SUBTOTAL_WIDTH + 4
SHEET_WIDTH = FINAL_X + FINAL_WIDTH + MARGIN
NAME_Y = 6
HEAD_Y = NAME_Y + NAME_HEIGHT
ROWS_Y = HEAD_Y + HEAD_HEIGHT
FOOTER_Y = ROWS_Y + len(ROWS) * ROW_HEIGHT + 6
SOLO_Y = FOOTER_Y + FOOTER_HEIGHT
# Every text of a sheet, strip or scoreboard (all as wide as a sheet) reads on a phone.
MIN_FONT = readable_size(SHEET_WIDTH, bold=True)
# The heads of the subtotal and final columns: signs, as no word of the three languages fits.
SUBTOTAL_SIGN, FINAL_SIGN = "Σ", "="

WHITE_FIELD = (255, 255, 255)
GREEN_FIELD = (200, 234, 186)
GREEN_EDGE = (86, 150, 76)
STAR_FIELD = (255, 240, 176)
STAR_EDGE = (205, 150, 10)
STAR_CROSSED = (250, 196, 30)
ROW_LINE = (228, 221, 204)
DOUBLED = (214, 240, 214)
LOST = (250, 218, 214)
RANK_FIELD = (222, 216, 204)  # the place circle of everyone but the winner
DIE_EDGE = (30, 30, 36)
# --------------------------------------------------------------------------------------------------

# --- The table strip, in pixels -------------------------------------------------------------------
STRIP_TOP = 10
STRIP_TRAY_HEIGHT = 66
COUNTS_LINE = 42  # the bag's line, then the discard's
RESERVE_DIE = 42
RESERVE_GAP = 6
RESERVE_GROUP_GAP = 16  # between dice of different colours
COUNT_DIE = 24
COUNT_STEP = 64  # from one colour's small die to the next
BADGE_GAP = 8
BADGE_LINE = 46  # a line of badges (last round, refill, nothing fits)
STANDING_HEIGHT = 64  # one player's chip in the standings: name, total, row states
STANDING_GAP = 8
ROW_MARK = 16  # a row's state in a standings chip
STANDING_TOTAL_ROOM = 94  # right of a chip's name: a total of three digits
STANDING_NAME_LINE = 30  # each further line of a long name, which makes its chip taller
STRIP_COUNTS_Y = STRIP_TOP + STRIP_TRAY_HEIGHT + 6  # the bag's line, on a strip without badges
FELT = (216, 230, 208)
FELT_EDGE = (160, 186, 150)
LAST_ROUND = (214, 96, 20)
REFILL = (40, 110, 200)
STACK_GAP = 8  # transparent space between stacked cards
# --------------------------------------------------------------------------------------------------

# --- The scoreboard -------------------------------------------------------------------------------
RANK_LINE = 50
RANK_NAME_LINE = 34  # each further line of a long name, which makes its place's line taller
RANK_RADIUS = 20  # the place's circle
RANK_TITLE = 56
SOLO_LOSSES = ("solo_loss", "solo_grid_full")
# --------------------------------------------------------------------------------------------------

# Every kind of symbol the sheet, the table strip and the scoreboard draw; the rules card's
# legend (rendering/legend.py) names each one. A new symbol on a picture gets a kind here.
SYMBOL_KINDS = (
    "dice", "star-face", "white-field", "green-field", "cross", "multiplier",
    "multiplier-crossed", "doubled", "lost", "penalty", "solo-box", "refill", "nothing-fits",
    "last-round", "row-marks",
)  # fmt: skip
SHEET_LABELS = (
    "ds-img-penalty",
    "ds-img-total",
    "ds-img-solo",
    "ds-img-points",
)
TABLE_LABELS = (
    "ds-img-game-over",
    "ds-img-reserve-empty",
    "ds-img-bag",
    "ds-img-discard",
    "ds-img-refill-due",
    "ds-img-last-round",
    "ds-img-nothing-fits",
)
BOARD_LABELS = (
    "ds-img-ranking",
    "ds-img-solo-result",
    "ds-img-shared",
    "ds-img-solo",
    "ds-img-solo-win",
    "ds-img-solo-tie",
    "ds-img-solo-loss",
    "ds-img-solo-grid-full",
)
SUMMARY_KEYS = (  # and the texts with arguments
    "ds-img-solo-best",
    "ds-img-solo-new-best",
    "ds-img-summary-sheet",
    "ds-img-summary-row",
    "ds-img-summary-penalty",
    "ds-img-summary-solo",
)
LABEL_KEYS = tuple(dict.fromkeys(SHEET_LABELS + TABLE_LABELS + BOARD_LABELS + SUMMARY_KEYS))


# --- Geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetLayout:
    """Where everything sits on a sheet drawn at ``scale`` (solo sheets are taller).

    Every picture draws its sheets at scale 1; the scale stays for tests of the geometry.
    """

    scale: float = 1.0
    solo: bool = False
    name_lines: int = 1  # a long name wraps, and everything under it moves down

    @property
    def drop(self) -> int:
        """How far a long name's further lines push the heads, rows and footer down."""
        return (self.name_lines - 1) * NAME_LINE

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def y(self, value: float) -> int:
        """A height of the printed sheet under the name, in pixels."""
        return self.px(value + self.drop)

    def size(self, points: float) -> int:
        """A font size at this scale, never unreadably small."""
        return max(MIN_FONT, round(points * self.scale))

    @property
    def width(self) -> int:
        return self.px(SHEET_WIDTH)

    @property
    def height(self) -> int:
        return self.y(SOLO_Y + (SOLO_HEIGHT if self.solo else 0) + 6)

    def box(self, x: float, y: float, w: float, h: float, pad: float = 0) -> Box:
        """A box of the printed sheet under the name."""
        y += self.drop
        return (self.px(x + pad), self.px(y + pad), self.px(x + w - pad), self.px(y + h - pad))

    def row_y(self, r: int) -> int:
        return ROWS_Y + r * ROW_HEIGHT

    def name_box(self) -> Box:
        bottom = NAME_Y + NAME_HEIGHT + self.drop
        return (self.px(MARGIN), self.px(NAME_Y), self.px(SHEET_WIDTH - MARGIN), self.px(bottom))

    def head_box(self, c: int) -> Box:
        return self.box(WHITE_X + c * WHITE_WIDTH, HEAD_Y, WHITE_WIDTH, HEAD_HEIGHT)

    def label_box(self, r: int) -> Box:
        return self.box(MARGIN, self.row_y(r), LABEL_WIDTH, ROW_HEIGHT)

    def white_box(self, r: int, c: int) -> Box:
        """The white field of row index ``r`` under colour column ``c``."""
        return self.box(WHITE_X + c * WHITE_WIDTH, self.row_y(r), WHITE_WIDTH, ROW_HEIGHT, PAD)

    def slot_box(self, r: int, s: int) -> Box:
        """Slot ``s`` right of the white fields: the green fields first, then the stars."""
        return self.box(SLOTS_X + s * SLOT_WIDTH, self.row_y(r), SLOT_WIDTH, ROW_HEIGHT, PAD)

    def green_box(self, r: int, g: int) -> Box:
        """A green field is square, as printed, centred in its slot."""
        x0, y0, x1, y1 = self.slot_box(r, g)
        inset = ((y1 - y0) - (x1 - x0)) // 2
        return (x0, y0 + inset, x1, y1 - inset)

    def multiplier_box(self, r: int, m: int) -> Box:
        return self.slot_box(r, GREEN_FIELDS[ROWS[r]] + m)

    def subtotal_box(self, r: int) -> Box:
        return self.box(SUBTOTAL_X, self.row_y(r), SUBTOTAL_WIDTH, ROW_HEIGHT, PAD)

    def final_box(self, r: int) -> Box:
        return self.box(FINAL_X, self.row_y(r), FINAL_WIDTH, ROW_HEIGHT, PAD)

    def penalty_box(self) -> Box:
        return self.box(WHITE_X + 2 * WHITE_WIDTH, FOOTER_Y, 2 * WHITE_WIDTH, FOOTER_HEIGHT, 8)

    def total_box(self) -> Box:
        width = FINAL_X + FINAL_WIDTH - SUBTOTAL_X
        return self.box(SUBTOTAL_X, FOOTER_Y, width, FOOTER_HEIGHT, 6)

    def solo_box(self, i: int) -> Box:
        line, column = divmod(i, SOLO_BOXES_PER_LINE)
        step = SOLO_BOX + SOLO_BOX_GAP
        x = MARGIN + column * step
        y = SOLO_Y + 38 + line * step
        return self.box(x, y, SOLO_BOX, SOLO_BOX)

    def solo_points_box(self) -> Box:
        width = FINAL_X + FINAL_WIDTH - SUBTOTAL_X
        return self.box(SUBTOTAL_X, SOLO_Y + 6, width, SOLO_HEIGHT - 12)


def sheet_layout(view: View, scale: float = 1.0, name_lines: int = 1) -> SheetLayout:
    return SheetLayout(scale, view.get("solo") is not None, name_lines)


# --- PNG ------------------------------------------------------------------------------------------


@cache
def _palette() -> FixedPalette:
    """Every colour of the sheet, the table strip and the scoreboard, and their text edges."""
    dice = [colour for pair in DICE.values() for colour in pair]
    flats = [PAPER, GRID, HIGHLIGHT, WHITE_FIELD, GREEN_FIELD, GREEN_EDGE, STAR_FIELD, STAR_EDGE]
    flats += [STAR_CROSSED, ROW_LINE, FELT, FELT_EDGE, DIE_EDGE, *dice]
    inks = [INK, MUTED, WHITE_FIELD, GOOD, BAD]
    surfaces = [PAPER, WHITE_FIELD, GREEN_FIELD, HIGHLIGHT, RANK_FIELD, FELT, DOUBLED, LOST]
    surfaces += [LAST_ROUND, REFILL, BAD, GOOD, MUTED]
    return fixed_palette(flats, [(inks, surfaces)])


# --- Text helpers ---------------------------------------------------------------------------------


def _texts(t: Label, keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t(key) for key in keys)


def _left_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "lm",
) -> int:
    """Draw text anchored at ``xy``; return its width."""
    write(draw, xy, text, font=font(size, bold), fill=fill, anchor=anchor)
    return text_width(draw, text, size, bold)


def _blank_die(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], size: float, colour: str
) -> None:
    x, y = xy
    body = DICE[colour][0]
    width = max(1, round(size / 16))
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size * 0.2, fill=body, outline=DIE_EDGE, width=width
    )


def _pill_width(draw: ImageDraw.ImageDraw, text: str) -> int:
    return text_width(draw, text, MIN_FONT, bold=True) + 24


def _pill(
    draw: ImageDraw.ImageDraw, right: float, cy: float, text: str, fill: tuple[int, ...]
) -> float:
    """A badge ending at ``right``; returns its left edge."""
    text = fit_text(text, SHEET_WIDTH - 2 * MARGIN - 24, MIN_FONT, bold=True)
    left = max(MARGIN, right - _pill_width(draw, text))
    box = (left, cy - 19, right, cy + 19)
    draw.rounded_rectangle(box, radius=19, fill=fill)
    centered_text(draw, box, text, MIN_FONT, (255, 255, 255), bold=True)
    return left


# --- The sheet ------------------------------------------------------------------------------------


@kept_layer(maxsize=12)
def _sheet_background(layout: SheetLayout, labels: tuple[str, ...]) -> Image.Image:
    image, draw = canvas(layout.width, layout.height, radius=layout.px(18))
    text = dict(zip(SHEET_LABELS, labels, strict=True))
    _draw_heads(draw, layout, text)
    for r, row in enumerate(ROWS):
        _draw_empty_row(draw, layout, r, row)
    _draw_footer(draw, layout, text)
    if layout.solo:
        _draw_solo_section(draw, layout, text)
    return packed(image, _palette())


def _draw_heads(draw: ImageDraw.ImageDraw, layout: SheetLayout, text: dict[str, str]) -> None:
    px = layout.px
    for c, colour in enumerate(COLOURS):
        x0, y0, x1, y1 = layout.head_box(c)
        die = px(HEAD_DIE)
        _blank_die(draw, ((x0 + x1 - die) / 2, (y0 + y1 - die) / 2), die, colour)
    y0, y1 = layout.y(HEAD_Y), layout.y(HEAD_Y + HEAD_HEIGHT)
    for sign, x, width in (
        (SUBTOTAL_SIGN, SUBTOTAL_X, SUBTOTAL_WIDTH),
        (FINAL_SIGN, FINAL_X, FINAL_WIDTH),
    ):
        centered_text(draw, (px(x), y0, px(x + width), y1), sign, layout.size(28), MUTED, True)


def _draw_empty_row(draw: ImageDraw.ImageDraw, layout: SheetLayout, r: int, row: int) -> None:
    px = layout.px
    line_y = layout.y(layout.row_y(r))
    draw.line((px(MARGIN), line_y, layout.width - px(MARGIN), line_y), fill=ROW_LINE, width=1)
    x0, y0, x1, y1 = layout.label_box(r)
    die = px(ROW_DIE)
    draw_die(draw, ((x0 + x1 - die) / 2, (y0 + y1 - die) / 2), die, row, "white")
    radius, edge = px(6), max(1, px(2))
    for c, colour in enumerate(COLOURS):
        outline = DICE[colour][0]
        draw.rounded_rectangle(
            layout.white_box(r, c), radius=radius, fill=WHITE_FIELD, outline=outline, width=edge
        )
    for g in range(GREEN_FIELDS[row]):
        draw.rounded_rectangle(
            layout.green_box(r, g), radius=radius, fill=GREEN_FIELD, outline=GREEN_EDGE, width=edge
        )
    for m in range(MULTIPLIER_FIELDS[row]):
        _draw_star(draw, layout, layout.multiplier_box(r, m), STAR_FIELD)
    draw.rounded_rectangle(layout.subtotal_box(r), radius=radius, outline=GRID, width=edge)
    draw.rounded_rectangle(layout.final_box(r), radius=radius, outline=INK, width=edge)


def _draw_star(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, box: Box, fill: tuple[int, ...]
) -> None:
    x0, y0, x1, y1 = box
    radius = min(x1 - x0, y1 - y0) * 0.52
    points = star_points((x0 + x1) / 2, (y0 + y1) / 2 + radius * 0.08, radius)
    draw.polygon(points, fill=fill, outline=STAR_EDGE, width=max(1, layout.px(2)))


def _draw_footer(draw: ImageDraw.ImageDraw, layout: SheetLayout, text: dict[str, str]) -> None:
    px, size = layout.px, layout.size(15)
    edge = max(1, px(2))
    for key, box, outline, width in (
        ("ds-img-penalty", layout.penalty_box(), BAD, max(1, px(2))),
        ("ds-img-total", layout.total_box(), INK, max(2, px(3))),
    ):
        x0, y0, _, y1 = box
        label = fit_text(text[key], x0 - px(MARGIN) - px(8), size, bold=True)
        write(
            draw, (x0 - px(8), (y0 + y1) / 2), label, font=font(size, True), fill=INK, anchor="rm"
        )
        draw.rounded_rectangle(box, radius=px(8), fill=WHITE_FIELD, outline=outline, width=width)
    top = layout.y(FOOTER_Y - 3)
    draw.line((px(MARGIN), top, layout.width - px(MARGIN), top), fill=GRID, width=edge)


def _draw_solo_section(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, text: dict[str, str]
) -> None:
    px = layout.px
    top = layout.y(SOLO_Y)
    draw.line((px(MARGIN), top, layout.width - px(MARGIN), top), fill=GRID, width=1)
    size = layout.size(14)
    # The label above the boxes: beside them, no language's word would fit.
    room = layout.solo_box(SOLO_BOXES_PER_LINE - 1)[2] - px(MARGIN + SOLO_COUNT_ROOM)
    label = fit_text(text["ds-img-solo"], room, size, bold=True)
    cy = layout.y(SOLO_Y + 20)
    write(draw, (px(MARGIN), cy), label, font=font(size, True), fill=INK, anchor="lm")
    for i in range(SOLO_GRID_BOXES):
        draw.rectangle(layout.solo_box(i), fill=WHITE_FIELD, outline=MUTED, width=1)
    box = layout.solo_points_box()
    draw.rounded_rectangle(box, radius=px(8), fill=WHITE_FIELD, outline=INK, width=max(1, px(2)))
    bx0, by0, bx1, by1 = box
    points = fit_text(text["ds-img-points"], bx1 - bx0 - px(6), layout.size(11))
    middle = (by0 + by1) // 2
    centered_text(draw, (bx0, by0 + px(2), bx1, middle), points, layout.size(11), MUTED)


def _draw_sheet(
    view: View, seat: int, name: str, t: Label, scale: float = 1.0, place: int | None = None
) -> Image.Image:
    lines, size = _sheet_name(sheet_layout(view, scale), name, place)
    layout = sheet_layout(view, scale, len(lines))
    sheet = view["sheets"][seat]
    image, draw = drawing_on(_sheet_background(layout, _texts(t, SHEET_LABELS)), _palette())
    _draw_name(draw, layout, lines, size, place)
    for r, row in enumerate(sheet["rows"]):
        _draw_row(draw, layout, r, row)
    _draw_totals(draw, layout, sheet)
    if layout.solo:
        _draw_solo_marks(draw, layout, view["solo"])
    return image


def _sheet_name(layout: SheetLayout, name: str, place: int | None) -> tuple[list[str], int]:
    """The name on top of the sheet, right of its place: as large as fits, else wrapped at the
    smallest size a phone reads (never cut)."""
    x0, _, x1, _ = layout.name_box()
    if place is not None:
        x0 += 2 * layout.px(20) + layout.px(8)
    return name_lines(printable(name), x1 - x0, layout.size(30), MIN_FONT, bold=True)


def _draw_name(
    draw: ImageDraw.ImageDraw,
    layout: SheetLayout,
    lines: Sequence[str],
    size: int,
    place: int | None,
) -> None:
    """The place (on the scoreboard) and the name, both centred on the name's lines."""
    x0, y0, _, y1 = layout.name_box()
    cy = (y0 + y1) / 2
    if place is not None:
        radius = layout.px(20)
        fill = HIGHLIGHT if place == 1 else RANK_FIELD
        draw.ellipse((x0, cy - radius, x0 + 2 * radius, cy + radius), fill=fill, outline=INK)
        centered_text(
            draw,
            (x0, cy - radius, x0 + 2 * radius, cy + radius),
            str(place),
            layout.size(15),
            INK,
            bold=True,
        )
        x0 += 2 * radius + layout.px(8)
    for n, line in enumerate(lines):
        at = (x0, cy + (n - (len(lines) - 1) / 2) * layout.px(NAME_LINE))
        write(draw, at, line, font=font(size, True), fill=INK, anchor="lm")


def _write(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, box: Box, cell: Mapping[str, Any], size: int
) -> None:
    """A field's content: a cross, or the number written in it."""
    if cell["cross"]:
        draw_cross(draw, box, INK, width=max(2, layout.px(3)))
    elif cell["number"] is not None:
        centered_text(draw, box, str(cell["number"]), layout.size(size), INK, bold=True)


def _draw_row(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, r: int, row: Mapping[str, Any]
) -> None:
    for c, colour in enumerate(COLOURS):
        _write(draw, layout, layout.white_box(r, c), row["white"][colour], 28)
    for g, cell in enumerate(row["green"]):
        _write(draw, layout, layout.green_box(r, g), cell, 18)
    for m in range(row["multipliers_crossed"]):
        box = layout.multiplier_box(r, m)
        _draw_star(draw, layout, box, STAR_CROSSED)
        draw_cross(draw, _shrink(box, layout.px(3)), INK, width=max(2, layout.px(3)))
    if _row_written(row):
        _draw_row_score(draw, layout, r, row)


def _shrink(box: Box, by: int) -> Box:
    x0, y0, x1, y1 = box
    return (x0 + by, y0 + by, x1 - by, y1 - by)


def row_state(row: Mapping[str, Any]) -> str:
    """``plain`` (no star crossed), ``double`` (all crossed) or ``zero`` (some crossed)."""
    crossed = row["multipliers_crossed"]
    if crossed == 0:
        return "plain"
    return "double" if crossed == row["multiplier_fields"] else "zero"


def _row_written(row: Mapping[str, Any]) -> bool:
    cells = [*row["white"].values(), *row["green"]]
    return row["multipliers_crossed"] > 0 or any(
        c["cross"] or c["number"] is not None for c in cells
    )


def _draw_row_score(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, r: int, row: Mapping[str, Any]
) -> None:
    px = layout.px
    centered_text(draw, layout.subtotal_box(r), str(row["subtotal"]), layout.size(18), INK)
    box = layout.final_box(r)
    state = row_state(row)
    if state == "plain":
        centered_text(draw, box, str(row["final"]), layout.size(20), INK, bold=True)
        return
    x0, y0, x1, y1 = box
    colour, fill = (GOOD, DOUBLED) if state == "double" else (BAD, LOST)
    draw.rounded_rectangle(box, radius=px(6), fill=fill, outline=colour, width=max(2, px(3)))
    middle = (y0 + y1) // 2
    top = (x0, y0 + px(2), x1, middle + px(2))
    bottom = (x0, middle, x1, y1)
    if state == "double":
        centered_text(draw, top, "×2", layout.size(12), GOOD, bold=True)
    else:
        _struck_text(draw, layout, top, str(row["subtotal"]))
    centered_text(draw, bottom, str(row["final"]), layout.size(20), colour, bold=True)


def _struck_text(draw: ImageDraw.ImageDraw, layout: SheetLayout, box: Box, text: str) -> None:
    """The subtotal a partly crossed row loses, struck through in red."""
    size = layout.size(12)
    centered_text(draw, box, text, size, BAD, bold=True)
    half = text_width(draw, text, size, bold=True) / 2 + layout.px(3)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.line((cx - half, cy, cx + half, cy), fill=BAD, width=max(1, layout.px(2)))


def _draw_totals(draw: ImageDraw.ImageDraw, layout: SheetLayout, sheet: Mapping[str, Any]) -> None:
    penalty = sheet["penalty"]
    if penalty is not None:
        shown = f"−{penalty}" if penalty else "0"
        centered_text(draw, layout.penalty_box(), shown, layout.size(22), BAD, bold=True)
    centered_text(draw, layout.total_box(), str(sheet["total"]), layout.size(28), INK, bold=True)


def _draw_solo_marks(
    draw: ImageDraw.ImageDraw, layout: SheetLayout, solo: Mapping[str, Any]
) -> None:
    crossed = min(solo["crossed"], SOLO_GRID_BOXES)
    for i in range(crossed):
        box = layout.solo_box(i)
        draw.rectangle(box, fill=LOST, outline=BAD, width=max(1, layout.px(2)))
        draw_cross(draw, _shrink(box, -layout.px(2)), BAD, width=max(2, layout.px(4)))
    # How full the grid is, at the right end of its label's line: the game is lost at 24.
    count = f"{crossed}/{SOLO_GRID_BOXES}"
    right = layout.solo_box(SOLO_BOXES_PER_LINE - 1)[2]
    cy = layout.y(SOLO_Y + 20)
    write(
        draw,
        (right, cy),
        count,
        font=font(MIN_FONT, True),
        fill=BAD if crossed else MUTED,
        anchor="rm",
    )
    x0, y0, x1, y1 = layout.solo_points_box()
    middle = (y0 + y1) // 2
    centered_text(draw, (x0, middle, x1, y1), str(solo["points"]), layout.size(28), INK, True)


def render_sheet(view: View, seat: int, name: str, t: Label) -> bytes:
    """One player's score sheet as PNG bytes."""
    return to_png(_draw_sheet(view, seat, name, t), _palette())


# --- The table strip ------------------------------------------------------------------------------


def _sorted_reserve(view: View) -> list[tuple[str, int]]:
    """The reserve by colour column (left to right as on the sheet), stars first in a colour."""
    dice = [(die["colour"], die["face"]) for die in view["reserve"]]
    return sorted(dice, key=lambda die: (COLOURS.index(die[0]), die[1]))


def _nothing_fits(view: View) -> bool:
    choices = view.get("choices") or []
    return bool(choices) and not any(choice["fits"] for choice in choices)


def _refill_now(view: View) -> bool:
    """The player to move starts by refilling the bag (the flag alone may concern the next turn:
    it is also set while the bag empties, for the player after)."""
    return view["phase"] == "refill"


def _badges(view: View, text: dict[str, str]) -> list[Badge]:
    """What the player to move must know at once: last round, refill due, nothing fits."""
    badges = []
    if view["current"] is not None and view["end_triggered"]:
        badges.append((text["ds-img-last-round"], LAST_ROUND))
    if _refill_now(view):
        badges.append((text["ds-img-refill-due"], REFILL))
    if _nothing_fits(view):
        badges.append((text["ds-img-nothing-fits"], BAD))
    return badges


def _badge_lines(draw: ImageDraw.ImageDraw, badges: list[Badge]) -> list[list[Badge]]:
    """The badges left to right, on as many lines as they need."""
    lines: list[list[Badge]] = []
    room, used = SHEET_WIDTH - 2 * MARGIN, 0
    for badge in badges:
        width = _pill_width(draw, badge[0])
        if not lines or used + BADGE_GAP + width > room:
            lines.append([])
            used = -BADGE_GAP
        lines[-1].append(badge)
        used += BADGE_GAP + width
    return lines


def _standings_lines(view: View) -> int:
    seats = len(view["sheets"])
    return 0 if view.get("solo") is not None else -(-seats // 2)


def _standing_columns(view: View, names: Sequence[str]) -> int:
    """Two chips a line, or one where a name would not fit whole in half the width."""
    seats = len(view["sheets"])
    if seats < 2:
        return 1
    room = _standing_box(0, seats, 0, 2)
    room_w = room[2] - room[0] - STANDING_TOTAL_ROOM
    face = font(MIN_FONT, True)
    fits = all(
        text_length(face, printable(seat_name(names, seat))) <= room_w for seat in range(seats)
    )
    return 2 if fits else 1


def _draw_table(view: View, t: Label, names: Sequence[str]) -> Image.Image:
    """Badges (or "game over"), the reserve, bag and discard, and every player's standing.

    The name of the player to move is not written here: their chip in the standings is lit,
    and the sheet under the strip carries the name.
    """
    width = SheetLayout().width
    text = dict(zip(TABLE_LABELS, _texts(t, TABLE_LABELS), strict=True))
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    lines = _badge_lines(measure, _badges(view, text))
    over = view["current"] is None
    head = BADGE_LINE * (len(lines) + over)
    standings = _standings_lines(view)
    seats = 0 if not standings else len(view["sheets"])
    columns = _standing_columns(view, names)
    chip_names = [_standing_name(view, names, seat, columns) for seat in range(seats)]
    grown = tuple(len(chip) - 1 for chip in chip_names)
    image, draw = drawing_on(_strip_base(head, seats, columns, grown), _palette())
    y = STRIP_TOP
    if over:
        label = fit_text(text["ds-img-game-over"], width - 2 * MARGIN, 30, bold=True)
        _left_text(draw, (MARGIN, y + BADGE_LINE / 2), label, 30, bold=True)
        y += BADGE_LINE
    for line in lines:
        left = MARGIN
        for label, colour in line:
            right = left + _pill_width(draw, label)
            _pill(draw, right, y + BADGE_LINE / 2, label, colour)
            left = right + BADGE_GAP
        y += BADGE_LINE
    _draw_tray(draw, view, text, width, y)
    y += STRIP_COUNTS_Y - STRIP_TOP
    for label, total, by_colour in (
        (text["ds-img-bag"], view["bag"], view["bag_by_colour"]),
        (text["ds-img-discard"], view["discard"], view["discard_by_colour"]),
    ):
        _draw_counts(draw, (MARGIN, width - MARGIN), y, label, total, by_colour)
        y += COUNTS_LINE
    if standings:
        _draw_standings(draw, view, chip_names, y, columns, grown)
    return image


@kept_layer(maxsize=16)
def _strip_base(
    head: int, seats: int, columns: int = 2, grown: tuple[int, ...] = ()
) -> Image.Image:
    """What every strip of that shape shares: the card, the felt tray, the dice of the bag and
    discard lines, and the players' chips unlit (``head``: the badges' lines above the tray;
    ``grown``: each chip's further lines of a long name)."""
    width = SHEET_WIDTH
    lines = -(-seats // columns)
    height = STRIP_TOP + head + STRIP_COUNTS_Y - STRIP_TOP + 2 * COUNTS_LINE
    height += lines * (STANDING_HEIGHT + STANDING_GAP) + 6
    height += sum(_line_growth(grown, columns, line) for line in range(lines))
    image, draw = canvas(width, height)
    top = STRIP_TOP + head
    tray = (MARGIN, top, width - MARGIN, top + STRIP_TRAY_HEIGHT)
    draw.rounded_rectangle(tray, radius=12, fill=FELT, outline=FELT_EDGE, width=2)
    y = top + STRIP_COUNTS_Y - STRIP_TOP
    for _ in range(2):
        x, cy = width - MARGIN - len(COLOURS) * COUNT_STEP + 4, y + COUNTS_LINE / 2
        for colour in COLOURS:
            _blank_die(draw, (x, cy - COUNT_DIE / 2), COUNT_DIE, colour)
            x += COUNT_STEP
        y += COUNTS_LINE
    for seat in range(seats):
        box = _standing_box(seat, seats, y, columns, grown)
        draw.rounded_rectangle(box, radius=10, fill=WHITE_FIELD, outline=GRID, width=1)
    return packed(image, _palette())


def _line_growth(grown: Sequence[int], columns: int, line: int) -> int:
    """How much taller a line of chips is for the long names in it."""
    return STANDING_NAME_LINE * max(grown[line * columns : (line + 1) * columns], default=0)


def _standing_box(
    seat: int, seats: int, top: int, columns: int = 2, grown: Sequence[int] = ()
) -> Box:
    room = SHEET_WIDTH - 2 * MARGIN
    chip_w = (room - STANDING_GAP) / 2 if seats > 1 and columns == 2 else room
    columns = columns if seats > 1 else 1
    line, column = divmod(seat, columns)
    x0 = MARGIN + column * (chip_w + STANDING_GAP)
    y0 = top + line * (STANDING_HEIGHT + STANDING_GAP)
    y0 += sum(_line_growth(grown, columns, above) for above in range(line))
    height = STANDING_HEIGHT + _line_growth(grown, columns, line)
    return (round(x0), y0, round(x0 + chip_w), y0 + height)


def _draw_tray(
    draw: ImageDraw.ImageDraw, view: View, text: dict[str, str], width: int, top: int
) -> None:
    """The reserve on the felt (drawn with the strip's kept base)."""
    x0, y0 = MARGIN, top
    x1, y1 = width - MARGIN, top + STRIP_TRAY_HEIGHT
    dice = _sorted_reserve(view)
    area = (x0 + 12, y0 + 8, x1 - 12, y1 - 8)
    if not dice:
        label = fit_text(text["ds-img-reserve-empty"], x1 - x0 - 24, MIN_FONT)
        centered_text(draw, area, label, MIN_FONT, MUTED)
        return
    _draw_reserve_dice(draw, dice, area)


def _draw_reserve_dice(draw: ImageDraw.ImageDraw, dice: list[tuple[str, int]], area: Box) -> None:
    """The dice in one line, colour by colour; they shrink when many lie in the reserve."""
    x0, y0, x1, y1 = area
    groups = len({colour for colour, _ in dice})
    gaps = (len(dice) - groups) * RESERVE_GAP + (groups - 1) * RESERVE_GROUP_GAP
    size = min(RESERVE_DIE, (x1 - x0 - gaps) / len(dice), y1 - y0)
    used = len(dice) * size + gaps
    x, y = x0 + (x1 - x0 - used) / 2, y0 + (y1 - y0 - size) / 2
    previous = None
    for colour, face in dice:
        if previous is not None:
            x += RESERVE_GAP if colour == previous else RESERVE_GROUP_GAP
        draw_die(draw, (x, y), size, face, colour)
        x += size
        previous = colour


def _draw_counts(
    draw: ImageDraw.ImageDraw,
    span: tuple[int, int],
    top: int,
    label: str,
    total: int,
    by_colour: Mapping[str, int],
) -> None:
    """``Bag 9`` and the dice in it per colour (small dice with their counts)."""
    x0, x1 = span
    cy = top + COUNTS_LINE / 2
    icons = len(COLOURS) * COUNT_STEP
    number = text_width(draw, str(total), MIN_FONT, bold=True)
    label = fit_text(label, x1 - x0 - icons - number - 16, MIN_FONT)
    x = x0 + _left_text(draw, (x0, cy), label, MIN_FONT, MUTED) + 10
    _left_text(draw, (x, cy), str(total), MIN_FONT, bold=True)
    x = x1 - icons + 4
    for colour in COLOURS:  # their dice are on the strip's kept base
        count = by_colour.get(colour, 0)
        shown = INK if count else MUTED
        _left_text(draw, (x + COUNT_DIE + 6, cy), f"{count}", MIN_FONT, shown, bold=bool(count))
        x += COUNT_STEP


ROW_STATE_COLOURS = {  # a row's mark in the standings: fill and edge
    "empty": (PAPER, GRID),
    "plain": (WHITE_FIELD, INK),
    "double": (GOOD, GOOD),
    "zero": (BAD, BAD),
}


def _standing_name(view: View, names: Sequence[str], seat: int, columns: int) -> list[str]:
    """A chip's name beside its total, whole: a long one wraps, its further lines running under
    the total (the chip grows)."""
    seats = len(view["sheets"])
    x0, _, x1, _ = _standing_box(seat, seats, 0, columns)
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    total_w = text_width(measure, str(view["sheets"][seat]["total"]), 30, bold=True)
    room = int(x1 - x0 - max(total_w + 30, STANDING_TOTAL_ROOM))
    name = printable(seat_name(names, seat))
    return name_lines(name, room, MIN_FONT, MIN_FONT, True, x1 - x0 - 20)[0]


def _draw_standings(
    draw: ImageDraw.ImageDraw,
    view: View,
    chip_names: Sequence[Sequence[str]],
    top: int,
    columns: int,
    grown: Sequence[int] = (),
) -> None:
    """Every player's chip, ``columns`` a line: name, total, a mark per row (doubled, lost...).

    The chips lie unlit on the strip's kept base; the player to move is lit here.
    """
    seats = len(view["sheets"])
    for seat, sheet in enumerate(view["sheets"]):
        box = _standing_box(seat, seats, top, columns, grown)
        y0 = box[1]
        if seat == view["current"]:
            draw.rounded_rectangle(box, radius=10, fill=HIGHLIGHT, outline=INK, width=2)
        cy = y0 + 21
        total = str(sheet["total"])
        _left_text(draw, (box[2] - 10, cy), total, 30, INK, True, anchor="rm")
        for n, line in enumerate(chip_names[seat]):
            _left_text(draw, (box[0] + 10, cy + n * STANDING_NAME_LINE), line, MIN_FONT, INK, True)
        x = box[0] + 10
        marks = y0 + 42 + (len(chip_names[seat]) - 1) * STANDING_NAME_LINE
        for row in sheet["rows"]:
            state = row_state(row) if _row_written(row) else "empty"
            fill, edge = ROW_STATE_COLOURS[state]
            mark = (x, marks, x + ROW_MARK * 1.6, marks + ROW_MARK)
            draw.rectangle(mark, fill=fill, outline=edge, width=2)  # square: no corners to draw
            x += ROW_MARK * 1.6 + 5


def render_table(view: View, t: Label, names: Sequence[str]) -> bytes:
    """The table strip of a turn: whose turn, the reserve, bag and discard."""
    return to_png(_draw_table(view, t, names), _palette())


def _turn_seat(view: View) -> int:
    return view["current"] if view["current"] is not None else 0


def render_turn(view: View, names: Sequence[str], t: Label) -> bytes:
    """The table strip above the sheet of the player to move (each turn message's picture)."""
    seat = _turn_seat(view)
    sheet = _draw_sheet(view, seat, seat_name(names, seat), t)
    return stacked_png([_draw_table(view, t, names), sheet], STACK_GAP, _palette())


# --- The scoreboard -------------------------------------------------------------------------------


def _places(view: View) -> list[int]:
    result = view.get("result")
    if result:
        return list(result["ranking"])
    totals = [sheet["total"] for sheet in view["sheets"]]
    return [1 + sum(other > mine for other in totals) for mine in totals]


def _solo_outcome(view: View) -> str:
    result = view.get("result")
    if result:
        return result["outcome"]
    mine, theirs = view["sheets"][0]["total"], view["solo"]["points"]
    return "solo_win" if mine > theirs else "solo_tie" if mine == theirs else "solo_loss"


def _ranking_lines(view: View, names: Sequence[str]) -> list[tuple[int | None, str, int]]:
    """(place, name, points) from first to last. Solo lines have no place (the outcome badge
    says who won); the solo opponent's name is empty."""
    if view.get("solo") is not None:
        player = (None, seat_name(names, 0), view["sheets"][0]["total"])
        opponent = (None, "", view["solo"]["points"])
        return [opponent, player] if _solo_outcome(view) in SOLO_LOSSES else [player, opponent]
    places = _places(view)
    order = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
    return [(places[s], seat_name(names, s), view["sheets"][s]["total"]) for s in order]


def _outcome_badge(view: View, text: dict[str, str]) -> tuple[str, tuple[int, ...]] | None:
    if view.get("solo") is not None:
        outcome = _solo_outcome(view)
        colour = GOOD if outcome == "solo_win" else MUTED if outcome == "solo_tie" else BAD
        return text[f"ds-img-{outcome.replace('_', '-')}"], colour
    if sum(place == 1 for place in _places(view)) > 1:
        return text["ds-img-shared"], GOOD
    return None


def _draw_ranking(
    view: View, text: dict[str, str], names: Sequence[str], best: str = ""
) -> Image.Image:
    """The ranking card: the title and outcome, then one big line per place (and a solo best)."""
    width = SHEET_WIDTH
    lines = _ranking_lines(view, names)
    badge = _outcome_badge(view, text)
    # A solo is won or lost against the solo opponent, not ranked.
    title = text["ds-img-solo-result" if view.get("solo") is not None else "ds-img-ranking"]
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    beside = text_width(measure, title, 32, bold=True) + BADGE_GAP
    # The badge beside the title where both fit, else on a line of its own under it.
    apart = badge is not None and beside + _pill_width(measure, badge[0]) > width - 2 * MARGIN
    head = RANK_TITLE + (BADGE_LINE if apart else 0)
    shown = [_rank_name(measure, place, name, points, width) for place, name, points in lines]
    tall = [RANK_LINE + (len(name) - 1) * RANK_NAME_LINE for name, _ in shown]
    height = MARGIN + head + sum(tall) + MARGIN + (RANK_LINE if best else 0)
    image, draw = card_in(_palette(), width, height)
    y = MARGIN + RANK_TITLE / 2
    right = width - MARGIN
    if badge and apart:
        _pill(
            draw, MARGIN + _pill_width(draw, badge[0]), y + RANK_TITLE / 2 + BADGE_LINE / 2, *badge
        )
    elif badge:
        right = _pill(draw, right, y, *badge) - BADGE_GAP
    title = fit_text(title, right - MARGIN, 32, bold=True)
    _left_text(draw, (MARGIN, y), title, 32, bold=True)
    top = MARGIN + head
    for (place, name, points), row, (name_lines_, size) in zip(lines, tall, shown, strict=True):
        cy = top + row / 2
        if name:
            _draw_rank_line(draw, cy, place, name_lines_, size, points, width)
        else:
            _draw_opponent_line(draw, cy, text["ds-img-solo"], points, width)
        top += row
    if best:
        cy = top + RANK_LINE / 2
        _left_text(
            draw,
            (MARGIN, cy),
            fit_text(best, width - 2 * MARGIN, MIN_FONT, True),
            MIN_FONT,
            INK,
            True,
        )
    return image


def _rank_name_room(
    draw: ImageDraw.ImageDraw, place: int | None, points: int, width: int
) -> tuple[int, int]:
    """Where a ranking line's name starts, and how wide it may be beside the points."""
    x = MARGIN + (2 * RANK_RADIUS + 12 if place is not None else 0)
    score_width = text_width(draw, str(points), 34, bold=True)
    return x, width - MARGIN - score_width - 16 - x


def _rank_name(
    draw: ImageDraw.ImageDraw, place: int | None, name: str, points: int, width: int
) -> tuple[list[str], int]:
    """A ranking line's name, whole: as large as fits, else wrapped at the smallest size a
    phone reads (the line grows). The solo opponent's line (no name) is one line."""
    if not name:
        return [""], MIN_FONT
    _, room = _rank_name_room(draw, place, points, width)
    return name_lines(printable(name), room, 30, MIN_FONT, bold=True)


def _draw_rank_line(
    draw: ImageDraw.ImageDraw,
    cy: float,
    place: int | None,
    lines: Sequence[str],
    size: int,
    points: int,
    width: int,
) -> None:
    """Place, name and points, the place and points centred on the name's lines."""
    radius = RANK_RADIUS
    x, _ = _rank_name_room(draw, place, points, width)
    if place is not None:
        fill = HIGHLIGHT if place == 1 else RANK_FIELD
        circle = (MARGIN, cy - radius, MARGIN + 2 * radius, cy + radius)
        draw.ellipse(circle, fill=fill, outline=INK)
        centered_text(draw, circle, str(place), MIN_FONT, INK, bold=True)
    _left_text(draw, (width - MARGIN, cy), str(points), 34, INK, True, anchor="rm")
    for n, line in enumerate(lines):
        at = (x, cy + (n - (len(lines) - 1) / 2) * RANK_NAME_LINE)
        _left_text(draw, at, line, size, INK, True)


def _draw_opponent_line(
    draw: ImageDraw.ImageDraw, cy: float, label: str, points: int, width: int
) -> None:
    """The solo opponent's points, under the bot's own label (smaller where it must be)."""
    x, room = _rank_name_room(draw, None, points, width)
    _left_text(draw, (width - MARGIN, cy), str(points), 34, INK, True, anchor="rm")
    size = 30 if text_width(draw, label, 30) <= room else MIN_FONT
    _left_text(draw, (x, cy), fit_text(label, room, size), size, MUTED, False)


def _best_line(view: View, t: Text, best: int | None) -> str:
    """A solo result's personal best: the earlier best, or a new best beating it (a lost solo's
    score is no best: cogs/records.py)."""
    if view.get("solo") is None or best is None:
        return ""
    new_best = view["sheets"][0]["total"] > best and _solo_outcome(view) not in SOLO_LOSSES
    key = "ds-img-solo-new-best" if new_best else "ds-img-solo-best"
    return t(key, best=best)


def _scoreboard_parts(
    view: View, names: Sequence[str], t: Label, best: int | None = None
) -> list[Image.Image]:
    """The ranking first, then every sheet at full size, one under the other, best first.

    Sheets keep their full size (a smaller sheet's numbers would not read on a phone); the
    picture is as wide as one sheet.
    """
    seats = len(view["sheets"])
    solo = view.get("solo") is not None
    places = _places(view)
    order = sorted(range(seats), key=lambda seat: (places[seat], seat))
    sheets = [
        _draw_sheet(view, s, seat_name(names, s), t, 1.0, None if solo else places[s])
        for s in order
    ]
    text = dict(zip(BOARD_LABELS, _texts(t, BOARD_LABELS), strict=True))
    ranking = _draw_ranking(view, text, names, _best_line(view, t, best))
    return [ranking, *sheets]


def render_scoreboard(view: View, names: Sequence[str], t: Label, best: int | None = None) -> bytes:
    """The end of the game: the ranking above every sheet, in the order of the places.

    ``best``: in a solo game, the player's best earlier solo score (from the history).
    """
    return stacked_png(_scoreboard_parts(view, names, t, best), STACK_GAP, _palette())


# --- Text summaries -------------------------------------------------------------------------------


def sheet_summary(view: View, seat: int, name: str, t: Text) -> str:
    """One line: the total, the white fields filled, each row's final, penalty, solo grid."""
    sheet = view["sheets"][seat]
    rows = ", ".join(
        t("ds-img-summary-row", row=row["row"], final=row["final"], state=row_state(row))
        for row in sheet["rows"]
    )
    white = len(COLOURS) * len(ROWS)
    parts = [
        t(
            "ds-img-summary-sheet",
            player=name,
            total=sheet["total"],
            filled=sheet["white_filled"],
            white=white,
            rows=rows,
        )
    ]
    if sheet["penalty"] is not None:
        parts.append(t("ds-img-summary-penalty", penalty=sheet["penalty"]))
    solo = view.get("solo")
    if solo is not None:
        parts.append(
            t(
                "ds-img-summary-solo",
                points=solo["points"],
                crossed=solo["crossed"],
                boxes=solo["boxes"],
            )
        )
    return "; ".join(parts)
