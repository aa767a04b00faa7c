"""Every kind of picture the bot posts, drawn from seeded positions of autopilot games.

Used by the legibility test and by ``scripts/look_at_pictures`` (which shows them at a phone's
width on Discord's two themes). Each entry draws one picture in a given language and gives its
alt text as the bot sends it (``screens/*_alt.py``), for the alt text test.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

from bench.playouts import NAMES, positions
from games import dice_stars, dizzle, stella
from locales import Localizer
from rendering import dice_stars as ds_pictures
from rendering import dizzle as dz_pictures
from rendering import stella as st_pictures
from screens import dice_stars_alt as ds_alt
from screens import dizzle_alt as dz_alt
from screens import stella_alt as st_alt

Label = Callable[..., str]
SEATS = 4


@dataclass(frozen=True)
class Picture:
    kind: str  # the picture kind, as the README's table names it
    moment: str  # "mid" or "end" of a game
    draw: Callable[[Label], bytes]
    alt: Callable[[Label], str]  # the alt text the bot sends with it
    public: bool = True  # shown in the channel (else to one player: a DM or an ephemeral)
    owner: str | None = None  # whose sheet or slate it is


@cache
def _localizer() -> Localizer:
    return Localizer()


def labels(language: str) -> Label:
    def t(key: str, **args: Any) -> str:
        return _localizer().text(language, key, **args)

    return t


def flat_card(card: int, width: int) -> Image.Image:
    """A plain card (the tests need no painted deck): one colour per card."""
    shade = (card * 37) % 200 + 30
    return Image.new("RGB", (width, width * 3 // 2), (shade, 90, 255 - shade))


def _mid(states: list[Any]) -> Any:
    return states[len(states) // 2]


@cache
def _games() -> dict[str, Any]:
    found: dict[str, Any] = {}
    ds = positions("dice_stars", SEATS, 3)
    found["ds-mid"], found["ds-end"] = _mid(ds[:-1]), ds[-1]
    solo = positions("dice_stars", 1, 5)
    found["ds-solo-mid"], found["ds-solo-end"] = _mid(solo[:-1]), solo[-1]
    found["ds-solo-lost"] = positions("dice_stars", 1, 2)[-1]  # lost to a full solo grid
    dz = positions("dizzle", SEATS, 3)  # level 4: planets
    found["dz-mid"], found["dz-end"] = _mid(dz[:-1]), dz[-1]
    planets = [s for s in dz if s.phase == "planets"]
    found["dz-planets"] = max(planets, key=lambda s: len(dizzle.to_move(s)), default=dz[1])
    dz_solo = positions("dizzle", 1, 1)
    found["dz-solo-mid"], found["dz-solo-end"] = _mid(dz_solo[:-1]), dz_solo[-1]
    st = positions("stella", SEATS + 2, 2)
    marking = [s for s in st if s.phase == stella.MARKING and any(s.slates)]
    exploring = [s for s in st if s.phase == stella.EXPLORATION and s.reveals]
    after = [s for s in st if s.history and s.phase == stella.MARKING]
    found["st-marking"], found["st-exploring"] = _mid(marking), exploring[-1]
    found["st-after"], found["st-end"] = after[-1], st[-1]
    return found


def _view(game: str, key: str, viewer: int | None = None) -> dict[str, Any]:
    engine = {"ds": dice_stars, "dz": dizzle, "st": stella}[game]
    return engine.view(_games()[key], viewer)


def _slate_view() -> dict[str, Any]:
    state = _games()["st-marking"]
    seat = next(s for s in range(state.seats) if state.slates[s])
    return stella.view(state, seat)


def slate_seat() -> int:
    return _slate_view()["viewer"]


def _ds_turn_alt(key: str, names: list[str], t: Label) -> str:
    return ds_alt.turn_alt(_games()[key], names, t)


def pictures(names: Sequence[str] = NAMES) -> list[Picture]:
    """Every picture kind, its seats named by ``names`` (six of them, the longest first)."""
    four, six = list(names[:SEATS]), list(names[: SEATS + 2])
    solo = list(names[:1])
    ds, dz, st = ds_pictures, dz_pictures, st_pictures
    found = []
    for moment in ("mid", "end"):
        found += [
            Picture(
                "Dice Stars sheet",
                moment,
                lambda t, m=moment: ds.render_sheet(_view("ds", f"ds-{m}"), 0, four[0], t),
                lambda t, m=moment: ds_alt.sheet_alt(_games()[f"ds-{m}"], 0, four[0], t),
                public=False,
                owner=four[0],
            ),
            Picture(
                "Dice Stars turn",
                moment,
                lambda t, m=moment: ds.render_turn(_view("ds", f"ds-{m}"), four, t),
                lambda t, m=moment: _ds_turn_alt(f"ds-{m}", four, t),
            ),
            Picture(
                "Dice Stars solo turn",
                moment,
                lambda t, m=moment: ds.render_turn(_view("ds", f"ds-solo-{m}"), solo, t),
                lambda t, m=moment: _ds_turn_alt(f"ds-solo-{m}", solo, t),
            ),
            Picture(
                "Dizzle sheet",
                moment,
                lambda t, m=moment: dz.render_sheet(_view("dz", f"dz-{m}"), 1, four[1], t),
                lambda t, m=moment: dz_alt.sheet_alt(_games()[f"dz-{m}"], 1, four[1], t),
                public=False,
                owner=four[1],
            ),
            Picture(
                "Dizzle turn",
                moment,
                lambda t, m=moment: dz.render_turn(_view("dz", f"dz-{m}"), four, t),
                lambda t, m=moment: dz_alt.turn_alt(_games()[f"dz-{m}"], four, t),
            ),
            Picture(
                "Dizzle solo turn",
                moment,
                lambda t, m=moment: dz.render_turn(_view("dz", f"dz-solo-{m}"), solo, t),
                lambda t, m=moment: dz_alt.turn_alt(_games()[f"dz-solo-{m}"], solo, t),
            ),
        ]
    found += [
        Picture(
            "Dice Stars table strip",
            "mid",
            lambda t: ds.render_table(_view("ds", "ds-mid"), t, four),
            lambda t: _ds_turn_alt("ds-mid", four, t),  # the top of the turn picture
        ),
        Picture(
            "Dice Stars result",
            "end",
            lambda t: ds.render_scoreboard(_view("ds", "ds-end"), four, t),
            lambda t: ds_alt.scoreboard_alt(_games()["ds-end"], four, t),
        ),
        Picture(
            "Dice Stars solo result",
            "end",
            lambda t: ds.render_scoreboard(_view("ds", "ds-solo-end"), solo, t),
            lambda t: ds_alt.scoreboard_alt(_games()["ds-solo-end"], solo, t),
        ),
        Picture(
            "Dice Stars solo result",
            "lost",
            lambda t: ds.render_scoreboard(_view("ds", "ds-solo-lost"), solo, t, best=150),
            lambda t: ds_alt.scoreboard_alt(_games()["ds-solo-lost"], solo, t, best=150),
        ),
        Picture(
            "Dizzle middle",
            "mid",
            lambda t: dz.render_middle(_view("dz", "dz-mid"), four, t),
            lambda t: dz_alt.turn_alt(_games()["dz-mid"], four, t),  # the top of the turn picture
        ),
        Picture(
            "Dizzle planet pickers",
            "mid",
            lambda t: dz.render_turn(_view("dz", "dz-planets"), four, t),
            lambda t: dz_alt.turn_alt(_games()["dz-planets"], four, t),
        ),
        Picture(
            "Dizzle result",
            "end",
            lambda t: dz.render_scoreboard(_view("dz", "dz-end"), four, t),
            lambda t: dz_alt.scoreboard_alt(_games()["dz-end"], four, t),
        ),
        Picture(
            "Dizzle solo result",
            "end",
            lambda t: dz.render_scoreboard(_view("dz", "dz-solo-end"), solo, t),
            lambda t: dz_alt.scoreboard_alt(_games()["dz-solo-end"], solo, t),
        ),
        Picture(
            "Stella grid",
            "mid",
            lambda t: st.render_grid(_view("st", "st-marking"), t, flat_card),
            lambda t: st_alt.grid_alt(_view("st", "st-marking"), t),
        ),
        Picture(
            "Stella slate",
            "mid",
            lambda t: st.render_slate(_slate_view(), t, flat_card),
            lambda t: st_alt.slate_alt(_slate_view(), t),
            public=False,
        ),
        Picture(
            "Stella board",
            "mid",
            lambda t: st.render_board(_view("st", "st-exploring"), six, t, flat_card),
            lambda t: st_alt.board_alt(_view("st", "st-exploring"), six, t),
        ),
        Picture(
            "Stella board",
            "end",
            lambda t: st.render_board(_view("st", "st-end"), six, t, flat_card),
            lambda t: st_alt.board_alt(_view("st", "st-end"), six, t),
        ),
        Picture(
            "Stella round scores",
            "mid",
            lambda t: st.render_round_summary(_view("st", "st-after"), six, t),
            lambda t: st_alt.round_alt(_view("st", "st-after"), six, t),
        ),
        Picture(
            "Stella result",
            "end",
            lambda t: st.render_scoreboard(_view("st", "st-end"), six, t),
            lambda t: st_alt.scoreboard_alt(_view("st", "st-end"), six, t),
        ),
    ]
    return found
