"""Dizzle pictures: a player's level sheet, the middle of a turn and the scoreboard.

Every function takes the engine's ``view`` (:func:`games.dizzle.view`) and ``t``, which maps the
picture label keys (``dz-img-*``, listed in :data:`LABELS`) to text in the table's language; the
one-line summaries call ``t(key, **args)`` with the ``dz-sum-*`` keys.

A sheet is drawn in two layers. The level itself (column letters, row numbers, the fields as
white dice faces, printed start crosses and the specials) is drawn once per level and field size
and kept; each picture pastes it and adds what belongs to the player: crosses in pen, scribbled
bombs, the dice lying on the sheet this pass, opened locks, the flags' current values, the line
bonuses and the score card.

Every text reads on a phone (at least 11 px tall once the picture is 360 px wide, see
:func:`rendering.toolkit.readable_size`): the score card names its parts by their symbols only.

Where the brief was silent: a field with a special shows its pips big in the upper left corner
and the special in the lower right; a crossed gem, poop or flag shows what it scored over the pen
cross; the fields a turn's menu offers, and uncrossed planets while their player has rockets to
spend, are ringed and tagged with their names ("B1"); the middle strip also shows each player's
running total; the result shows every sheet at full size, one under the other, best first.
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
from rendering.paletted import drawing_on
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
    cap_height,
    card_in,
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
    text_length,
    to_png,
    wrap_text,
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
HEADER = 84  # the name, then the level and round (or, in a turn, the legend) above the grid
NAME_LINE = 34  # each further line of a long name, which makes the header taller
SCORE_CARD = 58  # the score card below the grid
DIE_SHARE = 0.86  # share of a field its die face takes
SPECIAL_PIPS_SHARE = 0.54  # the pips of a field with a special, in its upper left corner
ICON_SHARE = 0.58  # the special, in the lower right corner
CHOICE_ICON_SHARE = 0.44  # ... in the upper right corner of a field ringed for a choice
# Every text of a sheet, of the middle and of the scoreboard reads on a phone.
MIN_FONT = readable_size(SHEET_WIDTH, bold=True)
CHOICE = HIGHLIGHT  # ring and tag of a field the player may place a die on now
PEN = (22, 56, 170)  # the players' crosses
PEN_SHARE = 13  # a pen stroke is a field's 13th: the die face stays readable under the cross
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
    "lock", "bomb", "rocket", "planet", "choice", "flag", "poop", "printed-value", "line-bonus",
    "opponent-die", "taken", "crosses",
)  # fmt: skip

# --- the middle strip and the scoreboard -------------------------------------------------------
MIDDLE_WIDTH = 600
MIDDLE_DIE_MAX = 46
CHIP_HEIGHT = 70  # a player's chip in the middle: name and total, then what they are doing
CHIP_GAP = 8
CHIP_TOTAL_ROOM = 92  # right of a chip's name: a total of three digits, a minus sign
CHIP_NAME_LINE = 32  # each further line of a long name, which makes its chip taller
OPPONENT = "red"  # colour of the solo opponent dice
OPPONENT_BOX = 204  # the width the solo opponent's dice, and the dice they took out, need
TAKEN = (232, 229, 222)  # dice the opponent dice took out of the middle
SHEET_GAP = 10  # between stacked or side-by-side pictures
RANK_ROW = 52
RANK_ROW_TALL = 84  # a row whose name needs the line to itself
RANK_NAME_LINE = 34  # each further line of a name too long for that line: the row grows
RANK_LINE_ROOM = 10 + 44 + 12 + 80 + 24 + 75 + 10  # place, crosses, points beside a name
RANK_TITLE = 56
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
    "dz-sum-passed", "dz-sum-opponent",
    "dz-img-legend-dice", "dz-img-legend-choices", "dz-img-solo-best", "dz-img-solo-new-best",
    "dz-img-solo-score",
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
    """What a turn message shows: the middle above the sheet of the player to act.

    The sheet rings the fields the player may place a die on, tagged as in the menu. While
    several players pick planets, each picker's sheet is shown, their planets ringed.
    """
    seats = [active_seat(view)]
    if view["phase"] == "planets":
        seats = [s for s in view["to_move"] if s >= 0] or seats
    sheets = [_sheet_card(view, seat, seat_name(names, seat), t, in_turn=True) for seat in seats]
    middle = _middle_card(view, names, t, sheets[0].width)
    return stacked_png([middle, *sheets], SHEET_GAP, _palette())


def render_scoreboard(
    view: Mapping[str, Any], names: Sequence[str], t: Label, best: int | None = None
) -> bytes:
    """The ranking first and large, then every sheet at full size in the order of the places.

    A solo game shows the score and, with ``best`` (the player's best earlier score on this
    level, from the history), that best or a new best.
    """
    standings = _standings(view)
    sheets = [
        _sheet_card(view, p["seat"], seat_name(names, p["seat"]), t, in_turn=True)
        for _, p in standings
    ]
    width = sheets[0].width
    ranking = _ranking_card(view, names, t, width, best)
    return stacked_png([ranking, *sheets], SHEET_GAP, _palette())


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
        pickers = ", ".join(seat_name(names, s) for s in view["to_move"])
        return t("dz-sum-planets", players=pickers, count=len(view["to_move"]))
    parts = [
        t(
            "dz-sum-turn",
            round=view["round"],
            rounds=view["rounds"],
            **{"pass": view["pass"]},
            passes=view["passes"],
            player=seat_name(names, active_seat(view)),
            middle=_values(view["middle"]),
            dice=len(view["middle"]),
        )
    ]
    passed = [seat_name(names, p["seat"]) for p in view["players"] if p["passed"]]
    if passed:
        parts.append(t("dz-sum-passed", players=", ".join(passed), count=len(passed)))
    if view["solo"] and view["opponent"]:
        parts.append(t("dz-sum-opponent", values=_values(view["opponent"])))
    return " ".join(parts)


def sheet_field_box(
    level: Mapping[str, Any], row: int, col: int, name_lines: int = 1
) -> tuple[int, int, int, int]:
    """Where a field lies on the picture of :func:`render_sheet` (whose header shows the name
    on ``name_lines`` lines): left, top, right, bottom."""
    x0, y0, x1, y1 = _sheet_grid(level).box(row, col)
    top = PAD + _header(name_lines)
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
        return _label_room(self.rows)

    @property
    def letters_h(self) -> int:
        return 34

    @property
    def width(self) -> int:
        return self.label_w + self.cols * self.field

    @property
    def height(self) -> int:
        return self.letters_h + self.rows * self.field

    @property
    def bonus_w(self) -> int:
        return 58

    def box(self, row: int, col: int) -> Box:
        x = self.label_w + col * self.field
        y = self.letters_h + row * self.field
        return (x, y, x + self.field, y + self.field)


@lru_cache(maxsize=32)
def _label_room(rows: int) -> int:
    """Room left of the grid for the row numbers, in the readable size."""
    return int(text_length(font(MIN_FONT, True), str(rows))) + 10


def _field_size(cols: int, width: int, largest: int) -> int:
    grid = Grid(1, cols, largest)
    spare = width - grid.label_w - grid.bonus_w
    return max(12, min(largest, spare // cols))


def _sheet_grid(level: Mapping[str, Any]) -> Grid:
    field = _field_size(level["cols"], SHEET_WIDTH - PAD * 2, FIELD_MAX)
    return Grid(level["rows"], level["cols"], field)


def _sheet_card(
    view: Mapping[str, Any], seat: int, name: str, t: Label, in_turn: bool = False
) -> Image.Image:
    """A player's sheet; ``in_turn``: under the middle, which already says round and level."""
    player = view["players"][seat]
    grid = _sheet_grid(view["level"])
    base = _sheet_base(_level_key(view["level"]), grid.field)
    lines, size = _header_name(player, name, base.width)
    if len(lines) > 1:
        base = _sheet_base(_level_key(view["level"]), grid.field, _header(len(lines)))
    image, draw = drawing_on(base, _palette())
    header = _header(len(lines))
    choices = view.get("choices") or [] if in_turn and seat == view["turn"] else []
    picking = bool(player["planets_to_pick"]) and view["phase"] == "planets"
    legend: list[tuple[Callable[[ImageDraw.ImageDraw, Box], None], str]] = []
    if in_turn and (choices or picking):
        legend.append((_choice_sample, t("dz-img-planets" if picking else "dz-img-legend-choices")))
    if in_turn and player["dice"]:
        legend.append((_die_sample, t("dz-img-legend-dice")))
    span = (PAD, PAD, image.width - PAD)
    _sheet_header(draw, view, player, (lines, size), t, span, in_turn, legend)
    _paint_grid(image, draw, (PAD, PAD + header), grid, view, player, printed=True)
    ox, oy = PAD, PAD + header
    for row, col in choices:
        x0, y0, x1, y1 = grid.box(row, col)
        box = (ox + x0, oy + y0, ox + x1, oy + y1)
        _choice_mark(draw, box, field_label(row, col), _field_face(view, player, (row, col)))
    _score_values(draw, player, _score_box(grid, image.width, header))
    return image


def _header(name_lines: int) -> int:
    return HEADER + (name_lines - 1) * NAME_LINE


def _header_name(player: Mapping[str, Any], name: str, width: int) -> tuple[list[str], int]:
    """The name beside the crosses, as large as fits, else wrapped at the smallest size a phone
    reads, its further lines running under the crosses (never cut)."""
    room = width - 2 * PAD - _crosses_width(player) - 16
    return name_lines(printable(name), room, 30, MIN_FONT, True, width - 2 * PAD - 4)


def _crosses_width(player: Mapping[str, Any]) -> int:
    return int(text_length(font(MIN_FONT, True), f"✕ {player['cross_count']}"))


@kept_layer(maxsize=6)
def _sheet_base(level_key: str, field: int, header: int = HEADER) -> Image.Image:
    """What every sheet of a level shares: the paper, the printed grid, the score card's boxes
    (``header``: taller where a long name takes more lines)."""
    level = json.loads(level_key)
    grid = Grid(level["rows"], level["cols"], field)
    width = PAD * 2 + grid.width + grid.bonus_w
    height = PAD + header + grid.height + round(field * 0.5) + 6 + SCORE_CARD + PAD
    image, draw = canvas(width, height)
    image.paste(_level_block(level_key, field), (PAD, PAD + header))
    _score_boxes(draw, _score_box(grid, width, header))
    return packed(image, _palette())


def _score_box(grid: Grid, width: int, header: int = HEADER) -> Box:
    top = PAD + header + grid.height + round(grid.field * 0.5) + 6
    return (PAD, top, width - PAD, top + SCORE_CARD - 6)


def _sheet_header(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    name: tuple[Sequence[str], int],
    t: Label,
    span: tuple[int, int, int],
    in_turn: bool = False,
    legend: Sequence[tuple[Callable[[ImageDraw.ImageDraw, Box], None], str]] = (),
) -> None:
    """The name (its lines and size) and the crosses; below, the level and round, or in a turn
    what marks mean.

    A turn picture shows the round and the level once, in the middle above the sheet.
    """
    left, top, right = span
    crosses = f"✕ {player['cross_count']}"
    write(draw, (right, top + 2), crosses, font=font(MIN_FONT, True), fill=PEN, anchor="ra")
    lines, size = name
    for n, shown in enumerate(lines):
        at = (left + 2, top + (30 - size) // 2 + n * NAME_LINE)
        write(draw, at, shown, font=font(size, True), fill=INK)
    line = top + 40 + (len(lines) - 1) * NAME_LINE
    if in_turn:
        _legend(draw, legend, (left + 2, line, right))
        return
    detail = f"{_level_title(view['level'], t)}  ·  {_round_text(view, t)}"
    detail = fit_text(detail, right - left - 4, MIN_FONT)
    write(draw, (left + 2, line), detail, font=font(MIN_FONT), fill=MUTED)


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

    ``printed``: the level is already on the picture (a sheet's kept base). What a crossed
    special scored (a gem's points, a flag's value) is written again over the pen cross.
    """
    level = view["level"]
    if not printed:
        image.paste(_level_block(_level_key(level), grid.field), origin)
    ox, oy = origin

    def at(cell: Sequence[int]) -> Box:
        x0, y0, x1, y1 = grid.box(*cell)
        return (ox + x0, oy + y0, ox + x1, oy + y1)

    crossed = {tuple(c) for c in player["crosses"]}
    values: list[tuple[Box, str, int]] = []
    planets: list[Sequence[int]] = []
    for special in level["specials"]:
        kind, box = special["kind"], at(special["at"])
        row, col = special["at"]
        if kind == "flag":
            # A flag shows what its crosser won, else the value the next crosser gets.
            won = player["flags"].get(special["flag_id"])
            left = view["flags_left"].get(special["flag_id"], [])
            value = _top(left) if won is None else won
            _draw_field(draw, box, level["pips"][row][col], special, flag_value=value)
            if won is not None:
                values.append((box, kind, won))
        elif kind == "lock" and special["color"] in player["keys"]:
            _draw_field(draw, box, level["pips"][row][col], special, opened=True)
        elif kind == "planet" and player["planets_to_pick"] and (row, col) not in crossed:
            planets.append(special["at"])
        elif kind in ("gem", "poop") and (row, col) in crossed:
            values.append((box, kind, special["points"]))
    starts = {tuple(c) for c in level["start_crosses"]}
    for cell in player["crosses"]:
        if tuple(cell) not in starts:
            _pen_cross(draw, at(cell), _wobble(cell))
    for box, kind, value in values:
        symbols.printed_value(draw, _icon_box(box), kind, value)
    for cell in player["scribbles"]:
        _scribble(draw, at(cell))
    for die in player["dice"]:
        _lying_die(draw, at(die["at"]), die["value"])
    for cell in planets:
        _choice_mark(draw, at(cell), field_label(*cell), _field_face(view, player, cell))
    _line_bonuses(draw, origin, grid, level, player)


def _legend(
    draw: ImageDraw.ImageDraw,
    entries: Sequence[tuple[Callable[[ImageDraw.ImageDraw, Box], None], str]],
    span: tuple[int, int, int],
) -> None:
    """What the marks of a turn mean: a ringed field takes a die (or is a planet to pick) now;
    an orange die lies there since this pass."""
    left, top, right = span
    size, x = 30, left
    for mark, text in entries:
        mark(draw, (x, top, x + size, top + size))
        x += size + 8
        room = (right - left) // len(entries) - size - 20
        text = fit_text(text, room, MIN_FONT)
        write(draw, (x, top + size / 2), text, font=font(MIN_FONT), fill=INK, anchor="lm")
        x += int(text_length(font(MIN_FONT), text)) + 24


def _choice_sample(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=CHOICE, width=4)


def _die_sample(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, _ = box
    draw_die(draw, (x0, y0), x1 - x0, 3, outline=DIE_MARK)


FieldFace = tuple[int, Mapping[str, Any] | None, dict[str, Any]]  # pips, special, its state


def _field_face(
    view: Mapping[str, Any], player: Mapping[str, Any], cell: Sequence[int]
) -> FieldFace:
    """What a field prints, as this player's sheet shows it (an opened lock, a flag's value)."""
    level = view["level"]
    row, col = cell
    special = next((s for s in level["specials"] if tuple(s["at"]) == (row, col)), None)
    state: dict[str, Any] = {}
    if special is not None and special["kind"] == "lock":
        state["opened"] = special["color"] in player["keys"]
    if special is not None and special["kind"] == "flag":
        won = player["flags"].get(special["flag_id"])
        left = view["flags_left"].get(special["flag_id"], [])
        state["flag_value"] = _top(left) if won is None else won
    return level["pips"][row][col], special, state


def _choice_mark(
    draw: ImageDraw.ImageDraw, box: Box, label: str, face_of: FieldFace | None = None
) -> None:
    """A field the player may take now: ringed, with its name as the menu writes it.

    The name is a tag in the lower right corner; the field's pips move to its upper left (and
    a special to its upper right), as on a field with a special, so the tag hides neither.
    """
    x0, y0, x1, y1 = box
    field = x1 - x0
    if face_of is not None:
        pips, special, state = face_of
        inset = field * (1 - DIE_SHARE) / 2
        size = field * DIE_SHARE
        die = (x0 + inset, y0 + inset, x0 + inset + size, y0 + inset + size)
        draw.rounded_rectangle(
            die, radius=size * 0.18, fill=DICE["white"][0], outline=DIE_EDGE,
            width=max(1, round(size / 22)),
        )  # fmt: skip
        pip_box = field * SPECIAL_PIPS_SHARE
        _pips(draw, (x0 + inset * 0.6, y0 + inset * 0.6), pip_box, pips, radius=0.13)
        if special is not None:
            icon = field * CHOICE_ICON_SHARE
            corner = field * 0.03
            spot = (x1 - corner - icon, y0 + corner, x1 - corner, y0 + corner + icon)
            _draw_special(draw, spot, special, **state)
    width = max(3, round(field / 12))
    draw.rounded_rectangle(box, radius=field * 0.2, outline=CHOICE, width=width)
    face = font(MIN_FONT, True)
    text_w = text_length(face, label)
    tag_w, tag_h = text_w + 8, cap_height(face) + 5
    right = x1 - 1
    tag = (right - tag_w, y1 - tag_h - 1, right, y1 - 1)
    cx = (tag[0] + tag[2]) / 2
    draw.rounded_rectangle(tag, radius=6, fill=CHOICE, outline=INK, width=1)
    write(draw, (cx, tag[1] + tag_h / 2), label, font=face, fill=INK, anchor="mm")


def _icon_box(box: Box) -> Box:
    """Where a field's special sits: its lower right corner."""
    x0, _, x1, y1 = box
    icon = (x1 - x0) * ICON_SHARE
    corner = (x1 - x0) * 0.02
    return (x1 - corner - icon, y1 - corner - icon, x1 - corner, y1 - corner)


def _top(values: Sequence[int]) -> int:
    return values[0] if values else 0


def _level_key(level: Mapping[str, Any]) -> str:
    return json.dumps(level, sort_keys=True)


@kept_layer(maxsize=16)
def _level_block(level_key: str, field: int) -> Image.Image:
    """The printed grid of a level: letters, numbers, dice faces, start crosses, specials."""
    level = json.loads(level_key)
    grid = Grid(level["rows"], level["cols"], field)
    image = Image.new("RGBA", (grid.width, grid.height), PAPER)
    draw = ImageDraw.Draw(image)
    face = font(MIN_FONT, True)
    for col in range(grid.cols):
        x0, y0, x1, _ = grid.box(0, col)
        letter = field_label(0, col)[0]
        write(draw, ((x0 + x1) / 2, y0 - 3), letter, font=face, fill=MUTED, anchor="md")
    for row in range(grid.rows):
        x0, y0, _, y1 = grid.box(row, 0)
        number = field_label(row, 0)[1:]
        write(draw, (x0 - 4, (y0 + y1) / 2), number, font=face, fill=MUTED, anchor="rm")
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
    return packed(image, _palette())


def _draw_field(
    draw: ImageDraw.ImageDraw,
    box: Box,
    pips: int,
    special: Mapping[str, Any] | None,
    *,
    opened: bool = False,
    flag_value: int | None = None,
) -> None:
    """One field: a white die face; a special shares it, pips up left, symbol down right."""
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
    # Big pips: a phone shows them about 3 px wide.
    _pips(draw, (x0 + inset * 0.6, y0 + inset * 0.6), field * SPECIAL_PIPS_SHARE, pips, radius=0.13)
    _draw_special(draw, _icon_box(box), special, opened=opened, flag_value=flag_value)


def _pips(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    size: float,
    face: int,
    fill: Colour = INK,
    radius: float = 0.1,
) -> None:
    """The pips of a die face in a square of ``size``, without the die around them."""
    x, y = xy
    step, r = size / 4, size * radius
    for col, row in PIPS[face]:
        cx, cy = x + step * (col + 1), y + step * (row + 1)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


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
    width = max(3, round(s / PEN_SHARE))
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
    face = font(MIN_FONT, True)
    badge_h = cap_height(face) + 12
    for bonus in level["line_bonus"]:
        cells = _line_cells(level, bonus["axis"], bonus["index"])
        text = f"+{bonus['points']}"
        if bonus["axis"] == "row":
            x0, y0, x1, y1 = grid.box(bonus["index"], grid.cols - 1)
            cy = oy + (y0 + y1) / 2
            box = (ox + x1 + 3, cy - badge_h / 2, ox + x1 + grid.bonus_w - 1, cy + badge_h / 2)
        else:
            x0, y0, x1, y1 = grid.box(grid.rows - 1, bonus["index"])
            cx = ox + (x0 + x1) / 2
            half = max(grid.field / 2 - 1, text_length(face, text) / 2 + 3)
            box = (cx - half, oy + y1 + 3, cx + half, oy + y1 + 3 + badge_h)
        done = cells <= crossed
        broken = bool(cells & scribbled)
        fill, ink = (GOOD, (255, 255, 255)) if done else (LINE_OPEN, INK)
        if broken:
            fill, ink = LINE_BROKEN, MUTED
        draw.rounded_rectangle(
            box, radius=badge_h / 3, fill=fill, outline=GRID if not done else GOOD, width=1
        )
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        write(draw, centre, text, font=face, fill=ink, anchor="mm")
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


def _score_boxes(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The score card without its numbers: one box per part of the score, then the total.

    The parts are told by their symbols: no word of the three languages fits a box in a size
    a phone reads.
    """
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


def _score_values(draw: ImageDraw.ImageDraw, player: Mapping[str, Any], box: Box) -> None:
    """The player's points in the score card's boxes, each part with its symbol."""
    y0, y1 = box[1], box[3]
    cy = (y0 + y1) / 2
    score = player["score"]
    face = font(MIN_FONT, True)
    for part, bx0, bx1 in _score_parts(box):
        value = str(score[part])
        if part == "total":
            write(draw, ((bx0 + bx1) / 2, cy), value, font=font(32, True), fill=INK, anchor="mm")
            continue
        icon = 24
        text_w = text_length(face, value)
        left = (bx0 + bx1 - icon - 3 - text_w) / 2
        _part_icon(draw, (left, cy - icon / 2, left + icon, cy + icon / 2), part)
        write(draw, (left + icon + 3, cy), value, font=face, fill=INK, anchor="lm")


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
        # A plus drawn as two bars: a symbol, not a text.
        cx, cy, arm = (x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) * 0.22
        bar = max(2, round((y1 - y0) / 9))
        draw.line((cx - arm, cy, cx + arm, cy), fill=WHITE, width=bar)
        draw.line((cx, cy - arm, cx, cy + arm), fill=WHITE, width=bar)
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
    """Round and pass, the level, the dice in the middle, then a chip per player, two a line
    (one where a name would not fit whole in half the width)."""
    columns = _chip_columns(view, names, width - 24)
    lines = math.ceil(len(view["players"]) / columns)
    chip_names = _chip_names(view, names, width - 24, columns)
    dice_top, dice_h = 52, 56
    chips_top = dice_top + dice_h + 10
    height = chips_top + lines * (CHIP_HEIGHT + CHIP_GAP) - CHIP_GAP + 12
    height += sum(_chip_growth(chip_names, columns, line) for line in range(lines))
    image, draw = card_in(_palette(), width, height)
    pad = 12
    # Round and pass come first; the level's name only where there is room beside them.
    round_text, title = _round_text(view, t), _level_title(view["level"], t)
    title_w = int(text_length(font(MIN_FONT), title))
    room = width - 2 * pad - 4
    if text_length(font(30, True), round_text) + 16 + title_w <= room:
        write(draw, (width - pad - 2, 14), title, font=font(MIN_FONT), fill=MUTED, anchor="ra")
    write(draw, (pad + 2, 10), fit_text(round_text, room, 30, True), font=font(30, True), fill=INK)
    dice_box = (pad, dice_top, width - pad, dice_top + dice_h)
    if view["solo"]:  # the opponent's box as wide as its label needs
        label_w = int(text_length(font(MIN_FONT), t("dz-img-opponent")))
        box_w = max(OPPONENT_BOX, label_w + 16)
        dice_box = (pad, dice_top, width - pad - box_w - 6, dice_top + dice_h)
        _opponent_dice(
            draw, view, t, (width - pad - box_w, dice_top - 6, width - pad, chips_top - 4)
        )
    if view["middle"]:
        _middle_dice(draw, sorted(view["middle"]), dice_box)
    else:
        _middle_note(draw, view, names, t, dice_box)
    span = (pad, chips_top, width - pad, height - 12)
    _player_chips(draw, view, chip_names, t, span, columns)
    return image


def _chip_columns(view: Mapping[str, Any], names: Sequence[str], room: int) -> int:
    players = view["players"]
    if len(players) < 2:
        return 1
    face = font(MIN_FONT, True)
    name_room = (room - CHIP_GAP) / 2 - CHIP_TOTAL_ROOM
    fits = all(
        text_length(face, printable(seat_name(names, p["seat"]))) <= name_room for p in players
    )
    return 2 if fits else 1


def _chip_names(
    view: Mapping[str, Any], names: Sequence[str], room: int, columns: int
) -> list[list[str]]:
    """Each chip's name beside its total, whole: a long one wraps, its further lines running
    under the total (the chip grows)."""
    chip_w = (room - CHIP_GAP * (columns - 1)) / columns
    face = font(MIN_FONT, True)
    found = []
    for player in view["players"]:
        total_w = text_length(face, str(player["score"]["total"]))
        width = int(chip_w - max(total_w + 24, CHIP_TOTAL_ROOM))
        name = printable(seat_name(names, player["seat"]))
        found.append(name_lines(name, width, MIN_FONT, MIN_FONT, True, int(chip_w - 16))[0])
    return found


def _chip_growth(chip_names: Sequence[Sequence[str]], columns: int, line: int) -> int:
    """How much taller a line of chips is for the long names in it."""
    shown = chip_names[line * columns : (line + 1) * columns]
    return CHIP_NAME_LINE * max((len(lines) - 1 for lines in shown), default=0)


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
        text = t("dz-img-planets-note").rstrip(" :")  # the pickers' chips are lit
    elif view["phase"] == "over":
        return  # the title above says it
    else:
        text = t("dz-img-middle-empty")
    x0, y0, x1, y1 = box
    write(
        draw,
        (x0 + 4, (y0 + y1) / 2),
        fit_text(text, int(x1 - x0 - 8), MIN_FONT),
        font=font(MIN_FONT),
        fill=MUTED,
        anchor="lm",
    )


def _opponent_dice(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], t: Label, box: Box) -> None:
    """Solo: the two opponent dice last rolled, and the dice they took out, struck."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=(255, 255, 255), outline=GRID)
    label = fit_text(t("dz-img-opponent"), int(x1 - x0 - 8), MIN_FONT)
    write(draw, (x0 + 8, y0 + 6), label, font=font(MIN_FONT), fill=MUTED)
    size = 30
    top = y1 - size - 6
    for i, value in enumerate(view["opponent"] or []):
        draw_die(draw, (x0 + 8 + i * (size + 6), top), size, value, colour=OPPONENT)
    small, x = 22, x0 + 86
    for i, value in enumerate(view["out"][:4]):
        left = x + i * (small + 4)
        draw.rounded_rectangle(
            (left, top + 4, left + small, top + 4 + small), radius=4, fill=TAKEN, outline=MUTED
        )
        _pips(draw, (left, top + 4), small, value, MUTED)
        draw.line((left + 2, top + small + 2, left + small - 2, top + 6), fill=SCRIBBLE, width=2)


def _player_chips(
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    chip_names: Sequence[Sequence[str]],
    t: Label,
    span: Box,
    columns: int,
) -> None:
    """One chip a player, ``columns`` a line: name and total; whose turn it is, who passed."""
    x0, y0, x1, _ = span
    players = view["players"]
    chip_w = (x1 - x0 - CHIP_GAP * (columns - 1)) / columns
    acting = set(view["to_move"]) if view["phase"] == "planets" else {view["turn"]}
    face = font(MIN_FONT, True)
    for i, player in enumerate(players):
        line, column = divmod(i, columns)
        left = x0 + column * (chip_w + CHIP_GAP)
        top = y0 + line * (CHIP_HEIGHT + CHIP_GAP)
        top += sum(_chip_growth(chip_names, columns, above) for above in range(line))
        tall = CHIP_HEIGHT + _chip_growth(chip_names, columns, line)
        box = (left, top, left + chip_w, top + tall)
        seat = player["seat"]
        status = ""
        fill, ink, outline = (255, 255, 255), INK, GRID
        if seat in acting and view["phase"] != "over":
            fill, outline = HIGHLIGHT, INK
            status = t("dz-img-planets") if view["phase"] == "planets" else t("dz-img-turn")
            if view["last_turn"] and view["phase"] != "planets":
                status = t("dz-img-last-turn")
        elif player["passed"]:
            fill, ink = LINE_BROKEN, MUTED
            status = t("dz-img-passed")
        draw.rounded_rectangle(
            box, radius=8, fill=fill, outline=outline, width=2 if outline == INK else 1
        )
        total = str(player["score"]["total"])
        for n, name in enumerate(chip_names[i]):
            write(draw, (left + 8, top + 6 + n * CHIP_NAME_LINE), name, font=face, fill=ink)
        write(draw, (left + chip_w - 8, top + 6), total, font=face, fill=ink, anchor="ra")
        if status:
            status = fit_text(status, int(chip_w - 16), MIN_FONT)
            write(
                draw,
                (left + 8, top + tall - 5),
                status,
                font=font(MIN_FONT),
                fill=ink,
                anchor="ld",
            )


# --- the scoreboard -------------------------------------------------------------------------------


def _scoreboard_title(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], width: int, t: Label
) -> None:
    over = view["phase"] == "over"
    title = t("dz-img-ranking") if over else t("dz-img-standings")
    if len(view["players"]) == 1:
        title = t("dz-img-solo-score")  # a ranking of one is a score
    level = _level_title(view["level"], t)
    write(
        draw,
        (PAD + 4, PAD + 4),
        fit_text(f"{title}  ·  {level}", width - 2 * PAD - 8, 30, True),
        font=font(30, True),
        fill=INK,
    )


def _ranking_card(
    view: Mapping[str, Any], names: Sequence[str], t: Label, width: int, best: int | None
) -> Image.Image:
    """Title, one big line per place (points, crosses); the tie note only where it decided."""
    standings = _standings(view)
    solo = len(standings) == 1
    note = [] if solo else _tie_note(view, standings, t, width - 2 * PAD)
    solo_line = _solo_best_text(view, t, best) if solo else ""
    names_shown = [printable(seat_name(names, player["seat"])) for _, player in standings]
    totals = [p["score"]["total"] for _, p in standings]
    places = [place for place, _ in standings]
    tied = [totals.count(p["score"]["total"]) > 1 for _, p in standings]
    shared = [f"  ({t('dz-img-shared')})" if places.count(pl) > 1 else "" for pl in places]
    beside = [
        _fits_rank_line(name, width)
        and len(name_lines(name, _beside_room(width, solo, p, tied[i], shared[i]), *ONE)[0]) == 1
        for i, (name, (_, p)) in enumerate(zip(names_shown, standings, strict=True))
    ]
    row_h = RANK_ROW if all(beside) else RANK_ROW_TALL
    rank_names = [_rank_name(name, width, solo, row_h) for name in names_shown]
    heights = [row_h + (len(lines) - 1) * RANK_NAME_LINE for lines, _ in rank_names]
    height = PAD + RANK_TITLE + sum(heights) + 6
    height += 38 * len(note) + (40 if solo_line else 0) + PAD
    image, draw = card_in(_palette(), width, height)
    _scoreboard_title(draw, view, width, t)
    y = PAD + RANK_TITLE
    for i, ((place, player), name, row) in enumerate(
        zip(standings, rank_names, heights, strict=True)
    ):
        span = (PAD, y, width - PAD, y + row)
        _ranking_row(draw, span, place, player, name, shared[i], tied[i], solo)
        y += row
    y += 6
    for line in note:
        write(draw, (PAD + 4, y), line, font=font(MIN_FONT), fill=MUTED)
        y += 38
    if solo_line:
        write(draw, (PAD + 4, y), solo_line, font=font(MIN_FONT, True), fill=INK)
    return image


def _tie_note(
    view: Mapping[str, Any],
    standings: Sequence[tuple[int, Mapping[str, Any]]],
    t: Label,
    width: int,
) -> list[str]:
    """The tie-break rule, in lines that fit, only when crosses split players tied on points."""
    if not tie_broken(standings):
        return []
    return wrap_text(t("dz-img-tie-break"), width - 8, MIN_FONT)


def tie_broken(standings: Sequence[tuple[int, Mapping[str, Any]]]) -> bool:
    """Whether fewer crosses put apart two players tied on points (``(place, player)`` pairs)."""
    by_total: dict[int, set[int]] = {}
    for place, player in standings:
        by_total.setdefault(player["score"]["total"], set()).add(place)
    return any(len(places) > 1 for places in by_total.values())


def _solo_best_text(view: Mapping[str, Any], t: Label, best: int | None) -> str:
    if best is None:
        return ""
    score = view["players"][0]["score"]["total"]
    level = _level_title(view["level"], t)
    if score > best:
        return t("dz-img-solo-new-best", level=level, best=best)
    return t("dz-img-solo-best", level=level, best=best)


def _standings(view: Mapping[str, Any]) -> list[tuple[int, Mapping[str, Any]]]:
    """(place, player) best first: the engine's final ranking, or the same rule mid-game."""
    players = view["players"]
    places = view["ranking"] or rank([(p["score"]["total"], -p["cross_count"]) for p in players])
    return sorted(zip(places, players, strict=True), key=lambda e: (e[0], e[1]["seat"]))


def _fits_rank_line(name: str, width: int) -> bool:
    """Whether a name fits whole beside its place, crosses and points (else: a tall row, the
    crosses under the name)."""
    room = width - 2 * PAD - RANK_LINE_ROOM
    return text_length(font(MIN_FONT, True), name) <= room


ONE = (MIN_FONT, MIN_FONT, True)  # sizes of name_lines where a name must fit one line


def _beside_room(width: int, solo: bool, player: Mapping[str, Any], tied: bool, shared: str) -> int:
    """The room of a name beside its crosses, "(shared)" and total, in a row of one line."""
    crosses_w = text_length(font(MIN_FONT, tied), f"✕ {player['cross_count']}")
    x = PAD + _rank_name_left(solo)
    shared_w = text_length(font(MIN_FONT), shared)
    return int(_crosses_right(width - PAD) - crosses_w - 12 - x - shared_w)


def _rank_name_left(solo: bool) -> int:
    """How far right of a ranking row's left edge its name starts (after the place)."""
    return 10 + (0 if solo else 44)


def _crosses_right(right: float) -> float:
    """Where a ranking row's crosses end, left of a total of three digits."""
    return right - 24 - text_length(font(34, True), "000")


def _rank_name(name: str, width: int, solo: bool, row_h: int) -> tuple[list[str], int]:
    """A tall row's name, on the line above its crosses: as large as fits, else wrapped at the
    smallest size a phone reads (the row grows). A row beside its crosses keeps it whole."""
    if row_h == RANK_ROW:
        return [name], 0  # sized beside the crosses and "(shared)" when drawn
    room = _crosses_right(width - PAD) - PAD - _rank_name_left(solo)
    return name_lines(name, int(room), 30, MIN_FONT, True)


def _ranking_row(
    draw: ImageDraw.ImageDraw,
    span: tuple[int, int, int, int],
    place: int,
    player: Mapping[str, Any],
    name: tuple[Sequence[str], int],
    shared: str,
    tied: bool,
    solo: bool,
) -> None:
    """``1.  Name  (shared)   ✕ 23   45``: the crosses in bold where they broke a tie. In a
    tall row the name has the line (or lines) to itself, the crosses and "(shared)" under it;
    the place and total are centred on the row."""
    left, y, right, bottom = span
    fill = HIGHLIGHT if place == 1 else (255, 255, 255)
    draw.rounded_rectangle((left, y, right, bottom - 6), radius=10, fill=fill, outline=GRID)
    mid = (y + bottom - 6) / 2
    tall = bottom - y > RANK_ROW
    x = left + _rank_name_left(solo)
    if not solo:
        write(draw, (left + 10, mid), f"{place}.", font=font(30, True), fill=INK, anchor="lm")
    total = str(player["score"]["total"])
    total_face = font(34, True)
    write(draw, (right - 10, mid), total, font=total_face, fill=INK, anchor="rm")
    crosses = f"✕ {player['cross_count']}"
    crosses_face = font(MIN_FONT, tied)
    crosses_w = text_length(crosses_face, crosses)
    crosses_right = _crosses_right(right)
    ink = INK if tied else MUTED
    shared_w = text_length(font(MIN_FONT), shared)
    lines, size = name
    if tall:
        first = y + (RANK_ROW_TALL - 6) / 2 - 17  # the first line, as in a row of one line
        for n, shown in enumerate(lines):
            at = (x, first + n * RANK_NAME_LINE)
            write(draw, at, shown, font=font(size, True), fill=INK, anchor="lm")
        under = first + 36 + (len(lines) - 1) * RANK_NAME_LINE
        write(draw, (x, under), crosses, font=crosses_face, fill=ink, anchor="lm")
        if shared:
            after = x + crosses_w
            write(draw, (after, under), shared, font=font(MIN_FONT), fill=MUTED, anchor="lm")
        return
    room = crosses_right - crosses_w - 12 - x - shared_w
    write(draw, (crosses_right, mid), crosses, font=crosses_face, fill=ink, anchor="rm")
    (shown,), size = name_lines(lines[0], int(room), 30, MIN_FONT, True)  # fits: _beside_room
    write(draw, (x, mid), shown, font=font(size, True), fill=INK, anchor="lm")
    if shared:
        after = x + text_length(font(size, True), shown)
        write(draw, (after, mid), shared, font=font(MIN_FONT), fill=MUTED, anchor="lm")


# --- small helpers --------------------------------------------------------------------------------


def _values(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in sorted(values))


def _level_title(level: Mapping[str, Any], t: Label) -> str:
    """A shipped level ("level3") is named in the table's language; others by their title."""
    ident = str(level["id"])
    number = ident.removeprefix("level")
    if ident.startswith("level") and number.isdigit():
        return f"{t('dz-img-level')} {number}"
    return printable(str(level["title"]))
