"""How the bot's processes use glibc's allocator: few arenas, freed memory given back.

Pictures come and go in many sizes (drawn in the worker, sent through the bot's pipe and
uploads), and glibc keeps what they freed for allocations that may never come: a bot that
uploaded a round's slates held some 20 MB it no longer used. Both the bot and its drawing
worker give it back every few seconds. Elsewhere than glibc these do nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools

M_ARENA_MAX = -8  # glibc's mallopt() parameter numbers
M_MMAP_THRESHOLD = -3
ARENAS = 2
TRIM_SECONDS = 5.0
MAPPED_FROM = 1024 * 1024  # a Stella picture's pixels (3 MB), a result's; not a sheet's


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


def map_large_blocks(threshold: int = MAPPED_FROM) -> None:
    """Blocks from ``threshold`` bytes up get pages of their own, which go back to the system
    the moment they are freed (the drawing worker's largest pictures).

    glibc maps such blocks apart too, but after the first one freed it raises its threshold to
    that block's size, and from then on a picture's pixels came from the heap and stayed there,
    freed, until the next trim: the worker swung by some 10 MB between its trims. Setting the
    threshold keeps it. Smaller pictures still reuse the heap: mapping each sheet's half
    megabyte afresh cost the worker 1.4 ms a picture in page faults.
    """
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.mallopt(M_MMAP_THRESHOLD, threshold)


def give_back_freed() -> None:
    """Return the free pages of every arena to the system (7-30 ms: off the event loop)."""
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.malloc_trim(0)
