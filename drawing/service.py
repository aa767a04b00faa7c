"""Screens with pictures are drawn in a worker process, on the host's second core.

Pillow holds the GIL for most of a picture, so a drawing thread competes with the event loop,
which answers Discord, for the one core a Python process gets: under load, answers and pictures
wait behind each other. A worker process draws in parallel instead. It is given the name of a
game's screen method to call and the context to call it with (the table as saved, the state,
the language) and returns the finished :class:`~screens.model.Screen`. It keeps its own caches
(glyphs, painted cards) for as long as it lives.

Where the system can, the worker is forked from the bot once its plugins are loaded: it starts
with the bot's imports and texts already in memory and shares those pages with it (the bot's
objects of that moment are frozen for the garbage collector, whose passes would otherwise
write to every one of them and so copy them into the worker). What the worker must not share
is closed or reset at its start (:func:`drawing.worker.start_worker`): the bot's sockets,
its signal handling, the locks of the caches. Elsewhere the worker is spawned (a fresh
interpreter) and never imports discord.py: nothing sent to it comes from a module that does
(the screens, the rendering, :mod:`drawing.worker`), and it is started without the bot's
main script, which multiprocessing would otherwise import in it.

The worker is started with the bot, so the first picture does not pay for its start; the loop
talks to it through its pipes (:mod:`drawing.pipe`). If it dies
(killed, out of memory), the screen in hand is drawn in a thread and a new worker takes over
the next one: a picture is late, never lost. ``processes = 0`` draws in a thread of the bot's
own process (the setting ``bot.drawing_processes``), and so is a game whose plugin has no
screens of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import logging
import multiprocessing
import os
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from drawing.pipe import WorkerDied, WorkerProcess
from drawing.worker import (
    TEXTS,
    ScreenContext,
    draw_picture,
    draw_screen,
    start_worker,
    warm_up,
    with_texts,
)
from fault_points import fault_point
from locales import Localizer
from screens.context import DrawnGame, TableContext

__all__ = ["TEXTS", "Drawing"]  # TEXTS: for the arguments of Drawing.picture
log = logging.getLogger(__name__)
IDLE_CHECK_SECONDS = 0.05


def preferred_start_method() -> str:
    """``fork`` where the system has it (the worker shares the bot's memory), else ``spawn``."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


@contextlib.contextmanager
def _without_main_script() -> Iterator[None]:
    """Workers started meanwhile do not import the bot's main script (``bot.py``, which imports
    discord.py): spawn imports it in every new process, unless ``__main__`` has no file."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


class Drawing:
    """Where a bot's screens are drawn: one worker process, or a thread with ``processes=0``."""

    def __init__(self, processes: int, loc: Localizer, start_method: str | None = None) -> None:
        self.processes = processes
        self.loc = loc
        self.start_method = start_method or preferred_start_method()
        self._frozen = False
        self.plugins: dict[str, DrawnGame] = {}
        self._workers: list[WorkerProcess] = []
        self.restarts = 0
        self._drawing = 0  # screens asked for and not drawn yet: warm-up waits for none
        self._warming: dict[str, asyncio.Task[None]] = {}

    def register(self, plugin: DrawnGame) -> None:
        self.plugins[plugin.kind] = plugin
        if self._workers:  # a plugin loaded later: the next worker knows it too
            self._retire()

    def start(self) -> None:
        """Start the workers (when the bot has its plugins)."""
        if self.processes > 0 and not self._workers:
            screens = {kind: p.screens for kind, p in self.plugins.items() if p.screens is not None}
            forked = self.start_method == "fork"
            if forked and not self._frozen:
                # Once, at the first start: what the bot holds now lives as long as the bot, and
                # frozen objects are never collected (a later worker shares a little less).
                gc.collect()
                gc.freeze()
                self._frozen = True
            # Forked, the worker has the bot's texts; spawned, it reads its own.
            initargs = (screens, self.loc if forked else self.loc.default, os.getpid())
            context = multiprocessing.get_context(self.start_method)
            loop = asyncio.get_running_loop()
            try:
                with contextlib.nullcontext() if forked else _without_main_script():
                    for _ in range(self.processes):
                        self._workers.append(WorkerProcess(context, start_worker, initargs, loop))
            except OSError:  # no process to be had (memory, the process limit): try again later
                log.warning("the drawing worker did not start; drawing in a thread", exc_info=True)
                self._retire()

    async def screen(self, plugin: DrawnGame, method: str, ctx: TableContext, *args: Any) -> Any:
        """``plugin.screens.method(ctx, *args)``, drawn off the event loop (in the worker if
        any); ``plugin.method(...)`` in a thread for a plugin without screens."""
        fault_point("drawing.asked")
        drawer = plugin if plugin.screens is None else plugin.screens
        here = functools.partial(getattr(drawer, method), ctx, *args)
        if self.processes <= 0 or plugin.screens is None or plugin.kind not in self.plugins:
            return await asyncio.to_thread(here)
        self.warm(plugin)
        context = ScreenContext(
            ctx.game_id, ctx.version, ctx.table, ctx.state, ctx.language, ctx.best
        )
        return await self._in_worker(here, draw_screen, plugin.kind, method, context, args)

    async def picture(self, language: str, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` drawn off the event loop, :data:`TEXTS` among the arguments
        standing for the texts of ``language`` (a module-level function, for the worker)."""
        texts = functools.partial(self.loc.text, language)
        here = functools.partial(function, *with_texts(args, texts))
        if self.processes <= 0:
            return await asyncio.to_thread(here)
        return await self._in_worker(here, draw_picture, language, function, args)

    async def ask(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in the worker, not as a job (no trim follows): a question about
        the worker itself."""
        self.start()
        return await self._workers[0].submit(function, *args)

    async def _in_worker(self, here: Callable[[], Any], job: Callable[..., Any], *args: Any) -> Any:
        """``job(*args)`` in the worker; ``here()`` in a thread if the worker died meanwhile
        or cannot be started now."""
        self.start()
        if not self._workers:
            return await asyncio.to_thread(here)
        worker = min(self._workers, key=lambda w: w.waiting)
        self._drawing += 1
        try:
            return await worker.submit(job, *args)
        except WorkerDied:
            if worker in self._workers:  # the first screen to find it dead starts the next one
                log.warning("the drawing worker died; drawing in a thread, starting a new one")
                self._retire()
                self.restarts += 1
                self.start()
            return await asyncio.to_thread(here)
        finally:
            self._drawing -= 1

    def warm(self, plugin: DrawnGame) -> None:
        """Begin the plugin's warm-up (once per worker): from its first lobby or screen on, so
        that a bot that never shows the game never pays for it."""
        if self.processes > 0 and plugin.kind in self.plugins and plugin.kind not in self._warming:
            self.start()
            self._warming[plugin.kind] = asyncio.create_task(self._warm_up(plugin))

    async def _warm_up(self, plugin: DrawnGame) -> None:
        """The plugin's warm-up, one piece at a time and only while no screen waits."""
        for function, args in plugin.warm_up():
            while self._drawing or not self._workers:
                await asyncio.sleep(IDLE_CHECK_SECONDS)
            try:
                await self._workers[0].submit(warm_up, function, args)
            except WorkerDied:
                return  # the next worker paints on demand
            except Exception:
                log.exception("warming up %s failed", plugin.kind)
                return

    def worker_pids(self) -> list[int]:
        return [w.pid for w in self._workers if w.alive and w.pid is not None]

    def _retire(self, wait: bool = False) -> None:
        for task in self._warming.values():  # a new worker warms up anew
            task.cancel()
        self._warming.clear()
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.stop(wait)

    def close(self) -> None:
        """The bot stops: each worker finishes the picture it draws, and is waited for."""
        self._retire(wait=True)
        if self._frozen:  # what the start froze is the collector's again
            gc.unfreeze()
            self._frozen = False
