"""Stella pictures: cards and labels in place, marks on the right cells, secrets kept, small."""

from __future__ import annotations

import copy
import io
import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from games import stella as st
from games.engine import CHANCE
from locales import LANGUAGES, Localizer
from rendering import stella as rs
from rendering import stella_cards
from rendering.toolkit import last_legibility
from screens import stella_alt

NAMES = ["Bärbel-Françoise Großmann", "Al", "Chloé", "Dmitri", "Anna", "Zoë"]
LOCALIZER = Localizer()
GREY = (128, 128, 128)
Pixel = tuple[int, int, int]


def english(key: str, **args: Any) -> str:
    return LOCALIZER.text("en", key, **args)


class Recorder:
    """A ``t`` that answers in German and notes every key asked for."""

    def __init__(self) -> None:
        self.keys: set[str] = set()

    def __call__(self, key: str, **args: Any) -> str:
        self.keys.add(key)
        return LOCALIZER.text("de", key, **args)


def grey_cards(card_id: int, width: int) -> Image.Image:
    """A plain deck: every card the same grey, so marks and badges stand out on it."""
    return Image.new("RGB", (width, width * 3 // 2), GREY)


def square_cards(card_id: int, width: int) -> Image.Image:
    """A server's own deck with square pictures in another size."""
    return Image.new("RGB", (width * 2, width * 2), (20 + card_id, 200, 60))


# --- games ---------------------------------------------------------------------------------------


def table(seats: int = 4, preset: str = "seed", word: int = 0) -> st.State:
    """Round 1 is dealt (cards 0-14, a known word), seat 0 is the first scout."""
    state = st.new_game(seats, 5, {"preset": preset, "host_starts": True})
    deal(state, word)
    return state


def deal(state: st.State, word: int | None = None) -> None:
    size = st.GRID_SIZE if state.round == 0 or state.preset == "seed" else st.ROW_LENGTH
    fresh = [c for c in range(state.deck_size) if c not in state.dealt][:size]
    word = word if word is not None else len(state.words)
    st.apply(state, CHANCE, {"type": "deal", "cards": fresh, "word": word, "side": 0})


def mark(state: st.State, slates: Mapping[int, Iterable[int]]) -> None:
    for seat, cards in slates.items():
        st.apply(state, seat, {"type": "set_marks", "cards": list(cards)})
    for seat in slates:
        st.apply(state, seat, {"type": "lock_in"})


def designate(state: st.State, *plays: tuple[int, int]) -> None:
    for seat, card in plays:
        st.apply(state, seat, {"type": "designate", "card": card})


def numbered(*numbers: int) -> list[int]:
    """The rules' worked example numbers cards 1-15 row by row; the engine counts from 0."""
    return [n - 1 for n in numbers]


def worked_example(steps: int) -> st.State:
    """The rules' worked example (seed preset; A B C D are seats 0-3), after ``steps`` turns."""
    state = table(4)
    mark(
        state,
        {
            0: numbered(1, 2, 3),
            1: numbered(1, 4, 5),
            2: numbered(1, 2, 4, 6, 7),
            3: numbered(1, 6, 8, 9, 10, 11, 12),
        },
    )
    turns = [(0, 3), (1, 4), (2, 2), (3, 6), (1, 1), (2, 7), (3, 8), (1, 5)]
    designate(state, *[(seat, numbered(card)[0]) for seat, card in turns[:steps]])
    return state


def exploring(unrevealed_of_seat_3: list[int]) -> st.State:
    """Three cards revealed (a spark on A1 and A2, a fall on B1); seat 3 is to designate."""
    state = table(4)
    mark(state, {0: [0], 1: [0, 5], 2: [1], 3: [5, *unrevealed_of_seat_3]})
    designate(state, (0, 0), (1, 5), (2, 1))
    return state


def finished(seats: int = 4, preset: str = "seed", leaver: int | None = None) -> st.State:
    """A whole game in which every player marks one card nobody else marks: all falls, 0 points."""
    state = table(seats, preset)
    for round_number in range(1, st.ROUNDS + 1):
        if round_number > 1:
            deal(state)
        if leaver is not None and round_number == 2:
            st.apply(state, leaver, {"type": "leave"})
        playing = [s for s in range(seats) if not state.left[s]]
        mark(state, {seat: [seat] for seat in playing})
        while state.phase == "exploration":
            seat = st.to_move(state)[0]
            designate(state, (seat, state.slates[seat][0]))
    assert st.is_over(state)
    return state


# --- pixels --------------------------------------------------------------------------------------


def decode(picture: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(picture))
    image.load()
    return image


def count(image: Image.Image, test: Callable[[Pixel], bool]) -> int:
    data = image.convert("RGB").tobytes()
    return sum(1 for pixel in zip(data[0::3], data[1::3], data[2::3], strict=True) if test(pixel))


def near(colour: tuple[int, ...], tolerance: int = 40) -> Callable[[Pixel], bool]:
    return lambda p: all(abs(a - b) <= tolerance for a, b in zip(p, colour, strict=True))


def difference_box(one: Image.Image, other: Image.Image) -> tuple[int, int, int, int] | None:
    """Where two pictures differ clearly (JPEG blurs edges a little: small shifts are ignored)."""
    difference = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).convert("L")
    return difference.point(lambda v: 255 if v > 40 else 0).getbbox()


def mean_difference(one: Image.Image, other: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(one, other).convert("L")).mean[0]


def frame_of(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A card's box grown by the frame drawn around a marked or revealed card."""
    x0, y0, x1, y1 = box
    return (x0 - 4, y0 - 4, x1 + 4, y1 + 4)


@pytest.fixture(scope="module")
def dealt() -> dict[str, Any]:
    return st.view(table(5, word=3), None)


# --- the grid ------------------------------------------------------------------------------------


def test_grid_shows_the_deck_cards_at_phone_width_as_a_small_jpeg(dealt) -> None:
    picture = rs.render_grid(dealt, english)
    image = decode(picture)
    assert rs.extension(picture) == "jpg" and image.format == "JPEG"
    assert 900 <= image.width <= 1000 and len(picture) <= 400_000
    for index in (0, 6, 14):
        x0, y0, x1, y1 = rs.card_box(index)
        card = stella_cards.card_image(dealt["grid"][index], rs.CARD_WIDTH)
        below_badges = (0, rs.BADGE_SIZE + 16, x1 - x0, y1 - y0)
        shown = image.crop((x0, y0, x1, y1)).crop(below_badges)
        assert mean_difference(shown, card.crop(below_badges)) < 6


def test_the_fifteen_cards_stay_distinguishable_and_apart(dealt) -> None:
    image = decode(rs.render_grid(dealt, english)).convert("RGB")
    boxes = [rs.card_box(index) for index in range(st.GRID_SIZE)]
    thumbs = [image.crop(box).resize((22, 33)) for box in boxes]
    for a, b in itertools.combinations(range(st.GRID_SIZE), 2):
        assert mean_difference(thumbs[a], thumbs[b]) > 12, (st.label(a), st.label(b))
        ax0, ay0, ax1, ay1 = boxes[a]
        bx0, by0, bx1, by1 = boxes[b]
        apart = max(bx0 - ax1, ax0 - bx1, by0 - ay1, ay0 - by1)
        assert apart >= rs.CARD_GAP


def test_cards_lie_in_three_rows_of_five_labelled_like_the_engine() -> None:
    for index in range(st.GRID_SIZE):
        column, row = st.label(index)[0], int(st.label(index)[1:])
        x0, y0, _, _ = rs.card_box(index)
        assert x0 == rs.card_box("ABCDE".index(column))[0]  # same column letter, same x
        assert y0 == rs.card_box((row - 1) * st.ROW_LENGTH)[1]  # same row number, same y
    assert rs.card_box(1)[0] > rs.card_box(0)[0] and rs.card_box(5)[1] > rs.card_box(0)[1]


def test_every_card_carries_its_own_big_label_in_its_upper_left_corner(dealt) -> None:
    image = decode(rs.render_grid(dealt, english, grey_cards)).convert("RGB")
    badges = []
    for index in range(st.GRID_SIZE):
        x0, y0, x1, y1 = rs.card_box(index)
        lx0, ly0, lx1, ly1 = rs.label_box(index)
        assert x0 < lx0 < lx1 < (x0 + x1) / 2 and y0 < ly0 < ly1 < (y0 + y1) / 2
        assert ly1 - ly0 >= 36  # big enough to read at half size
        badge = image.crop((lx0 + 3, ly0 + 3, lx1 - 3, ly1 - 3))
        area = badge.width * badge.height
        assert count(badge, near(rs.LABEL_FILL)) > area * 0.4
        assert count(badge, lambda p: min(p) > 200) > area * 0.12  # white letters
        badges.append(badge.resize((48, 32)).convert("L").point(lambda v: 255 if v > 128 else 0))
        beside = image.crop((lx1 + 6, ly0, lx1 + 30, ly1))
        assert count(beside, near(GREY, 12)) == beside.width * beside.height
    for a, b in itertools.combinations(range(st.GRID_SIZE), 2):
        assert mean_difference(badges[a], badges[b]) > 0, (st.label(a), st.label(b))


def test_word_and_round_are_drawn_above_the_cards(dealt) -> None:
    plain = decode(rs.render_grid(dealt, english, grey_cards))
    other_word = decode(rs.render_grid({**dealt, "word": "Lighthouse"}, english, grey_cards))
    other_round = decode(rs.render_grid({**dealt, "round": 3}, english, grey_cards))
    for changed in (difference_box(plain, other_word), difference_box(plain, other_round)):
        assert changed is not None and changed[3] <= rs.HEADER
    long_word = {**dealt, "word": "Donaudampfschifffahrtsgesellschaftskapitän"}
    assert decode(rs.render_grid(long_word, english, grey_cards)).size == plain.size


def test_a_grid_is_composed_once_and_kept(dealt) -> None:
    # One block is kept: the one of the round drawn last, which earlier tests may have replaced.
    rs._grid_jpeg.cache_clear()
    rs._cards_block.cache_clear()
    first = rs.render_grid(dealt, english)
    hits = rs._grid_jpeg.cache_info().hits
    assert rs.render_grid(dealt, english) is first
    assert rs._grid_jpeg.cache_info().hits == hits + 1
    blocks = rs._cards_block.cache_info().hits
    rs.render_slate({**dealt, "viewer": 0, "my_slate": [3]}, english)
    assert rs._cards_block.cache_info().hits == blocks + 1


def test_a_servers_own_pictures_are_fitted_to_the_card_frame(dealt) -> None:
    image = decode(rs.render_grid(dealt, english, square_cards)).convert("RGB")
    for index in (0, 14):
        x0, y0, x1, y1 = rs.card_box(index)
        below = image.crop((x0 + 2, y0 + rs.BADGE_SIZE + 16, x1 - 2, y1 - 2))
        expected = (20 + dealt["grid"][index], 200, 60)
        assert count(below, near(expected, 12)) == below.width * below.height


def test_before_the_first_deal_the_grid_shows_empty_places() -> None:
    view = st.view(st.new_game(3, 1, {}), None)
    image = decode(rs.render_grid(view, english, grey_cards))
    assert image.width == rs.WIDTH
    place = image.crop(rs.card_box(7))
    assert count(place, near(rs.NIGHT, 16)) > place.width * place.height * 0.8


# --- the slate -----------------------------------------------------------------------------------


def test_the_slate_frames_and_ticks_exactly_the_viewers_marks() -> None:
    state = table(4)
    marks = [0, 7, 14]
    st.apply(state, 2, {"type": "set_marks", "cards": marks})
    st.apply(state, 1, {"type": "set_marks", "cards": [3, 4]})  # someone else's
    image = decode(rs.render_slate(st.view(state, 2), english, grey_cards)).convert("RGB")
    green = near(rs.MARK, 50)
    for index in range(st.GRID_SIZE):
        found = count(image.crop(frame_of(rs.card_box(index))), green)
        if index in marks:
            assert found > 4 * rs.CARD_WIDTH * rs.FRAME_WIDTH // 2, st.label(index)
        else:
            assert found == 0, st.label(index)


def test_a_slate_without_marks_shows_the_cards_as_the_grid_does(dealt) -> None:
    view = {**dealt, "viewer": 0, "my_slate": []}
    slate = decode(rs.render_slate(view, english, grey_cards))
    grid = decode(rs.render_grid(dealt, english, grey_cards))
    changed = difference_box(slate, grid)
    assert changed is None or changed[3] <= rs.HEADER


def test_the_slate_tells_the_count_and_whether_it_is_locked_in() -> None:
    state = table(4)
    st.apply(state, 0, {"type": "set_marks", "cards": [2, 3]})
    recorder = Recorder()
    draft = rs.render_slate(st.view(state, 0), recorder, grey_cards)
    assert {"st-img-marks", "st-img-not-locked"} <= recorder.keys
    st.apply(state, 0, {"type": "lock_in"})
    recorder = Recorder()
    locked = rs.render_slate(st.view(state, 0), recorder, grey_cards)
    assert "st-img-locked-in" in recorder.keys and "st-img-not-locked" not in recorder.keys
    changed = difference_box(decode(draft), decode(locked))
    assert changed is not None and changed[3] <= rs.HEADER
    text = stella_alt.slate_alt(st.view(state, 0), english)
    assert text.startswith("Your slate: 2 cards marked, C1, D1.") and text.endswith("Locked in.")


def test_marks_already_revealed_are_veiled_on_the_slate() -> None:
    state = exploring([6])
    view = st.view(state, 1)  # seat 1 marked A1 and A2, both revealed
    veiled = decode(rs.render_slate(view, english, grey_cards)).convert("RGB")
    x0, y0, x1, y1 = rs.card_box(0)
    middle = veiled.crop((x0 + 20, y0 + 80, x1 - 20, y1 - 20))
    assert ImageStat.Stat(middle).mean[0] < GREY[0] - 30


# --- the board -----------------------------------------------------------------------------------


def test_board_shows_who_marked_each_revealed_card_under_it() -> None:
    view = st.view(exploring([6]), None)
    image = decode(rs.render_board(view, NAMES[:4], english, grey_cards)).convert("RGB")
    for index, seats in ((0, (0, 1)), (5, (1, 3)), (1, (2,))):
        band = image.crop(rs.marker_box(index))
        for seat in range(4):
            assert (chip_pixels(band, seat) > 150) == (seat in seats), (st.label(index), seat)
    for index in (2, 6, 14):  # never revealed: the plain card, no chip on it
        band = image.crop(rs.marker_box(index))
        assert all(chip_pixels(band, seat) == 0 for seat in range(4))
        assert count(image.crop(frame_of(rs.card_box(index, board=True))), near(rs.REVEALED)) == 0


def chip_pixels(band: Image.Image, seat: int) -> int:
    """Pixels of a seat's chip: its colour, or the faded colour of a chip that scored nothing."""
    colour = rs.seat_colour(seat)
    return count(band, near(colour, 12)) + count(band, near(rs._mix(colour, rs.NIGHT, 0.45), 12))


def test_a_struck_chip_keeps_its_initials_readable() -> None:
    image = Image.new("RGB", (120, 80), rs.NIGHT)
    draw = ImageDraw.Draw(image)
    rs._chip(draw, (60, 40), rs.CHIP, 0, "Z", struck=True)
    plain = Image.new("RGB", (120, 80), rs.NIGHT)
    rs._chip(ImageDraw.Draw(plain), (60, 40), rs.CHIP, 0, "Z", faded=True)
    letter = (48, 26, 72, 54)
    ink = near(rs.LIGHT_INK, 30)
    assert count(image.crop(letter), ink) >= 0.8 * count(plain.crop(letter), ink) > 20


def test_board_frames_sparks_in_gold_and_falls_in_red() -> None:
    view = st.view(exploring([6]), None)
    image = decode(rs.render_board(view, NAMES[:4], english, grey_cards)).convert("RGB")
    # The frame and the badge at the top; the chips lie on the lower part of the card.
    x0, y0, x1, _ = frame_of(rs.card_box(0, board=True))
    spark = image.crop((x0, y0, x1, y0 + 70))
    x0, y0, x1, _ = frame_of(rs.card_box(1, board=True))
    fall = image.crop((x0, y0, x1, y0 + 70))
    assert count(spark, near(rs.REVEALED)) > 600 and count(spark, near(rs.FALL, 30)) == 0
    assert count(fall, near(rs.FALL, 30)) > 600 and count(fall, near(rs.REVEALED, 30)) == 0


def test_public_pictures_are_the_same_whatever_the_hidden_marks() -> None:
    one, other = exploring([6]), exploring([12])
    assert one.slates != other.slates
    for viewer in (None, 0, 3):
        board = rs.render_board(st.view(one, viewer), NAMES[:4], english, grey_cards)
        assert board == rs.render_board(st.view(other, None), NAMES[:4], english, grey_cards)
        assert rs.render_grid(st.view(one, viewer), english, grey_cards) == rs.render_grid(
            st.view(other, None), english, grey_cards
        )
        assert stella_alt.board_alt(st.view(one, viewer), NAMES, english) == stella_alt.board_alt(
            st.view(other, None), NAMES, english
        )
    text = stella_alt.board_alt(st.view(one, 3), NAMES, english)
    assert "A1" in text and "A2" in text and "B1" in text and "B2" not in text


def test_board_during_marking_shows_who_locked_in_and_nothing_else() -> None:
    state = table(4)
    st.apply(state, 0, {"type": "set_marks", "cards": [0, 1]})
    before = rs.render_board(st.view(state, None), NAMES[:4], english, grey_cards)
    st.apply(state, 1, {"type": "set_marks", "cards": [5]})
    assert rs.render_board(st.view(state, None), NAMES[:4], english, grey_cards) == before
    st.apply(state, 1, {"type": "lock_in"})
    recorder = Recorder()
    after = rs.render_board(st.view(state, None), NAMES[:4], recorder, grey_cards)
    assert after != before and {"st-img-marking", "st-img-locked"} <= recorder.keys
    cards = (0, rs.HEADER, rs.WIDTH, rs.marker_box(14)[3])
    assert difference_box(decode(before).crop(cards), decode(after).crop(cards)) is None


def test_board_alt_text_names_reveals_darkness_and_the_next_scout() -> None:
    state = worked_example(2)
    names = ["Bo", *NAMES[1:4]]  # short enough for every part to fit
    text = stella_alt.board_alt(st.view(state, None), names, english)
    assert "C1 by Bo: a fall" in text
    assert "D1 by Al, marked by Al, Chloé: sparks of 2 points" in text
    assert "In Darkness: Dmitri." in text and "Chloé designates a card." in text
    assert "Al 2 points, Chloé 2 points, Dmitri 0 points" in text


def test_who_scored_for_each_card_follows_the_falls() -> None:
    view = st.view(worked_example(5), None)
    outcomes = rs.reveal_outcomes(view["revealed"], view["preset"], view["sparks"])
    assert [o.label for o in outcomes] == ["C1", "D1", "B1", "A2", "A1"]
    assert [o.fall for o in outcomes] == [True, False, False, False, False]
    assert outcomes[2].markers == (0, 2) and outcomes[2].scorers == (2,)  # A has fallen
    assert outcomes[4].scorers == (1, 2, 3) and outcomes[4].points == 3
    counted = [sum(seat in o.scorers for o in outcomes) for seat in range(4)]
    assert counted == view["sparks"]


def test_a_player_in_darkness_who_fell_shows_the_penalty_to_come() -> None:
    before_fall = st.view(worked_example(6), None)
    after_fall = st.view(worked_example(7), None)
    assert after_fall["fallen"][3] and after_fall["darkness"] == 3
    without = copy.deepcopy(after_fall)
    without["sparks"][3] = 0  # nothing to lose
    red = near(rs.FALL, 30)
    penalty_shown = decode(rs.render_board(after_fall, NAMES[:4], english, grey_cards))
    no_penalty = decode(rs.render_board(without, NAMES[:4], english, grey_cards))
    panel_top = rs.card_box(14, board=True)[3]
    area = (0, panel_top, rs.WIDTH, penalty_shown.height)
    assert count(penalty_shown.crop(area), red) > count(no_penalty.crop(area), red) + 40
    assert rs.render_board(before_fall, NAMES[:4], english, grey_cards) != rs.render_board(
        after_fall, NAMES[:4], english, grey_cards
    )


def test_missing_glyphs_keep_the_board_as_it_is() -> None:
    view = st.view(exploring([6]), None)
    plain = rs.render_board(view, ["A", "B", "C", "D"], english, grey_cards)
    picture = rs.render_board(view, ["Al 中文🎲", "Chloé", "Дмитрий", "Zoë"], english, grey_cards)
    assert decode(picture).size == decode(plain).size


def test_a_name_longer_than_half_a_line_takes_a_line_of_its_own_on_the_board() -> None:
    view = st.view(exploring([6]), None)
    short = ["Al", "Chloé", "Dmitri", "Zoë"]
    long_names = ["Al", "W" * 32, "Chloé", "Dmitri"]
    plain = decode(rs.render_board(view, short, english, grey_cards))
    picture = decode(rs.render_board(view, long_names, english, grey_cards))
    seen = last_legibility()
    assert seen is not None and seen.clipped == ()
    assert picture.width == plain.width and picture.height > plain.height
    entries = rs._panel_layout(view, long_names, rs.initials(long_names))
    boxes = [box for box, _ in entries]
    assert entries[0][1] == ["Al"]
    assert "".join(entries[1][1]) == "W" * 32 and len(entries[1][1]) == 2
    half = (rs.WIDTH - 2 * rs.PAD - rs.PANEL_GAP) / 2
    assert boxes[0][2] - boxes[0][0] == half  # alone on its line, as the last of an odd table
    assert boxes[1][0] == rs.PAD and boxes[1][2] == rs.WIDTH - rs.PAD
    assert boxes[1][1] > boxes[0][3] and boxes[2][1] > boxes[1][3]
    assert boxes[2][1] == boxes[3][1]  # the short names after it share a line again


def test_a_long_name_in_the_score_tables_gets_a_line_above_its_numbers() -> None:
    view = copy.deepcopy(st.view(finished(4, "seed"), None))
    view["totals"], view["ranking"] = [15, 12, 8, 1], None  # no tie: no "shared" after a name
    short = ["Al", "Bo", "Chloé", "Dmitri"]
    long_names = ["Al", "Bo", "Maximilian von Hohenzollern-Weiß", "Ш" * 32]
    for render in (rs.render_scoreboard, rs.render_round_summary):
        plain = decode(render(view, short, english))
        picture = decode(render(view, long_names, english))
        seen = last_legibility()
        assert seen is not None and seen.clipped == ()
        grown = 2 * (rs.BAND_TOP + rs.BAND_LINE) + rs.BAND_LINE  # Ш×32 takes two lines
        assert picture.height == plain.height + grown
    band = rs._name_band("Anne-Sophie Dubois-Lefèvre", "AL", " (left)", 300)
    assert band == (("Anne-Sophie Dubois-Lefèvre", " (left)"),)
    band = rs._name_band(long_names[2], "MW", " (left)", 300)  # the tags do not fit after it
    assert band == (("Maximilian von Hohenzollern-Weiß", ""), ("", "(left)"))
    assert rs._name_band("Chloé", "C", " (left)", 300) == ()
    # A short name whose tags do not fit beside it in the column: both go above the numbers.
    assert rs._name_band("Chloé", "C", " (a quitté la partie, ex æquo)", 300) == (
        ("Chloé", " (a quitté la partie, ex æquo)"),
    )


def test_a_wide_chip_stays_inside_its_players_entry() -> None:
    view = st.view(exploring([6]), None)
    names = ["Mia Wolf", "Al", "Chloé", "Dmitri"]
    assert rs.initials(names)[0] == "MW"
    image = decode(rs.render_board(view, names, english, grey_cards)).convert("RGB")
    top = rs.card_box(14, board=True)[3] + rs.PANEL_GAP
    margin = image.crop((1, top, rs.PAD - 1, image.height - 1))  # the cloth left of the entries
    assert count(margin, near(rs.seat_colour(0), 60)) == 0


def test_initials_are_unique_whatever_the_case() -> None:
    assert rs.initials(["Al", "Anna-Lena", "Zoë"]) == ["Al", "An", "Z"]
    tags = rs.initials(["Al", "Anna-Lena", "Alba", "al"])
    assert len({tag.casefold() for tag in tags}) == 4


def test_the_board_of_six_stays_within_one_and_four_tenths_of_its_width() -> None:
    names = ["Al", "Chloé", "Dmitri", "Anna", "Zoë", "Bob"]
    for seats in (3, 4, 6):
        view = st.view(table(seats), None)
        board = decode(rs.render_board(view, names[:seats], english, grey_cards))
        assert board.height <= 1.4 * rs.WIDTH


def test_the_tie_note_shows_only_under_a_tie_on_the_totals() -> None:
    view = copy.deepcopy(st.view(finished(4, "seed"), None))
    view["totals"] = [9, 7, 5, 3]
    view["ranking"] = [1, 2, 3, 4]
    recorder = Recorder()
    apart = rs.render_scoreboard(view, NAMES[:4], recorder)
    assert "st-img-tie-seed" not in recorder.keys
    view["totals"] = [9, 9, 5, 3]
    recorder = Recorder()
    tied = rs.render_scoreboard(view, NAMES[:4], recorder)
    assert "st-img-tie-seed" in recorder.keys
    assert decode(tied).height > decode(apart).height


def test_initials_tell_players_apart() -> None:
    assert rs.initials(["Bärbel-Françoise Großmann", "Al", "Chloé"]) == ["BG", "A", "C"]
    assert rs.initials(["Al", "Anna", "Zoë"]) == ["Al", "An", "Z"]
    tags = rs.initials(["Al", "Al", "🎲", "ßen"])
    assert len(set(tags)) == 4 and tags[3] == "ß"
    assert len({rs.seat_colour(seat) for seat in range(6)}) == 6


# --- round summary and scoreboard ----------------------------------------------------------------


def test_round_summary_shows_the_darkness_penalty_of_the_worked_example() -> None:
    state = worked_example(8)
    view = st.view(state, None)
    record = view["history"][-1]
    assert record["scores"] == [0, 5, 9, 3]
    tally = rs.round_tally(record, 4)
    assert tally.sparks == (0, 2, 4, 2) and tally.fell == (True, True, True, True)
    assert tally.penalty == 2
    text = stella_alt.round_alt(view, NAMES, english)
    assert text.startswith(
        f"Stella, scores of round 1 (“{record['word']}”): Chloé 9 points, Al 5 points, "
        "Dmitri 3 points (Darkness −2), Bärbel-Françoise Großmann 0 points."
    )
    picture = rs.render_round_summary(view, NAMES[:4], english)
    image = decode(picture)
    assert picture.startswith(b"\x89PNG") and len(picture) <= 250_000
    assert image.convert("RGBA").getpixel((0, 0))[3] == 0  # rounded corner


def test_round_summary_changes_with_the_penalty() -> None:
    view = st.view(worked_example(8), None)
    no_darkness = copy.deepcopy(view)
    no_darkness["history"][-1]["darkness"] = None
    assert rs.round_tally(no_darkness["history"][-1], 4).penalty == 0
    with_penalty = rs.render_round_summary(view, NAMES[:4], english)
    assert rs.render_round_summary(no_darkness, NAMES[:4], english) != with_penalty


@pytest.mark.parametrize("preset", ["seed", "published"])
def test_scoreboard_shares_tied_places_with_the_presets_rule(preset: str) -> None:
    view = st.view(finished(4, preset), None)
    assert view["ranking"] == [1, 1, 1, 1]
    recorder = Recorder()
    picture = rs.render_scoreboard(view, NAMES[:4], recorder)
    assert f"st-img-tie-{preset}" in recorder.keys and "st-img-shared" in recorder.keys
    assert "st-img-ranking" in recorder.keys
    assert picture.startswith(b"\x89PNG") and len(picture) <= 250_000
    text = stella_alt.scoreboard_alt(view, NAMES, english)
    assert text == (
        "Stella, final scores, a shared victory: 1. Bärbel-Françoise Großmann: 0, 1. Al: 0, "
        "1. Chloé: 0, 1. Dmitri: 0."
    )


def test_scoreboard_ranks_by_total_then_the_seed_presets_last_round() -> None:
    view = copy.deepcopy(st.view(finished(4, "seed"), None))
    for record, scores in zip(
        view["history"], ([5, 9, 2, 0], [5, 1, 2, 0], [5, 1, 2, 0], [0, 4, 2, 1]), strict=True
    ):
        record["scores"] = scores
    view["totals"] = [15, 15, 8, 1]
    view["ranking"] = None  # the same rule as the engine's, worked out by the picture
    assert rs.standings(view) == [2, 1, 3, 4]
    assert stella_alt.scoreboard_alt(view, NAMES, english).startswith(
        "Stella, final scores: 1. Al: 15, 2. Bärbel-Françoise Großmann: 15, 3. Chloé: 8"
    )
    recorder = Recorder()
    rs.render_scoreboard(view, NAMES[:4], recorder)
    assert "st-img-shared" not in recorder.keys
    view["preset"] = "published"
    assert rs.standings(view) == [1, 1, 3, 4]


def test_scoreboard_marks_players_who_left() -> None:
    view = st.view(finished(4, "seed", leaver=2), None)
    assert view["left"] == [False, False, True, False]
    recorder = Recorder()
    with_leaver = rs.render_scoreboard(view, NAMES[:4], recorder)
    assert "st-img-left" in recorder.keys
    stayed = copy.deepcopy(view)
    stayed["left"] = [False] * 4
    assert rs.render_scoreboard(stayed, NAMES[:4], english) != with_leaver
    said = stella_alt.scoreboard_alt(view, NAMES, english)
    assert f"{NAMES[2]}: {view['totals'][2]} (left)" in said
    assert "(left)" not in stella_alt.scoreboard_alt(stayed, NAMES, english)


def test_standings_during_the_game_say_so() -> None:
    state = table(3)
    mark(state, {seat: [seat] for seat in range(3)})
    designate(state, (0, 0), (1, 1), (2, 2))
    view = st.view(state, None)
    recorder = Recorder()
    rs.render_scoreboard(view, NAMES[:3], recorder)
    assert "st-img-standings" in recorder.keys and "st-img-ranking" not in recorder.keys
    assert stella_alt.scoreboard_alt(view, NAMES, english).startswith("Stella, standings: 1. ")


# --- sizes, alt texts and labels -----------------------------------------------------------------


def test_board_of_six_with_the_real_deck_stays_under_400_kb() -> None:
    state = table(6)
    mark(state, {seat: [seat, seat + 6, 12] for seat in range(6)})
    designate(state, (0, 12), (1, 1), (2, 8))
    picture = rs.render_board(st.view(state, None), NAMES, english)
    image = decode(picture)
    assert rs.extension(picture) == "jpg" and len(picture) <= 400_000
    # The first name is longer than half a line: its entry takes a line of its own.
    assert image.width == rs.WIDTH and image.height <= 1400 + rs.PANEL_ROW + rs.PANEL_GAP
    short = ["Al", "Chloé", "Dmitri", "Anna", "Zoë", "Bob"]
    image = decode(rs.render_board(st.view(state, None), short, english))
    assert image.width == rs.WIDTH and image.height <= 1400


def test_grid_alt_text_names_round_and_word(dealt) -> None:
    text = stella_alt.grid_alt(dealt, english)
    word = dealt["word"]
    assert text.startswith(
        f"Stella, round 1 of 4, the word is “{word}”. 15 picture cards in 3 rows of 5, A1 to E3."
    )


def test_every_label_exists_in_every_language() -> None:
    for key in rs.LABEL_KEYS:
        for language in LANGUAGES:
            assert LOCALIZER.has(key, language), f"{language}: {key}"


def test_pictures_ask_only_for_listed_labels() -> None:
    recorder = Recorder()
    marking = table(3)
    mark(marking, {0: [4]})
    st.apply(marking, 1, {"type": "time_out"})
    views = [
        st.view(marking, None),
        st.view(exploring([6]), 2),
        st.view(worked_example(7), 3),
        st.view(worked_example(8), None),
        st.view(finished(4, "published", leaver=1), None),
    ]
    for view in views:
        names = NAMES[: len(view["left"])]
        rs.render_grid(view, recorder, grey_cards)
        rs.render_slate(view, recorder, grey_cards)
        rs.render_board(view, names, recorder, grey_cards)
        rs.render_round_summary(view, names, recorder)
        rs.render_scoreboard(view, names, recorder)
    assert recorder.keys <= set(rs.LABEL_KEYS)
    unused = set(rs.LABEL_KEYS) - recorder.keys
    assert not unused, unused
