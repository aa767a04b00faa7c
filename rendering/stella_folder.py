"""A server's own Stella deck: a folder of pictures, checked and loaded as picture cards.

Card ``n`` of such a deck is the ``n``-th usable file by name. Pictures are read lazily,
turned upright, cropped to the painted deck's portrait 2:3 and kept resized in memory.

The folder may describe its pictures for the computer seats in ``stella-tags.txt`` (UTF-8): one
picture a line, its file name, a colon, then what it shows as comma-separated English words, the
main subject first (``lighthouse.jpg: lighthouse, sea, night, light``). ``#`` starts a comment
line. Words that name a motif or a theme of ``games.stella_concepts`` bring their associations
(``owl`` also means the night and knowledge); any other word still meets a word card of that
name. Without the file the deck offers no computer seats.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageOps

from games import stella as engine

log = logging.getLogger(__name__)
CardSource = Callable[[int, int], Image.Image]

# What a file must be to become a picture card.
CARD_FORMATS = ("PNG", "JPEG", "WEBP")
CARD_MIN_WIDTH, CARD_MIN_HEIGHT = 200, 300
CARDS_MIN = max(engine.CARDS_NEEDED.values())  # enough for either preset
CARD_ASPECT = 1.5  # portrait 2:3, like the painted deck
CACHED_CARDS = 160  # resized pictures kept in memory (a game shows 60 cards)
BLANK_CARD = (40, 44, 70)  # stands in for a picture that vanished from the folder
TAGS_FILE = "stella-tags.txt"


def scan_cards_folder(folder: Path) -> list[str]:
    """The usable pictures of ``folder``, sorted by file name; SetupError naming it if too few."""
    try:
        paths = sorted(path for path in folder.iterdir() if path.is_file())
    except OSError:
        raise engine.SetupError("st-error-cards-folder-missing", folder=str(folder)) from None
    usable = [path.name for path in paths if _usable_picture(path)]
    if len(usable) < CARDS_MIN:
        raise engine.SetupError(
            "st-error-cards-folder",
            folder=str(folder),
            count=len(usable),
            need=CARDS_MIN,
            width=CARD_MIN_WIDTH,
            height=CARD_MIN_HEIGHT,
        )
    return usable


def _usable_picture(path: Path) -> bool:
    try:
        with Image.open(path) as image:  # reads the header only
            return (
                image.format in CARD_FORMATS
                and image.width >= CARD_MIN_WIDTH
                and image.height >= CARD_MIN_HEIGHT
            )
    except (OSError, Image.DecompressionBombError):
        return False


@lru_cache(maxsize=CACHED_CARDS)
def _folder_card(path: str, width: int) -> Image.Image:
    size = (width, round(width * CARD_ASPECT))
    try:
        with Image.open(path) as image:
            image.draft("RGB", (size[0] * 2, size[1] * 2))  # JPEG: decode at a smaller scale
            upright = ImageOps.exif_transpose(image).convert("RGB")
            return ImageOps.fit(upright, size, Image.Resampling.LANCZOS)
    except (OSError, ValueError, Image.DecompressionBombError):
        log.warning("picture card %s cannot be read; a blank card stands in", path)
        return Image.new("RGB", size, BLANK_CARD)


@lru_cache(maxsize=8)
def folder_card_source(folder: Path, files: tuple[str, ...]) -> CardSource:
    """Card ``n`` is the ``n``-th file name; pictures are loaded on first use and kept resized.

    One source per deck (cached), so that the pictures drawn from it can be cached too.
    """

    def card(card_id: int, width: int) -> Image.Image:
        return _folder_card(str(folder / files[card_id]), width).copy()

    return card


def read_tags(folder: Path) -> dict[str, tuple[str, ...]] | None:
    """The tags file of a deck folder: picture file name -> its tags; None without a file.

    Read again whenever the file changes (a look at its time stamp), else kept in memory.
    """
    path = folder / TAGS_FILE
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read_tags(path, stamp)


@lru_cache(maxsize=8)
def _read_tags(path: Path, stamp: int) -> dict[str, tuple[str, ...]] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        log.warning("the tags file %s cannot be read", path)
        return None
    return parse_tags(text)


def parse_tags(text: str) -> dict[str, tuple[str, ...]]:
    """``name: tag, tag, ...`` per line; blank lines, ``#`` comments and lines without tags
    are skipped (the last colon ends the name, so a name may hold one)."""
    tags: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, colon, words = line.rpartition(":")
        found = tuple(word.strip().lower() for word in words.split(",") if word.strip())
        if colon and name.strip() and found:
            tags[name.strip()] = found
    return tags
