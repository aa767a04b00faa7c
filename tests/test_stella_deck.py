"""The painted deck on disk: painted once per folder, read back to the same pixels."""

from __future__ import annotations

from pathlib import Path

import pytest

from rendering import stella_cards, stella_deck
from rendering.stella_deck import PaintedDeck

WIDTH = 176


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = stella_cards.PaintedCards(stella_deck.REFUSED_BYTES)
    monkeypatch.setattr(stella_deck, "_refused", refused)


def test_a_card_is_painted_once_per_folder_and_read_back_alike(tmp_path: Path) -> None:
    deck = PaintedDeck(tmp_path)
    before = stella_cards.paintings
    first = deck(7, WIDTH)
    assert stella_cards.paintings == before + 1
    assert deck.path(7, WIDTH).stat().st_size == WIDTH * 264 * 3
    again = PaintedDeck(tmp_path)(7, WIDTH)
    assert stella_cards.paintings == before + 1, "read from the folder, not painted"
    assert again.tobytes() == first.tobytes() == stella_cards.card_image(7, WIDTH).tobytes()
    assert again.size == (WIDTH, 264) and again.mode == "RGB"


def test_a_card_cut_short_is_painted_again(tmp_path: Path) -> None:
    deck = PaintedDeck(tmp_path)
    expected = deck(3, WIDTH).tobytes()
    deck.path(3, WIDTH).write_bytes(expected[:1000])  # a crash mid-write of an older version
    before = stella_cards.paintings
    assert deck(3, WIDTH).tobytes() == expected
    assert stella_cards.paintings == before + 1
    assert deck.path(3, WIDTH).read_bytes() == expected


def test_a_folder_that_cannot_be_written_still_gives_the_card_painted_once(
    tmp_path: Path,
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    expected = stella_cards.card_image(11, WIDTH).tobytes()
    before = stella_cards.paintings
    card = PaintedDeck(blocked)(11, WIDTH)
    assert card.tobytes() == expected
    assert not list(tmp_path.glob("**/*.rgb"))
    assert PaintedDeck(blocked)(11, WIDTH).tobytes() == card.tobytes()
    assert stella_cards.paintings == before + 1, "kept in memory instead of the folder"


def test_painting_ahead_paints_what_is_missing_only(tmp_path: Path) -> None:
    deck = PaintedDeck(tmp_path)
    assert deck.paint_ahead(20, WIDTH) is True
    assert deck.paint_ahead(20, WIDTH) is False
    assert len(stella_deck._refused) == 0, "ahead of need: on disk, not in memory"
    assert not list(tmp_path.glob("**/*.part")), "no half-written card left behind"


def test_the_folder_names_the_painter(tmp_path: Path) -> None:
    path = PaintedDeck(tmp_path).path(5, WIDTH)
    assert path.relative_to(tmp_path).parts == (stella_deck.painter_version(), "176", "005.rgb")
    assert len(stella_deck.painter_version()) == 12


def test_a_card_outside_the_deck_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        PaintedDeck(tmp_path)(stella_cards.DECK_SIZE, WIDTH)


def test_cards_in_the_folder_are_read_from_it_and_not_kept_in_memory(tmp_path: Path) -> None:
    deck = PaintedDeck(tmp_path)
    for card in range(20):
        deck.paint_ahead(card, WIDTH)
    before = stella_cards.paintings
    for card in range(20):
        assert deck(card, WIDTH).tobytes() == deck.path(card, WIDTH).read_bytes()
    assert stella_cards.paintings == before
    assert len(stella_deck._refused) == 0


def test_cards_the_folder_refused_are_kept_a_few_rounds_only(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    deck = PaintedDeck(blocked)
    for card in range(60):
        deck(card, WIDTH)
    assert stella_deck._refused.size <= stella_deck.REFUSED_BYTES
    assert 30 <= len(stella_deck._refused) < 60
