"""Dice Stars pictures: drawn from engine views, marks where the sheet says, small and quick."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from games import dice_stars as ds
from games.engine import settle
from locales import LANGUAGES, Localizer
from rendering import dice_stars as render
from rendering.dice_stars import SheetLayout
from rendering.toolkit import BAD, DICE, GOOD, PAPER, last_legibility, wrap_name
from screens import dice_stars_alt

NAMES = ["Bärbel-Françoise Großmann", "Al", "Zoë", "Карл"]
RED_X = (210, 60, 60)


@functools.cache
def localizer() -> Localizer:
    return Localizer()


def texts(language: str = "en") -> Callable[..., str]:
    loc = localizer()
    return lambda key, **args: loc.text(language, key, **args)


class Recorder:
    """A ``t`` that remembers every key asked for."""

    def __init__(self, language: str = "en") -> None:
        self.keys: set[str] = set()
        self.inner = texts(language)

    def __call__(self, key: str, **args: Any) -> str:
        self.keys.add(key)
        return self.inner(key, **args)


# --- States -----------------------------------------------------------------------------------


def new(seats: int = 2, seed: int = 1) -> ds.State:
    return ds.new_game(seats, seed, {"host_starts": True})


def played(seats: int, seed: int, moves: int | None = None) -> ds.State:
    """A seeded game played by the autopilot (to the end, or for ``moves`` player moves)."""
    state = ds.new_game(seats, seed, {})
    settle(ds, state)
    done = 0
    while not ds.is_over(state) and (moves is None or done < moves):
        seat = ds.to_move(state)[0]
        ds.apply(state, seat, ds.autopilot(state, seat))
        settle(ds, state)
        done += 1
    return state


def view(state: ds.State) -> dict[str, Any]:
    return ds.view(state, None)


def with_reserve(state: ds.State, *dice: tuple[str, int]) -> ds.State:
    """Put exactly these dice in the reserve (taken out of the bag, so all 14 stay counted)."""
    state.reserve = [[ds.COLOURS.index(colour), face] for colour, face in dice]
    for column, _ in state.reserve:
        state.bag[column] -= 1
    return state


# --- Pixels -----------------------------------------------------------------------------------


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def rgba(png: bytes) -> Image.Image:
    return decode(png).convert("RGBA")


def count_near(
    image: Image.Image, box: tuple[int, ...], target: tuple[int, ...], tolerance: int = 40
) -> int:
    """Pixels in ``box`` within ``tolerance`` of ``target`` in every channel."""
    crop = image.crop(box).convert("RGB")
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, target[:3]))
    close = [channel.point(lambda v: 255 if v <= tolerance else 0) for channel in diff.split()]
    both = ImageChops.multiply(ImageChops.multiply(close[0], close[1]), close[2])
    return both.histogram()[255]


def changed(a: Image.Image, b: Image.Image, box: tuple[int, ...], threshold: int = 60) -> int:
    """Pixels of ``box`` that clearly differ between two pictures (palettes differ slightly)."""
    diff = ImageChops.difference(a.crop(box).convert("RGB"), b.crop(box).convert("RGB"))
    red, green, blue = diff.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return strongest.point(lambda v: 255 if v > threshold else 0).histogram()[255]


def sheet_png(state: ds.State, seat: int = 0, name: str = "Al", language: str = "en") -> bytes:
    return render.render_sheet(view(state), seat, name, texts(language))


# --- The sheet --------------------------------------------------------------------------------


def test_the_sheet_is_a_phone_sized_png_with_transparent_corners() -> None:
    image = decode(sheet_png(new()))
    assert 560 <= image.width <= 640
    assert image.height < image.width
    assert image.mode == "P"
    corner = image.convert("RGBA").getpixel((0, 0))
    assert corner[3] == 0
    centre = image.convert("RGBA").getpixel((image.width // 2, 10))
    assert centre[3] == 255


def test_a_cross_and_a_number_show_in_their_white_field() -> None:
    layout = SheetLayout()
    state = new()
    empty = rgba(sheet_png(state))
    state.sheets[0].fields[0][0] = "x"  # row 2, black
    state.sheets[0].fields[1][2] = 9  # row 3, blue
    written = rgba(sheet_png(state))
    for r, c in ((0, 0), (1, 2)):
        box = layout.white_box(r, c)
        assert changed(empty, written, box) > 20
    untouched = layout.white_box(2, 1)
    assert changed(empty, written, untouched) == 0
    cross, number = (written.crop(layout.white_box(r, c)) for r, c in ((0, 0), (1, 2)))
    assert changed(cross, number, (0, 0, *cross.size)) > 20


def test_a_green_field_shows_its_number() -> None:
    layout = SheetLayout()
    state = new()
    empty = rgba(sheet_png(state))
    state.sheets[0].fields[0][ds.WHITE] = 12  # row 2, first green field
    written = rgba(sheet_png(state))
    assert changed(empty, written, layout.green_box(0, 0)) > 20
    assert changed(empty, written, layout.green_box(0, 1)) == 0


def test_crossed_multiplier_fields_are_marked_from_the_left() -> None:
    layout = SheetLayout()
    state = new()
    empty = rgba(sheet_png(state))
    state.sheets[0].multipliers[2] = 2  # row 4: two of four stars
    crossed = rgba(sheet_png(state))
    for m in range(ds.MULTIPLIER_FIELDS[4]):
        box = layout.multiplier_box(2, m)
        assert (changed(empty, crossed, box) > 20) == (m < 2), m


def row_with(state: ds.State, row_index: int, number: int, stars: int) -> ds.State:
    state.sheets[0].fields[row_index][0] = number
    state.sheets[0].multipliers[row_index] = stars
    return state


def test_a_full_multiplier_row_doubles_in_green_and_a_partial_one_scores_red_zero() -> None:
    layout = SheetLayout()
    full = ds.MULTIPLIER_FIELDS[2]
    doubled = rgba(sheet_png(row_with(new(), 0, 7, full)))
    partial = rgba(sheet_png(row_with(new(), 0, 7, 1)))
    plain = rgba(sheet_png(row_with(new(), 0, 7, 0)))
    final = layout.final_box(0)
    assert count_near(doubled, final, GOOD) > 20
    assert count_near(doubled, final, BAD) == 0
    assert count_near(partial, final, BAD) > 20
    assert count_near(partial, final, GOOD) == 0
    assert count_near(plain, final, GOOD) == count_near(plain, final, BAD) == 0
    assert changed(doubled, partial, final) > 20
    assert changed(partial, plain, final) > 20


def test_subtotal_and_final_stay_blank_on_an_untouched_row() -> None:
    layout = SheetLayout()
    state = row_with(new(), 0, 7, 0)
    empty = rgba(sheet_png(new()))
    written = rgba(sheet_png(state))
    assert changed(empty, written, layout.final_box(0)) > 20
    assert changed(empty, written, layout.final_box(1)) == 0
    assert changed(empty, written, layout.subtotal_box(1)) == 0


def test_the_penalty_is_written_in_red_and_the_total_changes() -> None:
    layout = SheetLayout()
    state = new()
    before = rgba(sheet_png(state))
    state.sheets[0].penalty = 5
    after = rgba(sheet_png(state))
    assert count_near(after, layout.penalty_box(), BAD) > count_near(
        before, layout.penalty_box(), BAD
    )
    assert changed(before, after, layout.total_box()) > 20


def test_the_solo_sheet_is_taller_and_shows_the_crossed_boxes() -> None:
    layout = SheetLayout(solo=True)
    state = new(seats=1)
    clean = rgba(sheet_png(state))
    state.solo_crosses = 5
    marked = rgba(sheet_png(state))
    assert clean.height == layout.height > SheetLayout().height
    assert decode(sheet_png(new())).height == SheetLayout().height
    for i in (0, 4, 5, ds.SOLO_GRID_BOXES - 1):
        box = layout.solo_box(i)
        assert (count_near(marked, box, RED_X) > 0) == (i < 5), i
        assert count_near(clean, box, RED_X) == 0
    points = layout.solo_points_box()
    assert changed(clean, marked, points) > 20


def test_a_long_name_wraps_whole_inside_the_card_and_pushes_the_sheet_down() -> None:
    short = rgba(render.render_sheet(view(new()), 0, "Al", texts()))
    image = rgba(render.render_sheet(view(new()), 0, "W" * 120, texts()))
    x0, y0, x1, _ = SheetLayout().name_box()
    lines = wrap_name("W" * 120, x1 - x0, render.MIN_FONT, bold=True)
    assert len(lines) > 2 and "".join(lines) == "W" * 120
    layout = SheetLayout(name_lines=len(lines))
    assert image.height == short.height + (len(lines) - 1) * render.NAME_LINE == layout.height
    # Under the name, the sheet is the same, moved down by the name's further lines.
    head = SheetLayout().y(render.HEAD_Y)
    moved = image.crop((0, layout.y(render.HEAD_Y), image.width, image.height))
    assert moved.tobytes() == short.crop((0, head, short.width, short.height)).tobytes()
    x0, y0, x1, y1 = layout.name_box()
    edge = (x1 + 1, y0 + 12, x1 + 7, y1)  # right of the name, clear of the rounded corner
    assert count_near(image, edge, PAPER, 8) == (edge[2] - edge[0]) * (edge[3] - edge[1])
    assert count_near(image, (x0, y1 - render.NAME_LINE, x1, y1), (40, 40, 48)) > 100


def test_a_name_that_fits_keeps_the_sheet_as_it_was() -> None:
    image = decode(render.render_sheet(view(new()), 0, NAMES[0], texts()))
    assert image.height == SheetLayout().height


def test_names_lose_only_characters_the_font_cannot_draw() -> None:
    assert render.printable("Bärbel-Françoise Großmann") == "Bärbel-Françoise Großmann"
    assert render.printable("Карл Ζωή") == "Карл Ζωή"
    assert render.printable("中Al\u0007") == "Al"
    assert render.printable("中文") == "?"


# --- The table strip --------------------------------------------------------------------------


def table_png(state: ds.State, language: str = "en") -> bytes:
    return render.render_table(view(state), texts(language), NAMES)


def colour_pixels(image: Image.Image, colour: str) -> int:
    return count_near(image, (0, 0, image.width, image.height), DICE[colour][0])


def test_the_reserve_shows_its_dice_in_their_colours() -> None:
    state = with_reserve(new(), ("purple", 4), ("purple", 2))
    image = rgba(table_png(state))
    bag_line = render.STRIP_COUNTS_Y
    tray = image.crop((0, 0, image.width, bag_line))
    assert colour_pixels(tray, "purple") > 500
    assert colour_pixels(tray, "blue") == 0
    other = rgba(table_png(with_reserve(new(), ("blue", 4), ("blue", 2))))
    assert colour_pixels(other.crop((0, 0, other.width, bag_line)), "blue") > 500


def test_a_star_face_is_drawn_differently_from_a_number() -> None:
    star = table_png(with_reserve(new(), ("yellow", 0)))
    four = table_png(with_reserve(new(), ("yellow", 4)))
    assert rgba(star).tobytes() != rgba(four).tobytes()


def test_the_strip_keeps_the_sheet_width_and_its_height_whatever_the_reserve() -> None:
    empty = decode(table_png(new()))
    full = decode(table_png(with_reserve(new(), *[("yellow", 5)] * 5, *[("blue", 3)] * 4)))
    assert empty.size == full.size
    assert empty.width == SheetLayout().width


def test_last_round_and_refill_badges_appear_only_when_due() -> None:
    plain = rgba(table_png(new()))
    state = new()
    state.end_triggered = True
    last_round = rgba(table_png(state))
    state = new()
    state.refill_due = True  # the bag emptied: the next player refills, not this one
    later = rgba(table_png(state))
    state.phase = ds.REFILL
    refill = rgba(table_png(state))
    top = (0, 0, plain.width, render.STRIP_TOP + render.BADGE_LINE)
    assert count_near(plain, top, render.LAST_ROUND) == 0
    assert count_near(last_round, top, render.LAST_ROUND) > 200
    assert count_near(refill, top, render.REFILL) > 200
    assert count_near(later, top, render.REFILL) == 0
    assert later.height == plain.height and refill.height == plain.height + render.BADGE_LINE


def test_badges_that_do_not_fit_one_line_take_another_above_the_reserve() -> None:
    plain = decode(table_png(with_reserve(new(), ("blue", 4)))).height
    state = with_reserve(new(), ("blue", 4))
    state.end_triggered = state.refill_due = True
    state.phase = ds.REFILL
    two = view(state)
    assert decode(render.render_table(two, texts("fr"), NAMES)).height == plain + render.BADGE_LINE
    three = dict(two, choices=[{"kind": "colour", "colour": "blue", "fits": False}])
    wrapped = decode(render.render_table(three, texts("fr"), NAMES))
    lines = (wrapped.height - plain) // render.BADGE_LINE
    assert lines >= 2 and wrapped.height == plain + lines * render.BADGE_LINE
    image = wrapped.convert("RGBA")
    badges = (0, 0, image.width, render.STRIP_TOP + lines * render.BADGE_LINE)
    assert count_near(image, badges, BAD) > 200


def test_the_bag_counts_per_colour_change_the_picture() -> None:
    state = new()
    before = rgba(table_png(state))
    state.bag[0] -= 1
    state.discard[0] += 1
    after = rgba(table_png(state))
    counts = (
        0,
        render.STRIP_COUNTS_Y,
        before.width,
        render.STRIP_COUNTS_Y + 2 * render.COUNTS_LINE,
    )
    assert changed(before, after, counts) > 20
    tray = (0, 0, before.width, render.STRIP_COUNTS_Y)
    assert changed(before, after, tray) == 0


def test_the_standings_show_everyone_and_light_the_player_to_move() -> None:
    state = played(4, 5, moves=30)
    shown = view(state)
    standings_top = render.STRIP_COUNTS_Y + 2 * render.COUNTS_LINE
    short = ["Al", "Zoë", "Карл", "Eve"]  # two chips a line
    four = rgba(render.render_table(shown, texts(), short))
    two = rgba(render.render_table(view(played(2, 5, moves=30)), texts(), short))
    assert four.height - two.height == render.STANDING_HEIGHT + render.STANDING_GAP
    # A name too long for half the width: one chip a line, every name whole.
    long = rgba(render.render_table(shown, texts(), NAMES))
    assert long.height - four.height == 2 * (render.STANDING_HEIGHT + render.STANDING_GAP)
    assert last_legibility().clipped == ()  # type: ignore[union-attr]
    chip_w = (four.width - 2 * render.MARGIN) // 2
    seat = shown["current"]
    line, column = divmod(seat, 2)
    x0 = render.MARGIN + column * (chip_w + render.STANDING_GAP)
    y0 = standings_top + line * (render.STANDING_HEIGHT + render.STANDING_GAP)
    mine = (x0, y0, x0 + chip_w, y0 + render.STANDING_HEIGHT)
    assert count_near(four, mine, (255, 196, 0)) > 2000
    other = rgba(render.render_table(dict(shown, current=(seat + 1) % 4), texts(), short))
    assert count_near(other, mine, (255, 196, 0)) == 0
    # A total changes its chip only.
    sheets = [dict(sheet) for sheet in shown["sheets"]]
    sheets[seat]["total"] += 7
    more = rgba(render.render_table(dict(shown, sheets=sheets), texts(), short))
    assert changed(four, more, mine) > 20
    assert changed(four, more, (0, 0, four.width, y0)) == 0


# --- The turn picture -------------------------------------------------------------------------


def test_the_turn_stacks_the_strip_above_the_sheet_of_the_player_to_move() -> None:
    state = played(2, 5, moves=12)
    first = view(state)
    turn = decode(render.render_turn(first, NAMES, texts()))
    table = decode(render.render_table(first, texts(), NAMES))
    sheet = decode(render.render_sheet(first, first["current"], NAMES[first["current"]], texts()))
    assert turn.width == sheet.width
    assert turn.height == table.height + render.STACK_GAP + sheet.height
    gap = rgba(render.render_turn(first, NAMES, texts())).crop(
        (0, table.height, turn.width, table.height + render.STACK_GAP)
    )
    assert gap.getchannel("A").getextrema() == (0, 0)
    other = dict(first, current=1 - first["current"])
    below = (0, table.height + render.STACK_GAP, turn.width, turn.height)
    mine = rgba(render.render_turn(first, NAMES, texts())).crop(below)
    theirs = rgba(render.render_turn(other, NAMES, texts())).crop(below)
    assert mine.tobytes() != theirs.tobytes()


# --- The scoreboard ---------------------------------------------------------------------------


@functools.cache
def finished(seats: int, seed: int) -> dict[str, Any]:
    state = played(seats, seed)
    assert ds.is_over(state)
    return view(state)


def test_the_scoreboard_puts_the_ranking_first_then_full_sheets_by_place() -> None:
    final = finished(4, 7)
    four = decode(render.render_scoreboard(final, NAMES, texts()))
    two = decode(render.render_scoreboard(finished(2, 3), NAMES, texts()))
    sheet = decode(render.render_sheet(final, 0, NAMES[0], texts()))
    assert four.width == two.width == SheetLayout().width
    assert four.height - two.height == 2 * (sheet.height + render.STACK_GAP + render.RANK_LINE)
    ranking_h = render.MARGIN * 2 + render.RANK_TITLE + render.RANK_LINE * 4
    assert four.height == ranking_h + 4 * (sheet.height + render.STACK_GAP)
    board = rgba(render.render_scoreboard(final, NAMES, texts()))
    places = final["result"]["ranking"]
    first = min(range(4), key=lambda s: (places[s], s))
    top = ranking_h + render.STACK_GAP
    shown = board.crop((0, top, board.width, top + sheet.height))
    winner = render._draw_sheet(final, first, NAMES[first], texts(), 1.0, places[first])
    assert changed(shown, winner.convert("RGBA"), (0, 0, shown.width, shown.height)) < 50
    solo = decode(render.render_scoreboard(finished(1, 11), NAMES, texts()))
    assert solo.width == SheetLayout().width


def test_the_scoreboard_marks_the_winner_in_gold() -> None:
    board = rgba(render.render_scoreboard(finished(3, 21), NAMES, texts()))
    ranking = (0, 0, board.width, render.MARGIN + render.RANK_TITLE + render.RANK_LINE * 3)
    assert count_near(board, ranking, (255, 196, 0)) > 100


# --- Summaries and alt texts ------------------------------------------------------------------


def test_the_sheet_summary_names_the_total_the_rows_and_the_penalty() -> None:
    state = row_with(new(), 0, 7, ds.MULTIPLIER_FIELDS[2])
    state.sheets[0].fields[1][1] = 11
    state.sheets[0].multipliers[1] = 1
    state.sheets[0].penalty = 3
    total = ds.sheet_total(state.sheets[0])
    line = render.sheet_summary(view(state), 0, "Al", texts())
    assert "\n" not in line
    assert line.startswith("Al: ")
    assert f"{total} points" in line
    assert "2 of 20 white fields" in line
    assert "row 2: 14 (×2)" in line
    assert "row 3: 0 (stars incomplete)" in line
    assert "penalty 3" in line


def test_the_solo_sheet_summary_mentions_the_opponent() -> None:
    state = new(seats=1)
    state.solo_crosses = 4
    line = render.sheet_summary(view(state), 0, "Al", texts())
    points = 4 * ds.SOLO_POINTS_PER_BOX
    assert f"solo opponent: {points} points (4 of {ds.SOLO_GRID_BOXES} boxes crossed)" in line


def test_the_turn_alt_text_names_whose_turn_the_reserve_bag_and_discard() -> None:
    state = with_reserve(new(), ("yellow", 0), ("blue", 4))
    state.discard[3] = 2
    state.bag[3] -= 2
    state.end_triggered = True
    text = dice_stars_alt.turn_alt(state, NAMES, texts())
    assert text.startswith(f"Dice Stars, {NAMES[0]}’s turn: draw ")
    assert "Last round. Reserve: blue 4, yellow star." in text
    assert text.endswith(f"Bag {sum(state.bag)}, discard 2.")
    assert "refilled" not in text
    state.phase = ds.REFILL
    assert "the bag is refilled" in dice_stars_alt.turn_alt(state, NAMES, texts())
    empty = dice_stars_alt.turn_alt(new(), NAMES, texts("de"))
    assert "Reserve leer" in empty and f"Beutel {sum(new().bag)}" in empty


@pytest.mark.parametrize("seed", [7, 37])
def test_the_result_alt_text_ranks_with_totals_and_shared_places(seed: int) -> None:
    state = played(4, seed)
    text = dice_stars_alt.scoreboard_alt(state, NAMES, texts())
    result = ds.result(state)
    places, totals = result["ranking"], result["scores"]
    by_place = sorted(range(4), key=lambda seat: (places[seat], seat))
    positions = [text.index(f"{places[s]}. {NAMES[s]}: {totals[s]}") for s in by_place]
    assert positions == sorted(positions)
    assert ("a shared victory" in text) == (places.count(1) > 1)
    assert places.count(1) == (2 if seed == 37 else 1)  # the seeds play one of each


def test_the_solo_result_alt_text_gives_both_scores_and_the_outcome() -> None:
    state = played(1, 11)
    result = ds.result(state)
    text = dice_stars_alt.scoreboard_alt(state, ["Al"], texts())
    assert result["outcome"] == "solo_grid_full"
    assert text.startswith(
        f"Dice Stars solo, Al loses, the solo grid is full: {result['score']} to "
        f"{result['opponent']}."
    )


# --- Labels, sizes, speed ---------------------------------------------------------------------


def test_every_label_key_exists_in_english_german_and_french() -> None:
    recorder = Recorder()
    for board in (finished(4, 7), finished(1, 11)):
        render.render_scoreboard(board, NAMES, recorder)
    state = with_reserve(new(), ("blue", 4), ("yellow", 0))
    state.end_triggered = state.refill_due = True
    state.phase = ds.REFILL
    busy = view(state)
    busy["choices"] = [{"kind": "colour", "colour": "blue", "fits": False}]
    for shown in (busy, view(new()), view(new(seats=1)), finished(2, 3)):
        render.render_turn(shown, NAMES, recorder)
        render.sheet_summary(shown, 0, "Al", recorder)
    assert recorder.keys <= set(render.LABEL_KEYS)
    loc = localizer()
    for language in LANGUAGES:
        missing = [key for key in render.LABEL_KEYS if not loc.has(key, language)]
        assert not missing, (language, missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_pictures_differ_by_language(language: str) -> None:
    english = rgba(render.render_turn(view(new()), NAMES, texts("en"))).tobytes()
    other = rgba(render.render_turn(view(new()), NAMES, texts(language))).tobytes()
    assert (english == other) == (language == "en")


def test_sheet_turn_and_scoreboard_stay_within_their_size_limits() -> None:
    busy = view(played(4, 5, moves=70))
    solo = view(played(1, 11, moves=30))
    for shown in (busy, solo):
        assert len(render.render_turn(shown, NAMES, texts("de"))) <= 60_000
        assert len(render.render_sheet(shown, 0, NAMES[0], texts("fr"))) <= 60_000
    for board in (finished(4, 7), finished(1, 11)):
        assert len(render.render_scoreboard(board, NAMES, texts("de"))) <= 250_000


def test_a_solo_result_shows_the_players_best_solo_score() -> None:
    final = finished(1, 11)
    total = final["sheets"][0]["total"]
    plain = decode(render.render_scoreboard(final, NAMES, texts()))
    with_best = decode(render.render_scoreboard(final, NAMES, texts(), best=total + 3))
    assert with_best.height == plain.height + render.RANK_LINE
    assert render._best_line(final, texts(), total + 3) == f"Your best solo score: {total + 3}"
    assert final["result"]["outcome"] == "solo_grid_full"
    # A lost solo's score is no best, however high: the earlier best stays.
    assert render._best_line(final, texts(), total - 3) == f"Your best solo score: {total - 3}"
    won = finished(1, 1)
    assert won["result"]["outcome"] == "solo_win"
    won_total = won["sheets"][0]["total"]
    assert render._best_line(won, texts(), won_total - 3).startswith("New best!")
    assert render._best_line(finished(2, 3), texts(), 10) == ""  # only solo games


WIDE = ["W" * 32, "Al", "Ш" * 32, "Zoë"]  # Discord display names reach 32 characters


def test_a_32_letter_name_wraps_in_its_chip_which_alone_grows() -> None:
    state = new(seats=4)
    long = decode(render.render_table(view(state), texts(), WIDE))
    one_a_line = decode(render.render_table(view(state), texts(), [*NAMES[:1], *WIDE[1:2]] * 2))
    assert long.height == one_a_line.height + 2 * render.STANDING_NAME_LINE  # two names wrap
    chips = render._standing_box(0, 4, 0, 1)
    room = chips[2] - chips[0] - render.STANDING_TOTAL_ROOM
    lines = wrap_name("W" * 32, room, render.MIN_FONT, True, chips[2] - chips[0] - 20)
    assert len(lines) == 2 and "".join(lines) == "W" * 32
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()


def test_a_32_letter_name_wraps_in_the_ranking_whose_line_grows() -> None:
    final = finished(4, 7)
    plain = decode(render.render_scoreboard(final, NAMES, texts()))
    board = decode(render.render_scoreboard(final, WIDE, texts()))
    ranking = render._draw_ranking(final, {k: "" for k in render.BOARD_LABELS}, WIDE)
    short = render._draw_ranking(final, {k: "" for k in render.BOARD_LABELS}, NAMES)
    assert ranking.height > short.height + 2 * render.RANK_NAME_LINE  # two names, 2+ lines more
    assert board.height > plain.height
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()
