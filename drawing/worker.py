"""What runs in the drawing worker process (see :mod:`drawing.service`): its start, and its jobs.

A spawned worker imports this module and what the jobs sent to it need (the games' screens, the
rendering): none of them imports discord.py, nor asyncio, which a worker has no use for. A
forked one has the bot's modules already, and leaves the bot's own things alone.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import pickle
import signal
import stat
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from drawing.allocator import give_back_freed, map_largest_blocks
from games.table import Table
from locales import Localizer
from screens.context import GameScreens, TableContext

PR_SET_PDEATHSIG = 1
PARENT_CHECK_SECONDS = 1.0
IDLE_SECONDS = 1.0  # without a job: the worker trims on its own
# Every second (the bot: every five): under load the heap grows back soon after a trim, so
# frequent trims, each short, cut what freed memory piles up between them at little cost.
TRIM_SECONDS = 1.0

# Set in the worker by its initializer: the games' screens and its texts (the bot's, when forked).
_SCREENS: dict[str, GameScreens] = {}
_LOC: Localizer | None = None


@dataclass(frozen=True)
class ScreenContext:
    """A :class:`TableContext` without its localizer (the worker has one)."""

    game_id: int
    version: int
    table: Table
    state: Any
    language: str
    best: int | None = None


def serve(
    jobs: Connection,
    answers: Connection,
    bots_ends: tuple[int, ...],
    initializer: Callable[..., None],
    initargs: tuple[Any, ...],
) -> None:
    """The worker's life (see :mod:`drawing.pipe`): each job read, done and answered in
    turn, until the bot closes its end of the jobs or stops reading the answers."""
    for fd in bots_ends:
        with contextlib.suppress(OSError):
            os.close(fd)
    initializer(*initargs)
    while True:
        try:
            function, args = pickle.loads(jobs.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, function(*args))
        except Exception as error:
            error.add_note("".join(traceback.format_exception(error)).rstrip())
            answer = (False, error)
        try:
            message = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an answer that cannot travel: say so instead
            message = pickle.dumps((False, RuntimeError(f"{function!r}: {error!r}")))
        try:
            answers.send_bytes(message)
        except OSError:
            return


def start_worker(screens: Mapping[str, GameScreens], texts: Localizer | str, parent: int) -> None:
    """The worker's initializer: ``texts`` is the bot's localizer (forked) or its default
    language (spawned: the worker reads the texts itself)."""
    global _LOC
    _follow_parent(parent)
    _leave_the_bot_alone()
    _yield_to_the_bot()
    map_largest_blocks()
    _SCREENS.update(screens)
    _LOC = texts if isinstance(texts, Localizer) else Localizer(default=texts)


def _yield_to_the_bot() -> None:
    """A job sent to the worker no longer takes the core from the bot's event loop that sent
    it: as a batch process, the woken worker waits for a free core instead of preempting the
    writer (Linux; elsewhere nothing changes)."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


def _leave_the_bot_alone() -> None:
    """What a forked worker inherits and must not use (harmless in a spawned one).

    - The bot's sockets (Discord's gateway and API, the database's): kept open here, one the
      bot closes would stay connected. The worker's own pipes are not sockets.
    - Its signal handling: the event loop's wake-up socket would tell the bot of a signal sent
      to the worker. The bot decides when to stop; its worker follows it (:func:`_follow_parent`).
    (The locks of the drawing caches, which a thread of the bot may hold at the fork, are
    renewed by :mod:`rendering.kept` itself.)
    """
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for fd in _open_sockets():
        with contextlib.suppress(OSError):
            os.close(fd)


def _open_sockets() -> list[int]:
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # not Linux: nothing is known to be open
        return []
    sockets = []
    for fd in fds:
        with contextlib.suppress(OSError):
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                sockets.append(fd)
    return sockets


def _follow_parent(parent: int) -> None:
    """End the worker when the bot ends, even by SIGKILL (and not only at its next job)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # Linux: at once

    def watch() -> None:  # elsewhere, and should the signal be missed: within a second
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
            _trim_when_idle()
        os._exit(0)

    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def draw_screen(kind: str, method: str, context: ScreenContext, args: tuple[Any, ...]) -> Any:
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
    with _job():
        return getattr(_SCREENS[kind], method)(ctx, *args)


class _Texts:
    """Stands for the translating function among a picture's arguments (see :data:`TEXTS`)."""

    def __reduce__(self) -> str:
        return "TEXTS"  # the same object in every process


TEXTS = _Texts()


def with_texts(args: tuple[Any, ...], t: Callable[..., str]) -> tuple[Any, ...]:
    return tuple(t if arg is TEXTS else arg for arg in args)


def draw_picture(language: str, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    assert _LOC is not None, "the drawing worker was not started"
    with _job():
        return function(*with_texts(args, functools.partial(_LOC.text, language)))


def warm_up(function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Warm-up work of a plugin (its result stays in the worker's caches)."""
    with _job():
        function(*args)


_trimmed = 0.0  # when the worker last gave freed memory back
_untrimmed = False  # jobs ended (and freed their pictures) since then
_last_job = 0.0  # when the last job ended; 0.0 while one runs


@contextlib.contextmanager
def _job() -> Iterator[None]:
    """A job; after it, freed picture memory goes back to the system every few seconds (see
    :mod:`drawing.allocator`)."""
    global _last_job, _trimmed, _untrimmed
    _last_job = 0.0
    try:
        yield
    finally:
        _last_job = now = time.monotonic()
        if now - _trimmed >= TRIM_SECONDS:
            _trimmed, _untrimmed = now, False
            give_back_freed()
        else:
            _untrimmed = True


def _trim_when_idle() -> None:
    """What the last jobs of a busy spell freed goes back too, once no job has run for a
    while: never while one draws (a trim holds the allocator's lock, which a drawing waits for)."""
    global _trimmed, _untrimmed
    now = time.monotonic()
    idle = _last_job > 0 and now - _last_job >= IDLE_SECONDS
    if _untrimmed and idle and now - _trimmed >= TRIM_SECONDS:
        _trimmed, _untrimmed = now, False
        give_back_freed()
