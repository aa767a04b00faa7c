"""Dizzle pictures: really drawn, sized for Discord, marks on the right fields, texts localized."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from games import dizzle as dz
from games.dizzle_levels import field_label, level_to_json, parse_level
from games.engine import settle
from locales import LANGUAGES, Localizer
from rendering import dizzle as rd
from rendering.toolkit import last_legibility

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"
NAMES = ["Bärbel-Françoise Großmann", "Al", "Chloé", "Dmitri"]
SEATS_BY_LEVEL = {1: 2, 2: 3, 3: 4, 4: 1}  # each shipped level with another table size
LOCALIZER = Localizer()


def level_json(number: int) -> dict[str, Any]:
    path = LEVELS / f"level{number}.toml"
    return level_to_json(parse_level(path.read_text(encoding="utf-8"), path.name))


def play(seats: int, number: int, seed: int, moves: int | None = None) -> dz.State:
    """An autopilot game on a shipped level, stopped after ``moves`` moves or at its end."""
    state = dz.new_game(seats, seed, {"level": level_json(number), "host_starts": True})
    done = 0
    while True:
        settle(dz, state)
        if dz.is_over(state) or (moves is not None and done >= moves):
            return state
        seat = dz.to_move(state)[0]
        dz.apply(state, seat, dz.autopilot(state, seat))
        done += 1


def play_until(seats: int, number: int, seed: int, wanted: Callable[[dz.State], bool]) -> dz.State:
    state = dz.new_game(seats, seed, {"level": level_json(number), "host_starts": True})
    while True:
        settle(dz, state)
        if wanted(state) or dz.is_over(state):
            return state
        seat = dz.to_move(state)[0]
        dz.apply(state, seat, dz.autopilot(state, seat))


def english(key: str, **args: Any) -> str:
    return LOCALIZER.text("en", key, **args)


class Recorder:
    """A ``t`` that answers in German and notes every key asked for."""

    def __init__(self) -> None:
        self.keys: set[str] = set()

    def __call__(self, key: str, **args: Any) -> str:
        self.keys.add(key)
        return LOCALIZER.text("de", key, **args)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGBA")


def region(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    return image.crop(box).convert("RGB")


def count(image: Image.Image, test: Callable[[tuple[int, int, int], bool]]) -> int:
    data = image.convert("RGB").tobytes()
    return sum(1 for pixel in zip(data[0::3], data[1::3], data[2::3], strict=True) if test(pixel))


def is_pen(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return b > 120 and b - r > 70 and b - g > 50


def is_red(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 170 and g < 90 and b < 90


def is_orange(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 200 and 80 < g < 160 and b < 60


@pytest.fixture(scope="module")
def mid_games() -> dict[int, dict[str, Any]]:
    """A view in the middle of a real game on each shipped level."""
    return {n: dz.view(play(SEATS_BY_LEVEL[n], n, 7 * n, 40), None) for n in SEATS_BY_LEVEL}


@pytest.fixture(scope="module")
def end_games() -> dict[int, dict[str, Any]]:
    return {n: dz.view(play(SEATS_BY_LEVEL[n], n, 7 * n), None) for n in SEATS_BY_LEVEL}


def fresh_field(view: dict[str, Any], seat: int) -> tuple[int, int]:
    """A field of this player that is free and completes no line bonus when crossed."""
    level, player = view["level"], view["players"][seat]
    taken = {tuple(c) for c in player["crosses"] + player["scribbles"]}
    taken |= {tuple(d["at"]) for d in player["dice"]}
    specials = {tuple(s["at"]) for s in level["specials"]}
    lines = {(b["axis"], b["index"]) for b in level["line_bonus"]}
    for row, pips in enumerate(level["pips"]):
        for col, value in enumerate(pips):
            free = value and (row, col) not in taken | specials
            if free and ("row", row) not in lines and ("col", col) not in lines:
                return row, col
    raise AssertionError("no free field off the bonus lines")


def changed_box(before: bytes, after: bytes) -> tuple[int, int, int, int] | None:
    return difference_box(decode(before), decode(after))


def difference_box(one: Image.Image, other: Image.Image) -> tuple[int, int, int, int] | None:
    """Where two pictures differ clearly (each has its own palette, so shades may shift a bit)."""
    difference = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).convert("L")
    return difference.point(lambda v: 255 if v > 24 else 0).getbbox()


def inside(inner: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


# --- the sheet -----------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_sheet_is_a_small_png_on_a_card_with_transparent_corners(number, mid_games) -> None:
    view = mid_games[number]
    seat = rd.active_seat(view)
    png = rd.render_sheet(view, seat, NAMES[seat], english)
    assert png.startswith(b"\x89PNG") and len(png) <= 60_000
    image = decode(png)
    level = view["level"]
    last = rd.sheet_field_box(level, level["rows"] - 1, level["cols"] - 1)
    assert image.width <= 640 and last[2] < image.width and last[3] < image.height
    assert image.getpixel((0, 0))[3] == 0  # rounded corner
    assert image.getpixel((image.width // 2, image.height // 2))[3] == 255


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_a_crossed_field_gets_a_pen_cross_exactly_there(number, mid_games) -> None:
    view = copy.deepcopy(mid_games[number])
    row, col = fresh_field(view, 0)
    before = rd.render_sheet(view, 0, "Al", english)
    view["players"][0]["crosses"].append([row, col])
    after = rd.render_sheet(view, 0, "Al", english)
    box = rd.sheet_field_box(view["level"], row, col)
    changed = changed_box(before, after)
    assert changed is not None and inside(changed, box)
    assert count(region(decode(after), box), is_pen) > (box[2] - box[0]) ** 2 // 10
    assert count(region(decode(before), box), is_pen) == 0


def test_scribbles_and_dice_of_this_pass_are_drawn_on_their_fields(mid_games) -> None:
    view = copy.deepcopy(mid_games[1])
    player = view["players"][0]
    player["dice"] = []
    row, col = fresh_field(view, 0)
    plain = decode(rd.render_sheet(view, 0, "Al", english))
    box = rd.sheet_field_box(view["level"], row, col)
    player["scribbles"].append([row, col])
    scribbled = decode(rd.render_sheet(view, 0, "Al", english))
    player["scribbles"].pop()
    player["dice"].append({"at": [row, col], "value": view["level"]["pips"][row][col]})
    with_die = decode(rd.render_sheet(view, 0, "Al", english))
    assert count(region(scribbled, box), is_red) > count(region(plain, box), is_red) + 40
    assert count(region(with_die, box), is_orange) > count(region(plain, box), is_orange) + 40


def test_printed_start_crosses_are_not_pen_crosses(mid_games) -> None:
    view = mid_games[1]
    image = decode(rd.render_sheet(view, 0, "Al", english))
    for row, col in view["level"]["start_crosses"]:
        box = rd.sheet_field_box(view["level"], row, col)
        assert count(region(image, box), is_pen) == 0
        assert count(region(image, box), lambda p: max(p) < 110) > 30  # a dark printed X


def test_a_lock_opens_for_the_player_who_crossed_its_key(mid_games) -> None:
    view = copy.deepcopy(mid_games[2])
    lock = next(s for s in view["level"]["specials"] if s["kind"] == "lock")
    player = view["players"][0]
    player["keys"], player["dice"] = [], []
    player["crosses"] = [c for c in player["crosses"] if c != lock["at"]]
    closed = rd.render_sheet(view, 0, "Al", english)
    player["keys"] = [lock["color"]]
    opened = rd.render_sheet(view, 0, "Al", english)
    changed = changed_box(closed, opened)
    assert changed is not None and inside(changed, rd.sheet_field_box(view["level"], *lock["at"]))


def test_a_flag_shows_its_current_value(mid_games) -> None:
    view = copy.deepcopy(mid_games[3])
    flag = next(s for s in view["level"]["specials"] if s["kind"] == "flag")
    view["players"][0]["flags"], view["players"][0]["dice"] = {}, []
    view["players"][0]["crosses"] = [c for c in view["players"][0]["crosses"] if c != flag["at"]]
    values = view["level"]["flags"][flag["flag_id"]]
    pictures = set()
    for struck in range(len(values) + 1):
        view["flags_left"][flag["flag_id"]] = values[struck:]
        pictures.add(rd.render_sheet(view, 0, "Al", english))
    assert len(pictures) == len(values) + 1


def test_line_bonus_badge_turns_when_the_line_is_full(end_games) -> None:
    view = copy.deepcopy(end_games[1])
    bonus = view["level"]["line_bonus"][0]
    assert bonus["axis"] == "row"
    row = bonus["index"]
    player = view["players"][0]
    player["scribbles"] = []
    full = [[row, c] for c, p in enumerate(view["level"]["pips"][row]) if p]
    player["crosses"] = [c for c in player["crosses"] if c[0] != row]
    open_line = decode(rd.render_sheet(view, 0, "Al", english))
    player["crosses"] += full
    done_line = decode(rd.render_sheet(view, 0, "Al", english))
    last = rd.sheet_field_box(view["level"], row, view["level"]["cols"] - 1)
    badge = (last[2], last[1], open_line.width, last[3])
    green = lambda p: p[1] > 130 and p[0] < 90 and p[2] < 110  # noqa: E731
    assert count(region(done_line, badge), green) > 50
    assert count(region(open_line, badge), green) == 0


def test_column_letters_and_row_numbers_sit_over_their_fields(mid_games) -> None:
    view = mid_games[4]
    level = view["level"]
    image = decode(rd.render_sheet(view, 0, "Al", english)).convert("L")
    for col in range(level["cols"]):
        x0, y0, x1, _ = rd.sheet_field_box(level, 0, col)
        ink = image.crop((x0, y0 - 20, x1, y0)).point(lambda v: 255 if v < 170 else 0).getbbox()
        assert ink is not None and abs((ink[0] + ink[2]) / 2 - (x1 - x0) / 2) < 4, field_label(
            0, col
        )
    for row in range(level["rows"]):
        x0, y0, _, y1 = rd.sheet_field_box(level, row, 0)
        ink = image.crop((x0 - 22, y0, x0, y1)).point(lambda v: 255 if v < 170 else 0).getbbox()
        assert ink is not None and abs((ink[1] + ink[3]) / 2 - (y1 - y0) / 2) < 4, row + 1


def test_score_card_changes_with_the_score(mid_games) -> None:
    view = copy.deepcopy(mid_games[1])
    before = rd.render_sheet(view, 0, "Al", english)
    view["players"][0]["score"] = {**view["players"][0]["score"], "gems": 9, "total": 99}
    after = rd.render_sheet(view, 0, "Al", english)
    changed = changed_box(before, after)
    bottom = rd.sheet_field_box(view["level"], view["level"]["rows"] - 1, 0)[3]
    assert changed is not None and changed[1] > bottom


def test_a_long_name_wraps_whole_and_missing_glyphs_are_dropped(mid_games) -> None:
    view = mid_games[1]
    plain = rd.render_sheet(view, 0, "Al", english)
    assert rd.render_sheet(view, 0, "Al 中文", english) == plain
    name = "Bärbel-Françoise Großmann " * 4
    lines, size = rd._header_name(view["players"][0], name, decode(plain).width)
    assert len(lines) == 4 and size == rd.MIN_FONT
    assert " ".join(lines).replace("- ", "-") == name.strip()
    long_name = decode(rd.render_sheet(view, 0, name, english))
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()
    short = decode(plain)
    assert long_name.height == short.height + 3 * rd.NAME_LINE
    # Under the header the sheet is the same, moved down by the name's further lines.
    level = view["level"]
    top = rd.sheet_field_box(level, 0, 0)[1] - 40
    moved = rd.sheet_field_box(level, 0, 0, name_lines=4)[1] - 40
    assert moved == top + 3 * rd.NAME_LINE
    below = short.crop((0, top, short.width, short.height))
    assert long_name.crop((0, moved, short.width, long_name.height)).tobytes() == below.tobytes()


def test_a_32_letter_name_wraps_in_its_chip_of_the_middle(mid_games) -> None:
    view = mid_games[3]  # four players
    one_a_line = decode(rd.render_middle(view, NAMES, english))
    names = ["W" * 32, "Al", "Ш" * 32, "Zoë"]
    wide = decode(rd.render_middle(view, names, english))
    chips = rd._chip_names(view, names, 600 - 24, 1)
    assert ["".join(lines) for lines in chips] == names
    assert [len(lines) > 1 for lines in chips] == [True, False, True, False]
    grown = sum(len(lines) - 1 for lines in chips) * rd.CHIP_NAME_LINE
    assert wide.height == one_a_line.height + grown
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()


def test_a_32_letter_name_wraps_in_the_ranking_whose_row_grows(end_games) -> None:
    view = end_games[3]  # four players
    names = ["W" * 32, "Al", "Ш" * 32, "Zoë"]
    width = decode(rd.render_sheet(view, 0, "Al", english)).width
    tall = rd._ranking_card(view, NAMES, english, width, None)
    wide = rd._ranking_card(view, names, english, width, None)
    wrapped = [rd._rank_name(n, width, False, rd.RANK_ROW_TALL)[0] for n in names]
    assert [len(lines) for lines in wrapped][:2] == [3, 1]
    grown = sum(len(lines) - 1 for lines in wrapped) * rd.RANK_NAME_LINE
    assert wide.height == tall.height + grown
    assert ["".join(lines) for lines in wrapped] == names


def test_a_wide_custom_level_still_fits_640_pixels() -> None:
    grid = [" ".join(str((r + c) % 6 + 1) for c in range(26)) for r in range(6)]
    grid[0] = "X1 " + grid[0][2:]
    level = {"id": "wide", "title": "Wide", "rows": 6, "cols": 26, "grid": grid, "special": []}
    state = dz.new_game(2, 1, {"level": level, "host_starts": True})
    settle(dz, state)
    view = dz.view(state, None)
    image = decode(rd.render_sheet(view, 0, "Al", english))
    assert image.width <= 640
    assert rd.sheet_field_box(view["level"], 5, 25)[2] < image.width


def test_the_level_background_is_drawn_once_and_kept_clean(mid_games) -> None:
    view = mid_games[3]
    rd.render_sheet(view, 0, "Al", english)
    field = rd._sheet_grid(view["level"]).field
    base = rd._sheet_base(rd._level_key(view["level"]), field)
    pristine = base.tobytes()
    hits = rd._sheet_base.cache_info().hits
    for seat in range(len(view["players"])):
        rd.render_sheet(view, seat, NAMES[seat], english)
    assert rd._sheet_base.cache_info().hits >= hits + len(view["players"])
    assert base.tobytes() == pristine


def test_middle_strip_shows_each_die_of_the_middle(mid_games) -> None:
    view = copy.deepcopy(mid_games[1])
    view["middle"] = [1, 3, 6]
    short = ["Al", "Chloé", "Dmitri", "Eve"]  # two chips a line
    three = decode(rd.render_middle(view, short, english))
    lines = -(-len(view["players"]) // 2)
    assert three.size == (600, 118 + lines * (rd.CHIP_HEIGHT + rd.CHIP_GAP) - rd.CHIP_GAP + 12)
    # A name too long for half the width: one chip a line, the name whole.
    long = decode(rd.render_middle(view, NAMES, english))
    tall = len(view["players"]) * (rd.CHIP_HEIGHT + rd.CHIP_GAP) - rd.CHIP_GAP + 12
    assert long.size == (600, 118 + tall)
    assert last_legibility().clipped == ()  # type: ignore[union-attr]
    view["middle"] = [1, 3, 6, 6]
    four = decode(rd.render_middle(view, short, english))
    changed = difference_box(three, four)
    assert changed is not None and changed[1] >= 50 and changed[3] < 112  # only the dice row


def test_middle_strip_marks_the_turn_and_who_passed(mid_games) -> None:
    view = copy.deepcopy(mid_games[2])
    recorder = Recorder()
    view["turn"] = 0
    for player in view["players"]:
        player["passed"] = player["seat"] == 2
    rd.render_middle(view, NAMES, recorder)
    assert {"dz-img-turn", "dz-img-passed"} <= recorder.keys
    first = rd.render_middle(view, NAMES, english)
    view["turn"] = 1
    assert rd.render_middle(view, NAMES, english) != first


def test_solo_middle_shows_the_opponent_dice_in_red() -> None:
    state = play_until(1, 3, 4, lambda s: s.phase == "turn" and len(s.opponent) == 2)
    view = dz.view(state, None)
    image = decode(rd.render_middle(view, NAMES[:1], english))
    opponent_area = region(image, (image.width - 216, 46, image.width - 10, 114))
    assert count(opponent_area, is_red) > 300
    view["opponent"] = None
    view["solo"] = False
    plain = decode(rd.render_middle(view, NAMES[:1], english))
    assert count(region(plain, (plain.width - 216, 46, plain.width - 10, 114)), is_red) == 0


def test_planet_picks_are_announced_in_the_middle() -> None:
    state = play_until(4, 4, 3, lambda s: s.phase == "planets")
    assert state.phase == "planets"
    view = dz.view(state, None)
    recorder = Recorder()
    rd.render_turn(view, NAMES, recorder)
    assert {"dz-img-planets-note", "dz-img-planets"} <= recorder.keys
    assert rd.active_seat(view) in view["to_move"]


def test_turn_stacks_the_middle_above_the_sheet_of_the_player_to_act(mid_games) -> None:
    view = mid_games[1]
    seat = rd.active_seat(view)
    assert seat == view["turn"]
    turn = decode(rd.render_turn(view, NAMES, english))
    sheet = decode(rd.render_sheet(view, seat, NAMES[seat], english))
    assert turn.width == sheet.width and turn.height > sheet.height + 140
    assert len(rd.render_turn(view, NAMES, english)) <= 60_000
    bottom = turn.crop((0, turn.height - sheet.height, turn.width, turn.height))
    # Each picture has its own palette, so compare loosely.
    difference = ImageStat.Stat(ImageChops.difference(bottom, sheet).convert("L")).mean[0]
    assert difference < 2


# --- the scoreboard ------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_scoreboard_holds_every_sheet_and_stays_small(number, end_games) -> None:
    view = end_games[number]
    seats = len(view["players"])
    png = rd.render_scoreboard(view, NAMES[:seats], english)
    image = decode(png)
    assert len(png) <= 250_000 and image.width <= 660
    recorder = Recorder()
    rd.render_scoreboard(view, NAMES[:seats], recorder)
    assert "dz-img-ranking" in recorder.keys
    # The tie-break is explained only where crosses split players tied on points.
    totals = [p["score"]["total"] for p in view["players"]]
    broken = any(
        totals.count(p["score"]["total"]) > 1
        and view["ranking"].count(view["ranking"][p["seat"]]) < totals.count(p["score"]["total"])
        for p in view["players"]
    )
    assert ("dz-img-tie-break" in recorder.keys) == broken


def test_the_scoreboard_shows_the_ranking_first_then_the_sheets_by_place(end_games) -> None:
    view = copy.deepcopy(end_games[3])
    for player, total in zip(view["players"], (20, 50, 30, 40), strict=True):
        player["score"] = {**player["score"], "total": total}
    view["ranking"] = [4, 1, 3, 2]
    board = decode(rd.render_scoreboard(view, NAMES, english))
    sheet = decode(rd.render_sheet(view, 1, NAMES[1], english))
    assert board.width == sheet.width
    winner = rd._sheet_card(view, 1, NAMES[1], english, in_turn=True).convert("RGB")
    last = rd._sheet_card(view, 0, NAMES[0], english, in_turn=True).convert("RGB")
    top = board.height - 4 * (sheet.height + rd.SHEET_GAP) + rd.SHEET_GAP
    first_shown = board.convert("RGB").crop((0, top, board.width, top + sheet.height))
    mean = ImageStat.Stat(ImageChops.difference(first_shown, winner).convert("L")).mean[0]
    assert mean < 2
    assert ImageStat.Stat(ImageChops.difference(first_shown, last).convert("L")).mean[0] > mean
    recorder = Recorder()
    rd.render_scoreboard(view, NAMES, recorder)
    assert "dz-img-tie-break" not in recorder.keys  # nobody tied
    view["players"][0]["score"] = {**view["players"][0]["score"], "total": 40}
    view["ranking"] = [3, 1, 4, 2]  # tied with seat 3 on points, split by crosses
    recorder = Recorder()
    rd.render_scoreboard(view, NAMES, recorder)
    assert "dz-img-tie-break" in recorder.keys


def test_a_solo_result_shows_the_best_on_that_level(end_games) -> None:
    view = copy.deepcopy(end_games[1])
    view["players"] = view["players"][:1]
    view["ranking"] = [1]
    score = view["players"][0]["score"]["total"]
    for best, key in ((score + 5, "dz-img-solo-best"), (score - 5, "dz-img-solo-new-best")):
        recorder = Recorder()
        rd.render_scoreboard(view, NAMES[:1], recorder, best=best)
        assert key in recorder.keys
    recorder = Recorder()
    rd.render_scoreboard(view, NAMES[:1], recorder)
    assert not {"dz-img-solo-best", "dz-img-solo-new-best"} & recorder.keys
    text = rd._solo_best_text(view, english, score + 5)
    assert str(score + 5) in text and "Level 1" in text


def test_the_turn_rings_and_names_the_fields_the_menu_offers(mid_games) -> None:
    view = mid_games[1]
    seat = view["turn"]
    assert view["choices"]
    turn = rd._sheet_card(view, seat, NAMES[seat], english, in_turn=True).convert("RGB")
    plain = rd._sheet_card(dict(view, choices=[]), seat, NAMES[seat], english, in_turn=True)
    plain = plain.convert("RGB")
    level = view["level"]
    for row, col in view["choices"]:
        box = rd.sheet_field_box(level, row, col)
        lit = count(region(turn, box), lambda p: p == rd.CHOICE)
        assert lit > 100 and count(region(plain, box), lambda p: p == rd.CHOICE) == 0
    recorder = Recorder()
    rd.render_turn(view, NAMES, recorder)
    assert "dz-img-legend-choices" in recorder.keys


def test_every_planet_picker_sees_their_own_sheet() -> None:
    state = play_until(4, 4, 3, lambda s: s.phase == "planets" and len(dz.to_move(s)) > 1)
    view = dz.view(state, None)
    pickers = [s for s in view["to_move"] if s >= 0]
    turn = decode(rd.render_turn(view, NAMES, english))
    middle = decode(rd.render_middle(view, NAMES, english))
    sheet = decode(rd.render_sheet(view, pickers[0], NAMES[pickers[0]], english))
    assert turn.height == middle.height + len(pickers) * (sheet.height + rd.SHEET_GAP)


def test_a_crossed_gem_still_shows_its_points(end_games) -> None:
    view = end_games[1]
    level = view["level"]
    seat = next(
        p["seat"]
        for p in view["players"]
        if any(s["kind"] == "gem" and s["at"] in p["crosses"] for s in level["specials"])
    )
    gem = next(
        s
        for s in level["specials"]
        if s["kind"] == "gem" and s["at"] in view["players"][seat]["crosses"]
    )
    shown = rd._sheet_card(view, seat, "Al", english).convert("RGB")
    box = rd._icon_box(rd.sheet_field_box(level, *gem["at"]))
    white = count(region(shown, tuple(int(v) for v in box)), lambda p: min(p) > 245)
    assert white > 30  # the white digits over the pen's blue


def test_scoreboard_marks_shared_places_only_when_they_are_shared(end_games) -> None:
    view = copy.deepcopy(end_games[3])
    for player, total in zip(view["players"], (50, 40, 30, 20), strict=True):
        player["score"] = {**player["score"], "total": total}
    view["ranking"] = [1, 2, 3, 4]
    recorder = Recorder()
    apart = rd.render_scoreboard(view, NAMES, recorder)
    assert "dz-img-shared" not in recorder.keys
    view["players"][1]["score"] = {**view["players"][1]["score"], "total": 50}
    view["players"][1]["cross_count"] = view["players"][0]["cross_count"]
    view["ranking"] = [1, 1, 3, 4]
    recorder = Recorder()
    shared = rd.render_scoreboard(view, NAMES, recorder)
    assert "dz-img-shared" in recorder.keys and shared != apart


def test_standings_before_the_end_rank_by_points_then_fewer_crosses(mid_games) -> None:
    view = copy.deepcopy(mid_games[3])
    for player, (total, crosses) in zip(
        view["players"], [(10, 20), (10, 18), (12, 30), (3, 5)], strict=True
    ):
        player["score"] = {**player["score"], "total": total}
        player["cross_count"] = crosses
    standings = [(place, player["seat"]) for place, player in rd._standings(view)]
    assert standings == [(1, 2), (2, 1), (3, 0), (4, 3)]


# --- summaries and labels ------------------------------------------------------------------------


def test_sheet_summary_names_the_numbers_of_the_sheet(mid_games) -> None:
    view = mid_games[1]
    seat = view["turn"]
    player = view["players"][seat]
    text = rd.sheet_summary(view, seat, NAMES[seat], english)
    assert NAMES[seat] in text and f"{player['score']['total']} points" in text
    assert f"{player['cross_count']} crosses" in text
    for die in player["dice"]:
        assert field_label(*die["at"]) in text


def test_turn_summary_names_the_player_the_middle_and_who_passed(mid_games) -> None:
    view = copy.deepcopy(mid_games[2])
    view["players"][2]["passed"] = True
    text = rd.turn_summary(view, NAMES, english)
    assert f"{NAMES[view['turn']]} to play" in text
    assert ", ".join(str(v) for v in sorted(view["middle"])) in text
    assert f"Passed: {NAMES[2]}" in text
    assert "Round" not in text  # the message's header says the round


def test_every_label_exists_in_every_language() -> None:
    for key in rd.LABELS:
        for language in LANGUAGES:
            assert LOCALIZER.has(key, language), f"{language}: {key}"


def test_pictures_and_summaries_ask_only_for_listed_labels(mid_games, end_games) -> None:
    recorder = Recorder()
    for view in (*mid_games.values(), *end_games.values()):
        names = NAMES[: len(view["players"])]
        rd.render_turn(view, names, recorder)
        rd.render_middle(view, names, recorder)
        rd.render_scoreboard(view, names, recorder)
        rd.sheet_summary(view, 0, names[0], recorder)
        rd.turn_summary(view, names, recorder)
    assert recorder.keys <= set(rd.LABELS)


def test_a_tie_counts_as_broken_only_where_crosses_set_the_tied_apart() -> None:
    def player(total: int) -> dict[str, Any]:
        return {"score": {"total": total}}

    assert not rd.tie_broken([(1, player(30)), (2, player(20))])
    assert rd.tie_broken([(1, player(30)), (2, player(30)), (3, player(10))])
    assert not rd.tie_broken([(1, player(30)), (1, player(30))])  # still tied: shared
