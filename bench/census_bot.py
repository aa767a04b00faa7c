"""``python -m bench.census_bot config.toml OUT``: the bot with tracemalloc on; SIGUSR1 writes
the 40 biggest allocation sites (by file and line) to OUT, so a load run can be looked into,
with the pictures alive at that moment by the code that made them, and their age. A watcher
writes one at each new peak of the bot's resident memory too (OUT.peak)."""

from __future__ import annotations

import collections
import gc
import io
import os
import signal
import sys
import threading
import time
import traceback
import tracemalloc
import types
import weakref
from pathlib import Path
from typing import Any

import bot

BIG = 50_000  # bytes: a picture, not a text
ENCODED = 10_000  # bytes: an encoded picture a cache keeps (a grid's JPEG), not a label
PEAK_STEP = 2 * 2**20  # a new census when the peak grew this much


def main(argv: list[str]) -> int:
    config, out = argv
    traced = os.environ.get("BENCH_CENSUS_TRACE", "1") != "0"  # 0: pictures only, cheaply
    if traced:
        tracemalloc.start(1)
    target = [out]
    bot_pid = os.getpid()  # the drawing worker, forked, inherits the handler: OUT.worker
    followed = _follow_pictures()

    busy: list[bool] = []  # a signal that comes while a census is written is let go

    def census(*_: object) -> None:
        if busy:
            return
        busy.append(True)
        try:
            write_census()
        finally:
            busy.clear()

    def write_census() -> None:
        stats = tracemalloc.take_snapshot().statistics("lineno") if traced else []
        total = sum(stat.size for stat in stats)
        lines = [f"resident {_resident() / 2**20:.0f} MB, total traced {total / 2**20:.1f} MB"]
        lines += [f"{s.size / 2**20:8.2f} MB {s.count:8d} {s.traceback}" for s in stats[:40]]
        lines += ["", "big pictures by holder:", *followed.report()]
        lines += ["", f"when most were alive ({followed.most}):", *followed.at_most]
        lines += ["", f"images alive in process {os.getpid()}:", *_images()]
        lines += ["", "pictures by the cache that keeps them:", *_images_by_holder()]
        lines += ["", "the allocator (glibc's mallinfo2):", *_allocator()]
        path = target[0] if os.getpid() == bot_pid else f"{out}.worker"
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines) + "\n")

    signal.signal(signal.SIGUSR1, census)
    # Peaks are followed once the bot is ready: its start-up grows by steps all the time, and
    # a census under tracemalloc takes seconds (the start-up then never ended).
    freeze_when_ready = bot.freeze_when_ready

    async def watch_when_ready(client: Any) -> None:
        await freeze_when_ready(client)
        threading.Thread(target=_watch_peaks, args=(out, target), daemon=True).start()

    bot.freeze_when_ready = watch_when_ready  # type: ignore[assignment]
    return bot.main([config])


def _images() -> list[str]:
    """Pillow images alive (the kept layers and what is being drawn), by mode and size."""
    from PIL import Image

    sizes: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for obj in gc.get_objects():
        if isinstance(obj, Image.Image) and obj.mode in Image.MODES:
            key = f"{obj.mode} {obj.width}x{obj.height}"
            counts[key] += 1
            sizes[key] += obj.width * obj.height * len(obj.getbands())
    total = sum(sizes.values())
    lines = [f"{total / 2**20:7.2f} MB in {sum(counts.values())} images"]
    biggest = sizes.most_common(20)
    return lines + [f"{size / 2**20:7.2f} MB {counts[key]:4d} {key}" for key, size in biggest]


def _images_by_holder() -> list[str]:
    """Pillow images (and encoded pictures of 10 KB or more) by the function whose
    ``lru_cache`` keeps them, or the ``SizedCache``: each cache's entries walked a few levels
    down."""
    import functools

    from PIL import Image

    from rendering import kept

    holders: list[tuple[str, object]] = [
        (f"SizedCache of {cache.budget / 2**20:.0f} MB", cache._entries) for cache in kept._caches
    ]
    # By module: a forked worker's inherited objects are frozen, out of gc.get_objects()' sight.
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(("rendering", "cogs", "games", "locales")):
            continue
        for attribute, value in list(vars(module).items()):
            info = getattr(value, "cache_info", None)  # a kept layer's, or lru_cache's own
            wrapper = getattr(info, "__self__", None)
            if isinstance(wrapper, functools._lru_cache_wrapper):
                holders.append((f"{module_name}.{attribute}", wrapper))
    sizes: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    seen: set[int] = set()
    for name, root in holders:
        level = [root]
        for _ in range(5):
            below = []
            for item in level:
                for child in gc.get_referents(item):
                    if id(child) in seen:
                        continue
                    seen.add(id(child))
                    if isinstance(child, Image.Image) and child.mode in Image.MODES:
                        sizes[name] += child.width * child.height * len(child.getbands())
                        counts[name] += 1
                    elif isinstance(child, bytes) and len(child) >= ENCODED:
                        sizes[name] += len(child)
                        counts[name] += 1
                    elif not isinstance(child, (type, types.ModuleType, types.FunctionType)):
                        below.append(child)  # tuples, dicts, lru_cache's own list links
            level = below
    return [f"{sizes[k] / 2**20:7.2f} MB {counts[k]:5d} {k}" for k, _ in sizes.most_common(25)]


def _allocator() -> list[str]:
    """In use and free in glibc's heap, and what is mapped on its own (glibc 2.33 and later);
    Python's small objects live apart, in arenas of their own."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in _MALLINFO2]

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return ["(not glibc 2.33 or later)"]
    mb = 2**20
    return [
        f"heap {info.arena / mb:.1f} MB: in use {info.uordblks / mb:.1f},"
        f" free {info.fordblks / mb:.1f} in {info.ordblks} chunks,"
        f" at the top {info.keepcost / mb:.1f}",
        f"mapped on their own: {info.hblkhd / mb:.1f} MB in {info.hblks} blocks",
    ]


_MALLINFO2 = (  # glibc's struct mallinfo2, in its order
    "arena",
    "ordblks",
    "smblks",
    "hblks",
    "hblkhd",
    "usmblks",
    "fsmblks",
    "uordblks",
    "fordblks",
    "keepcost",
)


def _resident() -> int:
    with open("/proc/self/statm", encoding="ascii") as file:
        return int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _watch_peaks(out: str, target: list[str]) -> None:
    peak = 0
    while True:
        time.sleep(0.5)
        rss = _resident()
        if rss > peak + PEAK_STEP:
            peak = rss
            target[0] = f"{out}.peak"
            os.kill(os.getpid(), signal.SIGUSR1)
            time.sleep(1)
            target[0] = out


class _Followed:
    """Pictures (screens with one, and their upload buffers) with where and when they began."""

    def __init__(self) -> None:
        # by id: screens compare by value, so they cannot be keys of a weak dictionary
        self.born: dict[int, tuple[weakref.ref[Any], str, float, int]] = {}
        self.most = 0
        self.at_most: list[str] = []

    def note(self, obj: Any, size: int) -> None:
        if size > BIG:
            key = id(obj)
            alive = weakref.ref(obj, lambda _: self.born.pop(key, None))
            self.born[key] = (alive, _our_stack(), time.monotonic(), size)
            if len(self.born) > self.most:
                self.most, self.at_most = len(self.born), self.report()

    def report(self) -> list[str]:
        now = time.monotonic()
        counts: collections.Counter[str] = collections.Counter()
        sizes: collections.Counter[str] = collections.Counter()
        oldest: dict[str, float] = {}
        for alive, where, born, size in list(self.born.values()):
            if getattr(alive(), "closed", False):
                continue  # sent: its buffer was let go
            where = f"{type(alive()).__name__} {where}"
            counts[where] += 1
            sizes[where] += size
            oldest[where] = max(oldest.get(where, 0.0), now - born)
        return [
            f"{sizes[w] / 2**20:7.2f} MB {counts[w]:4d} oldest {oldest[w]:5.1f} s  {w}"
            for w, _ in counts.most_common(20)
        ]


def _our_stack() -> str:
    frames = traceback.extract_stack()[:-3]
    ours = [
        f for f in frames if "/site-packages/" not in f.filename and "asyncio" not in f.filename
    ]
    return " < ".join(f"{Path(f.filename).stem}.{f.name}:{f.lineno}" for f in reversed(ours[-6:]))


def _follow_pictures() -> _Followed:
    from cogs.table import components
    from drawing import service as drawing
    from screens import model as screens

    followed = _Followed()

    class FollowedBytes(io.BytesIO):
        def __init__(self, initial: bytes = b"") -> None:
            super().__init__(initial)
            followed.note(self, len(initial))

    components.io = types.SimpleNamespace(BytesIO=FollowedBytes)  # type: ignore[assignment]
    made = screens.Screen.__init__

    def screen_init(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        if self.image is not None:
            followed.note(self, len(self.image))

    screens.Screen.__init__ = screen_init  # type: ignore[method-assign]
    drawn = drawing.Drawing._in_worker

    async def in_worker(self: Any, *args: Any) -> Any:
        result = await drawn(self, *args)
        for screen in result if isinstance(result, list) else [result]:
            if isinstance(screen, screens.Screen) and screen.image is not None:
                followed.note(screen, len(screen.image))
        return result

    drawing.Drawing._in_worker = in_worker  # type: ignore[method-assign]
    return followed


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
