"""A picture's alt text: what a screen reader says of it, within Discord's bound.

Every picture the bot sends carries one line that says what matters now (whose sheet, the
score, what the player may do, the phase). A game composes it from parts in reading order,
each with a rank: rank 0 always stays, higher ranks give way first (the highest, then the
next) until the text fits :data:`LIMIT`. A part that gives way keeps its beginning when at least
:data:`MIN_PIECE` characters of room are left for it (a long list keeps its first items), else it
is dropped. What still does not fit is cut after its last whole list item or word and ends with
an ellipsis, so long names or a long list never break a word.

Free of discord.py, as all of ``screens/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

LIMIT = 256  # discord.py documents a file's or a gallery item's description up to 256 chars
ELLIPSIS = "…"
# Where a too long text may be cut, best first: after a list item, a clause, a word.
BREAKS = ("; ", ", ", " ")
# A cut after a list item or a clause is taken only if it keeps this share of the room;
# else the text is cut after its last word.
KEEP_SHARE = 0.6
MIN_PIECE = 40  # room under which a part that gives way is dropped rather than cut

Part = tuple[str, int]  # a part's text and its rank (0: essential, higher: dropped first)


def compose(parts: Iterable[Part | None], limit: int = LIMIT, sep: str = " ") -> str:
    """The parts joined in their order, the least important dropped until the text fits."""
    kept = [(part[0].strip(), part[1]) for part in parts if part and part[0].strip()]
    while True:
        text = sep.join(part for part, _ in kept)
        ranks = [rank for _, rank in kept if rank > 0]
        if len(text) <= limit or not ranks:
            return shorten(text, limit)
        lowest = max(ranks)
        index = max(i for i, (_, rank) in enumerate(kept) if rank == lowest)
        part = kept.pop(index)[0]
        room = limit - len(sep.join(p for p, _ in kept)) - len(sep)
        if room >= MIN_PIECE:
            kept.insert(index, (shorten(part, room), 0))
            return sep.join(p for p, _ in kept)


def shorten(text: str, limit: int = LIMIT) -> str:
    """``text`` itself if it fits, else cut at its last break that fits, with an ellipsis."""
    text = re.sub(r"[ \t\r\n]+", " ", text).strip()  # no-break spaces stay as they are
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    head = text[: room + 1]  # a break right after the room still keeps every word whole
    for mark in BREAKS:
        at = head.rfind(mark)
        if at > 0 and (mark == " " or at >= room * KEEP_SHARE):
            return head[:at].rstrip(" ,;:·–-\u00a0") + ELLIPSIS
    return text[:room] + ELLIPSIS
