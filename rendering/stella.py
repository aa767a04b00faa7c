"""Stella pictures: the round's grid, a player's slate, the exploration board and the scores.

Every function takes the engine's ``view`` (:func:`games.stella.view`) and ``t``, which maps the
picture label keys (``st-img-*``, listed in :data:`LABEL_KEYS`) to text in the table's language.
Pictures of the cards take a ``card_source`` (card id, width -> image) so that a server's own
deck can replace the generated one.

The grid, the slate and the board show the 15 cards as on the table: 3 rows of 5 on a night-blue
cloth, each with its label (A1-E3) in a big badge, the word of the round above them. The cloth
and the cards are composed once per grid and kept; each picture adds its own marks on a copy. The
card pictures are painted photos, so these three pictures are JPEG (a PNG would weigh a megabyte);
the score tables are flat drawings and stay small palette PNGs. :func:`extension` tells which.

Secrecy: the grid and the board read only public parts of the view (never ``my_slate``), so two
games that differ only in unrevealed marks give the very same bytes; the slate shows the viewer's
own marks and is meant for their DM only.

Every text reads on a phone (11 px tall once the picture is 360 px wide): the board's markers
lie as chips on the lower part of their revealed card, the players' panel speaks in icons with
numbers, and the score tables are 640 px wide with signs for their heads.

Where the brief was silent: on the board the designating player's marker comes first on a
revealed card, ringed in white; a marker who scored nothing for that card (fallen earlier, or the
designating player of a fall) is drawn faded with a red ring and slash, its letters kept. While
a player in Darkness who has fallen still has sparks, the board shows the penalty to come next to
their sparks. On the slate, marked cards that have already been revealed are veiled, so the
marks still to designate stand out.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageOps

from games.engine import rank
from games.stella import GRID_SIZE, ROUNDS, ROW_LENGTH, ROWS, SPARK_POINTS, label
from rendering import stella_cards
from rendering.toolkit import (
    FixedPalette,
    finish_picture,
    fit_text,
    fixed_palette,
    font,
    kept_layer,
    printable,
    readable_size,
    seat_name,
    star_points,
    text_length,
    to_png,
    wrap_name,
    wrap_text,
    write,
)

View = Mapping[str, Any]
Label = Callable[..., str]
CardSource = Callable[[int, int], Image.Image]
Box = tuple[float, float, float, float]
Colour = tuple[int, int, int]
NameBand = tuple[tuple[str, str], ...]  # a long name's lines above its row, each with its tags
PanelEntry = tuple[Box, list[str]]  # a player's entry on the board and their name's lines

# --- the table as the picture shows it --------------------------------------------------------
WIDTH = 960
PAD = 16  # cloth around everything
CARD_GAP = 12  # between two cards
CARD_WIDTH = (WIDTH - 2 * PAD - (ROW_LENGTH - 1) * CARD_GAP) // ROW_LENGTH  # 176
CARD_HEIGHT = CARD_WIDTH * 3 // 2  # cards are portrait 2:3
# Every text of the card pictures reads on a phone (see rendering.toolkit.readable_size).
MIN_TEXT = readable_size(WIDTH, bold=True)
HEADER = 196  # grid and slate: the word, then the round and the state (two lines at most)
BOARD_HEADER = 150  # board: the word, then one line
WORD_SIZE = 60  # the word, shrunk to fit when long (never below MIN_TEXT)
WORD_Y = 46
INFO_Y = 112  # the first line under the word
INFO_LINE = 48
LABEL_SIZE = MIN_TEXT  # the big A1-E3 badges on the cards
LABEL_INSET = 7
FRAME_WIDTH = 6  # the bright frame of a marked or revealed card
BADGE_SIZE = 52  # check badge of a mark, spark or fall badge of a revealed card
CHIP = 56  # board: a marker chip, laid over the lower part of a revealed card
CHIP_GAP = 2
PANEL_ROW = 100  # board: one player's entry in the players' panel, two a line
NAME_LINE = 48  # board: each further line of a long name in its entry
PANEL_GAP = 10
JPEG_QUALITY = 85

# --- the score tables ------------------------------------------------------------------------
TABLE_WIDTH = 640
TABLE_TEXT = readable_size(TABLE_WIDTH, bold=True)
TITLE_HEIGHT = 64
HEAD_HEIGHT = 44
ROW_HEIGHT = 56
NOTE_LINE = 38
BAND_TOP = 6  # a long name's band above its row's numbers: its lines start this far down
BAND_LINE = 34
BAND_INSET = 10

# --- colours: a night sky, starlight and one colour per seat ---------------------------------
NIGHT: Colour = (24, 28, 50)
NIGHT_EDGE: Colour = (92, 98, 140)  # keeps the picture apart from Discord's dark theme
STAR_DOT: Colour = (120, 128, 176)
STARLIGHT: Colour = (255, 226, 150)  # the word
MOONLIGHT: Colour = (232, 234, 246)  # texts
DIM: Colour = (156, 162, 196)  # secondary texts
LABEL_FILL: Colour = (14, 16, 30)
MARK: Colour = (74, 228, 122)  # the viewer's own marks on the slate
MARK_INK: Colour = (10, 60, 28)
REVEALED: Colour = (255, 200, 54)
SPARK: Colour = (255, 214, 70)
FALL: Colour = (226, 78, 70)
DARKNESS: Colour = (172, 140, 255)
PANEL: Colour = (38, 43, 74)
PANEL_EDGE: Colour = (66, 72, 112)
WINNER: Colour = (84, 70, 30)
LIGHT_INK: Colour = (255, 255, 255)
DARK_INK: Colour = (22, 22, 30)
SEAT_COLOURS: tuple[Colour, ...] = (
    (236, 86, 72),  # red
    (70, 152, 246),  # blue
    (250, 206, 52),  # yellow
    (58, 186, 104),  # green
    (204, 112, 228),  # purple
    (250, 142, 40),  # orange
)

# Every kind of symbol the grid, the slate and the board draw; the rules card's legend
# (rendering/legend.py) names each one.
SYMBOL_KINDS = (
    "label", "mark", "veil", "revealed", "spark", "fall", "marker", "active", "darkness",
    "fallen", "penalty", "marks-count", "total",
)  # fmt: skip
# Every text key the pictures use (each exists in en, de and fr).
# fmt: off
LABEL_KEYS = (
    "st-img-round", "st-img-colon", "st-img-grid-hint", "st-img-marks", "st-img-locked-in",
    "st-img-not-locked", "st-img-locked", "st-img-locked-count", "st-img-marking",
    "st-img-still-marking", "st-img-sits-out", "st-img-left", "st-img-designates",
    "st-img-exploration", "st-img-round-over", "st-img-game-over", "st-img-round-scores",
    "st-img-ranking", "st-img-standings", "st-img-shared", "st-img-tie-seed",
    "st-img-tie-published",
)
# fmt: on


# --- public: pictures ----------------------------------------------------------------------


@cache
def _table_palette() -> FixedPalette:
    """Every colour of the score tables, and the edges of their texts."""
    faded = [_mix(colour, NIGHT, 0.45) for colour in SEAT_COLOURS]
    flats = [NIGHT, NIGHT_EDGE, PANEL, WINNER, REVEALED, SPARK, DARKNESS, FALL, *SEAT_COLOURS]
    texts = [
        ((MOONLIGHT, DIM, STARLIGHT, FALL), (NIGHT, PANEL, WINNER)),
        ((LIGHT_INK, DARK_INK), (*SEAT_COLOURS, *faded)),
    ]
    return fixed_palette([*flats, *faded], texts)


def paint_card(card_id: int) -> None:
    """Paint a card of the deck at the grid's size ahead of need (kept by ``stella_cards``)."""
    stella_cards.card_image(card_id, CARD_WIDTH)


def render_grid(view: View, t: Label, card_source: CardSource = stella_cards.card_image) -> bytes:
    """The round's 15 cards with their labels, the word on top (JPEG)."""
    picture = _grid_jpeg(
        card_source,
        tuple(view["grid"]),
        view["word"] or "",
        _round_text(view, t),
        t("st-img-grid-hint"),
    )
    finish_picture(WIDTH)
    return picture


def render_slate(view: View, t: Label, card_source: CardSource = stella_cards.card_image) -> bytes:
    """The viewer's own slate: the grid with their marks framed and ticked (JPEG, DM only)."""
    marks = sorted(set(view.get("my_slate") or []))
    image = _table_picture(card_source, tuple(view["grid"]), HEADER, _grid_height())
    draw = ImageDraw.Draw(image)
    revealed = {entry["card"] for entry in view["revealed"]}
    for card in marks:
        if card in revealed:
            _veil(image, card_box(card))
        _draw_mark(draw, card)
    # The DM says whose slate it is; the picture says what matters: the marks, locked in or not.
    marks_text = _pair(t, "st-img-marks", len(marks))
    round_text = _round_text(view, t)
    left = f"{round_text}  ·  {marks_text}" if round_text else marks_text
    _header(draw, view["word"] or "", left, _slate_state(view, t))
    finish_picture(WIDTH)
    return _jpeg(image)


def render_board(
    view: View,
    names: Sequence[str],
    t: Label,
    card_source: CardSource = stella_cards.card_image,
) -> bytes:
    """The public exploration board: revealed cards, who marked them, sparks, falls, players.

    The markers' chips lie over the lower part of their revealed card, and the players' panel
    shows icons rather than words, so the board stays within 1.4 times its width and every
    text reads on a phone; a name longer than half a line takes a line of its own, whole.
    """
    seats = len(view["left"])
    tags = initials([seat_name(names, s) for s in range(seats)])
    entries = _panel_layout(view, [seat_name(names, s) for s in range(seats)], tags)
    height = int(max((box[3] for box, _ in entries), default=_grid_bottom(BOARD_HEADER))) + PAD
    image = _table_picture(card_source, tuple(view["grid"]), BOARD_HEADER, height)
    draw = ImageDraw.Draw(image)
    for reveal in reveal_outcomes(view["revealed"], view["preset"], view["sparks"]):
        _draw_reveal(draw, reveal, tags)
    for seat, (box, name_lines) in enumerate(entries):
        _panel_entry(draw, box, view, seat, name_lines, tags[seat], t)
    _header(draw, view["word"] or "", _round_text(view, t), _board_state(view, names, t), lines=1)
    finish_picture(WIDTH)
    return _jpeg(image)


def render_round_summary(view: View, names: Sequence[str], t: Label) -> bytes:
    """Scores of the round just ended (the last in ``history``), Darkness penalty shown (PNG).

    No column heads: each cell carries its sign (a card for marks, a twinkle for sparks, the
    moon for Darkness, ``+`` for the round, ``Σ`` for the total).
    """
    record = view["history"][-1] if view["history"] else None
    seats = len(view["left"])
    if record is None:
        image, draw = _table_canvas(TITLE_HEIGHT + max(1, seats) * ROW_HEIGHT + PAD)
        _title(draw, t("st-img-round-scores"), "")
        return to_png(image, _table_palette())
    columns = _summary_columns()
    tally = round_tally(record, seats)
    tags = initials([seat_name(names, s) for s in range(seats)])
    order = sorted(range(seats), key=lambda s: (-record["scores"][s], s))
    rows = []
    for seat in order:
        name, note = seat_name(names, seat), _cell_note(t, view["left"][seat])
        band = _name_band(name, tags[seat], note, columns["player"][1])
        rows.append(
            _RoundRow(seat, name, tags[seat], view["left"][seat], view["totals"][seat], band)
        )
    height = TITLE_HEIGHT + sum(_row_height(row.band) for row in rows) + PAD
    image, draw = _table_canvas(height)
    _title(draw, f"{t('st-img-round')} {record['round']}/{ROUNDS}", record["word"] or "")
    y = TITLE_HEIGHT
    for row in rows:
        _round_row(draw, columns, y, row, record, tally, t)
        y += _row_height(row.band)
    return to_png(image, _table_palette())


def render_scoreboard(view: View, names: Sequence[str], t: Label) -> bytes:
    """Points of every round and the totals, best first; the preset's tie rule only under a tie
    on the totals (PNG)."""
    seats = len(view["left"])
    over = view["phase"] == "over"
    tied = len(set(view["totals"])) < seats
    note_key = "st-img-tie-seed" if view["preset"] == "seed" else "st-img-tie-published"
    note = wrap_text(t(note_key), TABLE_WIDTH - 2 * PAD - 12, TABLE_TEXT) if tied else []
    columns = _score_columns()
    places = standings(view)
    tags = initials([seat_name(names, s) for s in range(seats)])
    rows = []
    for seat in sorted(range(seats), key=lambda s: (places[s], s)):
        shared = places.count(places[seat]) > 1
        decided = view["preset"] == "seed" and _tied_on_total(view["totals"], seat)
        tags_note = _cell_note(t, view["left"][seat], t("st-img-shared") if shared else "")
        band = _name_band(seat_name(names, seat), tags[seat], tags_note, columns["player"][1] - 4)
        rows.append(
            _ScoreRow(seat, seat_name(names, seat), tags[seat], places[seat], shared, decided, band)
        )
    body = sum(_row_height(row.band) for row in rows)
    height = TITLE_HEIGHT + HEAD_HEIGHT + body + len(note) * NOTE_LINE + PAD + 4
    image, draw = _table_canvas(height)
    _title(draw, t("st-img-ranking" if over else "st-img-standings"), "")
    heads = {"total": "Σ", **{f"r{number}": str(number) for number in range(1, ROUNDS + 1)}}
    _column_heads(draw, columns, heads, TITLE_HEIGHT)
    y = TITLE_HEIGHT + HEAD_HEIGHT
    for row in rows:
        _score_row(draw, columns, y, row, view, t)
        y += _row_height(row.band)
    for line in note:
        write(draw, (PAD + 6, y + 4), line, font=font(TABLE_TEXT), fill=DIM)
        y += NOTE_LINE
    return to_png(image, _table_palette())


def extension(picture: bytes) -> str:
    """The file extension for a picture of this module: ``"jpg"`` or ``"png"``."""
    return "png" if picture.startswith(b"\x89PNG") else "jpg"


# --- public: geometry and game facts the pictures show --------------------------------------


def card_box(index: int, board: bool = False) -> tuple[int, int, int, int]:
    """Where grid card ``index`` (0 = A1 ... 14 = E3) lies on the grid, slate or board."""
    column, row = index % ROW_LENGTH, index // ROW_LENGTH
    x = PAD + column * (CARD_WIDTH + CARD_GAP)
    y = (BOARD_HEADER if board else HEADER) + row * (CARD_HEIGHT + CARD_GAP)
    return (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)


def label_box(index: int, board: bool = False) -> tuple[int, int, int, int]:
    """The badge that carries the card's label, in its upper left corner."""
    x, y, _, _ = card_box(index, board)
    width = _label_width(label(index))
    height = BADGE_SIZE
    return (x + LABEL_INSET, y + LABEL_INSET, x + LABEL_INSET + width, y + LABEL_INSET + height)


def marker_box(index: int) -> tuple[int, int, int, int]:
    """Where the chips of a revealed card's markers lie on the board: its lower part."""
    x0, _, x1, y1 = card_box(index, board=True)
    return (x0 + 4, y1 - 3 * (CHIP + CHIP_GAP) - 4, x1 - 4, y1 - 4)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def initials(names: Sequence[str]) -> list[str]:
    """Short tags for the marker chips, unique within the table whatever the letter case.

    One letter where nobody else's name starts with it (two initials for a name of several
    words); players whose names share the first letter get two letters each: the initials of
    their words, else the first two letters; a digit only where even those clash.
    """
    shown = [printable(name) for name in names]
    tags = [_initials_of(name) for name in shown]
    firsts = [tag[:1].casefold() for tag in tags]
    taken: set[str] = set()
    result: list[str] = []
    for i, name in enumerate(shown):
        options = [tags[i]]
        if firsts.count(firsts[i]) > 1:
            options = [tag for tag in (tags[i], _upper_first(name[:2])) if len(tag) > 1]
        chosen = next((tag for tag in options if tag.casefold() not in taken), None)
        if chosen is None:
            chosen = f"{tags[i][:1]}{i + 1}"
        taken.add(chosen.casefold())
        result.append(chosen)
    return result


@dataclass(frozen=True)
class Reveal:
    """A designated card as the board shows it."""

    card: int
    label: str
    by: int
    markers: tuple[int, ...]
    fall: bool
    points: int  # each scorer's points (0 for a fall)
    scorers: tuple[int, ...]


def reveal_outcomes(
    revealed: Sequence[Mapping[str, Any]], preset: str, sparks: Sequence[int] | None = None
) -> list[Reveal]:
    """The round's designations in order, with who scored for each.

    A fall stops its player's scoring. ``sparks`` (the view's sparks per seat this round) also
    tells when a player who left stopped scoring: their sparks are their first shared cards.
    """
    pair, crowd = SPARK_POINTS[preset]
    fallen: set[int] = set()
    scored: dict[int, int] = {}
    outcomes = []
    for entry in revealed:
        markers, by = tuple(entry["marked_by"]), entry["by"]
        fall = markers == (by,)
        if fall:
            fallen.add(by)
        scorers = []
        for seat in () if fall else markers:
            if seat in fallen or (sparks is not None and scored.get(seat, 0) >= sparks[seat]):
                continue
            scored[seat] = scored.get(seat, 0) + 1
            scorers.append(seat)
        points = 0 if fall else (pair if len(markers) == 2 else crowd)
        outcomes.append(
            Reveal(entry["card"], label(entry["card"]), by, markers, fall, points, tuple(scorers))
        )
    return outcomes


@dataclass(frozen=True)
class RoundTally:
    """What a finished round's record implies: sparks per seat, who fell, the Darkness penalty."""

    sparks: tuple[int, ...]
    fell: tuple[bool, ...]
    penalty: int


def round_tally(record: Mapping[str, Any], seats: int) -> RoundTally:
    """Sparks and falls replayed from the record's reveals ``[index, picture, by, markers]``."""
    sparks, fell = [0] * seats, [False] * seats
    for _, _, by, markers in record["reveals"]:
        if list(markers) == [by]:
            fell[by] = True
            continue
        for seat in markers:
            if not fell[seat]:
                sparks[seat] += 1
    dark = record["darkness"]
    penalty = sparks[dark] if dark is not None and fell[dark] else 0
    return RoundTally(tuple(sparks), tuple(fell), penalty)


def standings(view: View) -> list[int]:
    """Places by seat: the engine's final ranking, or the preset's rule during the game."""
    if view.get("ranking"):
        return list(view["ranking"])
    totals = view["totals"]
    if view["preset"] == "published":
        return rank([(total,) for total in totals])
    history = view["history"]
    last = [history[-1]["scores"][s] if history else 0 for s in range(len(totals))]
    return rank(list(zip(totals, last, strict=True)))


# --- the cloth and the cards -------------------------------------------------------------------


def _card_sign(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rounded_rectangle(box, radius=4, outline=MOONLIGHT, width=3)


def _chip_width(tag: str, text_size: int = MIN_TEXT, diameter: float = CHIP) -> float:
    """A chip is round for one letter and grows into a pill for two."""
    return max(diameter, text_length(font(text_size, True), tag) + 18)


def _grid_height() -> int:
    return _grid_bottom(HEADER) + PAD


def _grid_bottom(header: int) -> int:
    return header + ROWS * CARD_HEIGHT + (ROWS - 1) * CARD_GAP


def _cloth(height: int) -> Image.Image:
    """The night-blue cloth with a few faint stars over the header, and a thin edge."""
    image = Image.new("RGB", (WIDTH, height), NIGHT)
    image.paste(_starry_band(), (0, 0))
    ImageDraw.Draw(image).rectangle((0, 0, WIDTH - 1, height - 1), outline=NIGHT_EDGE)
    return image


@cache  # the header's stars alone: a whole cloth kept per height would be a picture each
def _starry_band() -> Image.Image:
    band = Image.new("RGB", (WIDTH, BOARD_HEADER), NIGHT)
    draw = ImageDraw.Draw(band)
    rng = random.Random("stella-cloth")
    for _ in range(70):
        x, y = rng.uniform(4, WIDTH - 4), rng.uniform(4, BOARD_HEADER - 12)
        r = rng.choice((0.8, 1.0, 1.4))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=STAR_DOT)
    return band


# A block is large and quickly composed from painted cards. The grid, the slate and the board
# share a round's block: the one of the round drawn last is kept.
@kept_layer(maxsize=1)
def _cards_block(source: CardSource, cards: tuple[int, ...]) -> Image.Image:
    """The 15 cards with their label badges, on the cloth (what every grid picture shares)."""
    top = HEADER
    block = Image.new("RGB", (WIDTH, _grid_bottom(HEADER) - top), NIGHT)
    draw = ImageDraw.Draw(block)
    for index in range(GRID_SIZE):
        x0, y0, x1, y1 = card_box(index)
        if index < len(cards):
            block.paste(_card_picture(source, cards[index]), (x0, y0 - top))
        else:  # before the first deal
            draw.rounded_rectangle(
                (x0, y0 - top, x1, y1 - top), radius=10, outline=PANEL_EDGE, width=2
            )
        lx0, ly0, lx1, ly1 = label_box(index)
        _label_badge(draw, (lx0, ly0 - top, lx1, ly1 - top), label(index))
    return block


def _card_picture(source: CardSource, card_id: int) -> Image.Image:
    """The card at the grid's size; a server's own picture is cropped to the 2:3 frame."""
    picture = source(card_id, CARD_WIDTH)
    if picture.mode != "RGB":
        picture = picture.convert("RGB")
    if picture.size != (CARD_WIDTH, CARD_HEIGHT):
        picture = ImageOps.fit(picture, (CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)
    return picture


def _table_picture(
    source: CardSource, cards: tuple[int, ...], header: int, height: int
) -> Image.Image:
    image = _cloth(height)
    image.paste(_cards_block(source, cards), (0, header))
    return image


@kept_layer(maxsize=8)  # a round start draws its grid for every seat at once
def _grid_jpeg(
    source: CardSource, cards: tuple[int, ...], word: str, round_text: str, hint: str
) -> bytes:
    image = _table_picture(source, cards, HEADER, _grid_height())
    _header(ImageDraw.Draw(image), word, round_text, hint)
    return _jpeg(image)


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # Halved colour resolution (4:2:0) keeps the badges and chips clean in a smaller file.
    image.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=2)
    return buffer.getvalue()


def _label_width(text: str) -> int:
    return int(text_length(font(LABEL_SIZE, True), text)) + 18


def _label_badge(draw: ImageDraw.ImageDraw, box: Box, text: str, fill: Colour = LABEL_FILL) -> None:
    ink = DARK_INK if fill == MARK else LIGHT_INK
    draw.rounded_rectangle(box, radius=9, fill=fill, outline=LIGHT_INK, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    write(draw, centre, text, font=font(LABEL_SIZE, True), fill=ink, anchor="mm")


def _header(draw: ImageDraw.ImageDraw, word: str, left: str, right: str, lines: int = 2) -> None:
    """The word big in starlight, then the round and the picture's state.

    Round and state share a line when they fit; else the state takes the next line (grid and
    slate), or the state alone is shown (the board, which has one line).
    """
    size = WORD_SIZE
    room = WIDTH - 2 * PAD - 20
    while size > MIN_TEXT and text_length(font(size, True), word) > room:
        size -= 2
    word = fit_text(word, room, size, True)
    write(draw, (WIDTH / 2, WORD_Y), word, font=font(size, True), fill=STARLIGHT, anchor="mm")
    face = font(MIN_TEXT, True)
    room = WIDTH - 2 * PAD - 8
    both = f"{left}  ·  {right}" if left and right else left or right
    if text_length(face, both) <= room:
        shown = [both]
    elif lines > 1 and left:
        shown = [left, right]
    elif lines > 1:
        shown = wrap_text(right, room, MIN_TEXT, True)[:lines]
    else:
        shown = [right or left]
    for i, line in enumerate(shown):
        line = fit_text(line, room, MIN_TEXT, True)
        ink = MOONLIGHT if i == 0 else DIM
        write(draw, (PAD + 4, INFO_Y + i * INFO_LINE), line, font=face, fill=ink, anchor="lm")


def _pair(t: Label, key: str, value: object) -> str:
    """``Marks: 4``, with the colon as the language writes it (French: ``Marques : 4``)."""
    return f"{t(key)}{t('st-img-colon')} {value}"


def _round_text(view: View, t: Label) -> str:
    return f"{t('st-img-round')} {view['round']}/{ROUNDS}" if view["round"] else ""


# --- the slate ---------------------------------------------------------------------------------


def _slate_state(view: View, t: Label) -> str:
    seat = view.get("viewer")
    locked = seat is not None and bool(view["locked_in"][seat])
    return t("st-img-locked-in" if locked else "st-img-not-locked")


def _draw_mark(draw: ImageDraw.ImageDraw, card: int) -> None:
    """A bright frame, a green label badge and a check badge: this card is on the slate."""
    x0, y0, x1, y1 = card_box(card)
    half = FRAME_WIDTH // 2
    draw.rectangle(
        (x0 - half, y0 - half, x1 + half - 1, y1 + half - 1), outline=MARK, width=FRAME_WIDTH
    )
    _label_badge(draw, label_box(card), label(card), fill=MARK)
    badge = (
        x1 - LABEL_INSET - BADGE_SIZE,
        y0 + LABEL_INSET,
        x1 - LABEL_INSET,
        y0 + LABEL_INSET + BADGE_SIZE,
    )
    draw.ellipse(badge, fill=MARK, outline=LIGHT_INK, width=3)
    _check(draw, badge, MARK_INK)


def _veil(image: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Darken a card (a mark already revealed: nothing more to designate there)."""
    region = image.crop(box)
    image.paste(Image.blend(region, Image.new("RGB", region.size, NIGHT), 0.55), box[:2])


# --- the board ---------------------------------------------------------------------------------


def _board_state(view: View, names: Sequence[str], t: Label) -> str:
    phase = view["phase"]
    if phase == "marking":
        locked = sum(
            1 for s, taking in enumerate(view["taking_part"]) if taking and view["locked_in"][s]
        )
        taking = sum(1 for taking in view["taking_part"] if taking)
        return f"{t('st-img-marking')} · {_pair(t, 'st-img-locked-count', f'{locked}/{taking}')}"
    if phase == "exploration":
        active = view["active"]
        turn = (
            f" · {printable(seat_name(names, active))} {t('st-img-designates')}"
            if active is not None
            else ""
        )
        state = f"{t('st-img-exploration')}{turn}"
        if text_length(font(MIN_TEXT, True), state) > WIDTH - 2 * PAD - 8:
            return t("st-img-exploration")  # a long name: the active player's panel is lit
        return state
    if not view["round"]:
        return ""
    return t("st-img-game-over" if phase == "over" else "st-img-round-over")


def _draw_reveal(draw: ImageDraw.ImageDraw, reveal: Reveal, tags: Sequence[str]) -> None:
    x0, y0, x1, y1 = card_box(reveal.card, board=True)
    half = FRAME_WIDTH // 2
    colour = FALL if reveal.fall else REVEALED
    draw.rectangle(
        (x0 - half, y0 - half, x1 + half - 1, y1 + half - 1), outline=colour, width=FRAME_WIDTH
    )
    if reveal.fall:
        _fall_badge(
            draw,
            (
                x1 - LABEL_INSET - BADGE_SIZE,
                y0 + LABEL_INSET,
                x1 - LABEL_INSET,
                y0 + LABEL_INSET + BADGE_SIZE,
            ),
        )
    else:
        _spark_badge(draw, (x1 - LABEL_INSET, y0 + LABEL_INSET), reveal.points)
    _markers(draw, marker_box(reveal.card), reveal, tags)


def _spark_badge(draw: ImageDraw.ImageDraw, top_right: tuple[int, int], points: int) -> None:
    """``+2`` in a gold pill: beside the label badge, both in a size a phone reads."""
    text = f"+{points}"
    face = font(MIN_TEXT, True)
    width = int(text_length(face, text)) + 20
    x1, y0 = top_right
    box = (x1 - width, y0, x1, y0 + BADGE_SIZE)
    draw.rounded_rectangle(box, radius=BADGE_SIZE // 2, fill=SPARK, outline=LIGHT_INK, width=3)
    centre = ((box[0] + box[2]) / 2, y0 + BADGE_SIZE / 2 + 1)
    write(draw, centre, text, font=face, fill=DARK_INK, anchor="mm")


def _fall_badge(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.ellipse(box, fill=FALL, outline=LIGHT_INK, width=3)
    _falling_star(draw, box, LIGHT_INK)


def _markers(draw: ImageDraw.ImageDraw, band: Box, reveal: Reveal, tags: Sequence[str]) -> None:
    """The chips of everyone who marked the card, the designating player first and ringed,
    laid in lines from the card's lower edge up."""
    order = [reveal.by] + [s for s in reveal.markers if s != reveal.by]
    x0, _, x1, y1 = band
    widths = [_chip_width(tags[seat]) for seat in order]
    lines: list[list[int]] = [[]]
    used = 0.0
    for i, width in enumerate(widths):
        if lines[-1] and used + CHIP_GAP + width > x1 - x0:
            lines.append([])
            used = 0.0
        used += width + (CHIP_GAP if lines[-1] else 0)
        lines[-1].append(i)
    for number, line in enumerate(lines):
        cy = y1 - CHIP / 2 - number * (CHIP + CHIP_GAP)
        span = sum(widths[i] for i in line) + CHIP_GAP * (len(line) - 1)
        x = (x0 + x1) / 2 - span / 2
        for i in line:
            seat = order[i]
            centre = (x + widths[i] / 2, cy)
            struck = seat not in reveal.scorers
            _chip(draw, centre, CHIP, seat, tags[seat], ring=seat == reveal.by, struck=struck)
            x += widths[i] + CHIP_GAP


def _panel_layout(view: View, names: Sequence[str], tags: Sequence[str]) -> list[PanelEntry]:
    """Each player's entry under the cards, with their name in lines: two entries a line where
    both names fit half of it, else the entry takes the whole line and its name wraps there.

    A name is never cut: it is drawn at the smallest size a phone reads already, so a longer
    one takes more lines and the board grows.
    """
    half = (WIDTH - 2 * PAD - PANEL_GAP) / 2
    top = _grid_bottom(BOARD_HEADER) + PANEL_GAP
    halves = [_name_lines(view, s, names[s], tags[s], half) for s in range(len(names))]
    fits = [len(lines) == 1 for lines in halves]
    entries: list[PanelEntry] = []
    seat = 0
    while seat < len(names):
        if fits[seat]:
            entries.append(((PAD, top, PAD + half, top + PANEL_ROW), halves[seat]))
            if seat + 1 < len(names) and fits[seat + 1]:
                x = PAD + half + PANEL_GAP
                entries.append(((x, top, x + half, top + PANEL_ROW), halves[seat + 1]))
                seat += 1
            bottom = top + PANEL_ROW
        else:
            lines = _name_lines(view, seat, names[seat], tags[seat], WIDTH - 2 * PAD)
            bottom = top + PANEL_ROW + (len(lines) - 1) * NAME_LINE
            entries.append(((PAD, top, WIDTH - PAD, bottom), lines))
        seat += 1
        top = bottom + PANEL_GAP
    return entries


def _name_lines(view: View, seat: int, name: str, tag: str, width: float) -> list[str]:
    """The name in the lines of an entry ``width`` wide, beside the chip, its first line beside
    the points (the room of two digits kept, so that the layout does not jump as points come)."""
    face = font(MIN_TEXT, True)
    points = max(text_length(face, _panel_points(view, seat)), text_length(face, "+00"))
    room = width - 36 - _chip_width(tag)
    return wrap_name(printable(name), int(room - points - 12), MIN_TEXT, True, int(room))


def _panel_points(view: View, seat: int) -> str:
    if view["phase"] == "exploration":
        return f"+{view['points'][seat]}"
    return str(view["totals"][seat])


def _panel_entry(
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: View,
    seat: int,
    name_lines: Sequence[str],
    tag: str,
    t: Label,
) -> None:
    """A player's entry: chip and name, their points; below, what they hold or are doing.

    In the exploration the second line is icons with numbers (marks, sparks, Darkness, a
    fall, the penalty to come) and the total; words would not fit at a size a phone reads.
    """
    x0, y0, x1, y1 = box
    active = view["active"] == seat
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=PANEL,
        outline=REVEALED if active else PANEL_EDGE,
        width=3 if active else 1,
    )
    centre = (x0 + 12 + _chip_width(tag) / 2, (y0 + y1) / 2)  # a pill grows rightwards
    _chip(draw, centre, CHIP, seat, tag, faded=view["left"][seat])
    face = font(MIN_TEXT, True)
    playing = view["phase"] == "exploration"
    top, bottom = y0 + 28, y1 - 26
    right = x1 - 12
    text_left = x0 + 24 + _chip_width(tag)
    write(draw, (right, top), _panel_points(view, seat), font=face, fill=MOONLIGHT, anchor="rm")
    name_ink = DIM if view["left"][seat] else MOONLIGHT
    for n, line in enumerate(name_lines):
        write(draw, (text_left, top + n * NAME_LINE), line, font=face, fill=name_ink, anchor="lm")
    if not playing or view["left"][seat] or not view["taking_part"][seat]:
        status = _status_line(view, seat, t)
        if status:
            status = fit_text(status, int(right - text_left), MIN_TEXT)
            write(draw, (text_left, bottom), status, font=font(MIN_TEXT), fill=DIM, anchor="lm")
        return
    total = f"Σ {view['totals'][seat]}"
    write(draw, (right, bottom), total, font=font(MIN_TEXT), fill=DIM, anchor="rm")
    _status_icons(draw, view, seat, (text_left, bottom))


def _status_icons(
    draw: ImageDraw.ImageDraw, view: View, seat: int, start: tuple[float, float]
) -> None:
    """Marks and sparks with their counts, then Darkness, a fall and the penalty to come."""
    x, cy = start
    face = font(MIN_TEXT, True)
    counts = view.get("counts") or []
    icon = 30
    if seat < len(counts) and counts[seat] is not None:
        _card_sign(draw, (x, cy - icon / 2, x + icon * 0.7, cy + icon / 2))
        x += icon * 0.7 + 6
        write(draw, (x, cy), str(counts[seat]), font=face, fill=MOONLIGHT, anchor="lm")
        x += text_length(face, str(counts[seat])) + 16
    draw.polygon(_sparkle(x + icon / 2, cy, icon / 2), fill=SPARK)
    x += icon + 6
    write(draw, (x, cy), str(view["sparks"][seat]), font=face, fill=MOONLIGHT, anchor="lm")
    x += text_length(face, str(view["sparks"][seat])) + 16
    if view["darkness"] == seat:
        _moon(draw, (x, cy - icon / 2, x + icon, cy + icon / 2), DARKNESS, PANEL)
        x += icon + 12
    if view["fallen"][seat]:
        _falling_star(draw, (x, cy - icon / 2, x + icon, cy + icon / 2), FALL)
        x += icon + 10
        if view["darkness"] == seat and view["sparks"][seat]:
            # The penalty to come at the end of the round: one point per spark.
            penalty = f"−{view['sparks'][seat]}"
            write(draw, (x, cy), penalty, font=face, fill=FALL, anchor="lm")


def _status_line(view: View, seat: int, t: Label) -> str:
    if view["left"][seat]:
        return t("st-img-left")
    phase = view["phase"]
    if phase not in ("marking", "exploration"):
        return ""
    if not view["taking_part"][seat]:
        return t("st-img-sits-out")
    if phase == "marking":
        return t("st-img-locked" if view["locked_in"][seat] else "st-img-still-marking")
    parts = []
    counts = view.get("counts") or []
    if seat < len(counts) and counts[seat] is not None:
        parts.append(_pair(t, "st-img-marks", counts[seat]))
    parts.append(_pair(t, "st-img-sparks", view["sparks"][seat]))
    return " · ".join(parts)


# --- the score tables --------------------------------------------------------------------------


def _table_canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (TABLE_WIDTH, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, TABLE_WIDTH - 1, height - 1), radius=18, fill=NIGHT, outline=NIGHT_EDGE
    )
    return image, draw


def _title(draw: ImageDraw.ImageDraw, title: str, word: str) -> None:
    face = font(34, True)
    write(draw, (PAD + 8, TITLE_HEIGHT / 2), title, font=face, fill=MOONLIGHT, anchor="lm")
    if word:
        room = TABLE_WIDTH - 2 * PAD - 40 - int(text_length(face, title))
        shown = fit_text(word, room, 34, True)
        write(
            draw,
            (TABLE_WIDTH - PAD - 8, TITLE_HEIGHT / 2),
            shown,
            font=face,
            fill=STARLIGHT,
            anchor="rm",
        )


def _columns(widths: Mapping[str, int]) -> dict[str, tuple[float, float]]:
    """Each column's left edge and width; the player's column takes what is left."""
    sizes = dict(widths)
    sizes["player"] = TABLE_WIDTH - 2 * PAD - sum(v for k, v in sizes.items() if k != "player")
    columns, x = {}, float(PAD)
    for key, width in sizes.items():
        columns[key] = (x, float(width))
        x += width
    return columns


def _summary_columns() -> dict[str, tuple[float, float]]:
    return _columns(
        {"player": 0, "marks": 66, "sparks": 96, "darkness": 86, "round": 66, "total": 84}
    )


def _score_columns() -> dict[str, tuple[float, float]]:
    return _columns(
        {"place": 40, "player": 0, **{f"r{n}": 44 for n in range(1, ROUNDS + 1)}, "total": 70}
    )


def _column_heads(
    draw: ImageDraw.ImageDraw,
    columns: Mapping[str, tuple[float, float]],
    heads: Mapping[str, str],
    top: int,
) -> None:
    """Column titles: the round numbers and the total's sign."""
    face = font(TABLE_TEXT, True)
    for key, text in heads.items():
        x, w = columns[key]
        write(draw, (x + w / 2, top + HEAD_HEIGHT / 2), text, font=face, fill=DIM, anchor="mm")


@dataclass(frozen=True)
class _RoundRow:
    seat: int
    name: str
    tag: str
    left: bool
    total: int
    band: NameBand = ()


def _round_row(
    draw: ImageDraw.ImageDraw,
    columns: Mapping[str, tuple[float, float]],
    y: int,
    row: _RoundRow,
    record: Mapping[str, Any],
    tally: RoundTally,
    t: Label,
) -> None:
    seat = row.seat
    bottom = y + _row_height(row.band) - 6
    draw.rounded_rectangle((PAD, y, TABLE_WIDTH - PAD, bottom), radius=10, fill=PANEL)
    _draw_name_band(draw, y, row.band, row.left)
    y = bottom - (ROW_HEIGHT - 6)  # the numbers' line, under a long name
    mid = y + (ROW_HEIGHT - 6) / 2
    x, w = columns["player"]
    _player_cell(draw, (x, mid, x + w), row.seat, row.name, row.tag, row.left, t, band=row.band)
    face = font(TABLE_TEXT, True)
    count = record["counts"][seat]
    mx, mw = columns["marks"]
    text = "—" if count is None else str(count)
    width = 16 + 6 + text_length(face, text)
    left = mx + mw / 2 - width / 2
    _card_sign(draw, (left, mid - 12, left + 16, mid + 12))
    write(draw, (left + 22, mid), text, font=face, fill=MOONLIGHT, anchor="lm")
    sx, sw = columns["sparks"]
    _sparks_cell(draw, (sx, y, sx + sw, y + ROW_HEIGHT - 6), tally.sparks[seat], tally.fell[seat])
    if record["darkness"] == seat:
        dx, dw = columns["darkness"]
        penalty = tally.penalty
        text = f"−{penalty}" if penalty else ""
        text_w = text_length(face, text) + 6 if text else 0
        left = dx + dw / 2 - (28 + text_w) / 2
        _moon(draw, (left, mid - 14, left + 28, mid + 14), DARKNESS, PANEL)
        if text:
            write(draw, (left + 34, mid), text, font=face, fill=FALL, anchor="lm")
    rx, rw = columns["round"]
    score = record["scores"][seat]
    shown = f"+{score}" if score > 0 else str(score)
    write(draw, (rx + rw / 2, mid), shown, font=font(30, True), fill=MOONLIGHT, anchor="mm")
    tx, tw = columns["total"]
    total = f"Σ {row.total}"
    write(draw, (tx + tw / 2, mid), total, font=font(TABLE_TEXT), fill=DIM, anchor="mm")


def _sparks_cell(draw: ImageDraw.ImageDraw, box: Box, sparks: int, fell: bool) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    text = str(sparks)
    face = font(TABLE_TEXT, True)
    width = 24 + 4 + text_length(face, text) + (30 if fell else 0)
    left = (x0 + x1) / 2 - width / 2
    draw.polygon(_sparkle(left + 12, cy, 12), fill=SPARK)
    write(draw, (left + 28, cy), text, font=face, fill=MOONLIGHT, anchor="lm")
    if fell:
        right = left + width
        _falling_star(draw, (right - 26, cy - 13, right, cy + 13), FALL)


def _cell_note(t: Label, left: bool, extra: str = "") -> str:
    """Tags after a name, such as *left* or *shared*."""
    notes = [t("st-img-left")] if left else []
    if extra:
        notes.append(extra)
    return f" ({', '.join(notes)})" if notes else ""


def _name_band(name: str, tag: str, note: str, width: float) -> NameBand:
    """Nothing where the name and its tags fit their column beside the chip (the row keeps its
    height); else the lines of the name and its tags above the row's numbers, across the row.

    The name is drawn at the smallest size a phone reads already: a longer one takes more
    lines, never loses its end.
    """
    shown = printable(name)
    room = width - _chip_width(tag, TABLE_TEXT, 42) - 16 - text_length(font(TABLE_TEXT), note)
    if len(wrap_name(shown, int(room), TABLE_TEXT, True)) == 1:
        return ()
    across = TABLE_WIDTH - 2 * PAD - 2 * BAND_INSET
    lines = [(line, "") for line in wrap_name(shown, across, TABLE_TEXT, True)]
    if note:
        last = lines[-1][0]
        if (
            text_length(font(TABLE_TEXT, True), last) + text_length(font(TABLE_TEXT), note)
            <= across
        ):
            lines[-1] = (last, note)
        else:
            lines.append(("", note.strip()))
    return tuple(lines)


def _row_height(band: NameBand) -> int:
    return ROW_HEIGHT + (BAND_TOP + len(band) * BAND_LINE if band else 0)


def _draw_name_band(draw: ImageDraw.ImageDraw, y: int, band: NameBand, left: bool) -> None:
    face = font(TABLE_TEXT, True)
    for n, (name, note) in enumerate(band):
        at = (PAD + BAND_INSET, y + BAND_TOP + BAND_LINE * n + BAND_LINE / 2)
        write(draw, at, name, font=face, fill=DIM if left else MOONLIGHT, anchor="lm")
        if note:
            after = (at[0] + text_length(face, name), at[1] + 1)
            write(draw, after, note, font=font(TABLE_TEXT), fill=DIM, anchor="lm")


def _player_cell(
    draw: ImageDraw.ImageDraw,
    span: Box,
    seat: int,
    name: str,
    tag: str,
    left: bool,
    t: Label,
    extra: str = "",
    band: NameBand = (),
) -> None:
    """Chip, name and tags such as *left* or *shared*; the chip alone under a long name, which
    the row's band above shows whole."""
    x0, mid = span[0], span[1]
    chip_w = _chip_width(tag, TABLE_TEXT, 42)
    _chip(draw, (x0 + 4 + chip_w / 2, mid), 42, seat, tag, faded=left, text_size=TABLE_TEXT)
    if band:
        return
    note = _cell_note(t, left, extra)
    face = font(TABLE_TEXT, True)
    start = x0 + chip_w + 12
    shown = printable(name)
    write(draw, (start, mid), shown, font=face, fill=DIM if left else MOONLIGHT, anchor="lm")
    if note:
        after = start + text_length(face, shown)
        write(draw, (after, mid + 1), note, font=font(TABLE_TEXT), fill=DIM, anchor="lm")


@dataclass(frozen=True)
class _ScoreRow:
    seat: int
    name: str
    tag: str
    place: int
    shared: bool
    decided: bool  # the total ties and the last round decides (seed preset)
    band: NameBand = ()


def _score_row(
    draw: ImageDraw.ImageDraw,
    columns: Mapping[str, tuple[float, float]],
    y: int,
    row: _ScoreRow,
    view: View,
    t: Label,
) -> None:
    seat = row.seat
    first = row.place == 1
    box = (PAD, y, TABLE_WIDTH - PAD, y + _row_height(row.band) - 6)
    draw.rounded_rectangle(
        box,
        radius=10,
        fill=WINNER if first else PANEL,
        outline=REVEALED if first else None,
        width=2,
    )
    _draw_name_band(draw, y, row.band, view["left"][seat])
    mid = box[3] - (ROW_HEIGHT - 6) / 2  # the numbers' line, under a long name
    face = font(TABLE_TEXT, True)
    x, w = columns["place"]
    ink = STARLIGHT if first else MOONLIGHT
    write(draw, (x + w - 4, mid), f"{row.place}.", font=face, fill=ink, anchor="rm")
    x, w = columns["player"]
    shared = t("st-img-shared") if row.shared else ""
    left = view["left"][seat]
    _player_cell(draw, (x + 4, mid, x + w), seat, row.name, row.tag, left, t, shared, row.band)
    rounds = [record["scores"][seat] for record in view["history"]]
    for number in range(1, ROUNDS + 1):
        cx, cw = columns[f"r{number}"]
        text = str(rounds[number - 1]) if number <= len(rounds) else "·"
        # Where the seed preset's tie-break decides, the last round's points are in starlight.
        bold = row.decided and number == len(rounds)
        ink = STARLIGHT if bold else (MOONLIGHT if number <= len(rounds) else DIM)
        write(draw, (cx + cw / 2, mid), text, font=font(TABLE_TEXT, bold), fill=ink, anchor="mm")
    cx, cw = columns["total"]
    total = str(view["totals"][seat])
    write(draw, (cx + cw / 2, mid), total, font=font(32, True), fill=MOONLIGHT, anchor="mm")


def _tied_on_total(totals: Sequence[int], seat: int) -> bool:
    return totals.count(totals[seat]) > 1


# --- small drawings ----------------------------------------------------------------------------


def _chip(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    diameter: float,
    seat: int,
    tag: str,
    faded: bool = False,
    ring: bool = False,
    struck: bool = False,
    text_size: int = MIN_TEXT,
) -> None:
    """A player's round token in their seat colour with their initials.

    ``struck`` (the player scored nothing for the card): faded, with a red slash under the
    letters, which keep a dark edge so they still read.
    """
    colour = seat_colour(seat)
    if faded or struck:
        colour = _mix(colour, NIGHT, 0.45)
    cx, cy = centre
    size = text_size
    half_w = _chip_width(tag, size, diameter) / 2
    r = diameter / 2
    outline, width = (LIGHT_INK, 3) if ring else (NIGHT, 2)
    if struck:
        outline = FALL
    draw.rounded_rectangle(
        (cx - half_w, cy - r, cx + half_w, cy + r),
        radius=r,
        fill=colour,
        outline=outline,
        width=width,
    )
    if struck:
        slash = ((cx - half_w * 0.7, cy + r * 0.7), (cx + half_w * 0.7, cy - r * 0.7))
        draw.line(slash, fill=FALL, width=max(3, round(diameter / 10)))
    ink = DARK_INK if _luminance(colour) > 140 else LIGHT_INK
    edge = LIGHT_INK if ink == DARK_INK else DARK_INK
    write(
        draw,
        (cx, cy + 1),
        tag,
        font=font(size, True),
        fill=ink,
        anchor="mm",
        stroke_width=2 if struck else 0,
        stroke_fill=edge,
    )


def _sparkle(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A four-pointed twinkle."""
    points = star_points(cx, cy, radius, 4)
    # Pull the inner corners in for slim rays.
    return [
        (cx + (x - cx) * 0.62, cy + (y - cy) * 0.62) if i % 2 else (x, y)
        for i, (x, y) in enumerate(points)
    ]


def _falling_star(draw: ImageDraw.ImageDraw, box: Box, colour: Colour) -> None:
    """A star diving to the lower left, with three streaks behind it."""
    x0, y0, x1, _ = box
    w = x1 - x0
    cx, cy = x0 + w * 0.38, y0 + w * 0.62
    for dx, dy in ((0.06, -0.16), (0.2, -0.02), (0.16, -0.2)):
        start = (cx + w * dx, cy + w * dy)
        end = (start[0] + w * 0.3, start[1] - w * 0.3)
        draw.line((start, end), fill=colour, width=max(2, round(w / 14)))
    draw.polygon(star_points(cx, cy, w * 0.26), fill=colour)


def _moon(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, background: Colour) -> None:
    """A crescent: a disc with a disc of the background taken out of it."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    draw.ellipse(box, fill=colour)
    draw.ellipse((x0 + w * 0.32, y0 - w * 0.1, x1 + w * 0.32, y1 - w * 0.1), fill=background)


def _check(draw: ImageDraw.ImageDraw, box: Box, colour: Colour) -> None:
    x0, y0, x1, _ = box
    w = x1 - x0
    points = [
        (x0 + w * 0.26, y0 + w * 0.52),
        (x0 + w * 0.43, y0 + w * 0.69),
        (x0 + w * 0.75, y0 + w * 0.33),
    ]
    draw.line(points, fill=colour, width=max(3, round(w / 8)), joint="curve")


def _mix(a: Colour, b: Colour, share: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


def _luminance(colour: Colour) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


# --- names -------------------------------------------------------------------------------------


def _initials_of(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if not words:
        return name[:1] or "?"
    if len(words) == 1:
        return _upper_first(words[0][:1])
    return _upper_first(words[0][:1]) + _upper_first(words[-1][:1])


def _upper_first(text: str) -> str:
    """Upper case of the first letter, unless it grows (``ß`` stays ``ß``)."""
    if not text:
        return text
    upper = text[0].upper()
    return (upper if len(upper) == 1 else text[0]) + text[1:]
