"""What Dice Stars' pictures say to a screen reader (see :mod:`screens.alt_text`).

A turn's picture (the table strip above the active sheet) says whose turn it is and what they
may do: how many dice to draw, or which dice fit which rows; then their score, the last round,
the reserve, the others' scores, the bag. A sheet says whose it is, its score and its rows; the
result the places. Everything in Dice Stars is public. Each text is made only from what its
picture shows, so the text changes only when the picture does (a changed description would
upload the picture again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games import dice_stars as engine
from rendering.dice_stars import row_state
from rendering.toolkit import seat_name
from screens.alt_text import Part, compose

Text = Callable[..., str]


def _die(t: Text, colour: str, face: int) -> str:
    return t("ds-img-die", colour=colour, face=face)


def _dice(t: Text, dice: Sequence[Sequence[Any]]) -> str:
    ordered = sorted(dice, key=lambda d: (engine.COLOURS.index(d[0]), d[1]))
    return ", ".join(_die(t, colour, face) for colour, face in ordered)


def column_rows(state: engine.State, seat: int, colour: str, count: int) -> list[int]:
    """The rows the ``count`` dice of a colour land in: the column's first empty fields."""
    column = engine.COLOURS.index(colour)
    fields = state.sheets[seat].fields
    empty = [row for index, row in enumerate(engine.ROWS) if fields[index][column] is None]
    return empty[:count]


def fits(state: engine.State, seat: int, t: Text) -> str:
    """Each choice that fits the seat's sheet, numbers first: its dice and the rows they land in
    (a number's dice go into its own row; a colour's into the first empty fields of its
    column, top to bottom)."""
    order = {"number": 0, "colour": 1, "stars": 2}
    texts = []
    for choice in sorted(engine.fitting_choices(state, seat), key=lambda c: order[c["kind"]]):
        count = len(choice["dice"])
        if choice["kind"] == "number":
            texts.append(t("alt-ds-fit-number", n=choice["n"], count=count))
        elif choice["kind"] == "colour":
            faces = sorted(face for _, face in choice["dice"])
            rows = column_rows(state, seat, choice["colour"], count)
            texts.append(
                t(
                    "alt-ds-fit-colour",
                    colour=t(f"ds-colour-{choice['colour']}"),
                    faces=", ".join(str(f) if f != engine.STAR else t("ds-star") for f in faces),
                    rows=", ".join(map(str, rows)),
                    count=len(rows),
                )
            )
        else:
            texts.append(t("alt-ds-fit-stars", count=choice["count"]))
    return t("alt-sep").join(texts)


def _phase_parts(state: engine.State, names: Sequence[str], t: Text) -> list[Part]:
    """What the player to act may do now, first."""
    seat, player = state.current, seat_name(names, state.current)
    if state.phase == engine.REFILL:
        return [(t("alt-ds-refill", player=player), 0)]
    if state.phase == engine.DRAW:
        sizes = engine.draw_options(state)
        if len(sizes) == 1:
            return [(t("alt-ds-draw-all", player=player, count=sizes[0]), 0)]
        return [(t("alt-ds-draw", player=player, least=min(sizes), most=max(sizes)), 0)]
    fitting = fits(state, seat, t)
    if not fitting:
        return [(t("alt-ds-take", player=player), 0), (t("alt-ds-nothing-fits"), 0)]
    return [(t("alt-ds-take", player=player), 0), (t("alt-ds-fits", fits=fitting), 0)]


def turn_alt(state: engine.State, names: Sequence[str], t: Text) -> str:
    """The turn picture: the phase and the choices, the score, the reserve, the bag."""
    if engine.is_over(state):
        return scoreboard_alt(state, names, t)
    seat = state.current
    totals = engine.scores(state)
    others = ", ".join(
        t("alt-score", player=seat_name(names, s), points=totals[s])
        for s in range(state.seats)
        if s != seat
    )
    dice = _dice(t, [(engine.COLOURS[colour], face) for colour, face in state.reserve])
    solo = engine.solo_opponent_score(state) if state.seats == 1 else None
    parts: list[Part | None] = [
        *_phase_parts(state, names, t),
        (t("alt-own-score", player=seat_name(names, seat), points=totals[seat]), 1),
        (t("alt-ds-last-round"), 1) if state.end_triggered else None,
        (t("alt-ds-reserve", dice=dice) if dice else t("alt-ds-reserve-empty"), 2),
        (t("alt-ds-solo-opponent", points=solo), 2) if solo is not None else None,
        (t("alt-others" if seat is not None else "alt-scores", scores=others), 3)
        if others
        else None,
        (t("alt-ds-bag", bag=sum(state.bag), discard=sum(state.discard)), 4),
    ]
    return compose(parts)


def sheet_alt(state: engine.State, seat: int, name: str, t: Text) -> str:
    """A player's sheet: whose, the score, the fields filled, the choices if it is their turn."""
    sheet = engine.view(state, None)["sheets"][seat]
    rows = ", ".join(
        t("ds-img-summary-row", row=row["row"], final=row["final"], state=row_state(row))
        for row in sheet["rows"]
    )
    playing = state.phase == engine.TAKE and state.current == seat
    fitting = fits(state, seat, t) if playing else ""
    parts: list[Part | None] = [
        (t("alt-ds-sheet", player=name, points=sheet["total"]), 0),
        (t("alt-ds-white", filled=sheet["white_filled"], white=engine.WHITE_FIELDS), 1),
        (t("alt-ds-fits", fits=fitting), 1) if fitting else None,
        (t("alt-ds-penalty", points=sheet["penalty"]), 1) if sheet["penalty"] else None,
        (t("alt-ds-rows", rows=rows), 2),
    ]
    if state.seats == 1:
        solo = engine.view(state, None)["solo"]
        parts.append(
            (t("alt-ds-solo-grid", crossed=solo["crossed"], boxes=solo["boxes"]), 2),
        )
    return compose(parts)


def scoreboard_alt(
    state: engine.State, names: Sequence[str], t: Text, best: int | None = None
) -> str:
    """The result: the places and points, or a solo game's outcome against the opponent."""
    result = engine.result(state)
    if state.seats == 1:
        solo = engine.view(state, None)["solo"]
        return compose(
            [
                (
                    t(
                        "alt-ds-solo-result",
                        outcome=result["outcome"],
                        player=seat_name(names, 0),
                        points=result["score"],
                        opponent=result["opponent"],
                    ),
                    0,
                ),
                (t("alt-ds-solo-grid", crossed=solo["crossed"], boxes=solo["boxes"]), 1),
                (t("alt-best", best=best), 2) if best is not None else None,
            ]
        )
    places, totals = result["ranking"], result["scores"]
    order = sorted(range(state.seats), key=lambda s: (places[s], s))
    ranking = ", ".join(
        t("alt-place", place=places[s], player=seat_name(names, s), points=totals[s]) for s in order
    )
    shared = sum(place == 1 for place in places) > 1
    return compose(
        [
            (t("alt-ds-result", shared=int(shared)), 0),
            (ranking, 0),
        ]
    )
