"""The legend of a game's pictures: every symbol and colour they draw, each with its name.

Each renderer lists the kinds of symbol it draws (``SYMBOL_KINDS``); the legend paints one
sample of each with the renderer's own shapes and colours, named by ``legend-<game>-<kind>``
in the reader's language. A test keeps the two lists equal, so a symbol added to a picture
without a name in the legend fails it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import ImageDraw

from rendering import dice_stars as ds
from rendering import dizzle as dz
from rendering import dizzle_symbols as symbols
from rendering import stella as st
from rendering.toolkit import (
    BAD,
    DICE,
    GOOD,
    GRID,
    INK,
    MUTED,
    canvas,
    centered_text,
    draw_cross,
    draw_die,
    fit_text,
    font,
    star_points,
    to_png,
    wrap_text,
    write,
)

Box = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw, Box], None]
Label = Callable[..., str]

WIDTH = 440  # narrow: a phone shows it at ~80 %, the names stay ~12 dp
PAD = 14
TITLE = 40
ROW = 38
SAMPLE = 30  # a symbol's square
SAMPLE_AREA = 100  # room left of the names (Dice Stars' four dice are the widest sample)
TEXT_SIZE = 15
LINE = 19  # between the lines of a long name

# ---- Dice Stars ---------------------------------------------------------------------------


def _ds_dice(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, _ = box
    for i, colour in enumerate(ds.COLOURS):
        draw_die(draw, (x0 + i * 25, y0 + 4), 22, 4, colour)


def _ds_star_face(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw_die(draw, box[:2], SAMPLE, 0, "yellow")


def _ds_field(fill: tuple[int, ...], outline: tuple[int, ...], text: str = "") -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        draw.rounded_rectangle(box, radius=6, fill=fill, outline=outline, width=2)
        if text:
            centered_text(draw, box, text, 16, INK, bold=True)

    return paint


def _ds_cross(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rounded_rectangle(box, radius=6, fill=ds.WHITE_FIELD, outline=DICE["blue"][0], width=2)
    draw_cross(draw, box, INK, width=3)


def _ds_star(crossed: bool) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        radius = (x1 - x0) * 0.52
        points = star_points((x0 + x1) / 2, (y0 + y1) / 2 + radius * 0.08, radius)
        fill = ds.STAR_CROSSED if crossed else ds.STAR_FIELD
        draw.polygon(points, fill=fill, outline=ds.STAR_EDGE, width=2)
        if crossed:
            draw_cross(draw, (x0 + 3, y0 + 3, x1 - 3, y1 - 3), INK, width=3)

    return paint


def _ds_row_end(doubled: bool) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box[0], box[1] - 4, box[0] + 44, box[3] + 4
        colour, fill = (GOOD, ds.DOUBLED) if doubled else (BAD, ds.LOST)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=6, fill=fill, outline=colour, width=3)
        top = (x0, y0 + 2, x1, y0 + 16)
        if doubled:
            centered_text(draw, top, "×2", 12, GOOD, bold=True)
            centered_text(draw, (x0, y0 + 14, x1, y1), "24", 17, GOOD, bold=True)
            return
        centered_text(draw, top, "12", 12, BAD, bold=True)
        cx, cy = (x0 + x1) / 2, (top[1] + top[3]) / 2
        draw.line((cx - 11, cy, cx + 11, cy), fill=BAD, width=2)
        centered_text(draw, (x0, y0 + 14, x1, y1), "0", 17, BAD, bold=True)

    return paint


def _ds_penalty(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    draw.rounded_rectangle(
        (x0, y0, x0 + 50, y1), radius=8, fill=ds.WHITE_FIELD, outline=BAD, width=2
    )
    centered_text(draw, (x0, y0, x0 + 50, y1), "−7", 17, BAD, bold=True)


def _ds_solo_box(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, _ = box
    for i in range(3):
        cell = (x0 + i * 24, y0 + 5, x0 + i * 24 + 20, y0 + 25)
        draw.rectangle(
            cell, fill=ds.LOST if i < 2 else ds.WHITE_FIELD, outline=BAD if i < 2 else MUTED
        )
        if i < 2:
            draw_cross(draw, (cell[0] - 2, cell[1] - 2, cell[2] + 2, cell[3] + 2), BAD, width=2)


def _ds_pill(colour: tuple[int, ...]) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, _, y1 = box
        draw.rounded_rectangle((x0, y0 + 3, x0 + 70, y1 - 3), radius=12, fill=colour)

    return paint


def _ds_row_marks(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The standings' marks of a player's rows, as the table strip draws them."""
    x0, y0, _, y1 = box
    cy = (y0 + y1) / 2
    for i, state in enumerate(("double", "zero", "plain", "empty")):
        fill, edge = ds.ROW_STATE_COLOURS[state]
        left = x0 + i * 24
        draw.rectangle((left, cy - 7, left + 20, cy + 6), fill=fill, outline=edge, width=2)


def _dice_stars() -> dict[str, Painter]:
    return {
        "dice": _ds_dice,
        "star-face": _ds_star_face,
        "white-field": _ds_field(ds.WHITE_FIELD, DICE["purple"][0], "8"),
        "green-field": _ds_field(ds.GREEN_FIELD, ds.GREEN_EDGE, "5"),
        "cross": _ds_cross,
        "multiplier": _ds_star(crossed=False),
        "multiplier-crossed": _ds_star(crossed=True),
        "doubled": _ds_row_end(doubled=True),
        "lost": _ds_row_end(doubled=False),
        "penalty": _ds_penalty,
        "solo-box": _ds_solo_box,
        "refill": _ds_pill(ds.REFILL),
        "nothing-fits": _ds_pill(BAD),
        "last-round": _ds_pill(ds.LAST_ROUND),
        "row-marks": _ds_row_marks,
    }


# ---- Dizzle -------------------------------------------------------------------------------


def _dz_special(special: dict[str, object], **style: object) -> Painter:
    """The symbol as on the sheet, drawn big (on the sheet it shares a field with its pips)."""

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
        dz._draw_special(draw, box, special, **style)  # type: ignore[arg-type]

    return paint


def _dz_field(draw: ImageDraw.ImageDraw, box: Box) -> None:
    dz._draw_field(draw, box, 5, None)


def _dz_start_cross(draw: ImageDraw.ImageDraw, box: Box) -> None:
    dz._draw_field(draw, box, 3, None)
    x0, y0, x1, y1 = box
    pad = SAMPLE * 0.2
    for line in (
        (x0 + pad, y0 + pad, x1 - pad, y1 - pad),
        (x0 + pad, y1 - pad, x1 - pad, y0 + pad),
    ):
        draw.line(line, fill=dz.PRINTED, width=3)


def _dz_pen_cross(draw: ImageDraw.ImageDraw, box: Box) -> None:
    dz._draw_field(draw, box, 2, None)
    dz._pen_cross(draw, box, dz._wobble((1, 2)))


def _dz_scribble(draw: ImageDraw.ImageDraw, box: Box) -> None:
    dz._draw_field(draw, box, 1, {"kind": "bomb", "points": -3})
    dz._scribble(draw, box)


def _dz_choice(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    wide = (x0, y0 - 6, x1 + 12, y1 + 6)  # the ring and its tag need a field's real size
    dz._draw_field(draw, wide, 6, None)
    dz._choice_mark(draw, wide, "B4", (6, None, {}))


def _dz_printed_value(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A crossed gem keeps its points in sight."""
    dz._draw_special(draw, box, {"kind": "gem", "points": 3})
    dz._pen_cross(draw, box, dz._wobble((2, 3)))
    symbols.printed_value(draw, box, "gem", 3)


def _dz_line_bonus(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    for i, (fill, ink) in enumerate(((dz.LINE_OPEN, INK), (GOOD, (255, 255, 255)))):
        badge = (x0 + i * 40, y0 + 6, x0 + i * 40 + 34, y1 - 6)
        draw.rounded_rectangle(badge, radius=6, fill=fill, outline=GOOD if i else GRID, width=1)
        centered_text(draw, badge, "+5", 12, ink, bold=True)


def _dz_opponent_die(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw_die(draw, box[:2], SAMPLE, 3, colour=dz.OPPONENT)


def _dz_taken(draw: ImageDraw.ImageDraw, box: Box) -> None:
    left, top = box[0] + 4, box[1] + 4
    small = 22
    draw.rounded_rectangle(
        (left, top, left + small, top + small), radius=4, fill=dz.TAKEN, outline=MUTED
    )
    dz._pips(draw, (left, top), small, 5, MUTED)
    draw.line((left + 2, top + small - 2, left + small - 2, top + 2), fill=dz.SCRIBBLE, width=2)


def _dz_crosses(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    write(draw, (x0 + 2, (y0 + y1) / 2), "✕ 19", font=font(17, True), fill=dz.PEN, anchor="lm")


def _dizzle() -> dict[str, Painter]:
    colour = "blue"
    return {
        "field": _dz_field,
        "start-cross": _dz_start_cross,
        "pen-cross": _dz_pen_cross,
        "lying-die": lambda draw, box: dz._lying_die(draw, box, 6),
        "scribble": _dz_scribble,
        # Symbols without their numbers: at a legend's size a number would hide its symbol.
        "gem": _dz_special({"kind": "gem", "points": None}),
        "puzzle": _dz_special({"kind": "puzzle", "color": "green"}),
        "key": _dz_special({"kind": "key", "color": colour}),
        "lock": _dz_special({"kind": "lock", "color": colour}),
        "bomb": _dz_special({"kind": "bomb", "points": None}),
        "rocket": _dz_special({"kind": "rocket"}),
        "planet": _dz_special({"kind": "planet"}),
        "choice": _dz_choice,
        "flag": _dz_special({"kind": "flag"}, flag_value=None),
        "poop": _dz_special({"kind": "poop", "points": None}),
        "printed-value": _dz_printed_value,
        "line-bonus": _dz_line_bonus,
        "opponent-die": _dz_opponent_die,
        "taken": _dz_taken,
        "crosses": _dz_crosses,
    }


# ---- Stella -------------------------------------------------------------------------------


def _st_card(
    outline: tuple[int, int, int] | None = None,
) -> Callable[[ImageDraw.ImageDraw, Box], Box]:
    """A tiny portrait card; returns its box."""

    def paint(draw: ImageDraw.ImageDraw, box: Box) -> Box:
        x0, y0, _, y1 = box
        card = (x0 + 4, y0 - 3, x0 + 4 + (y1 - y0 + 6) * 2 / 3, y1 + 3)
        draw.rectangle(card, fill=(70, 82, 130), outline=outline, width=3 if outline else 0)
        return card

    return paint


def _st_label(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    badge = (x0, y0 + 3, x0 + 40, y1 - 3)
    draw.rounded_rectangle(badge, radius=6, fill=st.LABEL_FILL, outline=st.LIGHT_INK, width=2)
    centered_text(draw, badge, "C2", 14, st.LIGHT_INK, bold=True)


def _st_mark(draw: ImageDraw.ImageDraw, box: Box) -> None:
    card = _st_card(st.MARK)(draw, box)
    badge = (card[2] + 4, box[1] + 3, card[2] + 28, box[1] + 27)
    draw.ellipse(badge, fill=st.MARK, outline=st.LIGHT_INK, width=2)
    st._check(draw, badge, st.MARK_INK)


def _st_revealed(draw: ImageDraw.ImageDraw, box: Box) -> None:
    _st_card(st.REVEALED)(draw, box)


def _st_spark(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, _ = box
    badge = (x0, y0 + 2, x0 + 60, y0 + 28)
    draw.rounded_rectangle(badge, radius=13, fill=st.SPARK, outline=st.LIGHT_INK, width=2)
    draw.polygon(st._sparkle(x0 + 13, y0 + 15, 9), fill=st.DARK_INK)
    write(draw, (badge[2] - 6, y0 + 15), "+2", font=font(15, True), fill=st.DARK_INK, anchor="rm")


def _st_fall(draw: ImageDraw.ImageDraw, box: Box) -> None:
    card = _st_card(st.FALL)(draw, box)
    badge = (card[2] + 4, box[1] + 2, card[2] + 30, box[1] + 28)
    draw.ellipse(badge, fill=st.FALL, outline=st.LIGHT_INK, width=2)
    st._falling_star(draw, badge, st.LIGHT_INK)


def _st_marker(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    cy = (y0 + y1) / 2
    st._chip(draw, (x0 + 14, cy), 28, 0, "A", ring=True, text_size=13)
    st._chip(draw, (x0 + 46, cy), 28, 1, "Bo", text_size=13)
    st._chip(draw, (x0 + 80, cy), 28, 2, "C", struck=True, text_size=13)


def _st_darkness(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, _ = box
    st._moon(draw, (x0 + 2, y0 + 3, x0 + 26, y0 + 27), st.DARKNESS, st.NIGHT)


def _st_fallen(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, _ = box
    st._falling_star(draw, (x0 + 2, y0 + 3, x0 + 26, y0 + 27), st.FALL)


def _st_penalty(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    write(draw, (x0 + 4, (y0 + y1) / 2), "−2", font=font(20, True), fill=st.FALL, anchor="lm")


def _st_active(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    panel = (x0, y0 + 2, x0 + 90, y1 - 2)
    draw.rounded_rectangle(panel, radius=8, fill=st.PANEL, outline=st.REVEALED, width=3)
    st._chip(draw, (x0 + 15, (y0 + y1) / 2), 20, 3, "D", text_size=11)


def _st_veil(draw: ImageDraw.ImageDraw, box: Box) -> None:
    card = _st_card(st.MARK)(draw, box)
    draw.rectangle(card, fill=(44, 52, 88), outline=(46, 120, 78), width=3)


def _st_marks_count(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    cy = (y0 + y1) / 2
    st._card_sign(draw, (x0 + 2, cy - 11, x0 + 17, cy + 11))
    write(draw, (x0 + 23, cy), "3", font=font(17, True), fill=st.MOONLIGHT, anchor="lm")


def _st_total(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, _, y1 = box
    write(draw, (x0 + 2, (y0 + y1) / 2), "Σ 12", font=font(17), fill=st.DIM, anchor="lm")


def _stella() -> dict[str, Painter]:
    return {
        "label": _st_label,
        "mark": _st_mark,
        "veil": _st_veil,
        "revealed": _st_revealed,
        "spark": _st_spark,
        "fall": _st_fall,
        "marker": _st_marker,
        "active": _st_active,
        "darkness": _st_darkness,
        "fallen": _st_fallen,
        "penalty": _st_penalty,
        "marks-count": _st_marks_count,
        "total": _st_total,
    }


PAINTERS: dict[str, Callable[[], dict[str, Painter]]] = {
    "dice_stars": _dice_stars,
    "dizzle": _dizzle,
    "stella": _stella,
}
RENDERED_KINDS: dict[str, tuple[str, ...]] = {
    "dice_stars": ds.SYMBOL_KINDS,
    "dizzle": dz.SYMBOL_KINDS,
    "stella": st.SYMBOL_KINDS,
}


def legend_kinds(game: str) -> tuple[str, ...]:
    """The kinds the legend names, in the renderer's order."""
    return tuple(PAINTERS[game]())


def legend_keys(game: str) -> tuple[str, ...]:
    return tuple(f"legend-{game}-{kind}" for kind in legend_kinds(game))


def render_legend(game: str, t: Label) -> bytes:
    """The legend picture: a title, then one line per symbol (sample, name)."""
    title = t("rules-legend-title", game=t(f"game-{game}"))
    return _render(game, tuple(t(key) for key in legend_keys(game)), title)


def _lines(text: str, width: int) -> list[str]:
    """A name in as many lines of ``width`` pixels as it needs: its row grows, nothing is cut."""
    return wrap_text(text, width, TEXT_SIZE)


@lru_cache(maxsize=12)
def _render(game: str, names: tuple[str, ...], title: str) -> bytes:
    painters = PAINTERS[game]()
    night = game == "stella"
    text_left = PAD + SAMPLE_AREA + 10
    wrapped = [_lines(name, WIDTH - text_left - PAD) for name in names]
    heights = [max(ROW, LINE * len(lines) + 10) for lines in wrapped]
    height = PAD + TITLE + sum(heights) + PAD
    image, draw = canvas(WIDTH, height)
    ink = INK
    if night:
        draw.rounded_rectangle(
            (0, 0, WIDTH - 1, height - 1), radius=18, fill=st.NIGHT, outline=st.NIGHT_EDGE
        )
        ink = st.MOONLIGHT
    title_text = fit_text(title, WIDTH - 2 * PAD, 18, bold=True)
    write(draw, (PAD, PAD + 12), title_text, font=font(18, True), fill=ink, anchor="lm")
    y = PAD + TITLE
    for index, (painter, lines) in enumerate(zip(painters.values(), wrapped, strict=True)):
        row = heights[index]
        if index:
            draw.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=st.PANEL_EDGE if night else GRID)
        middle = y + row / 2 - 4
        painter(draw, (PAD, middle - SAMPLE / 2, PAD + SAMPLE, middle + SAMPLE / 2))
        first = middle - LINE * (len(lines) - 1) / 2
        for number, line in enumerate(lines):
            at = (text_left, first + number * LINE)
            write(draw, at, line, font=font(TEXT_SIZE), fill=ink, anchor="lm")
        y += row
    return to_png(image, colours=96)
