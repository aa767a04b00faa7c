"""Rendering: the time to draw and encode each kind of picture, and its size in bytes.

Each kind is drawn from a pool of views taken along seeded 4-player games (late positions have
the most marks), after one warm-up call: a running bot draws the static parts of a sheet once.
Stella's three card pictures are timed warm, with the card pictures already painted (their
steady state: the whole deck stays painted) but with the grid's composed block and finished
picture dropped from their caches before each call, so each sample composes a new round's grid;
and cold, each in a fresh process of its own, where every sample is a round whose 15 cards were
never painted in that process (the first one also opens the fonts), once painting them and
once reading them from a painted deck on disk (what a restart of an installation meets).
"""

from __future__ import annotations

import importlib
import itertools
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from bench.measure import KB, Figure, median, ms, p99, timed
from bench.playouts import ENGINES, NAMES, positions
from games import stella
from locales import Localizer
from rendering import dice_stars as ds_pictures
from rendering import dizzle as dz_pictures
from rendering import stella_cards, stella_deck

# Targets of the issue: a sheet or table picture, and Stella's grid with painted cards.
SHEET_MS = 25
SHEET_BYTES = 60 * KB
GRID_MS = 60
SEATS = 4

Draw = Callable[[], bytes]


@cache
def _localizer() -> Localizer:
    return Localizer()


def t(key: str, **args: Any) -> str:
    """Picture texts in German, whose words are the longest of the three languages."""
    return _localizer().text("de", key, **args)


def run(quick: bool) -> list[Figure]:
    samples = 20 if quick else 80
    figures: list[Figure] = []
    for kind, draws, limits in _kinds(quick):
        figures += _measure(kind, draws, samples, limits)
    figures += _stella_cold(rounds=3 if quick else 6)
    return figures


Limits = tuple[float | None, float | None]  # (median ms, largest bytes)


def _kinds(quick: bool) -> list[tuple[str, list[Draw], Limits]]:
    games = 2 if quick else 4
    kinds = _dice_stars(games) + _dizzle(games)
    stella_pictures = _stella_module()
    if stella_pictures is not None:
        kinds += _stella(stella_pictures, games)
    return kinds


def _spread(states: Sequence[Any], count: int) -> list[Any]:
    """``count`` states spread evenly over a game, the last one included."""
    if len(states) <= count:
        return list(states)
    step = (len(states) - 1) / (count - 1)
    return [states[round(i * step)] for i in range(count)]


# --- Dice Stars ----------------------------------------------------------------------------------


def _dice_stars(games: int) -> list[tuple[str, list[Draw], Limits]]:
    engine = ENGINES["dice_stars"]
    names = NAMES[:SEATS]
    views, finals = [], []
    for seed in range(1, games + 1):
        states = positions("dice_stars", SEATS, seed)
        views += [engine.view(s, None) for s in _spread(states[:-1], 12)]
        finals.append(engine.view(states[-1], None))
    sheets = [
        (lambda v=v, seat=seat: ds_pictures.render_sheet(v, seat, names[seat], t))
        for v, seat in zip(views, itertools.cycle(range(SEATS)), strict=False)
    ]
    return [
        ("Dice Stars sheet", sheets, (SHEET_MS, SHEET_BYTES)),
        (
            "Dice Stars table strip",
            [lambda v=v: ds_pictures.render_table(v, t, names) for v in views],
            (SHEET_MS, SHEET_BYTES),
        ),
        (
            "Dice Stars turn (strip + sheet)",
            [lambda v=v: ds_pictures.render_turn(v, names, t) for v in views],
            (SHEET_MS, SHEET_BYTES),
        ),
        (
            "Dice Stars scoreboard",
            [lambda v=v: ds_pictures.render_scoreboard(v, names, t) for v in finals],
            (None, None),
        ),
    ]


# --- Dizzle --------------------------------------------------------------------------------------


def _dizzle(games: int) -> list[tuple[str, list[Draw], Limits]]:
    engine = ENGINES["dizzle"]
    names = NAMES[:SEATS]
    views, finals = [], []
    for seed in range(games):  # the seed picks the level: each shipped level in turn
        states = positions("dizzle", SEATS, seed)
        views += [engine.view(s, None) for s in _spread(states[:-1], 12)]
        finals.append(engine.view(states[-1], None))
    sheets = [
        (lambda v=v, seat=seat: dz_pictures.render_sheet(v, seat, names[seat], t))
        for v, seat in zip(views, itertools.cycle(range(SEATS)), strict=False)
    ]
    return [
        ("Dizzle sheet", sheets, (SHEET_MS, SHEET_BYTES)),
        (
            "Dizzle middle",
            [lambda v=v: dz_pictures.render_middle(v, names, t) for v in views],
            (SHEET_MS, SHEET_BYTES),
        ),
        (
            "Dizzle turn (middle + sheet)",
            [lambda v=v: dz_pictures.render_turn(v, names, t) for v in views],
            (SHEET_MS, SHEET_BYTES),
        ),
        (
            "Dizzle scoreboard",
            [lambda v=v: dz_pictures.render_scoreboard(v, names, t) for v in finals],
            (None, None),
        ),
    ]


# --- Stella --------------------------------------------------------------------------------------


def _stella_module() -> Any | None:
    """``rendering.stella`` if this checkout has it."""
    try:
        return importlib.import_module("rendering.stella")
    except ImportError:
        return None


def _drop_composed(pictures: Any) -> None:
    """Forget composed grids (not the painted cards), so each sample composes its own."""
    for name in ("_cards_block", "_grid_jpeg"):
        cached = getattr(pictures, name, None)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


def _stella(pictures: Any, games: int) -> list[tuple[str, list[Draw], Limits]]:
    names = NAMES[:SEATS]
    marking, exploring, after_round, finals = [], [], [], []
    for seed in range(games):
        states = positions("stella", SEATS, seed)
        marking += [s for s in states if s.phase == stella.MARKING and any(s.slates)]
        exploring += [s for s in states if s.phase == stella.EXPLORATION]
        after_round += [s for s in states if s.history and s.phase == stella.MARKING]
        finals.append(states[-1])
    grids = _first_grids(marking + exploring, stella_cards.DECK_SIZE)
    marking = _spread([s for s in marking if tuple(s.grid) in grids], 12)
    exploring = _spread([s for s in exploring if tuple(s.grid) in grids], 12)
    after_round = _spread(after_round, 8)
    for grid in grids:  # paint every card once: the steady state
        for card in grid:
            stella_cards.card_image(card, pictures.CARD_WIDTH)

    def fresh(draw: Draw) -> Draw:
        def call() -> bytes:
            _drop_composed(pictures)
            return draw()

        return call

    def public(state: Any) -> dict[str, Any]:
        return stella.view(state, None)

    def own(state: Any) -> dict[str, Any]:
        seat = next(s for s in range(state.seats) if state.slates[s])
        return stella.view(state, seat)

    return [
        (
            "Stella grid (cards painted)",
            [fresh(lambda s=s: pictures.render_grid(public(s), t)) for s in marking],
            (GRID_MS, None),
        ),
        (
            "Stella slate (cards painted)",
            [fresh(lambda s=s: pictures.render_slate(own(s), t)) for s in marking],
            (GRID_MS, None),
        ),
        (
            "Stella exploration board (cards painted)",
            [fresh(lambda s=s: pictures.render_board(public(s), names, t)) for s in exploring],
            (GRID_MS, None),
        ),
        (
            "Stella round summary",
            [lambda s=s: pictures.render_round_summary(public(s), names, t) for s in after_round],
            (None, None),
        ),
        (
            "Stella scoreboard",
            [lambda s=s: pictures.render_scoreboard(public(s), names, t) for s in finals],
            (None, None),
        ),
    ]


def _first_grids(states: Sequence[Any], count: int) -> list[tuple[int, ...]]:
    grids: list[tuple[int, ...]] = []
    for state in states:
        if tuple(state.grid) not in grids and len(grids) < count:
            grids.append(tuple(state.grid))
    return grids


COLD = ("grid", "slate", "board")


def _stella_cold(rounds: int) -> list[Figure]:
    """Stella's card pictures in fresh processes: each round's 15 cards painted for the picture."""
    if _stella_module() is None:
        return []
    figures = []
    with tempfile.TemporaryDirectory(prefix="bench-deck-") as folder:
        deck = stella_deck.PaintedDeck(Path(folder))
        for card in range(rounds * 15):  # as the first start of an installation left them
            deck.paint_ahead(card, _card_width())
        for kind in COLD:
            for on_disk in (False, True):
                figures += _stella_cold_kind(kind, rounds, folder if on_disk else None)
    return figures


def _stella_cold_kind(kind: str, rounds: int, deck: str | None) -> list[Figure]:
    code = f"from bench.render import cold_samples; cold_samples({kind!r}, {rounds}, {deck!r})"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds = json.loads(done.stdout.splitlines()[-1])
    if deck is None:
        name = f"Stella {kind}, cold (fresh process, 15 cards unpainted)"
    else:
        name = f"Stella {kind}, cold (fresh process, deck on disk)"
    return [
        Figure("render", f"{name}: median", ms(median(seconds)), "ms"),
        Figure(
            "render",
            f"{name}: largest",
            ms(max(seconds)),
            "ms",
            note=f"{rounds} rounds; the first also opens the fonts",
        ),
    ]


def _card_width() -> int:
    """The width of a card on the grid."""
    return importlib.import_module("rendering.stella").CARD_WIDTH


def cold_samples(kind: str, rounds: int, deck: str | None = None) -> None:
    """Print the seconds each round's first ``kind`` picture took (run in a fresh process);
    ``deck``: the folder of a painted deck to read the cards from."""
    pictures = importlib.import_module("rendering.stella")
    source = stella_deck.PaintedDeck(Path(deck)) if deck else pictures.stella_cards.card_image
    t("st-img-grid-hint")  # the texts are read before (as the bot reads them at start-up)
    names = NAMES[:SEATS]
    seconds = []
    for round_index in range(rounds):
        cards = list(range(round_index * 15, round_index * 15 + 15))  # never painted before
        view = {
            "grid": cards,
            "word": "Traum",
            "round": 1,
            "phase": stella.MARKING if kind != "board" else stella.EXPLORATION,
            "my_slate": [0, 4, 7],
            "viewer": 0,
            "locked_in": [False] * SEATS,
            "revealed": [{"card": 4, "by": 0, "marked_by": [0, 2]}] if kind == "board" else [],
            "left": [False] * SEATS,
            "preset": "seed",
            "sparks": [1, 0, 1, 0],
            "points": [3, 0, 3, 0],
            "totals": [3, 0, 3, 0],
            "taking_part": [True] * SEATS,
            "fallen": [False] * SEATS,
            "darkness": None,
            "active": 1,
            "counts": [2, 1, 3, 1],
        }
        if kind == "grid":
            elapsed, _ = timed(lambda view=view: pictures.render_grid(view, t, source))
        elif kind == "slate":
            elapsed, _ = timed(lambda view=view: pictures.render_slate(view, t, source))
        else:
            elapsed, _ = timed(lambda view=view: pictures.render_board(view, names, t, source))
        seconds.append(elapsed)
    print(json.dumps(seconds))


# --- measuring -----------------------------------------------------------------------------------


def _measure(kind: str, draws: list[Draw], samples: int, limits: Limits) -> list[Figure]:
    median_limit, bytes_limit = limits
    draws[0]()  # warm-up: fonts and the static parts of sheets are built once per process
    seconds, sizes = [], []
    for draw in itertools.islice(itertools.cycle(draws), samples):
        elapsed, picture = timed(draw)
        seconds.append(elapsed)
        sizes.append(len(picture))
    return [
        Figure("render", f"{kind}: median", ms(median(seconds)), "ms", median_limit),
        Figure("render", f"{kind}: p99", ms(p99(seconds)), "ms"),
        Figure(
            "render",
            f"{kind}: bytes (largest)",
            max(sizes) / KB,
            "KB",
            None if bytes_limit is None else bytes_limit / KB,
            note=f"median {median(sizes) / KB:.1f} KB over {len(set(sizes))} pictures",
        ),
    ]
