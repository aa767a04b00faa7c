"""Rendering: the time to draw and encode each kind of picture, and its size in bytes.

Each kind is drawn from a pool of views taken along seeded 4-player games (late positions have
the most marks), after one warm-up call: a running bot draws the static parts of a sheet once.
Stella's three card pictures are timed with the card pictures already painted (their
steady state) but with the grid's composed block and finished picture dropped from their
caches before each call, so each sample composes a new round's grid; painting a round's 15
cards from scratch is measured on its own.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from bench.measure import KB, Figure, median, ms, p99, timed
from bench.playouts import ENGINES, NAMES, positions
from games import stella
from locales import Localizer
from rendering import dice_stars as ds_pictures
from rendering import dizzle as dz_pictures
from rendering import stella_cards

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
    figures += _stella_cold_grid(rounds=1 if quick else 3)
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
    # Only as many rounds as the painted-card cache holds, so the cards stay painted.
    grids = _first_grids(marking + exploring, stella_cards.CACHED_IMAGES // stella.GRID_SIZE)
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


def _stella_cold_grid(rounds: int) -> list[Figure]:
    """A round's first grid when none of its 15 cards was painted yet (info: no target)."""
    pictures = _stella_module()
    if pictures is None:
        return []
    seconds = []
    for round_index in range(rounds):
        # Cards far from the ones warmed above; the painted-card cache is emptied first.
        cards = list(range(100 + round_index * 15, 115 + round_index * 15))
        painted = getattr(stella_cards, "_cached_card", None)
        if hasattr(painted, "cache_clear"):
            painted.cache_clear()
        _drop_composed(pictures)
        view = {"grid": cards, "word": "Traum", "round": 1}
        elapsed, _ = timed(lambda view=view: pictures.render_grid(view, t))
        seconds.append(elapsed)
    return [
        Figure(
            "render",
            "Stella grid, 15 cards unpainted (median)",
            ms(median(seconds)),
            "ms",
            note="painting the cards; once per card and width while the card cache keeps it",
        )
    ]


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
