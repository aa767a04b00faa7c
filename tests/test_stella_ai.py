"""Stella's computer seats: the association data, the marking and designation, and secrecy."""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path

import pytest

from cogs.stella import StellaPlugin
from games import stella as st
from games import stella_ai as ai
from games import table as tables
from games.engine import CHANCE, settle
from games.stella_concepts import (
    MOTIF_NAMES,
    SCENES,
    THEMES,
    THEMES_OF,
    VOCABULARY,
    WORDS,
    describe_tags,
    description,
    fit,
    word_concepts,
)
from games.stella_scenes import MOTIFS, PALETTES, plan_card
from games.stella_words import WORD_CARDS
from locales import Localizer
from rendering import stella_cards
from rendering.stella_folder import TAGS_FILE, parse_tags, read_tags
from screens.lobby import lobby_screen

DECK = stella_cards.DECK_SIZE


def new(seats: int, seed: int = 1, preset: str = "seed") -> st.State:
    state = st.new_game(seats, seed, {"preset": preset, "deck_size": DECK})
    settle(st, state)
    return state


def play_computers(seats: int, seed: int, preset: str = "seed") -> tuple[st.State, list]:
    """A whole game of computer seats; every step, chance outcomes included."""
    state = st.new_game(seats, seed, {"preset": preset, "deck_size": DECK})
    log = []
    while not st.is_over(state):
        seat = st.to_move(state)[0]
        action = st.sample_chance(state) if seat == CHANCE else st.autopilot(state, seat)
        log.append((seat, action))
        st.apply(state, seat, action)
    return state, log


# --- the data ------------------------------------------------------------------------------


def test_every_word_card_has_concepts_for_both_words_in_every_language() -> None:
    for language, cards in WORD_CARDS.items():
        assert len(cards) == len(WORD_CARDS["en"]), language
    for index, (first, second) in enumerate(WORD_CARDS["en"]):
        for side, word in enumerate((first, second)):
            concepts = word_concepts(index, side)
            assert concepts == WORDS[word] and concepts[0] == word.lower()
            assert len(concepts) >= 5, f"{word} calls up too little: {concepts}"
            unknown = [c for c in concepts[1:] if c not in VOCABULARY]
            assert not unknown, f"{word}: {unknown} name no motif and no theme"
            assert len(set(concepts)) == len(concepts), f"{word} names a concept twice"
    assert set(WORDS) == {word for card in WORD_CARDS["en"] for word in card}


def test_themes_and_scenes_name_only_what_the_deck_has() -> None:
    for theme, motifs in THEMES.items():
        assert motifs and set(motifs) <= MOTIF_NAMES, theme
    for scene, themes in SCENES.items():
        assert set(themes) <= VOCABULARY, scene
    palettes = {f"palette {p.name}" for p in PALETTES}
    assert palettes <= set(SCENES), "every palette adds its mood"
    assert {m.name for m in MOTIFS} <= set(THEMES_OF), "every motif belongs to a theme"


def test_every_motif_of_the_deck_is_reachable_by_some_word() -> None:
    calls = [set(concepts) for concepts in WORDS.values()]
    for motif in MOTIFS:
        shows = {motif.name, *THEMES_OF.get(motif.name, ())}
        assert any(shows & concepts for concepts in calls), f"no word calls up {motif.name}"


def test_every_painted_card_fits_some_word_through_its_focal_motif() -> None:
    calls = list(WORDS.values())
    for card_id in range(DECK):
        focal = plan_card(card_id).focal.name
        alone = {focal: 1.0, **{theme: 0.7 for theme in THEMES_OF[focal]}}
        assert max(fit(concepts, alone) for concepts in calls) > 0, card_id


def test_a_card_is_described_by_its_motifs_more_than_by_its_scene() -> None:
    plan = plan_card(5)
    card = description(5)
    assert card[plan.focal.name] == 1.0
    for placement in plan.placements:
        assert card[placement.motif.name] >= 0.5
    assert max(weight for concept, weight in card.items() if concept in MOTIF_NAMES) == 1.0
    assert all(0 < weight <= 1.0 for weight in card.values())


def test_tags_describe_a_server_picture() -> None:
    card = describe_tags(["Owl", "lighthouse", " ", "sea"])
    assert card["owl"] == 1.0 and card["night"] == pytest.approx(0.7), "a motif brings themes"
    assert card["lighthouse"] == 0.6, "any other word counts as itself"
    assert card["sea"] == 0.6
    assert fit(WORDS["Lighthouse"], card) > fit(WORDS["Lighthouse"], describe_tags(["cake"]))


def test_the_tags_file_format() -> None:
    text = "# what the pictures show\n\nowl.jpg: owl, night ,forest\nno-tags.png:\nc:d.png: key\n"
    assert parse_tags(text) == {"owl.jpg": ("owl", "night", "forest"), "c:d.png": ("key",)}


def test_a_tags_file_is_read_again_when_it_changes(tmp_path: Path) -> None:
    assert read_tags(tmp_path) is None
    tags = tmp_path / TAGS_FILE
    tags.write_text("a.png: owl\n", encoding="utf-8")
    assert read_tags(tmp_path) == {"a.png": ("owl",)}
    stamp = tags.stat().st_mtime_ns + 1_000_000  # a later edit, even within the same tick
    tags.write_text("a.png: key, door\n", encoding="utf-8")
    os.utime(tags, ns=(stamp, stamp))
    assert read_tags(tmp_path) == {"a.png": ("key", "door")}


# --- playing -------------------------------------------------------------------------------


def test_computers_mark_and_designate_legally_in_whole_games() -> None:
    for seats in range(3, 7):
        for preset in st.PRESETS:
            state = st.new_game(seats, seats * 7, {"preset": preset, "deck_size": DECK})
            while not st.is_over(state):
                settle(st, state)
                if st.is_over(state):
                    break
                seat = st.to_move(state)[0]
                before = st.to_json(state)
                action = st.autopilot(state, seat)
                assert st.to_json(state) == before, "asking changes nothing"
                if action["type"] == "set_marks":
                    assert st.MIN_MARKS <= len(action["cards"]) <= st.MAX_MARKS
                    assert action["cards"] == sorted(set(action["cards"]))
                else:
                    assert action in st.legal_actions(state, seat)
                st.apply(state, seat, action)
            assert len(state.history) == st.ROUNDS


def test_computer_games_are_seeded_and_replay_exactly() -> None:
    state, log = play_computers(4, seed=21)
    again, log_again = play_computers(4, seed=21)
    assert log == log_again and st.to_json(state) == st.to_json(again)
    _, other_log = play_computers(4, seed=22)
    assert other_log != log
    replay = st.new_game(4, 21, {"deck_size": DECK})
    for seat, action in log:
        st.apply(replay, seat, action)
    assert st.to_json(replay) == st.to_json(state)


def test_a_computer_never_reads_another_slate_while_marking() -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = new(5, seed=seed)
        wanted = {seat: ai.slate(state, seat) for seat in range(5)}
        for seat in range(5):
            other = st.from_json(st.to_json(state))
            for someone in range(5):
                if someone != seat:
                    cards = sorted(rng.sample(range(st.GRID_SIZE), rng.randint(1, 10)))
                    st.apply(other, someone, {"type": "set_marks", "cards": cards})
                    if rng.random() < 0.5:
                        st.apply(other, someone, {"type": "lock_in"})
            assert ai.slate(other, seat) == wanted[seat]
            assert st.autopilot(other, seat) == {"type": "set_marks", "cards": wanted[seat]}


def test_a_computer_never_reads_another_slate_when_it_designates() -> None:
    rng = random.Random(8)
    for seed in range(30):
        state = new(4, seed=seed)
        for seat in range(4):
            st.apply(state, seat, {"type": "set_marks", "cards": ai.slate(state, seat)})
            st.apply(state, seat, {"type": "lock_in"})
        if state.phase != st.EXPLORATION:
            continue
        scout = state.active
        choice = st.autopilot(state, scout)
        revealed = {card for card, _ in state.reveals}
        for _ in range(5):
            # Others' unrevealed marks change, their counts stay: nothing the scout sees moves.
            other = st.from_json(st.to_json(state))
            for seat in range(4):
                if seat != scout:
                    hidden = [c for c in range(st.GRID_SIZE) if c not in revealed]
                    count = len(other.slates[seat])
                    kept = [c for c in other.slates[seat] if c in revealed]
                    fresh = rng.sample([c for c in hidden if c not in kept], count - len(kept))
                    other.slates[seat] = sorted(kept + fresh)
            assert st.view(other, scout) == st.view(state, scout)
            assert st.autopilot(other, scout) == choice


def test_the_most_likely_match_goes_first() -> None:
    state = new(3, seed=3)
    scores = ai.fits(state)
    marks = [card for card in range(st.GRID_SIZE) if card % 2 == 0]
    st.apply(state, 0, {"type": "set_marks", "cards": marks})
    for seat in range(3):
        if seat:
            st.apply(state, seat, {"type": "set_marks", "cards": [1]})
        st.apply(state, seat, {"type": "lock_in"})
    state.active = 0  # the test looks at seat 0's choice, whoever would start
    best = max(marks, key=lambda card: (scores[card], -card))
    assert ai.designation(state, 0) == best


def test_a_card_that_shows_the_word_is_marked_and_designated_by_every_computer() -> None:
    # Card 54 of the painted deck shows a wolf; the word card 58 reads "Hunger / Wolf".
    assert plan_card(54).focal.name == "wolf" and WORD_CARDS["en"][58] == ("Hunger", "Wolf")
    concepts = word_concepts(58, 1)
    dull = sorted(range(DECK), key=lambda card: fit(concepts, description(card)))
    cards = [*[card for card in dull if card != 54][:14], 54]
    state = st.new_game(3, 4, {"deck_size": DECK, "host_starts": True})
    st.apply(state, CHANCE, {"type": "deal", "cards": cards, "word": 58, "side": 1})
    wolf = cards.index(54)
    for seat in range(3):
        assert wolf in ai.slate(state, seat), ai.style(seat).name
    while state.phase == st.MARKING:
        seat = st.to_move(state)[0]
        st.apply(state, seat, st.autopilot(state, seat))
    events = st.apply(state, state.active, st.autopilot(state, state.active))
    assert events[0]["card"] == wolf and len(events[0]["seats"]) == 3


def test_a_cautious_computer_marks_fewer_cards_than_a_bold_one() -> None:
    assert [ai.style(seat).name for seat in range(6)] == ["steady", "cautious", "bold"] * 2
    counts = {"cautious": 0, "bold": 0}
    for seed in range(60):
        state = new(3, seed=seed)
        counts["cautious"] += len(ai.slate(state, 1))
        counts["bold"] += len(ai.slate(state, 2))
    assert counts["cautious"] < counts["bold"]


def test_computers_spark_far_more_often_than_random_markers() -> None:
    from bench.stella_ai import computer, play_game, random_markers, tally

    ours = tally([play_game(3, "seed", seed, computer) for seed in range(1, 11)])
    chance = tally([play_game(3, "seed", s, random_markers(s)) for s in range(1, 11)])
    assert ours.spark_share >= 2 * chance.spark_share
    assert ours.points_per_round > chance.points_per_round


# --- at the table --------------------------------------------------------------------------


def lobby(deck: str = "generated") -> tables.Table:
    table = tables.open_table("stella", 1, "Ann", "en", {"deck": deck})
    return table


def test_a_server_deck_without_tags_offers_no_computer_seat(tmp_path: Path) -> None:
    loc = Localizer()
    plugin = StellaPlugin(tmp_path)
    painted, custom = lobby(), lobby("custom")
    assert plugin.computer_refusal(painted) is None
    assert plugin.computer_refusal(custom) == "st-lobby-computers-need-tags"
    screen = lobby_screen(plugin, loc, 1, 1, custom)
    buttons = [button for row in screen.rows if isinstance(row, tuple) for button in row]
    assert buttons and not [b for b in buttons if b.payload.startswith("bot:")]
    assert "stella-tags.txt" in screen.text
    screen = lobby_screen(plugin, loc, 1, 1, painted)
    assert any(item.payload == "bot:1" for item in screen.rows[0])
    (tmp_path / TAGS_FILE).write_text("a.png: owl\n", encoding="utf-8")
    assert plugin.computer_refusal(custom) is None


def test_a_server_deck_game_with_computers_needs_its_tags_file(tmp_path: Path) -> None:
    plugin = StellaPlugin(tmp_path)
    table = lobby("custom")
    table.seats.append(tables.Seat(None, "Robo 1", computer=True))
    table.seats.append(tables.Seat(2, "Bo"))
    with pytest.raises(st.SetupError) as refused:
        plugin.new_state(table)
    assert refused.value.key == "st-error-computers-need-tags"


def test_the_table_describes_a_server_deck_by_its_tags(tmp_path: Path) -> None:
    plugin = StellaPlugin(tmp_path)
    table = lobby("custom")
    table.options["deck_files"] = ["a.png", "b.png"]
    assert plugin.describer(table) is None
    (tmp_path / TAGS_FILE).write_text("b.png: owl, night\n", encoding="utf-8")
    describe = plugin.describer(table)
    assert describe is not None and describe(0) == {}
    assert describe(1)["owl"] == 1.0
    assert plugin.describer(lobby()) is description


def test_a_timed_out_scout_designates_its_most_likely_match(tmp_path: Path) -> None:
    plugin = StellaPlugin(tmp_path)
    state = new(3, seed=9)
    assert plugin.timeout_action(state, 0, lobby()) == {"type": "time_out"}  # marking
    for seat in range(3):
        st.apply(state, seat, {"type": "set_marks", "cards": [0, 1, 2, 3, 4, 5]})
        st.apply(state, seat, {"type": "lock_in"})
    scout = state.active
    action = plugin.timeout_action(state, scout, lobby())
    assert action == {"type": "time_out", "card": ai.designation(state, scout)}
    custom = lobby("custom")
    custom.options["deck_files"] = [f"{n}.png" for n in range(DECK)]
    assert plugin.timeout_action(state, scout, custom) == {"type": "time_out"}, "no tags: drawn"
    moved = dataclasses.replace(state)
    events = st.apply(moved, scout, action)
    assert events[1]["card"] == action["card"]
