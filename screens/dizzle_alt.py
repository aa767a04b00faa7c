"""What Dizzle's pictures say to a screen reader (see :mod:`screens.alt_text`).

A turn's picture (the middle above the active sheet) says the round, whose turn it is and what
they may do: which fields each die of the middle fits, or the reroll, the die to give back, the
planets to pick; then their score, the last turn, who passed, the solo opponent's dice, the
others' scores. A sheet says whose it is, its score and crosses, the dice of this pass; the
result the places. Dizzle has no secrets. Each text is made only from what its picture shows,
so it changes only when the picture does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games import dizzle as engine
from games.dizzle_levels import field_label
from rendering.toolkit import seat_name
from screens.alt_text import Part, compose

Text = Callable[..., str]


def _level(view: dict[str, Any], t: Text) -> str:
    """A shipped level by its number in the reader's language, others by their title (as
    ``screens.dizzle.level_name``, which imports this module)."""
    level_id, number = view["level"]["id"], view["level"]["id"].removeprefix("level")
    if level_id.startswith("level") and number.isdigit():
        return t("dz-level-title", number=int(number))
    return view["level"]["title"]


def fits(state: engine.State, seat: int, t: Text) -> str:
    """Each value of the middle that fits, with the fields it fits ("3 → C5, B2")."""
    level = state.level
    by_value: dict[int, list[str]] = {}
    for action in engine.legal_actions(state, seat):
        if action["type"] == "place":
            row, col = action["at"]
            value = level.pips[level.cell(row, col)]
            by_value.setdefault(value, []).append(field_label(row, col))
    return t("alt-sep").join(
        t("alt-dz-fit", value=value, fields=", ".join(fields))
        for value, fields in sorted(by_value.items())
    )


def _fields(state: engine.State, seat: int) -> str:
    return ", ".join(field_label(*a["at"]) for a in engine.legal_actions(state, seat))


def _phase_parts(
    state: engine.State, view: dict[str, Any], names: Sequence[str], t: Text
) -> list[Part]:
    if state.phase == "planets":
        pickers = engine.to_move(state)
        at = {tuple(a["at"]) for s in pickers for a in engine.legal_actions(state, s)}
        planets = [field_label(*field) for field in sorted(at)]
        players = ", ".join(seat_name(names, s) for s in pickers)
        return [
            (t("alt-dz-planets", players=players, count=len(pickers)), 0),
            (t("alt-dz-planet-fields", fields=", ".join(planets)), 1),
        ]
    seat = state.turn
    player = seat_name(names, seat)
    header = t(
        "alt-dz-round",
        round=view["round"],
        rounds=view["rounds"],
        passes=view["passes"],
        **{"pass": view["pass"]},
    )
    if state.phase == "return":
        return [(header, 0), (t("alt-dz-return", player=player, fields=_fields(state, seat)), 0)]
    fitting = fits(state, seat, t)
    if not fitting:
        return [(header, 0), (t("alt-dz-stuck", player=player), 0)]
    key = "alt-dz-forced" if state.phase == "forced" else "alt-dz-place"
    return [(header, 0), (t(key, player=player), 0), (t("alt-dz-fits", fits=fitting), 0)]


def turn_alt(state: engine.State, names: Sequence[str], t: Text) -> str:
    """The turn picture: the round, the choices of the player to act, the scores."""
    if engine.is_over(state):
        return scoreboard_alt(state, names, t)
    view = engine.view(state, None)
    seat = state.turn if state.phase != "planets" else None
    totals = engine.scores(state)
    middle = ", ".join(map(str, sorted(state.middle)))
    passed = [seat_name(names, p["seat"]) for p in view["players"] if p["passed"]]
    others = ", ".join(
        t("alt-score", player=seat_name(names, s), points=totals[s])
        for s in range(state.seats)
        if s != seat
    )
    opponent = view["opponent"]
    parts: list[Part | None] = [
        *_phase_parts(state, view, names, t),
        (t("alt-own-score", player=seat_name(names, seat), points=totals[seat]), 1)
        if seat is not None
        else None,
        (t("alt-dz-last-turn"), 1) if view["last_turn"] else None,
        (t("alt-dz-middle", dice=middle, count=len(state.middle)), 2),
        (t("alt-dz-passed", players=", ".join(passed)), 2) if passed else None,
        (t("alt-dz-opponent", dice=", ".join(map(str, opponent))), 2) if opponent else None,
        (t("alt-others" if seat is not None else "alt-scores", scores=others), 3)
        if others
        else None,
    ]
    return compose(parts)


def sheet_alt(state: engine.State, seat: int, name: str, t: Text) -> str:
    """A player's sheet: whose, the level, the score and crosses, what they may do now."""
    view = engine.view(state, None)
    player = view["players"][seat]
    score = player["score"]
    playing = state.phase in ("turn", "forced") and state.turn == seat
    fitting = fits(state, seat, t) if playing else ""
    dice = ", ".join(field_label(*d["at"]) for d in player["dice"])
    parts: list[Part | None] = [
        (
            t(
                "alt-dz-sheet",
                player=name,
                level=_level(view, t),
                points=score["total"],
                crosses=player["cross_count"],
            ),
            0,
        ),
        (t("alt-dz-fits", fits=fitting), 1) if fitting else None,
        (t("alt-dz-dice", fields=dice), 1) if dice else None,
        (t("alt-dz-boxed-in"), 2) if player["boxed_in"] else None,
        (t("alt-dz-score-parts", **{k: v for k, v in score.items() if k != "total"}), 3),
    ]
    return compose(parts)


def scoreboard_alt(
    state: engine.State, names: Sequence[str], t: Text, best: int | None = None
) -> str:
    """The result (or the standings): places, points and crosses; solo: the score."""
    view = engine.view(state, None)
    level = _level(view, t)
    totals = engine.scores(state)
    crosses = [p["cross_count"] for p in view["players"]]
    if engine.is_solo(state):
        return compose(
            [
                (
                    t(
                        "alt-dz-solo-result",
                        level=level,
                        player=seat_name(names, 0),
                        points=totals[0],
                        crosses=crosses[0],
                    ),
                    0,
                ),
                (t("alt-best", best=best), 1) if best is not None else None,
            ]
        )
    places = engine.ranking(state)
    order = sorted(range(state.seats), key=lambda s: (places[s], s))
    ranking = ", ".join(
        t("alt-place", place=places[s], player=seat_name(names, s), points=totals[s]) for s in order
    )
    over = int(engine.is_over(state))
    return compose([(t("alt-dz-result", level=level, over=over), 0), (ranking, 0)])
