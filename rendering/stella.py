"""Stella pictures: the round's grid, a player's slate, the exploration board and the scores.

Every function takes the engine's ``view`` (:func:`games.stella.view`) and ``t``, which maps the
picture label keys (``st-img-*``, listed in :data:`LABEL_KEYS`) to text in the table's language;
the one-line summaries call ``t(key, **args)`` with the ``st-sum-*`` keys. Pictures of the cards
take a ``card_source`` (card id, width -> image) so that a server's own deck can replace the
generated one.

The grid, the slate and the board show the 15 cards as on the table: 3 rows of 5 on a night-blue
cloth, each with its label (A1-E3) in a big badge, the word of the round above them. The cloth
and the cards are composed once per grid and kept; each picture adds its own marks on a copy. The
card pictures are painted photos, so these three pictures are JPEG (a PNG would weigh a megabyte);
the score tables are flat drawings and stay small palette PNGs. :func:`extension` tells which.

Secrecy: the grid and the board read only public parts of the view (never ``my_slate``), so two
games that differ only in unrevealed marks give the very same bytes; the slate shows the viewer's
own marks and is meant for their DM only.

Where the brief was silent: on the board the designating player's marker comes first under a
revealed card, ringed in white; a marker who scored nothing for that card (fallen earlier, or the
designating player of a fall) is drawn faded. While a player in Darkness who has fallen still has
sparks, the board shows the penalty to come next to their points. On the slate, marked cards that
have already been revealed are veiled, so the marks still to designate stand out.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageOps

from games.engine import rank
from games.stella import GRID_SIZE, ROUNDS, ROW_LENGTH, ROWS, SPARK_POINTS, label
from rendering import stella_cards
from rendering.toolkit import (
    FixedPalette,
    fit_text,
    fixed_palette,
    font,
    printable,
    star_points,
    to_png,
    write,
)

View = Mapping[str, Any]
Label = Callable[..., str]
CardSource = Callable[[int, int], Image.Image]
Box = tuple[float, float, float, float]
Colour = tuple[int, int, int]

# --- the table as the picture shows it --------------------------------------------------------
WIDTH = 960
PAD = 16  # cloth around everything
CARD_GAP = 12  # between two cards
CARD_WIDTH = (WIDTH - 2 * PAD - (ROW_LENGTH - 1) * CARD_GAP) // ROW_LENGTH  # 176
CARD_HEIGHT = CARD_WIDTH * 3 // 2  # cards are portrait 2:3
HEADER = 116  # the word and the line below it
WORD_SIZE = 56  # the word, shrunk to fit when long
WORD_Y = 48
INFO_Y = 96  # round number on the left, the picture's state on the right
INFO_SIZE = 24
LABEL_SIZE = 30  # the big A1-E3 badges on the cards
LABEL_INSET = 7
FRAME_WIDTH = 6  # the bright frame of a marked or revealed card
BADGE_SIZE = 44  # check badge of a mark, spark or fall badge of a revealed card
MARKER_BAND = 52  # board: under each card, who marked it
MARKER_MAX = 38  # diameter of a marker chip when few players marked the card
PANEL_ROW = 64  # board: one player's line in the players' panel, two per row
PANEL_GAP = 10
NAME_ROOM = 150  # a player's name keeps at least this much room in the panel
JPEG_QUALITY = 85

# --- the score tables ------------------------------------------------------------------------
TABLE_WIDTH = 840
TITLE_HEIGHT = 70
HEAD_HEIGHT = 52
ROW_HEIGHT = 50
NOTE_HEIGHT = 40

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

# Every text key the pictures and summaries use (each exists in en, de and fr).
# fmt: off
PICTURE_KEYS = (
    "st-img-round", "st-img-colon", "st-img-grid-hint", "st-img-slate", "st-img-marks",
    "st-img-locked-in", "st-img-not-locked", "st-img-locked", "st-img-locked-count",
    "st-img-marking", "st-img-still-marking", "st-img-sits-out", "st-img-left", "st-img-sparks",
    "st-img-fallen", "st-img-darkness", "st-img-designates", "st-img-exploration",
    "st-img-round-over", "st-img-game-over", "st-img-total", "st-img-this-round",
    "st-img-player", "st-img-round-scores", "st-img-ranking", "st-img-standings",
    "st-img-shared", "st-img-tie-seed", "st-img-tie-published",
)
SUMMARY_KEYS = (
    "st-sum-grid", "st-sum-slate", "st-sum-locked", "st-sum-draft", "st-sum-board",
    "st-sum-reveal-spark", "st-sum-reveal-fall", "st-sum-darkness", "st-sum-turn",
    "st-sum-points", "st-sum-round", "st-sum-round-score", "st-sum-penalty", "st-sum-ranking",
    "st-sum-standings", "st-sum-rank", "st-sum-left",
)
# fmt: on
LABEL_KEYS = PICTURE_KEYS + SUMMARY_KEYS


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
    return _grid_jpeg(
        card_source,
        tuple(view["grid"]),
        view["word"] or "",
        _round_text(view, t),
        t("st-img-grid-hint"),
    )


def render_slate(view: View, t: Label, card_source: CardSource = stella_cards.card_image) -> bytes:
    """The viewer's own slate: the grid with their marks framed and ticked (JPEG, DM only)."""
    marks = sorted(set(view.get("my_slate") or []))
    image = _table_picture(card_source, tuple(view["grid"]), 0, _grid_height())
    draw = ImageDraw.Draw(image)
    revealed = {entry["card"] for entry in view["revealed"]}
    for card in marks:
        if card in revealed:
            _veil(image, card_box(card))
        _draw_mark(draw, card)
    _header(draw, view["word"] or "", _round_text(view, t), _slate_state(view, marks, t))
    return _jpeg(image)


def render_board(
    view: View,
    names: Sequence[str],
    t: Label,
    card_source: CardSource = stella_cards.card_image,
) -> bytes:
    """The public exploration board: revealed cards, who marked them, sparks, falls, players."""
    seats = len(view["left"])
    height = _board_height(seats)
    image = _table_picture(card_source, tuple(view["grid"]), MARKER_BAND, height)
    draw = ImageDraw.Draw(image)
    tags = initials([_name(names, s) for s in range(seats)])
    for reveal in reveal_outcomes(view["revealed"], view["preset"], view["sparks"]):
        _draw_reveal(draw, reveal, tags)
    top = _grid_bottom(MARKER_BAND) + PANEL_GAP
    for seat in range(seats):
        _panel_entry(draw, _panel_box(seat, top), view, seat, _name(names, seat), tags[seat], t)
    _header(draw, view["word"] or "", _round_text(view, t), _board_state(view, names, t))
    return _jpeg(image)


def render_round_summary(view: View, names: Sequence[str], t: Label) -> bytes:
    """Scores of the round just ended (the last in ``history``), Darkness penalty shown (PNG)."""
    record = view["history"][-1] if view["history"] else None
    seats = len(view["left"])
    rows = max(1, seats)
    image, draw = _table_canvas(TITLE_HEIGHT + HEAD_HEIGHT + rows * ROW_HEIGHT + PAD)
    if record is None:
        _title(draw, t("st-img-round-scores"), "")
        return to_png(image, _table_palette())
    _title(draw, f"{t('st-img-round')} {record['round']}/{ROUNDS}", record["word"] or "")
    columns = _summary_columns()
    _column_heads(draw, columns, _summary_heads(t), TITLE_HEIGHT)
    tally = round_tally(record, seats)
    tags = initials([_name(names, s) for s in range(seats)])
    order = sorted(range(seats), key=lambda s: (-record["scores"][s], s))
    y = TITLE_HEIGHT + HEAD_HEIGHT
    for seat in order:
        row = _RoundRow(
            seat, _name(names, seat), tags[seat], view["left"][seat], view["totals"][seat]
        )
        _round_row(draw, columns, y, row, record, tally, t)
        y += ROW_HEIGHT
    return to_png(image, _table_palette())


def render_scoreboard(view: View, names: Sequence[str], t: Label) -> bytes:
    """Points of every round and the totals, best first, with the preset's tie rule (PNG)."""
    seats = len(view["left"])
    history = view["history"]
    image, draw = _table_canvas(TITLE_HEIGHT + HEAD_HEIGHT + seats * ROW_HEIGHT + NOTE_HEIGHT + PAD)
    over = view["phase"] == "over"
    _title(draw, t("st-img-ranking" if over else "st-img-standings"), "")
    columns = _score_columns()
    heads = {"place": "", "player": t("st-img-player"), "total": t("st-img-total")}
    for number in range(1, ROUNDS + 1):
        heads[f"r{number}"] = f"{t('st-img-round')} {number}"
    _column_heads(draw, columns, heads, TITLE_HEIGHT, _round_words(history))
    places = standings(view)
    tags = initials([_name(names, s) for s in range(seats)])
    y = TITLE_HEIGHT + HEAD_HEIGHT
    for seat in sorted(range(seats), key=lambda s: (places[s], s)):
        shared = places.count(places[seat]) > 1
        decided = view["preset"] == "seed" and _tied_on_total(view["totals"], seat)
        row = _ScoreRow(seat, _name(names, seat), tags[seat], places[seat], shared, decided)
        _score_row(draw, columns, y, row, view, t)
        y += ROW_HEIGHT
    note = t("st-img-tie-seed" if view["preset"] == "seed" else "st-img-tie-published")
    write(
        draw,
        (PAD + 6, y + 10),
        fit_text(note, TABLE_WIDTH - 2 * PAD - 12, 16),
        font=font(16),
        fill=DIM,
    )
    return to_png(image, _table_palette())


def extension(picture: bytes) -> str:
    """The file extension for a picture of this module: ``"jpg"`` or ``"png"``."""
    return "png" if picture.startswith(b"\x89PNG") else "jpg"


# --- public: summaries -----------------------------------------------------------------------


def grid_summary(view: View, t: Label) -> str:
    return t("st-sum-grid", round=view["round"], rounds=ROUNDS, word=view["word"] or "")


def slate_summary(view: View, t: Label) -> str:
    marks = sorted(set(view.get("my_slate") or []))
    text = t("st-sum-slate", count=len(marks), labels=" ".join(label(c) for c in marks))
    seat = view.get("viewer")
    locked = seat is not None and bool(view["locked_in"][seat])
    return f"{text} {t('st-sum-locked' if locked else 'st-sum-draft')}"


def board_summary(view: View, names: Sequence[str], t: Label) -> str:
    """Only public things: revealed cards and their markers, Darkness, points, whose turn."""
    parts = [
        t(
            "st-sum-board",
            round=view["round"],
            rounds=ROUNDS,
            word=view["word"] or "",
            revealed=len(view["revealed"]),
        )
    ]
    for reveal in reveal_outcomes(view["revealed"], view["preset"], view["sparks"]):
        by, markers = _name(names, reveal.by), ", ".join(_name(names, s) for s in reveal.markers)
        if reveal.fall:
            parts.append(t("st-sum-reveal-fall", label=reveal.label, player=by))
        else:
            key = "st-sum-reveal-spark"
            parts.append(
                t(key, label=reveal.label, player=by, players=markers, points=reveal.points)
            )
    if view["darkness"] is not None:
        parts.append(t("st-sum-darkness", player=_name(names, view["darkness"])))
    if view["active"] is not None:
        parts.append(t("st-sum-turn", player=_name(names, view["active"])))
    points = ", ".join(
        f"{_name(names, s)} {view['points'][s]}"
        for s in range(len(view["left"]))
        if view["taking_part"][s]
    )
    if points and view["phase"] == "exploration":
        parts.append(t("st-sum-points", points=points))
    return " ".join(parts)


def round_summary_summary(view: View, names: Sequence[str], t: Label) -> str:
    if not view["history"]:
        return t("st-img-round-scores")
    record = view["history"][-1]
    seats = len(view["left"])
    tally = round_tally(record, seats)
    scores = []
    for seat in sorted(range(seats), key=lambda s: (-record["scores"][s], s)):
        text = t("st-sum-round-score", player=_name(names, seat), points=record["scores"][seat])
        if tally.penalty and seat == record["darkness"]:
            text += " " + t("st-sum-penalty", points=tally.penalty)
        scores.append(text)
    return t(
        "st-sum-round", round=record["round"], word=record["word"] or "", scores=", ".join(scores)
    )


def scoreboard_summary(view: View, names: Sequence[str], t: Label) -> str:
    places = standings(view)
    seats = len(view["left"])
    entries = []
    for seat in sorted(range(seats), key=lambda s: (places[s], s)):
        entry = t(
            "st-sum-rank",
            place=places[seat],
            player=_name(names, seat),
            points=view["totals"][seat],
        )
        entries.append(entry + (" " + t("st-sum-left") if view["left"][seat] else ""))
    key = "st-sum-ranking" if view["phase"] == "over" else "st-sum-standings"
    return t(key, ranking=", ".join(entries))


# --- public: geometry and game facts the pictures show --------------------------------------


def card_box(index: int, board: bool = False) -> tuple[int, int, int, int]:
    """Where grid card ``index`` (0 = A1 ... 14 = E3) lies on the grid, slate or board."""
    column, row = index % ROW_LENGTH, index // ROW_LENGTH
    band = MARKER_BAND if board else 0
    x = PAD + column * (CARD_WIDTH + CARD_GAP)
    y = HEADER + row * (CARD_HEIGHT + band + CARD_GAP)
    return (x, y, x + CARD_WIDTH, y + CARD_HEIGHT)


def label_box(index: int, board: bool = False) -> tuple[int, int, int, int]:
    """The badge that carries the card's label, in its upper left corner."""
    x, y, _, _ = card_box(index, board)
    width = _label_width(label(index))
    return (x + LABEL_INSET, y + LABEL_INSET, x + LABEL_INSET + width, y + LABEL_INSET + 42)


def marker_box(index: int) -> tuple[int, int, int, int]:
    """The band under a card of the board where its markers are shown once it is revealed."""
    x0, _, x1, y1 = card_box(index, board=True)
    return (x0, y1 + FRAME_WIDTH, x1, y1 + MARKER_BAND)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def initials(names: Sequence[str]) -> list[str]:
    """Short tags for the marker chips: initials, made longer where two players share them."""
    shown = [printable(name) for name in names]
    first = [_initials_of(name) for name in shown]
    tags = [
        _upper_first(name[:2]) if first.count(tag) > 1 and len(name) > 1 else tag
        for name, tag in zip(shown, first, strict=True)
    ]
    return [f"{tag[0]}{i + 1}" if tags.count(tag) > 1 else tag for i, tag in enumerate(tags)]


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


def _grid_height() -> int:
    return _grid_bottom(0) + PAD


def _grid_bottom(band: int) -> int:
    return HEADER + ROWS * (CARD_HEIGHT + band) + (ROWS - 1) * CARD_GAP


def _board_height(seats: int) -> int:
    rows = (seats + 1) // 2
    return _grid_bottom(MARKER_BAND) + PANEL_GAP + rows * (PANEL_ROW + PANEL_GAP) + PAD - PANEL_GAP


@lru_cache(maxsize=8)
def _cloth(height: int) -> Image.Image:
    """The night-blue cloth with a few faint stars over the header, and a thin edge."""
    image = Image.new("RGB", (WIDTH, height), NIGHT)
    draw = ImageDraw.Draw(image)
    rng = random.Random("stella-cloth")
    for _ in range(70):
        x, y = rng.uniform(4, WIDTH - 4), rng.uniform(4, HEADER - 12)
        r = rng.choice((0.8, 1.0, 1.4))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=STAR_DOT)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=NIGHT_EDGE)
    return image


@lru_cache(maxsize=3)  # 3 MB each; composing one from painted cards takes about a millisecond
def _cards_block(source: CardSource, cards: tuple[int, ...], band: int) -> Image.Image:
    """The 15 cards with their label badges, on the cloth (what every grid picture shares)."""
    top, bottom = HEADER, _grid_bottom(band)
    block = Image.new("RGB", (WIDTH, bottom - top), NIGHT)
    draw = ImageDraw.Draw(block)
    for index in range(GRID_SIZE):
        x0, y0, x1, y1 = card_box(index, band > 0)
        if index < len(cards):
            block.paste(_card_picture(source, cards[index]), (x0, y0 - top))
        else:  # before the first deal
            draw.rounded_rectangle(
                (x0, y0 - top, x1, y1 - top), radius=10, outline=PANEL_EDGE, width=2
            )
        lx0, ly0, lx1, ly1 = label_box(index, band > 0)
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
    source: CardSource, cards: tuple[int, ...], band: int, height: int
) -> Image.Image:
    image = _cloth(height).copy()
    image.paste(_cards_block(source, cards, band), (0, HEADER))
    return image


@lru_cache(maxsize=16)  # ~190 KB each: a round start draws its grid for every seat at once
def _grid_jpeg(
    source: CardSource, cards: tuple[int, ...], word: str, round_text: str, hint: str
) -> bytes:
    image = _table_picture(source, cards, 0, _grid_height())
    _header(ImageDraw.Draw(image), word, round_text, hint)
    return _jpeg(image)


def _jpeg(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    # Halved colour resolution (4:2:0) keeps the badges and chips clean and saves a fifth.
    image.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=2)
    return buffer.getvalue()


def _label_width(text: str) -> int:
    return int(font(LABEL_SIZE, True).getlength(text)) + 18


def _label_badge(draw: ImageDraw.ImageDraw, box: Box, text: str, fill: Colour = LABEL_FILL) -> None:
    ink = DARK_INK if fill == MARK else LIGHT_INK
    draw.rounded_rectangle(box, radius=9, fill=fill, outline=LIGHT_INK, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    write(draw, centre, text, font=font(LABEL_SIZE, True), fill=ink, anchor="mm")


def _header(draw: ImageDraw.ImageDraw, word: str, left: str, right: str) -> None:
    """The word big in starlight, the round on the left and the picture's state on the right."""
    size = WORD_SIZE
    while size > 24 and font(size, True).getlength(word) > WIDTH - 2 * PAD - 20:
        size -= 2
    word = fit_text(word, WIDTH - 2 * PAD - 20, size, True)
    write(draw, (WIDTH / 2, WORD_Y), word, font=font(size, True), fill=STARLIGHT, anchor="mm")
    left_font = font(INFO_SIZE, True)
    write(draw, (PAD + 4, INFO_Y), left, font=left_font, fill=MOONLIGHT, anchor="lm")
    room = WIDTH - 2 * PAD - 24 - int(left_font.getlength(left))
    right = fit_text(right, room, INFO_SIZE - 2)
    write(
        draw,
        (WIDTH - PAD - 4, INFO_Y),
        right,
        font=font(INFO_SIZE - 2),
        fill=MOONLIGHT,
        anchor="rm",
    )


def _pair(t: Label, key: str, value: object) -> str:
    """``Marks: 4``, with the colon as the language writes it (French: ``Marques : 4``)."""
    return f"{t(key)}{t('st-img-colon')} {value}"


def _round_text(view: View, t: Label) -> str:
    return f"{t('st-img-round')} {view['round']}/{ROUNDS}" if view["round"] else ""


# --- the slate ---------------------------------------------------------------------------------


def _slate_state(view: View, marks: Sequence[int], t: Label) -> str:
    seat = view.get("viewer")
    locked = seat is not None and bool(view["locked_in"][seat])
    state = t("st-img-locked-in" if locked else "st-img-not-locked")
    return f"{t('st-img-slate')} · {_pair(t, 'st-img-marks', len(marks))} · {state}"


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
            f" · {printable(_name(names, active))} {t('st-img-designates')}"
            if active is not None
            else ""
        )
        return f"{t('st-img-exploration')}{turn}"
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
    text = f"+{points}"
    size = 26
    width = BADGE_SIZE + int(font(size, True).getlength(text)) + 6
    x1, y0 = top_right
    box = (x1 - width, y0, x1, y0 + BADGE_SIZE)
    draw.rounded_rectangle(box, radius=BADGE_SIZE // 2, fill=SPARK, outline=LIGHT_INK, width=3)
    cx, cy = box[0] + BADGE_SIZE / 2, y0 + BADGE_SIZE / 2
    draw.polygon(_sparkle(cx, cy, BADGE_SIZE * 0.36), fill=DARK_INK)
    write(draw, (x1 - 10, cy + 1), text, font=font(size, True), fill=DARK_INK, anchor="rm")


def _fall_badge(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.ellipse(box, fill=FALL, outline=LIGHT_INK, width=3)
    _falling_star(draw, box, LIGHT_INK)


def _markers(draw: ImageDraw.ImageDraw, band: Box, reveal: Reveal, tags: Sequence[str]) -> None:
    """The chips of everyone who marked the card, the designating player first and ringed."""
    order = [reveal.by] + [s for s in reveal.markers if s != reveal.by]
    x0, y0, x1, y1 = band
    step = min(MARKER_MAX + 4, (x1 - x0) / len(order))
    diameter = step - 4
    left = (x0 + x1) / 2 - step * len(order) / 2
    for i, seat in enumerate(order):
        cx, cy = left + step * (i + 0.5), (y0 + y1) / 2
        _chip(draw, (cx, cy), diameter, seat, tags[seat], ring=seat == reveal.by)
        if seat not in reveal.scorers:
            _strike(draw, (cx, cy), diameter)


def _panel_box(seat: int, top: int) -> Box:
    column, row = seat % 2, seat // 2
    width = (WIDTH - 2 * PAD - PANEL_GAP) / 2
    x = PAD + column * (width + PANEL_GAP)
    y = top + row * (PANEL_ROW + PANEL_GAP)
    return (x, y, x + width, y + PANEL_ROW)


def _panel_entry(
    draw: ImageDraw.ImageDraw, box: Box, view: View, seat: int, name: str, tag: str, t: Label
) -> None:
    """A player's line: chip, name, what they are doing, points this round and total."""
    x0, y0, x1, y1 = box
    active = view["active"] == seat
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=PANEL,
        outline=REVEALED if active else PANEL_EDGE,
        width=3 if active else 1,
    )
    _chip(draw, (x0 + 34, (y0 + y1) / 2), 44, seat, tag, faded=view["left"][seat])
    # Points are scored in the exploration; before and after it the total is what counts.
    playing = view["phase"] == "exploration"
    total = _pair(t, "st-img-total", view["totals"][seat])
    points, caption = (f"+{view['points'][seat]}", total) if playing else (total, "")
    right = x1 - 14
    write(draw, (right, y0 + 23), points, font=font(28, True), fill=MOONLIGHT, anchor="rm")
    write(draw, (right, y1 - 15), caption, font=font(15), fill=DIM, anchor="rm")
    right -= max(font(28, True).getlength(points), font(15).getlength(caption)) + 12
    text_left = x0 + 66
    status = fit_text(_status_line(view, seat, t), int(right - text_left), 16)
    write(draw, (text_left, y1 - 15), status, font=font(16), fill=DIM, anchor="lm")
    if playing and view["darkness"] == seat and view["fallen"][seat] and view["sparks"][seat]:
        # The penalty to come at the end of the round: one point per spark.
        penalty = f"−{view['sparks'][seat]}"
        write(draw, (right + 4, y0 + 23), penalty, font=font(22, True), fill=FALL, anchor="rm")
        right -= font(22, True).getlength(penalty) + 8
    right = _status_icons(draw, view, seat, t, (text_left, right), y0 + 22)
    name_ink = DIM if view["left"][seat] else MOONLIGHT
    shown = fit_text(printable(name), int(right - text_left - 6), 22, True)
    write(draw, (text_left, y0 + 22), shown, font=font(22, True), fill=name_ink, anchor="lm")


def _status_icons(
    draw: ImageDraw.ImageDraw, view: View, seat: int, t: Label, span: tuple[float, float], cy: float
) -> float:
    """Darkness and fall, each an icon and a word, beside the name; returns where the name ends.

    The words are left out when the name would keep less than NAME_ROOM pixels.
    """
    size = 24
    left, right = span
    signs = []
    if view["darkness"] == seat:
        signs.append((_moon_sign, t("st-img-darkness"), DARKNESS))
    if view["fallen"][seat]:
        signs.append((_fall_sign, t("st-img-fallen"), FALL))
    sign_font = font(15, True)
    wide = sum(size + 4 + sign_font.getlength(word) + 10 for _, word, _ in signs)
    with_words = right - wide >= left + NAME_ROOM
    for paint, word, colour in signs:
        if with_words:
            write(draw, (right, cy + 1), word, font=sign_font, fill=colour, anchor="rm")
            right -= sign_font.getlength(word) + 6
        paint(draw, (right - size, cy - size / 2, right, cy + size / 2))
        right -= size + 10
    return right


def _moon_sign(draw: ImageDraw.ImageDraw, box: Box) -> None:
    _moon(draw, box, DARKNESS, PANEL)


def _fall_sign(draw: ImageDraw.ImageDraw, box: Box) -> None:
    _falling_star(draw, box, FALL)


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
    write(
        draw, (PAD + 8, TITLE_HEIGHT / 2), title, font=font(30, True), fill=MOONLIGHT, anchor="lm"
    )
    if word:
        room = TABLE_WIDTH - 2 * PAD - 40 - int(font(30, True).getlength(title))
        shown = fit_text(word, room, 30, True)
        write(
            draw,
            (TABLE_WIDTH - PAD - 8, TITLE_HEIGHT / 2),
            shown,
            font=font(30, True),
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
        {"player": 0, "marks": 92, "sparks": 92, "darkness": 110, "round": 130, "total": 90}
    )


def _score_columns() -> dict[str, tuple[float, float]]:
    return _columns(
        {"place": 44, "player": 0, **{f"r{n}": 84 for n in range(1, ROUNDS + 1)}, "total": 96}
    )


def _summary_heads(t: Label) -> dict[str, str]:
    return {
        "player": t("st-img-player"),
        "marks": t("st-img-marks"),
        "sparks": t("st-img-sparks"),
        "darkness": t("st-img-darkness"),
        "round": t("st-img-this-round"),
        "total": t("st-img-total"),
    }


def _column_heads(
    draw: ImageDraw.ImageDraw,
    columns: Mapping[str, tuple[float, float]],
    heads: Mapping[str, str],
    top: int,
    notes: Mapping[str, str] | None = None,
) -> None:
    """Column titles (and a small note under some, e.g. each round's word)."""
    for key, text in heads.items():
        x, w = columns[key]
        size = _fitting_size(text, int(w) - 6, 16, 12)
        shown = fit_text(text, int(w) - 6, size, True)
        if key == "player":
            write(draw, (x + 10, top + 18), shown, font=font(size, True), fill=DIM, anchor="lm")
        else:
            write(draw, (x + w / 2, top + 18), shown, font=font(size, True), fill=DIM, anchor="mm")
        note = (notes or {}).get(key)
        if note:
            small = fit_text(note, int(w) - 6, 14)
            write(draw, (x + w / 2, top + 38), small, font=font(14), fill=STARLIGHT, anchor="mm")


def _fitting_size(text: str, width: int, size: int, smallest: int) -> int:
    """The largest bold size from ``size`` down to ``smallest`` at which ``text`` fits."""
    while size > smallest and font(size, True).getlength(text) > width:
        size -= 1
    return size


def _round_words(history: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    return {f"r{record['round']}": printable(record["word"] or "") for record in history}


@dataclass(frozen=True)
class _RoundRow:
    seat: int
    name: str
    tag: str
    left: bool
    total: int


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
    mid = y + (ROW_HEIGHT - 6) / 2
    draw.rounded_rectangle((PAD, y, TABLE_WIDTH - PAD, y + ROW_HEIGHT - 6), radius=10, fill=PANEL)
    x, w = columns["player"]
    _player_cell(draw, (x, mid, x + w), row.seat, row.name, row.tag, row.left, t)

    def cell(
        key: str, text: str, size: int = 20, bold: bool = False, ink: Colour = MOONLIGHT
    ) -> None:
        cx, cw = columns[key]
        write(draw, (cx + cw / 2, mid), text, font=font(size, bold), fill=ink, anchor="mm")

    count = record["counts"][seat]
    cell("marks", "—" if count is None else str(count), ink=MOONLIGHT if count is not None else DIM)
    sx, sw = columns["sparks"]
    _sparks_cell(draw, (sx, y, sx + sw, y + ROW_HEIGHT - 6), tally.sparks[seat], tally.fell[seat])
    if record["darkness"] == seat:
        dx, dw = columns["darkness"]
        penalty = tally.penalty
        text = f"−{penalty}" if penalty else ""
        text_w = font(20, True).getlength(text) + 6 if text else 0
        left = dx + dw / 2 - (28 + text_w) / 2
        _moon(draw, (left, mid - 14, left + 28, mid + 14), DARKNESS, PANEL)
        if text:
            write(draw, (left + 34, mid), text, font=font(20, True), fill=FALL, anchor="lm")
    cell("round", str(record["scores"][seat]), 24, True)
    cell("total", str(row.total), 20, False, DIM)


def _sparks_cell(draw: ImageDraw.ImageDraw, box: Box, sparks: int, fell: bool) -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    text = str(sparks)
    width = 24 + 4 + font(20).getlength(text) + (30 if fell else 0)
    left = (x0 + x1) / 2 - width / 2
    draw.polygon(_sparkle(left + 12, cy, 12), fill=SPARK)
    write(draw, (left + 28, cy), text, font=font(20), fill=MOONLIGHT, anchor="lm")
    if fell:
        right = left + width
        _falling_star(draw, (right - 26, cy - 13, right, cy + 13), FALL)


def _player_cell(
    draw: ImageDraw.ImageDraw,
    span: Box,
    seat: int,
    name: str,
    tag: str,
    left: bool,
    t: Label,
    extra: str = "",
) -> None:
    """Chip, name and tags such as *left* or *shared*, shortened to fit the column."""
    x0, mid, x1 = span[0], span[1], span[2]
    _chip(draw, (x0 + 24, mid), 34, seat, tag, faded=left)
    notes = [t("st-img-left")] if left else []
    if extra:
        notes.append(extra)
    note = f"  ({', '.join(notes)})" if notes else ""
    note_w = font(15).getlength(note)
    shown = fit_text(printable(name), int(x1 - x0 - 52 - note_w - 6), 20, True)
    write(
        draw,
        (x0 + 48, mid),
        shown,
        font=font(20, True),
        fill=DIM if left else MOONLIGHT,
        anchor="lm",
    )
    if note:
        after = x0 + 48 + font(20, True).getlength(shown)
        write(draw, (after, mid + 1), note, font=font(15), fill=DIM, anchor="lm")


@dataclass(frozen=True)
class _ScoreRow:
    seat: int
    name: str
    tag: str
    place: int
    shared: bool
    decided: bool  # the total ties and the last round decides (seed preset)


def _score_row(
    draw: ImageDraw.ImageDraw,
    columns: Mapping[str, tuple[float, float]],
    y: int,
    row: _ScoreRow,
    view: View,
    t: Label,
) -> None:
    seat = row.seat
    mid = y + (ROW_HEIGHT - 6) / 2
    first = row.place == 1
    box = (PAD, y, TABLE_WIDTH - PAD, y + ROW_HEIGHT - 6)
    draw.rounded_rectangle(
        box,
        radius=10,
        fill=WINNER if first else PANEL,
        outline=REVEALED if first else None,
        width=2,
    )
    x, w = columns["place"]
    write(
        draw,
        (x + w - 6, mid),
        f"{row.place}.",
        font=font(22, True),
        fill=STARLIGHT if first else MOONLIGHT,
        anchor="rm",
    )
    x, w = columns["player"]
    shared = t("st-img-shared") if row.shared else ""
    _player_cell(draw, (x + 4, mid, x + w), seat, row.name, row.tag, view["left"][seat], t, shared)
    rounds = [record["scores"][seat] for record in view["history"]]
    for number in range(1, ROUNDS + 1):
        cx, cw = columns[f"r{number}"]
        text = str(rounds[number - 1]) if number <= len(rounds) else "·"
        # Where the seed preset's tie-break decides, the last round's points are in bold.
        bold = row.decided and number == len(rounds)
        ink = STARLIGHT if bold else (MOONLIGHT if number <= len(rounds) else DIM)
        write(draw, (cx + cw / 2, mid), text, font=font(20, bold), fill=ink, anchor="mm")
    cx, cw = columns["total"]
    write(
        draw,
        (cx + cw / 2, mid),
        str(view["totals"][seat]),
        font=font(26, True),
        fill=MOONLIGHT,
        anchor="mm",
    )


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
) -> None:
    """A player's round token in their seat colour with their initials."""
    colour = seat_colour(seat)
    if faded:
        colour = _mix(colour, NIGHT, 0.45)
    cx, cy = centre
    r = diameter / 2
    outline, width = (LIGHT_INK, 3) if ring else (NIGHT, 2)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=outline, width=width)
    ink = DARK_INK if _luminance(colour) > 140 else LIGHT_INK
    size = max(10, round(diameter * (0.42 if len(tag) > 1 else 0.5)))
    write(draw, (cx, cy + 1), tag, font=font(size, True), fill=ink, anchor="mm")


def _strike(draw: ImageDraw.ImageDraw, centre: tuple[float, float], diameter: float) -> None:
    """A slash across a chip: this player scored nothing for the card."""
    cx, cy = centre
    r = diameter * 0.42
    line = ((cx - r, cy + r), (cx + r, cy - r))
    draw.line(line, fill=LIGHT_INK, width=max(5, round(diameter / 6)))
    draw.line(line, fill=FALL, width=max(3, round(diameter / 10)))


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


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


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
