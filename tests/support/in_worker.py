"""Questions put to the drawing worker (run in its process): this module imports no discord.py,
so asking them adds nothing to what the worker holds."""

from __future__ import annotations

import sys


def discord_modules() -> list[str]:
    """The discord.py modules the process has imported."""
    return sorted(name for name in sys.modules if name.split(".")[0] == "discord")


def painted_cards() -> int:
    """How many cards of the Stella deck the process has painted."""
    from rendering import stella_cards

    return len(stella_cards.painted)


_pinned: list[bytes] = []


def own_heap() -> int:
    """The process's anonymous resident kilobytes: its heap."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
    return 0


def leave_freed_memory() -> int:
    """40 MB of blocks, freed but one in a hundred (so that the heap cannot shrink from its
    top by itself); the heap right after."""
    blocks = [bytes(2048) for _ in range(20_000)]
    _pinned.extend(blocks[::100])
    del blocks
    return own_heap()


def free_memory_then_wait(seconds: float) -> tuple[int, int]:
    """A long job: leaves freed memory, then waits; the heap right after freeing and at the end."""
    import time

    freed = leave_freed_memory()
    time.sleep(seconds)
    return freed, own_heap()


def pid_and_bytes(size: int) -> tuple[int, bytes]:
    """The process's pid and ``size`` bytes that no pipe holds at once."""
    import os

    return os.getpid(), bytes(range(256)) * (size // 256)


def refuse(reason: str) -> None:
    raise ValueError(reason)
