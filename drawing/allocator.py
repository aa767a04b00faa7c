"""How the bot's processes use glibc's allocator: few arenas, freed memory given back.

Pictures come and go in many sizes (drawn in the worker, sent through the bot's pipe and
uploads), and glibc keeps what they freed for allocations that may never come: a bot that
uploaded a round's slates held memory it no longer used. Both the bot and its drawing
worker give it back every few seconds. Elsewhere than glibc these do nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8  # glibc's mallopt() parameters
ARENAS = 2
TRIM_SECONDS = 5.0
MAPPED_FROM = 1024 * 1024  # a Stella picture's pixels, a result's; not a sheet's
TOP_KEPT = 8 * 1024 * 1024  # free memory at the heap's top kept for the next pictures


@functools.cache
def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def limit_arenas(arenas: int = ARENAS) -> None:
    """Freed memory is reused instead of kept in one arena per thread (``MALLOC_ARENA_MAX``,
    for however the process is started); must run before the process starts a thread."""
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.mallopt(M_ARENA_MAX, arenas)


def map_largest_blocks(threshold: int = MAPPED_FROM, top_kept: int = TOP_KEPT) -> None:
    """Blocks from ``threshold`` bytes up (the drawing worker's largest pictures) get pages of
    their own, which go back to the system the moment they are freed.

    glibc maps large blocks apart too, but after the first one is freed it raises its threshold
    to that block's size, and from then on such pictures come from the heap and stay there,
    freed, until the next trim. Setting the threshold keeps it, and also fixes the free space
    the heap's top keeps, which would otherwise fall to 128 KB: each smaller picture would then
    fault its pages in afresh.
    """
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.mallopt(M_TRIM_THRESHOLD, top_kept)
            libc.mallopt(M_MMAP_THRESHOLD, threshold)


def give_back_freed() -> None:
    """Return the free pages of every arena to the system (not instant: off the event loop)."""
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.malloc_trim(0)
