"""Each game's table messages name the round or phase of the moment in their header line, in
every language, and their text does not say it again.

The header shares one phone line with the game's name: it stays short. States come from seeded
autopilot games (``bench.playouts``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from bench.playouts import NAMES, positions
from games import dizzle, stella
from games.table import Seat, Table
from locales import LANGUAGES, Localizer
from screens.context import TableContext
from screens.dice_stars import DiceStarsScreens
from screens.dizzle import DizzleScreens, level_name
from screens.model import Screen
from screens.stella import StellaScreens
from tests.support.picture_kinds import flat_card

LOC = Localizer()
LONGEST = 40  # characters beside the game's name on one line of a phone


@cache
def states() -> dict[str, Any]:
    found: dict[str, Any] = {}
    ds = positions("dice_stars", 4, 3)
    found["ds-mid"], found["ds-end"] = ds[len(ds) // 2], ds[-1]
    ending = positions("dice_stars", 4, 1)  # its end is triggered before the round's last turn
    found["ds-last"] = next(s for s in ending if s.end_triggered)
    found["ds-solo-end"] = positions("dice_stars", 1, 5)[-1]
    dz = positions("dizzle", 4, 3)  # level 4: planets
    found["dz-mid"], found["dz-end"] = dz[len(dz) // 2], dz[-1]
    found["dz-planets"] = next(s for s in dz if s.phase == "planets")
    dz_solo = positions("dizzle", 1, 1)
    found["dz-solo-mid"], found["dz-solo-end"] = dz_solo[len(dz_solo) // 2], dz_solo[-1]
    st = positions("stella", 4, 2)
    found["st-marking"] = next(s for s in st if s.phase == stella.MARKING and s.round == 2)
    found["st-exploring"] = next(s for s in st if s.phase == stella.EXPLORATION and s.round == 3)
    found["st-after"] = next(s for s in st if s.phase == stella.MARKING and s.round == 3)
    found["st-end"] = st[-1]
    return found


def context(key: str, language: str) -> TableContext:
    state = states()[key]
    kind = {"ds": "dice_stars", "dz": "dizzle", "st": "stella"}[key[:2]]
    seats = [Seat(index + 1, name) for index, name in enumerate(NAMES[: state.seats])]
    table = Table(kind, 1, language, {}, seats=seats)
    return TableContext(7, 1, table, state, language, LOC)


def said(language: str, key: str, **args: Any) -> str:
    return LOC.text(language, key, **args)


def turn(key: str, language: str) -> Screen:
    ctx = context(key, language)
    game = key[:2]
    if game == "ds":
        return DiceStarsScreens().turn_screen(ctx)
    if game == "dz":
        return DizzleScreens().turn_screen(ctx)
    return StellaScreens(painted=flat_card).turn_screen(ctx)  # type: ignore[arg-type]


def final(key: str, language: str) -> Screen:
    ctx = context(key, language)
    game = key[:2]
    if game == "ds":
        return DiceStarsScreens().final_screen(ctx)
    if game == "dz":
        return DizzleScreens().final_screen(ctx)
    return StellaScreens(painted=flat_card).final_screen(ctx)  # type: ignore[arg-type]


def check(screen: Screen, expected: str, round_words: str | None) -> None:
    """The header says ``expected`` (all of it), briefly; the text says none of the round."""
    assert screen.header == expected
    assert len(expected) <= LONGEST, expected
    assert "\n" not in expected and "**" not in expected, "one plain line beside the name"
    first = expected.split(" · ")[0]
    assert first not in screen.text, f"said twice: {first!r} in {screen.text!r}"
    if round_words:
        assert round_words not in screen.text, f"said twice: {round_words!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_dice_stars_turn_names_the_round_and_then_the_last_round(language: str) -> None:
    for key in ("ds-mid", "ds-last"):
        state = states()[key]
        round_ = state.turns[state.current] + 1
        expected = said(language, "hd-round", round=round_)
        if state.end_triggered:
            expected += " · " + said(language, "hd-last-round")
        check(turn(key, language), expected, said(language, "hd-round", round=round_))
    mid, last = states()["ds-mid"], states()["ds-last"]
    assert not mid.end_triggered and last.end_triggered
    # Every seat of a round has had as many turns, or one fewer: the round is the same for all.
    assert max(mid.turns) - min(mid.turns) <= 1 and mid.turns[mid.current] > 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_dice_stars_results_are_final_scores(language: str) -> None:
    check(final("ds-end", language), said(language, "hd-final"), None)
    solo = final("ds-solo-end", language)
    check(solo, said(language, "hd-solo-final"), None)
    assert said(language, "hd-final") not in final("ds-end", language).text


@pytest.mark.parametrize("language", LANGUAGES)
def test_dizzle_turn_names_round_and_pass_or_the_planet_picks(language: str) -> None:
    for key in ("dz-mid", "dz-planets", "dz-solo-mid"):
        state = states()[key]
        view = dizzle.view(state, None)
        expected = said(language, "hd-round-of", round=view["round"], rounds=view["rounds"])
        if state.phase == "planets":
            expected += " · " + said(language, "hd-planets")
        elif view["passes"] > 1:
            expected += " · " + said(
                language, "hd-pass", **{"pass": view["pass"]}, passes=view["passes"]
            )
        screen = turn(key, language)
        check(screen, expected, f"{view['round']}/{view['rounds']}")
        if key == "dz-mid":
            assert " · " in expected and str(view["pass"]) in expected
        if key == "dz-solo-mid":
            assert " · " not in expected, "a solo round has one pass: none named"


@pytest.mark.parametrize("language", LANGUAGES)
def test_dizzle_results_name_the_level(language: str) -> None:
    for key, title in (("dz-end", "hd-final"), ("dz-solo-end", "hd-solo-final")):
        level = dizzle.view(states()[key], None)["level"]
        name = level_name(level["id"], level["title"], lambda k, **a: said(language, k, **a))
        screen = final(key, language)
        check(screen, f"{said(language, title)} · {name}", None)
        assert name not in screen.text, "the level is the header's"


@pytest.mark.parametrize("language", LANGUAGES)
def test_stella_turns_name_round_word_and_phase(language: str) -> None:
    for key, phase in (("st-marking", "hd-marking"), ("st-exploring", "hd-exploration")):
        state = states()[key]
        word = stella.word(state)
        assert word
        expected = " · ".join(
            (
                said(language, "hd-round-of", round=state.round, rounds=stella.ROUNDS),
                said(language, "hd-word", word=word),
                said(language, phase),
            )
        )
        screen = turn(key, language)
        check(screen, expected, said(language, "hd-round-of", round=state.round, rounds=4))
        assert word not in screen.text, "the word is the header's"


@pytest.mark.parametrize("language", LANGUAGES)
def test_stella_round_results_and_final(language: str) -> None:
    state = states()["st-after"]  # round 3 is being marked: round 2's results are posted
    record = state.history[-1]
    ctx = context("st-after", language)
    events = [{"type": "round_over", "round": record["round"]}]
    events += [
        {"type": "round_score", "seat": seat, "points": 2, "total": 5}
        for seat in range(state.seats)
    ]
    own = StellaScreens(painted=flat_card).own_screen(ctx, events)  # type: ignore[arg-type]
    expected = " · ".join(
        (
            said(language, "hd-round-of", round=record["round"], rounds=stella.ROUNDS),
            said(language, "hd-word", word=record["word"]),
            said(language, "hd-round-results"),
        )
    )
    check(own, expected, said(language, "st-event-round_over", round=record["round"]))
    assert NAMES[0] in own.text, "the scores stay"
    check(final("st-end", language), said(language, "hd-final"), None)


def test_french_headers_set_the_word_in_guillemets_with_no_break_spaces() -> None:
    assert said("fr", "hd-word", word="Lune") == "«\u00a0Lune\u00a0»"
    assert said("de", "hd-word", word="Mond") == "„Mond“"
    assert said("en", "hd-word", word="Moon") == "“Moon”"
