"""Screens with pictures are drawn in a worker process, on the host's second core.

Pillow holds the GIL for most of a picture, so a drawing thread competes with the event loop,
which answers Discord, for the one core a Python process gets: under load, answers and pictures
wait behind each other. A worker process draws in parallel instead. It is given the plugin's
screen method to call and the context to call it with (the table as saved, the state, the
language) and returns the finished :class:`~cogs.screens.Screen`. It keeps its own caches
(glyphs, painted cards) for as long as it lives.

The worker is started with the plugins of the bot (``spawn``: a fresh interpreter, no copy of
the bot's threads or sockets) and warmed at once, so the first picture does not pay for its
start. If it dies (killed, out of memory), the screen in hand is drawn in a thread and a new
worker takes over the next one: a picture is late, never lost. ``processes = 0`` draws in a
thread of the bot's own process (the setting ``bot.drawing_processes``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from cogs.plugin import GamePlugin, TableContext
from games.table import Table
from locales import Localizer

log = logging.getLogger(__name__)
PR_SET_PDEATHSIG = 1
PARENT_CHECK_SECONDS = 1.0
TRIM_SECONDS = 5.0
IDLE_CHECK_SECONDS = 0.05

# Set in the worker by its initializer: the bot's plugins and a localizer of its own.
_PLUGINS: dict[str, GamePlugin] = {}
_LOC: Localizer | None = None


@dataclass(frozen=True)
class _Context:
    """A :class:`TableContext` without its localizer (the worker has one)."""

    game_id: int
    version: int
    table: Table
    state: Any
    language: str
    best: int | None = None


def _start_worker(plugins: Mapping[str, GamePlugin], default_language: str, parent: int) -> None:
    global _LOC
    _follow_parent(parent)
    _PLUGINS.update(plugins)
    _LOC = Localizer(default=default_language)


def _follow_parent(parent: int) -> None:
    """End the worker when the bot ends, even by SIGKILL (the worker's queue never closes:
    it holds both ends of its pipe itself)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # Linux: at once

    def watch() -> None:  # elsewhere, and should the signal be missed: within a second
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _warm() -> int:
    """The worker's first job: it exists, its modules are imported."""
    return len(_PLUGINS)


def _draw(kind: str, method: str, context: _Context, args: tuple[Any, ...]) -> Any:
    assert _LOC is not None, "the drawing worker was not started"
    ctx = TableContext(
        context.game_id,
        context.version,
        context.table,
        context.state,
        context.language,
        _LOC,
        context.best,
    )
    try:
        return getattr(_PLUGINS[kind], method)(ctx, *args)
    finally:
        _trim_now_and_then()


class _Texts:
    """Stands for the translating function among a picture's arguments (see :data:`TEXTS`)."""

    def __reduce__(self) -> str:
        return "TEXTS"  # the same object in every process


TEXTS = _Texts()


def _with_texts(args: tuple[Any, ...], t: Callable[..., str]) -> tuple[Any, ...]:
    return tuple(t if arg is TEXTS else arg for arg in args)


def _picture(language: str, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    assert _LOC is not None, "the drawing worker was not started"
    try:
        return function(*_with_texts(args, functools.partial(_LOC.text, language)))
    finally:
        _trim_now_and_then()


def _run(function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Warm-up work of a plugin (its result stays in the worker's caches)."""
    function(*args)
    _trim_now_and_then()


_trimmed = 0.0


def _trim_now_and_then() -> None:
    """Give freed picture memory back to the system every few seconds: pictures come in many
    sizes, and glibc keeps what a picture freed for one that may never come."""
    global _trimmed
    now = time.monotonic()
    if now - _trimmed >= TRIM_SECONDS:
        _trimmed = now
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).malloc_trim(0)


class Drawing:
    """Where a bot's screens are drawn: one worker process, or a thread with ``processes=0``."""

    def __init__(self, processes: int, loc: Localizer) -> None:
        self.processes = processes
        self.loc = loc
        self.plugins: dict[str, GamePlugin] = {}
        self._pool: ProcessPoolExecutor | None = None
        self.restarts = 0
        self._drawing = 0  # screens asked for and not drawn yet: warm-up waits for none
        self._warming: dict[str, asyncio.Task[None]] = {}

    def register(self, plugin: GamePlugin) -> None:
        self.plugins[plugin.kind] = plugin
        if self._pool is not None:  # a plugin loaded later: the next worker knows it too
            self._retire()

    def start(self) -> None:
        """Start and warm the worker (when the bot has its plugins)."""
        if self.processes > 0 and self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(dict(self.plugins), self.loc.default, os.getpid()),
            )
            self._pool.submit(_warm)

    async def screen(self, plugin: GamePlugin, method: str, ctx: TableContext, *args: Any) -> Any:
        """``plugin.method(ctx, *args)``, drawn off the event loop (in the worker if any)."""
        here = functools.partial(getattr(plugin, method), ctx, *args)
        if self.processes <= 0 or plugin.kind not in self.plugins:
            return await asyncio.to_thread(here)
        self.warm(plugin)
        context = _Context(ctx.game_id, ctx.version, ctx.table, ctx.state, ctx.language, ctx.best)
        return await self._in_worker(here, _draw, plugin.kind, method, context, args)

    async def picture(self, language: str, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` drawn off the event loop, :data:`TEXTS` among the arguments
        standing for the texts of ``language`` (a module-level function, for the worker)."""
        texts = functools.partial(self.loc.text, language)
        here = functools.partial(function, *_with_texts(args, texts))
        if self.processes <= 0:
            return await asyncio.to_thread(here)
        return await self._in_worker(here, _picture, language, function, args)

    async def _in_worker(self, here: Callable[[], Any], job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)`` in the worker; ``here()`` in a thread if the worker died meanwhile."""
        self.start()
        pool = self._pool
        self._drawing += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
        except BrokenProcessPool:
            if self._pool is pool:  # the first screen to find it broken starts the next worker
                log.warning("the drawing worker died; drawing in a thread, starting a new one")
                self._retire()
                self.restarts += 1
                self.start()
            return await asyncio.to_thread(here)
        finally:
            self._drawing -= 1

    def warm(self, plugin: GamePlugin) -> None:
        """Begin the plugin's warm-up (once per worker): from its first lobby or screen on, so
        that a bot that never shows the game never pays for it."""
        if self.processes > 0 and plugin.kind in self.plugins and plugin.kind not in self._warming:
            self.start()
            self._warming[plugin.kind] = asyncio.create_task(self._warm_up(plugin))

    async def _warm_up(self, plugin: GamePlugin) -> None:
        """The plugin's warm-up, one piece at a time and only while no screen waits."""
        loop = asyncio.get_running_loop()
        for function, args in plugin.warm_up():
            while self._drawing or self._pool is None:
                await asyncio.sleep(IDLE_CHECK_SECONDS)
            try:
                await loop.run_in_executor(self._pool, _run, function, args)
            except BrokenProcessPool:
                return  # the next worker paints on demand
            except Exception:
                log.exception("warming up %s failed", plugin.kind)
                return

    def worker_pids(self) -> list[int]:
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def _retire(self) -> None:
        for task in self._warming.values():  # a new worker warms up anew
            task.cancel()
        self._warming.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            multiprocessing.active_children()  # reaps a worker that died

    def close(self) -> None:
        self._retire()
