"""Every picture's alt text: present, within 256 characters, in en, de and fr, saying whose
picture it is, the score or the phase and what the player may do, and no secret in a public one.

The picture kinds are those of ``tests/support/picture_kinds.py`` (seeded autopilot games);
the expected facts are read from the game states, never written into the test.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bench.playouts import positions
from games import dice_stars, dizzle, stella
from games.dizzle_levels import field_label
from games.table import Seat, Table
from locales import LANGUAGES, Localizer
from rendering.legend import legend_keys
from screens import dice_stars_alt, dizzle_alt, stella_alt
from screens.alt_text import ELLIPSIS, LIMIT, MIN_PIECE, compose, shorten
from screens.context import TableContext
from screens.dice_stars import DiceStarsScreens
from screens.dizzle import DizzleScreens
from screens.legend_alt import legend_alt
from screens.stella import StellaScreens
from tests.support import picture_kinds
from tests.support.picture_kinds import labels

# Discord's longest display names: 32 characters, six different ones.
LONG_NAMES = [f"{letter * 29}{index:03}" for index, letter in enumerate("WMQÄÉZ")]
PICTURES = picture_kinds.pictures()
LONG = picture_kinds.pictures(LONG_NAMES)
NAMES = picture_kinds.NAMES
GAMES = ("dice_stars", "dizzle", "stella")


def _ids(pictures: list[picture_kinds.Picture]) -> list[str]:
    return [f"{p.kind} ({p.moment})" for p in pictures]


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


# ---- the composer -----------------------------------------------------------------------


def test_the_least_important_part_gives_way_first_and_the_order_stays():
    parts = [("whose turn.", 0), ("score.", 1), ("bag " + "x" * 60 + ".", 3), ("reserve.", 2)]
    assert compose(parts, limit=1000) == f"whose turn. score. bag {'x' * 60}. reserve."
    assert compose(parts, limit=40) == "whose turn. score. reserve."
    assert compose(parts, limit=20) == "whose turn. score."
    assert compose(parts, limit=11) == "whose turn."


def test_a_long_part_that_gives_way_keeps_its_first_items_when_there_is_room():
    items = ", ".join(f"item {n}" for n in range(40))
    text = compose([("Head.", 0), (items, 1)], limit=100)
    assert len(text) <= 100 and text.startswith("Head. item 0, item 1")
    assert text.endswith(ELLIPSIS) and text[: -len(ELLIPSIS)].rstrip()[-1].isdigit()
    room = MIN_PIECE - 1  # too little room left: the part is dropped, not cut to a stub
    assert compose([("h" * (100 - room - 1), 0), (items, 1)], limit=100) == "h" * (100 - room - 1)


def test_a_text_too_long_is_cut_after_a_whole_item_or_word():
    text = "; ".join(f"field {n} on C{n}" for n in range(30))
    short = shorten(text, 60)
    assert len(short) <= 60 and short.endswith(ELLIPSIS)
    assert text.startswith(short[: -len(ELLIPSIS)])
    assert short[: -len(ELLIPSIS)] in {text[:at] for at in _ends(text, "; ")}
    one_word = shorten("a " + "w" * 300, 50)
    assert one_word == "a" + ELLIPSIS  # never half a word, while a whole one fits


def test_no_break_spaces_of_french_typography_survive_the_bound():
    text = "Possible\u00a0: 1 sur D2\u00a0; " + "2 sur G3\u00a0; " * 40
    short = shorten(text, 80)
    assert short.startswith("Possible\u00a0: 1 sur D2\u00a0; 2 sur G3")
    assert not short[: -len(ELLIPSIS)].endswith(("\u00a0", ";", " "))


def _ends(text: str, mark: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(mark), text)]


# ---- every picture kind, in every language ------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(PICTURES)), ids=_ids(PICTURES))
def test_every_picture_kind_has_a_bounded_alt_text_in_every_language(index, language):
    picture = PICTURES[index]
    text = picture.alt(labels(language))
    assert text and len(text) <= LIMIT, (len(text), text)
    assert "{" not in text and "alt-" not in text, text  # no missing text or variable
    if picture.owner:
        assert picture.owner in text
    # The score or the phase, as a number: points, a round, a place, dice, marks.
    assert re.search(r"\d", text), text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(LONG)), ids=_ids(LONG))
def test_long_names_keep_the_alt_text_bounded_and_whole(index, language):
    picture = LONG[index]
    text = picture.alt(labels(language))
    assert text and len(text) <= LIMIT, (len(text), text)
    body = text.removesuffix(ELLIPSIS)
    for name in LONG_NAMES:  # a name is said whole or not at all
        assert name in body or name[:10] not in body, (name, text)
    if picture.owner:
        assert picture.owner in text
    assert re.search(r"\d", text), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_alt_texts_speak_the_readers_language(language):
    """The same picture is described in each language in its own words."""
    texts = {lang: PICTURES[1].alt(labels(lang)) for lang in LANGUAGES}
    others = [texts[lang] for lang in LANGUAGES if lang != language]
    assert texts[language] not in others


# ---- Dice Stars: the dice that fit and where -----------------------------------------------


def _ds_take_states() -> list[dice_stars.State]:
    return positions("dice_stars", 3, 11, lambda s: s.phase == dice_stars.TAKE)


def test_a_dice_stars_turn_names_each_fitting_die_and_its_row():
    english = labels("en")
    checked = 0
    for state in _ds_take_states()[:40]:
        seat, text = state.current, dice_stars_alt.turn_alt(state, NAMES, english)
        assert len(text) <= LIMIT
        assert NAMES[seat] in text
        fitting = dice_stars.fitting_choices(state, seat)
        if not fitting:
            assert "Nothing fits" in text
            continue
        fits = text.split("Fits: ", 1)[1]
        for choice in fitting:
            count = len(choice["dice"])
            if choice["kind"] == "number":  # a number's dice show it and go into its row
                n = choice["n"]
                assert {face for _, face in choice["dice"]} == {n}
                dice = f"{count} {'die' if count == 1 else 'dice'}"
                assert f"number {n} ({dice}) in row {n}" in fits, (choice, text)
                checked += 1
            elif choice["kind"] == "colour" and not text.endswith(ELLIPSIS):
                column = dice_stars.COLOURS.index(choice["colour"])
                fields = state.sheets[seat].fields
                empty = [
                    str(row) for i, row in enumerate(dice_stars.ROWS) if fields[i][column] is None
                ]
                faces = sorted(face for _, face in choice["dice"])
                said = ", ".join("star" if face == 0 else str(face) for face in faces)
                rows = ", ".join(empty[:count])
                where = "row" if count == 1 else "rows"
                assert f"{choice['colour']} ({said}) in {where} {rows}" in fits, (choice, text)
                checked += 1
    assert checked >= 10


def test_a_dice_stars_turn_says_when_nothing_fits():
    english = labels("en")
    for seed in range(20):
        stuck = positions(
            "dice_stars",
            2,
            seed,
            lambda s: s.phase == dice_stars.TAKE and not dice_stars.fitting_choices(s, s.current),
        )
        if stuck:
            text = dice_stars_alt.turn_alt(stuck[0], NAMES, english)
            assert "Nothing fits" in text and NAMES[stuck[0].current] in text
            return
    pytest.fail("no seeded game came to a turn where nothing fits")


def test_a_dice_stars_sheet_names_its_player_and_total():
    state = _ds_take_states()[-1]
    for seat in range(state.seats):
        for language in LANGUAGES:
            text = dice_stars_alt.sheet_alt(state, seat, NAMES[seat], labels(language))
            assert NAMES[seat] in text
            assert str(dice_stars.scores(state)[seat]) in words(text)


# ---- Dizzle: the fields each die fits -------------------------------------------------------


def test_a_dizzle_turn_names_the_fields_each_die_fits():
    english = labels("en")
    checked = 0
    for state in positions("dizzle", 3, 2, lambda s: s.phase == "turn")[:30]:
        seat = state.turn
        text = dizzle_alt.turn_alt(state, NAMES, english)
        assert NAMES[seat] in text and len(text) <= LIMIT
        places = [a for a in dizzle.legal_actions(state, seat) if a["type"] == "place"]
        if not places:
            assert "no die fits" in text
            continue
        level = state.level
        expected: dict[int, list[str]] = {}
        for action in places:
            value = level.pips[level.cell(*action["at"])]
            expected.setdefault(value, []).append(field_label(*action["at"]))
        if text.endswith(ELLIPSIS):
            continue
        for value, fields in expected.items():
            assert f"{value} on {', '.join(fields)}" in text, (value, fields, text)
            checked += 1
    assert checked >= 10


def test_a_dizzle_planet_pick_names_the_pickers_and_the_planets():
    state = picture_kinds._games()["dz-planets"]
    text = dizzle_alt.turn_alt(state, NAMES, labels("en"))
    pickers = dizzle.to_move(state)
    for seat in pickers:
        assert NAMES[seat] in text
    for seat in pickers:
        for action in dizzle.legal_actions(state, seat):
            assert field_label(*action["at"]) in text


# ---- Stella: no secret in a public picture's text -------------------------------------------

LABEL = re.compile(r"\b[A-E][1-3]\b")


def _stella_states() -> list[stella.State]:
    return positions("stella", 5, 4)


def test_stella_public_texts_name_only_revealed_cards():
    """While cards are marked or hidden, the grid's and the board's texts name no card a
    player marked; on the board only the revealed cards are named."""
    english = labels("en")
    for state in _stella_states():
        public = stella.view(state, None)
        revealed = {stella.label(card) for card, _ in state.reveals}
        texts = [stella_alt.board_alt(public, NAMES, english)]
        if state.phase == stella.MARKING:
            texts.append(stella_alt.grid_alt(public, english))
        for text in texts:
            assert set(LABEL.findall(text)) - {"A1", "E3"} <= revealed, text


def test_stella_public_texts_do_not_change_with_the_secret_slates():
    """Changing what anyone marked changes no public text (only the slate's owner hears it)."""
    screens = StellaScreens()
    loc = Localizer()
    for state in _stella_states()[::5]:
        other = stella.from_json(stella.to_json(state))
        revealed = {card for card, _ in other.reveals}
        for seat in range(other.seats):
            # The same revealed marks and as many marks (both public): other hidden ones.
            slate = other.slates[seat]
            hidden = [card for card in slate if card not in revealed]
            free = [c for c in range(stella.GRID_SIZE) if c not in revealed and c not in slate]
            if hidden and len(free) >= len(hidden):
                shown = [card for card in slate if card in revealed]
                other.slates[seat] = sorted(shown + free[: len(hidden)])
        assert other.slates != state.slates or not any(state.slates)
        ctxs = [_ctx(s, loc, "en", 6) for s in (state, other)]
        assert screens.picture_alt(ctxs[0]) == screens.picture_alt(ctxs[1])
        public = [stella.view(s, None) for s in (state, other)]
        english = labels("en")
        if state.history:
            assert stella_alt.round_alt(public[0], NAMES, english) == stella_alt.round_alt(
                public[1], NAMES, english
            )


def test_a_stella_slate_names_only_its_owners_cards():
    english = labels("en")
    for state in _stella_states():
        for seat in range(state.seats):
            own = stella.view(state, seat)
            text = stella_alt.slate_alt(own, english)
            mine = {stella.label(card) for card in state.slates[seat]}
            assert set(LABEL.findall(text)) <= mine, (text, mine)
            assert len(text) <= LIMIT


def test_the_grid_text_stays_the_same_while_players_lock_in():
    """The grid picture does not change when someone locks in, nor does its description: the
    channel's message is not uploaded again for it (the picture's digest includes the text)."""
    english = labels("en")
    marking = [s for s in _stella_states() if s.phase == stella.MARKING]
    by_round: dict[int, set[str]] = {}
    for state in marking:
        by_round.setdefault(state.round, set()).add(
            stella_alt.grid_alt(stella.view(state, None), english)
        )
    assert by_round and all(len(texts) == 1 for texts in by_round.values())


# ---- the rules cards' legends and the history replays ----------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_legend_text_names_the_game_and_its_first_symbols(game, language):
    t = labels(language)
    text = legend_alt(game, t)
    assert len(text) <= LIMIT
    assert t(f"game-{game}") in text
    assert t(legend_keys(game)[0]) in text


def _ctx(state: object, loc: Localizer, language: str, seats: int) -> TableContext:
    seated = [Seat(i + 1, NAMES[i]) for i in range(seats)]
    table = Table(kind="x", host_id=1, language=language, options={}, seats=seated)
    return TableContext(1, 1, table, state, language, loc)


@pytest.mark.parametrize(
    ("screens", "key", "seats"),
    [
        (DiceStarsScreens(), "ds-mid", 4),
        (DizzleScreens(), "dz-mid", 4),
        (StellaScreens(), "st-exploring", 6),
    ],
)
def test_a_replay_describes_its_picture_in_the_readers_language(screens, key, seats):
    """The history replay asks the game's screens for the picture's text in its reader's
    language (the picture itself speaks the table's)."""
    loc = Localizer()
    state = picture_kinds._games()[key]
    table_ctx = _ctx(state, loc, "en", seats)
    english = screens.picture_alt(table_ctx)
    german = screens.picture_alt(replace(table_ctx, language="de"))
    assert english != german and len(german) <= LIMIT
    assert NAMES[0] in german or any(name in german for name in NAMES[:seats])
