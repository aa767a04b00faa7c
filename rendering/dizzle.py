"""Dizzle pictures: a player's level sheet, the middle of a turn and the scoreboard.

Every function takes the engine's ``view`` (:func:`games.dizzle.view`) and ``t``, which maps the
picture label keys (``dz-img-*``, listed in :data:`LABELS`) to text in the table's language; the
one-line summaries call ``t(key, **args)`` with the ``dz-sum-*`` keys.

A sheet is drawn in two layers. The level itself (column letters, row numbers, the fields as
white dice faces, printed start crosses and the specials) is drawn once per level and field size
and kept; each picture pastes it and adds what belongs to the player: crosses in pen, scribbled
bombs, the dice lying on the sheet this pass, opened locks, the flags' current values, the line
bonuses and the score card.

Where the brief was silent: a field with a special shows its pips small in the upper left corner
and the special in the lower right; a crossed flag shows the value its player won; uncrossed
planets are ringed while their player has rockets to spend; the middle strip also shows each
player's running total.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.dizzle_levels import field_label
from games.engine import rank
from rendering import dizzle_symbols as symbols
from rendering.toolkit import (
    DICE,
    GOOD,
    GRID,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    PIPS,
    FixedPalette,
    canvas,
    draw_die,
    fit_text,
    fixed_palette,
    font,
    printable,
    stack,
    to_png,
    write,
)

Label = Callable[..., str]
Box = tuple[float, float, float, float]
Colour = tuple[int, ...]

# --- the printed sheet ------------------------------------------------------------------------
SHEET_WIDTH = 640  # the widest a sheet may get
FIELD_MAX = 60  # side of a field at full size; wide levels get smaller fields
SMALL_FIELD_MAX = 27  # fields of the sheets on the scoreboard, two sheets side by side
SOLO_FIELD_MAX = 44  # ... and of the one sheet of a solo game
PAD = 14  # paper margin around everything
HEADER = 54  # name, level and round tracker above the grid
SCORE_CARD = 64  # the score card below the grid
DIE_SHARE = 0.86  # share of a field its die face takes
SPECIAL_PIPS_SHARE = 0.44  # the pips of a field with a special, in its upper left corner
ICON_SHARE = 0.56  # the special, in the lower right corner
PEN = (22, 56, 170)  # the players' crosses
PRINTED = (84, 84, 92)  # start crosses printed on the sheet
SCRIBBLE = (214, 28, 28)
DIE_MARK = (240, 118, 0)  # outline of a die lying on the sheet this pass
LINE_OPEN = (255, 255, 255)
LINE_BROKEN = (214, 210, 200)
SPECIAL_COLORS = {
    "red": (214, 52, 52),
    "blue": (44, 104, 214),
    "green": (44, 160, 74),
    "yellow": (240, 196, 32),
    "purple": (142, 72, 184),
    "orange": (240, 132, 30),
}
DIE_EDGE = (30, 30, 36)  # as the kit's dice
SCORE_PARTS = ("gems", "puzzles", "lines", "flags", "bombs", "poop")
SCORE_LABELS = (*SCORE_PARTS, "total")

# Every kind of symbol the sheet, the middle and the scoreboard draw (each special of a level
# file among them); the rules card's legend (rendering/legend.py) names each one.
SYMBOL_KINDS = (
    "field", "start-cross", "pen-cross", "lying-die", "scribble", "gem", "puzzle", "key",
    "lock", "bomb", "rocket", "planet", "planet-ring", "flag", "poop", "line-bonus",
    "opponent-die", "taken",
)  # fmt: skip

# --- the middle strip and the scoreboard -------------------------------------------------------
MIDDLE_WIDTH = 600
MIDDLE_HEIGHT = 140
MIDDLE_DIE_MAX = 46
OPPONENT = "red"  # colour of the solo opponent dice
TAKEN = (232, 229, 222)  # dice the opponent dice took out of the middle
SHEET_GAP = 10  # between stacked or side-by-side pictures
RANK_ROW = 30
WHITE = (255, 255, 255)

# Every text key the pictures and summaries use (each exists in en, de and fr).
# fmt: off
LABELS = (
    "dz-img-round", "dz-img-pass", "dz-img-level", "dz-img-crosses", "dz-img-gems",
    "dz-img-puzzles", "dz-img-lines", "dz-img-flags", "dz-img-bombs", "dz-img-poop",
    "dz-img-total", "dz-img-game-over", "dz-img-turn", "dz-img-passed", "dz-img-last-turn",
    "dz-img-opponent", "dz-img-planets", "dz-img-planets-note", "dz-img-middle-empty",
    "dz-img-ranking", "dz-img-standings", "dz-img-tie-break", "dz-img-shared",
    "dz-sum-sheet", "dz-sum-dice", "dz-sum-turn", "dz-sum-planets", "dz-sum-over",
    "dz-sum-passed", "dz-sum-opponent", "dz-sum-rank", "dz-sum-ranking", "dz-sum-standings",
)
# fmt: on


# --- public: pictures ---------------------------------------------------------------------------


@cache
def _palette() -> FixedPalette:
    """Every colour of the sheets, the middle and the scoreboard, and their text edges."""
    flats = [PAPER, GRID, HIGHLIGHT, GOOD, WHITE, PEN, PRINTED, SCRIBBLE, DIE_MARK, LINE_BROKEN]
    flats += [DIE_EDGE, TAKEN, *SPECIAL_COLORS.values(), *DICE["white"], *DICE[OPPONENT]]
    flats += symbols.COLOURS
    inks = [INK, MUTED, WHITE, symbols.OUTLINE]
    surfaces = [PAPER, WHITE, DICE["white"][0], HIGHLIGHT, LINE_BROKEN, GOOD, symbols.OUTLINE]
    surfaces += [symbols.GEM, symbols.BOMB, symbols.FLAG, symbols.POOP, MUTED]
    return fixed_palette(flats, [(inks, surfaces)])


def render_sheet(view: Mapping[str, Any], seat: int, name: str, t: Label) -> bytes:
    """The level sheet of one player, with their crosses, dice of this pass and score card."""
    return to_png(_sheet_card(view, seat, name, t), _palette())


def render_middle(view: Mapping[str, Any], names: Sequence[str], t: Label) -> bytes:
    """The middle of the table: dice, round and pass, whose turn, who has passed."""
    return to_png(_middle_card(view, names, t, MIDDLE_WIDTH), _palette())


def render_turn(view: Mapping[str, Any], names: Sequence[str], t: Label) -> bytes:
    """What a turn message shows: the middle above the sheet of the player to act."""
    seat = active_seat(view)
    sheet = _sheet_card(view, seat, _name(names, seat), t)
    middle = _middle_card(view, names, t, sheet.width)
    return to_png(stack([middle, sheet], SHEET_GAP), _palette())


def render_scoreboard(view: Mapping[str, Any], names: Sequence[str], t: Label) -> bytes:
    """Every sheet small, two a row, above the ranking with each part of the scores."""
    players = view["players"]
    per_row = min(2, len(players))
    level = view["level"]
    room = (SHEET_WIDTH - PAD * 2 - SHEET_GAP * (per_row - 1)) // per_row
    field = _field_size(level["cols"], room, SMALL_FIELD_MAX if per_row > 1 else SOLO_FIELD_MAX)
    small = [_small_sheet(view, p["seat"], _name(names, p["seat"]), field) for p in players]
    cell_w = max(s.width for s in small)
    cell_h = max(s.height for s in small)
    width = max(SHEET_WIDTH, PAD * 2 + per_row * cell_w + (per_row - 1) * SHEET_GAP)
    rows_of_sheets = math.ceil(len(small) / per_row)
    table_h = 8 + RANK_ROW * (len(players) + 1) + (22 if len(players) > 1 else 0)
    height = PAD + 34 + rows_of_sheets * (cell_h + SHEET_GAP) + table_h + PAD
    image, draw = canvas(width, height)
    _scoreboard_title(draw, view, width, t)
    left = (width - per_row * cell_w - (per_row - 1) * SHEET_GAP) // 2
    for i, picture in enumerate(small):
        x = left + (i % per_row) * (cell_w + SHEET_GAP) + (cell_w - picture.width) // 2
        y = PAD + 34 + (i // per_row) * (cell_h + SHEET_GAP)
        image.paste(picture, (x, y))
    top = PAD + 34 + rows_of_sheets * (cell_h + SHEET_GAP)
    _ranking_table(draw, view, names, t, (PAD, top, width - PAD))
    return to_png(image, _palette())


# --- public: one-line summaries -------------------------------------------------------------------


def sheet_summary(view: Mapping[str, Any], seat: int, name: str, t: Label) -> str:
    player = view["players"][seat]
    score = player["score"]
    text = t(
        "dz-sum-sheet",
        player=name,
        level=_level_title(view["level"], t),
        crosses=player["cross_count"],
        **score,
    )
    if player["dice"]:
        fields = ", ".join(field_label(*d["at"]) for d in player["dice"])
        text += " " + t("dz-sum-dice", count=len(player["dice"]), fields=fields)
    return text


def turn_summary(view: Mapping[str, Any], names: Sequence[str], t: Label) -> str:
    if view["phase"] == "over":
        return t("dz-sum-over", level=_level_title(view["level"], t))
    if view["phase"] == "planets":
        pickers = ", ".join(_name(names, s) for s in view["to_move"])
        return t("dz-sum-planets", players=pickers, count=len(view["to_move"]))
    parts = [
        t(
            "dz-sum-turn",
            round=view["round"],
            rounds=view["rounds"],
            **{"pass": view["pass"]},
            passes=view["passes"],
            player=_name(names, active_seat(view)),
            middle=_values(view["middle"]),
            dice=len(view["middle"]),
        )
    ]
    passed = [_name(names, p["seat"]) for p in view["players"] if p["passed"]]
    if passed:
        parts.append(t("dz-sum-passed", players=", ".join(passed), count=len(passed)))
    if view["solo"] and view["opponent"]:
        parts.append(t("dz-sum-opponent", values=_values(view["opponent"])))
    return " ".join(parts)


def scoreboard_summary(view: Mapping[str, Any], names: Sequence[str], t: Label) -> str:
    entries = [
        t(
            "dz-sum-rank",
            place=place,
            player=_name(names, p["seat"]),
            points=p["score"]["total"],
            crosses=p["cross_count"],
        )
        for place, p in _standings(view)
    ]
    key = "dz-sum-ranking" if view["phase"] == "over" else "dz-sum-standings"
    return t(key, level=_level_title(view["level"], t), ranking="; ".join(entries))


def sheet_field_box(level: Mapping[str, Any], row: int, col: int) -> tuple[int, int, int, int]:
    """Where a field lies on the picture of :func:`render_sheet`: left, top, right, bottom."""
    x0, y0, x1, y1 = _sheet_grid(level).box(row, col)
    top = PAD + HEADER
    return (int(PAD + x0), int(top + y0), int(PAD + x1), int(top + y1))


def active_seat(view: Mapping[str, Any]) -> int:
    """The seat whose sheet a turn message shows: the player to act, else the start player."""
    if view["turn"] is not None:
        return view["turn"]
    movers = [s for s in view["to_move"] if s >= 0]
    return movers[0] if movers else view["start_player"]


# --- the sheet ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """Where the parts of the printed grid sit, relative to the grid block's top left."""

    rows: int
    cols: int
    field: int

    @property
    def label_w(self) -> int:
        return max(14, round(self.field * 0.42))

    @property
    def letters_h(self) -> int:
        return max(12, round(self.field * 0.36))

    @property
    def width(self) -> int:
        return self.label_w + self.cols * self.field

    @property
    def height(self) -> int:
        return self.letters_h + self.rows * self.field

    @property
    def bonus_w(self) -> int:
        return max(22, round(self.field * 0.72))

    def box(self, row: int, col: int) -> Box:
        x = self.label_w + col * self.field
        y = self.letters_h + row * self.field
        return (x, y, x + self.field, y + self.field)


def _field_size(cols: int, width: int, largest: int) -> int:
    grid = Grid(1, cols, largest)
    spare = width - grid.label_w - grid.bonus_w
    return max(12, min(largest, spare // cols))


def _sheet_grid(level: Mapping[str, Any]) -> Grid:
    field = _field_size(level["cols"], SHEET_WIDTH - PAD * 2, FIELD_MAX)
    return Grid(level["rows"], level["cols"], field)


def _sheet_card(view: Mapping[str, Any], seat: int, name: str, t: Label) -> Image.Image:
    player = view["players"][seat]
    grid = _sheet_grid(view["level"])
    labels = tuple(t(f"dz-img-{part}") for part in SCORE_LABELS)
    image = _sheet_base(_level_key(view["level"]), grid.field, labels).copy()
    draw = ImageDraw.Draw(image)
    _sheet_header(draw, view, player, name, t, (PAD, PAD, image.width - PAD))
    _paint_grid(image, draw, (PAD, PAD + HEADER), grid, view, player, printed=True)
    _score_values(draw, player, _score_box(grid, image.width))
    return image


@lru_cache(maxsize=6)
def _sheet_base(level_key: str, field: int, labels: tuple[str, ...]) -> Image.Image:
    """What every sheet of a level shares: the paper, the printed grid, the score card's boxes."""
    level = json.loads(level_key)
    grid = Grid(level["rows"], level["cols"], field)
    width = PAD * 2 + grid.width + grid.bonus_w
    height = PAD + HEADER + grid.height + round(field * 0.5) + 6 + SCORE_CARD + PAD
    image, draw = canvas(width, height)
    image.paste(_level_block(level_key, field), (PAD, PAD + HEADER))
    _score_boxes(draw, dict(zip(SCORE_LABELS, labels, strict=True)), _score_box(grid, width))
    return image


def _score_box(grid: Grid, width: int) -> Box:
    top = PAD + HEADER + grid.height + round(grid.field * 0.5) + 6
    return (PAD, top, width - PAD, top + SCORE_CARD - 6)


def _small_sheet(view: Mapping[str, Any], seat: int, name: str, field: int) -> Image.Image:
    """A sheet for the scoreboard: name, total and grid, on plain paper."""
    level = view["level"]
    player = view["players"][seat]
    grid = Grid(level["rows"], level["cols"], field)
    width = grid.width + grid.bonus_w + 8
    height = 30 + grid.height + round(field * 0.5) + 8
    image = Image.new("RGBA", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    total = str(player["score"]["total"])
    total_w = draw.textlength(total, font=font(17, True))
    write(draw, (width - 4, 2), total, font=font(17, True), fill=INK, anchor="ra")
    shown = fit_text(printable(name), int(width - total_w - 16), 15, True)
    write(draw, (4, 4), shown, font=font(15, True), fill=INK)
    _paint_grid(image, draw, (0, 30), grid, view, player)
    return image


def _sheet_header(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    name: str,
    t: Label,
    span: tuple[int, int, int],
) -> None:
    left, top, right = span
    tracker_w = _round_tracker(draw, view, t, (right, top))
    shown = fit_text(printable(name), right - left - tracker_w - 12, 20, True)
    write(draw, (left + 2, top), shown, font=font(20, True), fill=INK)
    detail = f"{_level_title(view['level'], t)}  ·  {t('dz-img-crosses')} {player['cross_count']}"
    detail = fit_text(detail, right - left - tracker_w - 12, 14)
    write(draw, (left + 2, top + 28), detail, font=font(14), fill=MUTED)


def _round_tracker(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], t: Label, corner: tuple[int, int]
) -> int:
    """Round and pass at the top right, with a dot per round; returns the width it took."""
    right, top = corner
    over = view["phase"] == "over"
    rounds, current = view["rounds"], view["round"]
    text = fit_text(_round_text(view, t), 300, 15, True)
    text_w = int(draw.textlength(text, font=font(15, True)))
    write(draw, (right, top + 2), text, font=font(15, True), fill=INK, anchor="ra")
    step = 15
    x = right - rounds * step + 3
    for number in range(1, rounds + 1):
        box = (x, top + 28, x + 11, top + 39)
        if over or number < current:
            draw.ellipse(box, fill=INK)
        elif number == current:
            draw.ellipse(box, fill=HIGHLIGHT, outline=INK, width=2)
        else:
            draw.ellipse(box, outline=GRID, width=2)
        x += step
    return max(text_w, rounds * step)


def _paint_grid(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    grid: Grid,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    printed: bool = False,
) -> None:
    """The level, then everything of this player on it, then the line bonuses beside it.

    ``printed``: the level is already on the picture (a sheet's kept base).
    """
    level = view["level"]
    if not printed:
        image.paste(_level_block(_level_key(level), grid.field), origin)
    ox, oy = origin

    def at(cell: Sequence[int]) -> Box:
        x0, y0, x1, y1 = grid.box(*cell)
        return (ox + x0, oy + y0, ox + x1, oy + y1)

    for special in level["specials"]:
        kind, box = special["kind"], at(special["at"])
        row, col = special["at"]
        if kind == "flag":
            # A flag shows what its crosser won, else the value the next crosser gets.
            won = player["flags"].get(special["flag_id"])
            left = view["flags_left"].get(special["flag_id"], [])
            value = _top(left) if won is None else won
            _draw_field(draw, box, level["pips"][row][col], special, flag_value=value)
        elif kind == "lock" and special["color"] in player["keys"]:
            _draw_field(draw, box, level["pips"][row][col], special, opened=True)
        elif (
            kind == "planet"
            and player["planets_to_pick"]
            and special["at"] not in player["crosses"]
        ):
            _ring(draw, box)
    starts = {tuple(c) for c in level["start_crosses"]}
    for cell in player["crosses"]:
        if tuple(cell) not in starts:
            _pen_cross(draw, at(cell), _wobble(cell))
    for cell in player["scribbles"]:
        _scribble(draw, at(cell))
    for die in player["dice"]:
        _lying_die(draw, at(die["at"]), die["value"])
    _line_bonuses(draw, origin, grid, level, player)


def _top(values: Sequence[int]) -> int:
    return values[0] if values else 0


def _level_key(level: Mapping[str, Any]) -> str:
    return json.dumps(level, sort_keys=True)


@lru_cache(maxsize=16)
def _level_block(level_key: str, field: int) -> Image.Image:
    """The printed grid of a level: letters, numbers, dice faces, start crosses, specials."""
    level = json.loads(level_key)
    grid = Grid(level["rows"], level["cols"], field)
    image = Image.new("RGBA", (grid.width, grid.height), PAPER)
    draw = ImageDraw.Draw(image)
    size = max(9, round(field * 0.3))
    for col in range(grid.cols):
        x0, y0, x1, _ = grid.box(0, col)
        letter = field_label(0, col)[0]
        write(draw, ((x0 + x1) / 2, y0 - 2), letter, font=font(size, True), fill=MUTED, anchor="md")
    for row in range(grid.rows):
        x0, y0, _, y1 = grid.box(row, 0)
        number = field_label(row, 0)[1:]
        write(draw, (x0 - 4, (y0 + y1) / 2), number, font=font(size, True), fill=MUTED, anchor="rm")
    specials = {tuple(s["at"]): s for s in level["specials"]}
    for row, line in enumerate(level["pips"]):
        for col, pips in enumerate(line):
            if pips:
                _draw_field(draw, grid.box(row, col), pips, specials.get((row, col)))
    width = max(2, round(field / 12))
    for row, col in level["start_crosses"]:
        x0, y0, x1, y1 = grid.box(row, col)
        pad = field * 0.2
        draw.line((x0 + pad, y0 + pad, x1 - pad, y1 - pad), fill=PRINTED, width=width)
        draw.line((x0 + pad, y1 - pad, x1 - pad, y0 + pad), fill=PRINTED, width=width)
    return image


def _draw_field(
    draw: ImageDraw.ImageDraw,
    box: Box,
    pips: int,
    special: Mapping[str, Any] | None,
    *,
    opened: bool = False,
    flag_value: int | None = None,
) -> None:
    """One field: a white die face; a special shares it, small pips up left, symbol down right."""
    x0, y0, x1, y1 = box
    field = x1 - x0
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=PAPER)
    inset = field * (1 - DIE_SHARE) / 2
    if special is None:
        draw_die(draw, (x0 + inset, y0 + inset), field * DIE_SHARE, pips)
        return
    size = field * DIE_SHARE
    face = (x0 + inset, y0 + inset, x0 + inset + size, y0 + inset + size)
    body, _ = DICE["white"]
    draw.rounded_rectangle(
        face, radius=size * 0.18, fill=body, outline=DIE_EDGE, width=max(1, round(size / 22))
    )
    _pips(draw, (x0 + inset * 1.3, y0 + inset * 1.3), field * SPECIAL_PIPS_SHARE, pips)
    icon = field * ICON_SHARE
    corner = field * 0.02
    icon_box = (x1 - corner - icon, y1 - corner - icon, x1 - corner, y1 - corner)
    _draw_special(draw, icon_box, special, opened=opened, flag_value=flag_value)


def _pips(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], size: float, face: int, fill: Colour = INK
) -> None:
    """The pips of a die face in a square of ``size``, without the die around them."""
    x, y = xy
    step, radius = size / 4, size * 0.1
    for col, row in PIPS[face]:
        cx, cy = x + step * (col + 1), y + step * (row + 1)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill)


def _draw_special(
    draw: ImageDraw.ImageDraw,
    box: Box,
    special: Mapping[str, Any],
    *,
    opened: bool = False,
    flag_value: int | None = None,
) -> None:
    kind = special["kind"]
    colour = SPECIAL_COLORS.get(special.get("color", ""), MUTED)
    if kind == "gem":
        symbols.gem(draw, box, special["points"])
    elif kind == "puzzle":
        symbols.puzzle(draw, box, colour)
    elif kind == "key":
        symbols.key(draw, box, colour)
    elif kind == "lock":
        symbols.lock(draw, box, colour, opened)
    elif kind == "bomb":
        symbols.bomb(draw, box, special["points"])
    elif kind == "rocket":
        symbols.rocket(draw, box)
    elif kind == "planet":
        symbols.planet(draw, box)
    elif kind == "flag":
        symbols.flag(draw, box, flag_value)
    elif kind == "poop":
        symbols.poop(draw, box, special["points"])


# --- what the player adds: crosses, scribbles, dice ----------------------------------------------


def _wobble(cell: Sequence[int]) -> tuple[float, float, float, float]:
    """Small steady offsets per field, so the pen crosses look drawn by hand (but stay put)."""
    seed = cell[0] * 31 + cell[1] * 17 + 7
    return tuple(((seed * k) % 11 - 5) / 100 for k in (3, 5, 7, 9))  # type: ignore[return-value]


def _pen_cross(draw: ImageDraw.ImageDraw, box: Box, wobble: tuple[float, ...]) -> None:
    x0, y0, x1, _ = box
    mask, left, top = _pen_cross_mask(x0, y0, x1 - x0, wobble)
    draw.bitmap((left, top), mask, fill=PEN)


@lru_cache(maxsize=1024)
def _pen_cross_mask(
    x0: float, y0: float, s: float, wobble: tuple[float, ...]
) -> tuple[Image.Image, int, int]:
    """Where the pen's two bowed strokes cover the field at ``x0, y0`` (kept per field: a sheet
    has dozens of crosses). Returns the mask and where its corner goes."""
    width = max(3, round(s / 9))
    left, top = math.floor(x0) - width, math.floor(y0) - width  # round ends reach past the field
    mask = Image.new("L", (math.ceil(s) + 2 * width + 1, math.ceil(s) + 2 * width + 1))
    draw = ImageDraw.Draw(mask)
    a, b, c, d = wobble
    pad = 0.14
    strokes = (
        ((pad + a, pad + b), (1 - pad + c, 1 - pad - a), 0.05 + d / 2),
        ((pad - c, 1 - pad + d), (1 - pad + b, pad - d), -0.05 + a / 2),
    )
    for (sx, sy), (ex, ey), bow in strokes:
        points = []
        for i in range(7):
            f = i / 6
            bend = bow * math.sin(math.pi * f)
            px = sx + (ex - sx) * f - (ey - sy) * bend
            py = sy + (ey - sy) * f + (ex - sx) * bend
            # Computed where the field lies, then moved by whole pixels: the same pixels.
            points.append((x0 + px * s - left, y0 + py * s - top))
        draw.line(points, fill=255, width=width, joint="curve")
        for px, py in (points[0], points[-1]):
            r = width / 2
            draw.ellipse((px - r, py - r, px + r, py + r), fill=255)
    return mask, left, top


def _scribble(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, _ = box
    s = x1 - x0
    width = max(3, round(s / 12))
    points = []
    for i in range(9):
        f = i / 8
        x = x0 + s * (0.12 if i % 2 == 0 else 0.88)
        points.append((x + (i % 3 - 1) * s * 0.03, y0 + s * (0.12 + 0.76 * f)))
    draw.line(points, fill=SCRIBBLE, width=width, joint="curve")
    mirrored = [(x0 + x1 - x, y) for x, y in points[1::2]]
    draw.line(mirrored, fill=SCRIBBLE, width=width)


def _lying_die(draw: ImageDraw.ImageDraw, box: Box, value: int) -> None:
    x0, y0, x1, _ = box
    s = x1 - x0
    inset = s * 0.05
    draw_die(draw, (x0 + inset, y0 + inset), s - inset * 2, value, outline=DIE_MARK)


def _ring(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Marks a planet its player may still pick."""
    x0, _, x1, _ = box
    width = max(2, round((x1 - x0) / 14))
    draw.rounded_rectangle(
        symbols.grow(box, -1), radius=(x1 - x0) * 0.2, outline=HIGHLIGHT, width=width
    )


# --- line bonuses and the score card --------------------------------------------------------------


def _line_bonuses(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    grid: Grid,
    level: Mapping[str, Any],
    player: Mapping[str, Any],
) -> None:
    """Each row's bonus right of the row, each column's below it: open, done or impossible."""
    crossed = {tuple(c) for c in player["crosses"]}
    scribbled = {tuple(c) for c in player["scribbles"]}
    ox, oy = origin
    badge_h = max(12, round(grid.field * 0.44))
    size = max(8, round(grid.field * 0.27))
    for bonus in level["line_bonus"]:
        cells = _line_cells(level, bonus["axis"], bonus["index"])
        if bonus["axis"] == "row":
            x0, y0, x1, y1 = grid.box(bonus["index"], grid.cols - 1)
            cy = oy + (y0 + y1) / 2
            box = (ox + x1 + 4, cy - badge_h / 2, ox + x1 + grid.bonus_w - 2, cy + badge_h / 2)
        else:
            x0, y0, x1, y1 = grid.box(grid.rows - 1, bonus["index"])
            cx = ox + (x0 + x1) / 2
            half = min(grid.field, grid.bonus_w) / 2 - 2
            box = (cx - half, oy + y1 + 4, cx + half, oy + y1 + 4 + badge_h)
        done = cells <= crossed
        broken = bool(cells & scribbled)
        fill, ink = (GOOD, (255, 255, 255)) if done else (LINE_OPEN, INK)
        if broken:
            fill, ink = LINE_BROKEN, MUTED
        draw.rounded_rectangle(
            box, radius=badge_h / 3, fill=fill, outline=GRID if not done else GOOD, width=1
        )
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        write(draw, centre, f"+{bonus['points']}", font=font(size, True), fill=ink, anchor="mm")
        if broken:
            draw.line((box[0] + 3, box[3] - 3, box[2] - 3, box[1] + 3), fill=SCRIBBLE, width=2)


def _line_cells(level: Mapping[str, Any], axis: str, index: int) -> set[tuple[int, int]]:
    pips = level["pips"]
    if axis == "row":
        return {(index, c) for c, p in enumerate(pips[index]) if p}
    return {(r, index) for r, line in enumerate(pips) if line[index]}


def _score_parts(box: Box) -> list[tuple[str, float, float]]:
    """Each part of the score with its box's left and right edge, the total last."""
    x0, _, x1, _ = box
    parts = [*SCORE_PARTS, "total"]
    step = (x1 - x0) / len(parts)
    return [(part, x0 + i * step + 2, x0 + (i + 1) * step - 2) for i, part in enumerate(parts)]


def _score_boxes(draw: ImageDraw.ImageDraw, labels: Mapping[str, str], box: Box) -> None:
    """The score card without its numbers: one box per part of the score, then the total."""
    _, y0, _, y1 = box
    for part, bx0, bx1 in _score_parts(box):
        total = part == "total"
        draw.rounded_rectangle(
            (bx0, y0, bx1, y1),
            radius=8,
            fill=HIGHLIGHT if total else (255, 255, 255),
            outline=INK if total else GRID,
            width=2 if total else 1,
        )
        label = fit_text(labels[part], int(bx1 - bx0 - 6), 12)
        write(
            draw,
            ((bx0 + bx1) / 2, y1 - 6),
            label,
            font=font(12),
            fill=INK if total else MUTED,
            anchor="md",
        )


def _score_values(draw: ImageDraw.ImageDraw, player: Mapping[str, Any], box: Box) -> None:
    """The player's points in the score card's boxes, each part with its symbol."""
    y0 = box[1]
    score = player["score"]
    for part, bx0, bx1 in _score_parts(box):
        value = str(score[part])
        if part == "total":
            centre = ((bx0 + bx1) / 2, y0 + 20)
            write(draw, centre, value, font=font(22, True), fill=INK, anchor="mm")
            continue
        icon = 22
        text_w = draw.textlength(value, font=font(18, True))
        left = (bx0 + bx1 - icon - 4 - text_w) / 2
        _part_icon(draw, (left, y0 + 8, left + icon, y0 + 8 + icon), part)
        write(draw, (left + icon + 4, y0 + 19), value, font=font(18, True), fill=INK, anchor="lm")


def _part_icon(draw: ImageDraw.ImageDraw, box: Box, part: str) -> None:
    """The symbol of one part of the score (the card and the ranking's header)."""
    if part == "gems":
        symbols.gem(draw, box, None)
    elif part == "puzzles":
        symbols.puzzle(draw, box, SPECIAL_COLORS["green"])
    elif part == "lines":
        # As a completed line's badge beside the grid.
        x0, y0, x1, y1 = box
        badge = (x0, y0 + (y1 - y0) * 0.18, x1, y1 - (y1 - y0) * 0.18)
        draw.rounded_rectangle(badge, radius=(y1 - y0) * 0.2, fill=GOOD)
        size = round((y1 - y0) * 0.6)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        write(draw, centre, "+", font=font(size, True), fill=(255, 255, 255), anchor="mm")
    elif part == "flags":
        symbols.flag(draw, box, None)
    elif part == "bombs":
        symbols.bomb(draw, box, None)
    elif part == "poop":
        symbols.poop(draw, box, None)


# --- the middle -----------------------------------------------------------------------------------


def _middle_card(
    view: Mapping[str, Any], names: Sequence[str], t: Label, width: int
) -> Image.Image:
    image, draw = canvas(width, MIDDLE_HEIGHT)
    pad = 12
    write(draw, (pad + 2, 10), _round_text(view, t), font=font(16, True), fill=INK)
    title = fit_text(_level_title(view["level"], t), 160, 13)
    write(draw, (width - pad - 2, 12), title, font=font(13), fill=MUTED, anchor="ra")
    dice_box = (pad, 36, width - pad, 90)
    if view["solo"]:
        dice_box = (pad, 36, width - pad - 150, 90)
        _opponent_dice(draw, view, t, (width - pad - 144, 32, width - pad, 90))
    if view["middle"]:
        _middle_dice(draw, sorted(view["middle"]), dice_box)
    else:
        _middle_note(draw, view, names, t, dice_box)
    _player_chips(draw, view, names, t, (pad, 96, width - pad, MIDDLE_HEIGHT - 10))
    return image


def _round_text(view: Mapping[str, Any], t: Label) -> str:
    if view["phase"] == "over":
        return t("dz-img-game-over")
    text = f"{t('dz-img-round')} {view['round']}/{view['rounds']}"
    if view["passes"] > 1:
        text += f"  ·  {t('dz-img-pass')} {view['pass']}/{view['passes']}"
    return text


def _middle_dice(draw: ImageDraw.ImageDraw, values: Sequence[int], box: Box) -> None:
    x0, y0, x1, y1 = box
    count = len(values)
    gap = 6
    size = min(MIDDLE_DIE_MAX, y1 - y0, ((x1 - x0) - gap * (count - 1)) / count)
    x = x0 + 2
    for value in values:
        draw_die(draw, (x, y0 + (y1 - y0 - size) / 2), size, value)
        x += size + gap


def _middle_note(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], names: Sequence[str], t: Label, box: Box
) -> None:
    """What stands in place of the dice when the middle is empty."""
    if view["phase"] == "planets":
        pickers = ", ".join(printable(_name(names, s)) for s in view["to_move"])
        text = f"{t('dz-img-planets-note')} {pickers}"
    elif view["phase"] == "over":
        return  # the title above says it
    else:
        text = t("dz-img-middle-empty")
    x0, y0, x1, y1 = box
    write(
        draw,
        (x0 + 4, (y0 + y1) / 2),
        fit_text(text, int(x1 - x0 - 8), 16),
        font=font(16),
        fill=MUTED,
        anchor="lm",
    )


def _opponent_dice(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], t: Label, box: Box) -> None:
    """Solo: the two opponent dice last rolled."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=(255, 255, 255), outline=GRID)
    label = fit_text(t("dz-img-opponent"), int(x1 - x0 - 12), 12)
    write(draw, (x0 + 8, y0 + 4), label, font=font(12), fill=MUTED)
    size = 30
    for i, value in enumerate(view["opponent"] or []):
        draw_die(draw, (x0 + 8 + i * (size + 6), y0 + 22), size, value, colour=OPPONENT)
    # The dice they took out of the middle this pass, greyed and struck through.
    small, x, y = 19, x0 + 78, y0 + 18
    for i, value in enumerate(view["out"][:6]):
        left, top = x + (i % 3) * (small + 3), y + (i // 3) * (small + 3)
        draw.rounded_rectangle(
            (left, top, left + small, top + small), radius=4, fill=TAKEN, outline=MUTED
        )
        _pips(draw, (left, top), small, value, MUTED)
        draw.line((left + 2, top + small - 2, left + small - 2, top + 2), fill=SCRIBBLE, width=2)


def _player_chips(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str],
    t: Label,
    span: Box,
) -> None:
    """One chip a player: name and total; whose turn it is, who has passed."""
    x0, y0, x1, y1 = span
    players = view["players"]
    gap = 6
    chip_w = (x1 - x0 - gap * (len(players) - 1)) / len(players)
    acting = set(view["to_move"]) if view["phase"] == "planets" else {view["turn"]}
    for i, player in enumerate(players):
        left = x0 + i * (chip_w + gap)
        box = (left, y0, left + chip_w, y1)
        seat = player["seat"]
        status = ""
        fill, ink, outline = (255, 255, 255), INK, GRID
        if seat in acting and view["phase"] != "over":
            fill, outline = HIGHLIGHT, INK
            status = t("dz-img-planets") if view["phase"] == "planets" else t("dz-img-turn")
            if view["last_turn"]:
                status = t("dz-img-last-turn")
        elif player["passed"]:
            fill, ink = LINE_BROKEN, MUTED
            status = t("dz-img-passed")
        draw.rounded_rectangle(
            box, radius=8, fill=fill, outline=outline, width=2 if outline == INK else 1
        )
        total = str(player["score"]["total"])
        total_w = draw.textlength(total, font=font(14, True))
        name = fit_text(printable(_name(names, seat)), int(chip_w - total_w - 20), 14, True)
        write(draw, (left + 7, y0 + 4), name, font=font(14, True), fill=ink)
        write(draw, (left + chip_w - 7, y0 + 4), total, font=font(14, True), fill=ink, anchor="ra")
        if status:
            status = fit_text(status, int(chip_w - 14), 11)
            write(draw, (left + 7, y1 - 4), status, font=font(11), fill=ink, anchor="ld")


# --- the scoreboard -------------------------------------------------------------------------------


def _scoreboard_title(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], width: int, t: Label
) -> None:
    over = view["phase"] == "over"
    title = t("dz-img-ranking") if over else t("dz-img-standings")
    level = _level_title(view["level"], t)
    write(
        draw,
        (PAD + 4, PAD + 2),
        fit_text(f"{title}  ·  {level}", width - 220, 20, True),
        font=font(20, True),
        fill=INK,
    )
    if not over:
        write(
            draw,
            (width - PAD - 4, PAD + 6),
            _round_text(view, t),
            font=font(14),
            fill=MUTED,
            anchor="ra",
        )


def _standings(view: Mapping[str, Any]) -> list[tuple[int, Mapping[str, Any]]]:
    """(place, player) best first: the engine's final ranking, or the same rule mid-game."""
    players = view["players"]
    places = view["ranking"] or rank([(p["score"]["total"], -p["cross_count"]) for p in players])
    return sorted(zip(places, players, strict=True), key=lambda e: (e[0], e[1]["seat"]))


def _ranking_table(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    names: Sequence[str],
    t: Label,
    span: tuple[int, int, int],
) -> None:
    """Place, name, each part, total and crosses; ties on points are split by fewer crosses."""
    left, top, right = span
    columns = _rank_columns(left, right)
    y = top + 8
    for part in SCORE_PARTS:
        x, w = columns[part]
        _part_icon(draw, (x + w / 2 - 11, y, x + w / 2 + 11, y + 22), part)
    for key in ("total", "crosses"):
        x, w = columns[key]
        text = fit_text(t(f"dz-img-{key}"), int(w) - 4, 12, True)
        write(draw, (x + w / 2, y + 11), text, font=font(12, True), fill=INK, anchor="mm")
    standings = _standings(view)
    totals = [p["score"]["total"] for _, p in standings]
    places = [place for place, _ in standings]
    for place, player in standings:
        y += RANK_ROW
        tied = totals.count(player["score"]["total"]) > 1
        shared = f"  ({t('dz-img-shared')})" if places.count(place) > 1 else ""
        name = printable(_name(names, player["seat"]))
        _ranking_row(draw, (left, y, right), columns, place, player, name, shared, tied)
    if len(standings) > 1:  # a solo game has no ties to break
        note = fit_text(t("dz-img-tie-break"), right - left - 8, 12)
        write(draw, (left + 4, y + RANK_ROW + 4), note, font=font(12), fill=MUTED)


def _rank_columns(left: int, right: int) -> dict[str, tuple[float, float]]:
    """Each column of the ranking: its left edge and width; the name takes what is left."""
    widths = {"place": 34, "name": 0, **dict.fromkeys(SCORE_PARTS, 44), "total": 62, "crosses": 70}
    widths["name"] = right - left - sum(widths.values())
    columns, x = {}, float(left)
    for key, width in widths.items():
        columns[key] = (x, float(width))
        x += width
    return columns


def _ranking_row(
    draw: ImageDraw.ImageDraw,
    span: tuple[int, int, int],
    columns: Mapping[str, tuple[float, float]],
    place: int,
    player: Mapping[str, Any],
    name: str,
    shared: str,
    tied: bool,
) -> None:
    left, y, right = span
    fill = HIGHLIGHT if place == 1 else (255, 255, 255)
    draw.rounded_rectangle((left, y, right, y + RANK_ROW - 4), radius=8, fill=fill, outline=GRID)
    mid = y + (RANK_ROW - 4) / 2

    def cell(key: str, text: str, size: int, bold: bool = False, ink: Colour = INK) -> None:
        x, w = columns[key]
        write(draw, (x + w / 2, mid), text, font=font(size, bold), fill=ink, anchor="mm")

    x, w = columns["place"]
    write(draw, (x + w - 6, mid), f"{place}.", font=font(16, True), fill=INK, anchor="rm")
    x, w = columns["name"]
    shared_w = int(draw.textlength(shared, font=font(12)))
    shown = fit_text(name, int(w) - 10 - shared_w, 15, True)
    write(draw, (x + 4, mid), shown, font=font(15, True), fill=INK, anchor="lm")
    if shared:
        after = x + 4 + draw.textlength(shown, font=font(15, True))
        write(draw, (after, mid), shared, font=font(12), fill=MUTED, anchor="lm")
    for part in SCORE_PARTS:
        cell(part, str(player["score"][part]), 14)
    cell("total", str(player["score"]["total"]), 17, bold=True)
    # Where the points tie, the crosses decide: those are shown in bold.
    cell("crosses", str(player["cross_count"]), 14, bold=tied, ink=INK if tied else MUTED)


# --- small helpers --------------------------------------------------------------------------------


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _values(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _level_title(level: Mapping[str, Any], t: Label) -> str:
    """A shipped level ("level3") is named in the table's language; others by their title."""
    ident = str(level["id"])
    number = ident.removeprefix("level")
    if ident.startswith("level") and number.isdigit():
        return f"{t('dz-img-level')} {number}"
    return printable(str(level["title"]))
