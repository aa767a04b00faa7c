"""Dizzle sheets ("levels"): the level file format, its validation and its JSON form.

A level is a TOML document (one file per sheet in ``games/levels/``)::

    id = "level1"                 # short name, unique among the levels of a server
    title = "Level 1"
    rows = 7
    cols = 9
    grid = [                      # one string per row, tokens separated by spaces:
      "3 5 1 X4 2 ...",           #   1-6 a field with those pips, X3 a start cross on a
      "...",                      #   field of 3 pips, . a hole (no field)
    ]

    [[special]]                   # at = [row, col], 0-based; one entry per special field
    at = [2, 5]
    kind = "gem"                  # gem puzzle key lock bomb rocket planet flag poop
    points = 2                    # gem: 1..3, poop: -5..-1
    # penalty = -3                # bomb: -5..-1
    # color = "red"               # puzzle, key, lock: red blue green yellow purple orange
    # flag_id = "north"           # flag: the id of a [[flag]] entry

    [puzzle_bonus]                # colour -> points for crossing every piece (3..12)
    red = 6

    [[flag]]                      # 1-4 strictly descending values, shared by all players
    id = "north"
    values = [5, 3, 1]

    [[line_bonus]]                # a full row or column (every field crossed), 2..10 points
    axis = "row"
    index = 0
    points = 4

:func:`parse_level` reads that text; :func:`level_from_json` reads the same structure as a dict
(that is how a level travels inside a stored game), :func:`level_to_json` writes it. Every
failure raises :class:`LevelError` whose message names the file and, where there is one, the
cell: ``"level3.toml: cell (2, 5): gem points must be 1 to 3, not 4"``.

Reachability (locks and keys) follows the game: from a start cross through fields, and from a
reached rocket on to every planet, since a rocket lets its player cross any planet.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

KINDS = ("gem", "puzzle", "key", "lock", "bomb", "rocket", "planet", "flag", "poop")
COLORS = ("red", "blue", "green", "yellow", "purple", "orange")
# The attributes each kind of special carries in a level file (besides "at" and "kind").
KIND_ATTRIBUTES = {
    "gem": ("points",),
    "poop": ("points",),
    "bomb": ("penalty",),
    "puzzle": ("color",),
    "key": ("color",),
    "lock": ("color",),
    "flag": ("flag_id",),
    "rocket": (),
    "planet": (),
}
GEM_POINTS = range(1, 4)
MINUS_POINTS = range(-5, 0)  # bombs and poop piles
PUZZLE_BONUS = range(3, 13)
LINE_BONUS = range(2, 11)
FLAG_LENGTH = range(1, 5)
AXES = ("row", "col")

Cell = tuple[int, int]


class LevelError(ValueError):
    """A level file breaks the format or a rule of the sheets; the message names file and cell."""


@dataclass(frozen=True)
class Special:
    kind: str
    points: int = 0  # gem (positive), poop and bomb (negative)
    color: str = ""
    flag_id: str = ""


@dataclass(frozen=True)
class LineBonus:
    axis: str
    index: int
    points: int


@dataclass(frozen=True)
class Level:
    """One sheet. Cells are numbered ``row * cols + col``; bit masks use the same numbers."""

    id: str
    title: str
    rows: int
    cols: int
    pips: tuple[int, ...]  # per cell, 0 for a hole
    start_crosses: tuple[int, ...]
    specials: Mapping[int, Special]
    puzzle_bonus: Mapping[str, int]
    flags: Mapping[str, tuple[int, ...]]
    line_bonuses: tuple[LineBonus, ...]
    # Masks the engine needs on every move, derived once.
    field_mask: int = field(init=False, compare=False, repr=False)
    pip_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    kind_masks: Mapping[str, int] = field(init=False, compare=False, repr=False)
    not_first_col: int = field(init=False, compare=False, repr=False)
    not_last_col: int = field(init=False, compare=False, repr=False)
    color_masks: Mapping[tuple[str, str], int] = field(init=False, compare=False, repr=False)
    line_masks: tuple[int, ...] = field(init=False, compare=False, repr=False)
    lock_pairs: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        fields = [i for i, p in enumerate(self.pips) if p]
        pip_masks = [0] * 7
        for i in fields:
            pip_masks[self.pips[i]] |= 1 << i
        kind_masks = dict.fromkeys(KINDS, 0)
        color_masks: dict[tuple[str, str], int] = {}
        for i, special in self.specials.items():
            kind_masks[special.kind] |= 1 << i
            if special.color:
                key = (special.kind, special.color)
                color_masks[key] = color_masks.get(key, 0) | 1 << i
        first_col = sum(1 << (r * self.cols) for r in range(self.rows))
        set_ = object.__setattr__
        set_(self, "field_mask", bits(fields))
        set_(self, "pip_masks", tuple(pip_masks))
        set_(self, "kind_masks", kind_masks)
        set_(self, "not_first_col", ~first_col)
        set_(self, "not_last_col", ~(first_col << (self.cols - 1)))
        set_(self, "color_masks", color_masks)
        set_(self, "line_masks", tuple(self._line_cells(b) for b in self.line_bonuses))
        locks = [
            (color_masks.get(("key", c), 0), m) for (k, c), m in color_masks.items() if k == "lock"
        ]
        set_(self, "lock_pairs", tuple(locks))  # (keys, locks) of each lock colour

    def cell(self, row: int, col: int) -> int:
        return row * self.cols + col

    def at(self, cell: int) -> Cell:
        return divmod(cell, self.cols)

    def color_mask(self, kind: str, color: str) -> int:
        """The fields of one kind and colour (keys, locks, puzzle pieces)."""
        return self.color_masks.get((kind, color), 0)

    def _line_cells(self, line: LineBonus) -> int:
        if line.axis == "row":
            cells: Iterable[int] = (self.cell(line.index, c) for c in range(self.cols))
        else:
            cells = (self.cell(r, line.index) for r in range(self.rows))
        return bits(cells) & self.field_mask

    def spread(self, mask: int) -> int:
        """The fields orthogonally next to any cell of ``mask``."""
        return (
            ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (mask << self.cols)
            | (mask >> self.cols)
        ) & self.field_mask


def bits(cells: Iterable[int]) -> int:
    mask = 0
    for i in cells:
        mask |= 1 << i
    return mask


def cells_of(mask: int) -> list[int]:
    """The cell numbers set in ``mask``, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def field_label(row: int, col: int) -> str:
    """The name of a field as printed on the sheet: column letter, then 1-based row ("C5")."""
    return f"{chr(ord('A') + col)}{row + 1}"


# --- reading --------------------------------------------------------------------------------


def parse_level(text: str, source: str) -> Level:
    """Read and validate a level file's TOML text; ``source`` names the file in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{source}: not valid TOML: {error}") from None
    return _build(data, source)


READ_LEVELS_KEPT = 32  # levels read from stored games (a server's own sheets among them)
_read: dict[str, tuple[dict[str, Any], Level]] = {}


def level_from_json(data: Mapping[str, Any]) -> Level:
    """The level stored in a game (validated again: a stored game may come from anywhere).

    Every click reads its game's JSON, level included, and building a level is most of that:
    a level read before from the same data is returned as it was built.
    Levels are frozen, so games may share one.
    """
    source = str(data.get("id", "level"))
    known = _read.get(source)
    if known is not None and known[0] == data:
        return known[1]
    level = _build(data, source)
    if len(_read) >= READ_LEVELS_KEPT:
        _read.clear()
    _read[source] = (copy.deepcopy(dict(data)), level)
    return level


def level_to_json(level: Level) -> dict[str, Any]:
    """The level as the same structure as its file, JSON-able."""
    starts = set(level.start_crosses)
    grid = []
    for r in range(level.rows):
        tokens = []
        for c in range(level.cols):
            i = level.cell(r, c)
            pips = level.pips[i]
            tokens.append("." if not pips else f"X{pips}" if i in starts else str(pips))
        grid.append(" ".join(tokens))
    return {
        "id": level.id,
        "title": level.title,
        "rows": level.rows,
        "cols": level.cols,
        "grid": grid,
        "special": [_special_to_json(level, i, s) for i, s in sorted(level.specials.items())],
        "puzzle_bonus": dict(level.puzzle_bonus),
        "flag": [{"id": k, "values": list(v)} for k, v in level.flags.items()],
        "line_bonus": [
            {"axis": b.axis, "index": b.index, "points": b.points} for b in level.line_bonuses
        ],
    }


def _special_to_json(level: Level, cell: int, special: Special) -> dict[str, Any]:
    entry: dict[str, Any] = {"at": list(level.at(cell)), "kind": special.kind}
    for name in KIND_ATTRIBUTES[special.kind]:
        entry[name] = special.points if name in ("points", "penalty") else getattr(special, name)
    return entry


class _Check:
    """Raises LevelError with the file name and, when given, the cell."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: str, at: Cell | None = None) -> LevelError:
        where = f"cell ({at[0]}, {at[1]}): " if at is not None else ""
        return LevelError(f"{self.source}: {where}{message}")

    def that(self, condition: bool, message: str, at: Cell | None = None) -> None:
        if not condition:
            raise self.fail(message, at)


def _build(data: Mapping[str, Any], source: str) -> Level:
    check = _Check(source)
    check.that(isinstance(data, Mapping), "a level is a table")
    for key in ("id", "title", "rows", "cols", "grid"):
        check.that(key in data, f"missing key {key!r}")
    rows, cols = data["rows"], data["cols"]
    check.that(_is_int(rows) and 1 <= rows <= 26, "rows must be a number from 1 to 26")
    check.that(_is_int(cols) and 1 <= cols <= 26, "cols must be a number from 1 to 26")
    check.that(isinstance(data["id"], str) and data["id"] != "", "id must be a non-empty text")
    check.that(isinstance(data["title"], str), "title must be a text")
    pips, starts = _read_grid(data["grid"], rows, cols, check)
    flags = _read_flags(data.get("flag", []), check)
    specials = _read_specials(data.get("special", []), rows, cols, pips, starts, flags, check)
    puzzle_bonus = _read_puzzle_bonus(data.get("puzzle_bonus", {}), specials, cols, check)
    lines = _read_line_bonuses(data.get("line_bonus", []), rows, cols, check)
    level = Level(
        id=data["id"],
        title=data["title"],
        rows=rows,
        cols=cols,
        pips=tuple(pips),
        start_crosses=tuple(starts),
        specials=specials,
        puzzle_bonus=puzzle_bonus,
        flags=flags,
        line_bonuses=lines,
    )
    _check_regions(level, check)
    _check_rockets(level, check)
    _check_locks(level, check)
    return level


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_grid(grid: Any, rows: int, cols: int, check: _Check) -> tuple[list[int], list[int]]:
    check.that(isinstance(grid, list) and len(grid) == rows, f"grid must have {rows} rows")
    pips: list[int] = []
    starts: list[int] = []
    for r, line in enumerate(grid):
        tokens = line.split() if isinstance(line, str) else []
        check.that(len(tokens) == cols, f"grid row {r} must have {cols} fields")
        for c, token in enumerate(tokens):
            if token == ".":
                pips.append(0)
                continue
            number = token[1:] if token[0] in "Xx" else token
            check.that(len(number) == 1 and number in "123456", f"unknown symbol {token!r}", (r, c))
            if number != token:
                starts.append(len(pips))
            pips.append(int(number))
    check.that(bool(starts), "a level needs at least one start cross")
    return pips, starts


def _read_flags(entries: Any, check: _Check) -> dict[str, tuple[int, ...]]:
    check.that(isinstance(entries, list), "flag must be a list of tables")
    flags: dict[str, tuple[int, ...]] = {}
    for entry in entries:
        check.that(isinstance(entry, Mapping), "flag must be a list of tables")
        name, values = entry.get("id"), entry.get("values")
        check.that(isinstance(name, str) and name != "", "a flag needs an id")
        check.that(name not in flags, f"flag {name!r} is defined twice")
        ok = (
            isinstance(values, list)
            and len(values) in FLAG_LENGTH
            and all(_is_int(v) and v > 0 for v in values)
            and all(a > b for a, b in pairwise(values))
        )
        check.that(ok, f"flag {name!r} must hold 1 to 4 strictly descending positive values")
        flags[name] = tuple(values)
    return flags


def _read_specials(
    entries: Any,
    rows: int,
    cols: int,
    pips: list[int],
    starts: list[int],
    flags: Mapping[str, tuple[int, ...]],
    check: _Check,
) -> dict[int, Special]:
    check.that(isinstance(entries, list), "special must be a list of tables")
    specials: dict[int, Special] = {}
    used_flags: set[str] = set()
    for entry in entries:
        check.that(isinstance(entry, Mapping), "special must be a list of tables")
        at = entry.get("at")
        ok = isinstance(at, list) and len(at) == 2 and all(_is_int(v) for v in at)
        check.that(ok, f"a special needs at = [row, col], not {at!r}")
        r, c = at
        check.that(0 <= r < rows and 0 <= c < cols, "outside the grid", (r, c))
        cell = r * cols + c
        check.that(pips[cell] > 0, "a special on a hole", (r, c))
        check.that(cell not in starts, "a special on a start cross", (r, c))
        special = _read_special(entry, flags, check, (r, c))
        if cell in specials:
            if "planet" in (special.kind, specials[cell].kind):
                raise check.fail("a planet carries no other special", (r, c))
            raise check.fail("more than one special on a field", (r, c))
        if special.kind == "flag":
            check.that(special.flag_id not in used_flags, "flag used on two fields", (r, c))
            used_flags.add(special.flag_id)
        specials[cell] = special
    return specials


def _read_special(
    entry: Mapping[str, Any], flags: Mapping[str, tuple[int, ...]], check: _Check, at: Cell
) -> Special:
    kind = entry.get("kind")
    check.that(kind in KINDS, f"unknown special {kind!r}", at)
    allowed = KIND_ATTRIBUTES[kind]
    for key in entry:
        check.that(key in ("at", "kind", *allowed), f"a {kind} takes no {key!r}", at)
    for key in allowed:
        check.that(key in entry, f"a {kind} needs {key!r}", at)
    if kind == "gem":
        points = entry["points"]
        check.that(_is_int(points) and points in GEM_POINTS, "gem points must be 1 to 3", at)
        return Special(kind, points=points)
    if kind in ("poop", "bomb"):
        name = "points" if kind == "poop" else "penalty"
        points = entry[name]
        check.that(
            _is_int(points) and points in MINUS_POINTS, f"{kind} {name} must be -5 to -1", at
        )
        return Special(kind, points=points)
    if kind in ("puzzle", "key", "lock"):
        color = entry["color"]
        check.that(color in COLORS, f"unknown colour {color!r}", at)
        return Special(kind, color=color)
    if kind == "flag":
        flag_id = entry["flag_id"]
        check.that(flag_id in flags, f"no [[flag]] with id {flag_id!r}", at)
        return Special(kind, flag_id=flag_id)
    return Special(kind)


def _read_puzzle_bonus(
    table: Any, specials: Mapping[int, Special], cols: int, check: _Check
) -> dict[str, int]:
    check.that(isinstance(table, Mapping), "puzzle_bonus must be a table")
    pieces: dict[str, list[int]] = {}
    for cell, special in sorted(specials.items()):
        if special.kind == "puzzle":
            pieces.setdefault(special.color, []).append(cell)
    for color, cells in pieces.items():
        at = divmod(cells[0], cols)
        check.that(len(cells) >= 2, f"puzzle colour {color!r} needs at least two pieces", at)
        check.that(color in table, f"puzzle colour {color!r} has no puzzle_bonus", at)
    for color, points in table.items():
        check.that(color in pieces, f"puzzle_bonus {color!r} has no pieces on the sheet")
        ok = _is_int(points) and points in PUZZLE_BONUS
        check.that(ok, f"puzzle bonus {color!r} must be 3 to 12")
    return dict(table)


def _read_line_bonuses(entries: Any, rows: int, cols: int, check: _Check) -> tuple[LineBonus, ...]:
    check.that(isinstance(entries, list), "line_bonus must be a list of tables")
    lines: list[LineBonus] = []
    for entry in entries:
        check.that(isinstance(entry, Mapping), "line_bonus must be a list of tables")
        axis, index, points = entry.get("axis"), entry.get("index"), entry.get("points")
        check.that(axis in AXES, f"line_bonus axis must be row or col, not {axis!r}")
        size = rows if axis == "row" else cols
        check.that(_is_int(index) and 0 <= index < size, f"line_bonus {axis} {index!r} is off")
        check.that(
            _is_int(points) and points in LINE_BONUS, f"line_bonus {axis} {index} must be 2 to 10"
        )
        line = LineBonus(axis, index, points)
        check.that(
            all((b.axis, b.index) != (axis, index) for b in lines),
            f"line_bonus {axis} {index} given twice",
        )
        lines.append(line)
    return tuple(lines)


def _check_regions(level: Level, check: _Check) -> None:
    """Every orthogonally connected group of fields holds a start cross or a planet."""
    anchors = bits(level.start_crosses) | level.kind_masks["planet"]
    left = level.field_mask
    while left:
        region = _flood(level, left & -left, left)
        if not region & anchors:
            first = cells_of(region)[0]
            raise check.fail("this region holds no start cross and no planet", level.at(first))
        left &= ~region


def _flood(level: Level, seeds: int, allowed: int) -> int:
    reached = seeds & allowed
    while True:
        grown = (reached | level.spread(reached)) & allowed
        if grown == reached:
            return reached
        reached = grown


def _check_rockets(level: Level, check: _Check) -> None:
    planets = cells_of(level.kind_masks["planet"])
    rockets = cells_of(level.kind_masks["rocket"])
    if planets:
        check.that(bool(rockets), "a planet but no rocket on the sheet", level.at(planets[0]))
    if rockets and len(planets) < len(rockets):
        raise check.fail(
            f"{len(rockets)} rockets but only {len(planets)} planets", level.at(rockets[0])
        )


def _check_locks(level: Level, check: _Check) -> None:
    """Each lock colour has a key reachable without passing a lock of that colour."""
    for color in COLORS:
        locks = level.color_mask("lock", color)
        if not locks:
            continue
        keys = level.color_mask("key", color)
        if not _reachable(level, level.field_mask & ~locks) & keys:
            first = level.at(cells_of(locks)[0])
            raise check.fail(f"no {color} key reachable without passing a {color} lock", first)


def _reachable(level: Level, allowed: int) -> int:
    """Fields reachable from the start crosses; a reached rocket reaches every planet."""
    reached = _flood(level, bits(level.start_crosses), allowed)
    if reached & level.kind_masks["rocket"]:
        reached = _flood(level, reached | level.kind_masks["planet"], allowed)
    return reached
