"""Caches bounded by the bytes they hold: the painted cards and the text masks."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from rendering import toolkit
from rendering.kept import SizedCache


def test_least_recently_used_entries_go_first_beyond_the_budget() -> None:
    kept: SizedCache[str, bytes] = SizedCache(10, len)
    kept.put("a", b"1234")
    kept.put("b", b"1234")
    assert kept.get("a") == b"1234"  # "a" is now the most recently used
    kept.put("c", b"1234")
    assert kept.get("b") is None
    assert kept.get("a") == b"1234" and kept.get("c") == b"1234"
    assert kept.size == 8 and len(kept) == 2


def test_an_entry_larger_than_the_budget_is_still_kept_alone() -> None:
    kept: SizedCache[str, bytes] = SizedCache(4, len)
    kept.put("small", b"12")
    kept.put("large", b"123456")
    assert kept.get("large") == b"123456" and kept.get("small") is None
    assert len(kept) == 1


def test_text_masks_are_reused_and_kept_within_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toolkit, "_stamps", SizedCache(60_000, toolkit._stamps._size_of))
    face = toolkit.font(22)
    first = toolkit._stamp(face, "Alice", "la", (0.0, 0.0))
    assert toolkit._stamp(face, "Alice", "la", (0.0, 0.0)) is first
    image = Image.new("RGBA", (900, 60))
    draw = ImageDraw.Draw(image)
    try:
        for n in range(400):  # four hundred players' names
            toolkit.write(draw, (10, 10), f"Player number {n}", face, (0, 0, 0, 255))
    finally:
        toolkit.finish_picture(image.width)  # this thread's picture under way ends here
    assert toolkit._stamps.size <= 60_000
    assert 0 < len(toolkit._stamps) < 400
    # A mask dropped and drawn again is the same picture.
    again = toolkit._stamp(face, "Alice", "la", (0.0, 0.0))
    assert again is not first and again[0].tobytes() == first[0].tobytes()


def test_an_entry_is_made_once_and_then_kept() -> None:
    cache: SizedCache[str, bytes] = SizedCache(100, len)
    made: list[str] = []

    def make(key: str) -> bytes:
        made.append(key)
        return key.encode() * 10

    assert cache.kept("a", lambda: make("a")) == b"a" * 10
    assert cache.kept("a", lambda: make("a")) == b"a" * 10
    assert made == ["a"]
