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

M_ARENA_MAX = -8  # glibc's mallopt() parameter number
ARENAS = 2
TRIM_SECONDS = 5.0


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


def give_back_freed() -> None:
    """Return the free pages of every arena to the system (not instant: off the event loop)."""
    libc = _libc()
    with contextlib.suppress(AttributeError):
        if libc is not None:
            libc.malloc_trim(0)
