"""What Stella's pictures say to a screen reader (see :mod:`screens.alt_text`).

Secrecy as in :mod:`screens.stella`: the texts of public pictures (the grid, the board, the
round's scores, the result) are made from the spectator view ``view(state, None)`` only: the
round, the word, the revealed cards with who designated and who had marked them, Darkness,
whose turn, the points. A slate's text is made from its owner's view and goes to its owner
only. Each text is made only from what its picture shows, so it changes only when the picture
does (the grid's text names nobody: who locked in is not on the grid picture).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games import stella as engine
from rendering.stella import reveal_outcomes, round_tally, standings
from rendering.toolkit import seat_name
from screens.alt_text import Part, compose

Text = Callable[..., str]
View = Mapping[str, Any]


def _labels(cards: Sequence[int]) -> str:
    return ", ".join(engine.label(card) for card in sorted(set(cards)))


def _round(view: View, t: Text) -> str:
    return t("alt-st-round", round=view["round"], rounds=engine.ROUNDS, word=view["word"] or "")


def grid_alt(public: View, t: Text) -> str:
    """The round's grid while players mark: the round, the word, what to do."""
    return compose(
        [
            (_round(public, t), 0),
            (t("alt-st-grid", first="A1", last=engine.label(engine.GRID_SIZE - 1)), 0),
            (t("alt-st-mark", min=engine.MIN_MARKS, max=engine.MAX_MARKS), 0),
        ]
    )


def slate_alt(own: View, t: Text) -> str:
    """A player's own slate (sent to them only): their marks, locked in or not, what is left."""
    seat = own["viewer"]
    marks = sorted(set(own.get("my_slate") or []))
    revealed = {entry["card"] for entry in own["revealed"]}
    parts: list[Part | None] = [
        (t("alt-st-slate", count=len(marks), labels=_labels(marks)), 0),
        (_round(own, t), 1),
    ]
    if own["phase"] == engine.MARKING:
        parts.append((t("alt-st-locked" if own["locked_in"][seat] else "alt-st-draft"), 0))
    elif own["phase"] == engine.EXPLORATION:
        hidden = [card for card in marks if card not in revealed]
        shown = [card for card in marks if card in revealed]
        if own["fallen"][seat]:
            parts.append((t("alt-st-fallen"), 0))
        elif hidden:
            parts.append((t("alt-st-to-designate", labels=_labels(hidden)), 0))
        if shown:
            parts.append((t("alt-st-revealed-mine", labels=_labels(shown)), 1))
    return compose(parts)


def board_alt(public: View, names: Sequence[str], t: Text) -> str:
    """The exploration board: whose turn, the revealed cards and their outcome, Darkness."""
    parts: list[Part | None] = [(_round(public, t), 0)]
    if public["active"] is not None:
        parts.append((t("alt-st-designates", player=seat_name(names, public["active"])), 0))
    else:
        parts.append((t("alt-st-round-over"), 0))
    reveals = reveal_outcomes(public["revealed"], public["preset"], public["sparks"])
    texts = []
    for reveal in reversed(reveals):  # the latest first: what just happened matters most
        by = seat_name(names, reveal.by)
        if reveal.fall:
            texts.append(t("alt-st-fall", label=reveal.label, player=by))
        else:
            markers = ", ".join(seat_name(names, s) for s in reveal.markers)
            texts.append(
                t(
                    "alt-st-spark",
                    label=reveal.label,
                    player=by,
                    players=markers,
                    points=reveal.points,
                )
            )
    exploring = public["phase"] == engine.EXPLORATION
    if texts:
        parts.append((t("alt-st-revealed", reveals=t("alt-sep").join(texts)), 2))
    elif exploring:
        parts.append((t("alt-st-none-revealed"), 1))
    if public["darkness"] is not None:
        parts.append((t("alt-st-darkness", player=seat_name(names, public["darkness"])), 1))
    seats = range(len(public["left"]))
    taking_part = [s for s in seats if public["taking_part"][s]]
    points = ", ".join(
        t("alt-score", player=seat_name(names, s), points=public["points"][s]) for s in taking_part
    )
    if points and exploring:
        parts.append((t("alt-st-points", points=points), 3))
    counts = public.get("counts") or []
    marks = ", ".join(
        f"{seat_name(names, s)} {counts[s]}" for s in taking_part if s < len(counts) and counts[s]
    )
    if marks:
        parts.append((t("alt-st-counts", counts=marks), 4))
    return compose(parts)


def round_alt(public: View, names: Sequence[str], t: Text) -> str:
    """The scores of the round just played, best first, Darkness's penalty named."""
    if not public["history"]:
        return compose([(t("alt-st-round-scores-none"), 0)])
    record = public["history"][-1]
    seats = len(public["left"])
    tally = round_tally(record, seats)
    scores = []
    for seat in sorted(range(seats), key=lambda s: (-record["scores"][s], s)):
        text = t("alt-score", player=seat_name(names, seat), points=record["scores"][seat])
        if tally.penalty and seat == record["darkness"]:
            text += " " + t("st-sum-penalty", points=tally.penalty)
        scores.append(text)
    header = t("alt-st-round-scores", round=record["round"], word=record["word"] or "")
    totals = ", ".join(
        t("alt-score", player=seat_name(names, s), points=public["totals"][s]) for s in range(seats)
    )
    return compose(
        [(header, 0), (", ".join(scores) + ".", 0), (t("alt-st-totals", scores=totals), 1)]
    )


def scoreboard_alt(public: View, names: Sequence[str], t: Text) -> str:
    """The places and totals: final once the game is over, else the standings; who left
    says so, as the picture does."""
    places = standings(public)
    seats = len(public["left"])
    entries = []
    for seat in sorted(range(seats), key=lambda s: (places[s], s)):
        entry = t(
            "alt-place",
            place=places[seat],
            player=seat_name(names, seat),
            points=public["totals"][seat],
        )
        if public["left"][seat]:
            entry = t("alt-st-left", entry=entry)
        entries.append(entry)
    over = int(public["phase"] == engine.OVER)
    shared = int(over and sum(place == 1 for place in places) > 1)
    heading = t("alt-st-result", over=over, shared=shared)
    return compose([(heading, 0), (", ".join(entries) + ".", 0)])
