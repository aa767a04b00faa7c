"""``python -m bench.profiled_bot config.toml PROFILE``: the bot under cProfile, every thread.

``python -m cProfile`` sees only the main thread, but the bot draws its pictures in worker
threads (``asyncio.to_thread``); here each new thread gets a profiler of its own, and all are
merged into one stats file when the bot has shut down (SIGTERM closes it cleanly).
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import threading
from typing import Any

import bot

_profilers: list[cProfile.Profile] = []


def _profile_this_thread(frame: Any, event: str, arg: Any) -> None:
    """Installed for new threads; on their first event it hands over to a real profiler."""
    sys.setprofile(None)
    profiler = cProfile.Profile()
    _profilers.append(profiler)
    profiler.enable()


def main(argv: list[str]) -> int:
    config, out = argv
    main_profiler = cProfile.Profile()
    threading.setprofile(_profile_this_thread)
    main_profiler.enable()
    try:
        code = bot.main([config])
    finally:
        main_profiler.disable()
        threading.setprofile(None)  # type: ignore[arg-type]
        stats = pstats.Stats(main_profiler)
        for profiler in _profilers:
            stats.add(profiler)
        stats.dump_stats(out)
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
