"""A forked drawing worker shares the bot's memory and leaves the bot's own things alone.

Forked once the plugins are loaded, the worker starts with the bot's modules and texts in
memory. What it shares must stay shared (the garbage collector of the worker must not copy the
bot's objects by writing to them), and what it must not share is let go at its start: the
bot's sockets, its signal handling, the locks of the drawing caches.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import time

import pytest

from drawing.service import Drawing, preferred_start_method
from rendering import toolkit
from tests.support import in_worker
from tests.test_drawing import LOC, _plugins, _screens

pytestmark = pytest.mark.skipif(
    preferred_start_method() != "fork", reason="the system cannot fork its drawing worker"
)


def _own_megabytes(pid: int) -> float:
    """What the process holds that no other does (its unique set: private pages)."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        for line in rollup:
            name, _, rest = line.partition(":")
            if name in ("Private_Clean", "Private_Dirty"):
                fields[name] = int(rest.split()[0])
    return sum(fields.values()) / 1024


async def _started(method: str) -> tuple[Drawing, list]:
    drawing = Drawing(processes=1, loc=LOC, start_method=method)
    plugins = _plugins()
    for plugin in plugins:
        drawing.register(plugin)
    drawing.start()
    await _first_screen(drawing, plugins)
    return drawing, plugins


async def _first_screen(drawing: Drawing, plugins: list) -> object:
    method, ctx, args = _screens(plugins[0])[0]
    return await drawing.screen(plugins[0], method, ctx, *args)


async def test_a_forked_worker_shares_the_bots_memory_after_a_full_collection() -> None:
    own = {}
    for method in ("spawn", "fork"):
        drawing, _ = await _started(method)
        try:
            await drawing.ask(gc.collect)  # walks every object it has
            own[method] = _own_megabytes(drawing.worker_pids()[0])
        finally:
            drawing.close()
    # Measured: some 13 MB forked, 34 MB spawned (36 MB forked without the frozen objects).
    assert own["fork"] < 0.6 * own["spawn"], own


async def test_a_connection_the_bot_closes_closes_though_its_worker_was_forked_with_it() -> None:
    ended = asyncio.Event()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # until the other end is closed
        ended.set()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    _, bot_end = await asyncio.open_connection("127.0.0.1", port)
    drawing, _ = await _started("fork")  # forked while the connection is open
    try:
        bot_end.close()
        await asyncio.wait_for(ended.wait(), timeout=5)
    finally:
        drawing.close()
        server.close()
        await server.wait_closed()


async def test_a_signal_to_the_worker_does_not_reach_the_bot() -> None:
    loop = asyncio.get_running_loop()
    received: list[int] = []
    loop.add_signal_handler(signal.SIGTERM, received.append, signal.SIGTERM)
    try:
        drawing, plugins = await _started("fork")
        try:
            expected = await _first_screen(drawing, plugins)
            worker = drawing.worker_pids()[0]
            os.kill(worker, signal.SIGTERM)
            deadline = time.monotonic() + 5
            while _alive(worker) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)  # a wake-up byte would have been read by now
            assert received == []
            assert not _alive(worker), "the worker ends by the signal, as a process does"
            assert await _first_screen(drawing, plugins) == expected  # drawn here meanwhile
            assert await _first_screen(drawing, plugins) == expected  # by the next worker
            assert drawing.restarts == 1
        finally:
            drawing.close()
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


async def test_a_cache_lock_held_at_the_fork_does_not_hang_the_worker() -> None:
    """A thread of the bot drawing a text (a fallback picture) as the next worker is forked."""
    in_thread = Drawing(processes=0, loc=LOC)
    plugins = _plugins()
    expected = await _first_screen(in_thread, plugins)
    drawing = Drawing(processes=1, loc=LOC, start_method="fork")
    for plugin in plugins:
        drawing.register(plugin)
    try:
        with toolkit._stamps._lock:
            drawing.start()
        assert await asyncio.wait_for(_first_screen(drawing, plugins), timeout=60) == expected
    finally:
        drawing.close()


def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
        os.kill(pid, 0)
    except (ChildProcessError, ProcessLookupError):
        return False
    return True


async def test_the_worker_does_not_trim_while_a_job_draws(monkeypatch) -> None:
    """A trim holds the allocator's lock, which a picture being drawn would wait for: the
    worker trims on its own only between jobs. (Its clocks shortened: the worker is forked
    with this process's settings.)"""
    from drawing import worker as drawing_worker

    monkeypatch.setattr(drawing_worker, "TRIM_SECONDS", 1.0)
    monkeypatch.setattr(drawing_worker, "IDLE_SECONDS", 0.2)
    monkeypatch.setattr(drawing_worker, "PARENT_CHECK_SECONDS", 0.05)
    drawing, _ = await _started("fork")
    try:
        await drawing.picture("en", in_worker.own_heap)  # a job that ends too soon to trim
        freed, at_the_end = await drawing.picture("en", in_worker.free_memory_then_wait, 2.0)
        assert freed - at_the_end < 5_000, (freed, at_the_end)  # not trimmed during the job
        await asyncio.sleep(1.0)  # idle now
        after = await drawing.ask(in_worker.own_heap)
        assert at_the_end - after > 20_000, (at_the_end, after)  # given back after it
    finally:
        drawing.close()


@pytest.mark.skipif(not hasattr(os, "SCHED_BATCH"), reason="Linux's batch scheduling")
@pytest.mark.parametrize("method", ["fork", "spawn"])
async def test_the_worker_waits_for_a_free_core_instead_of_taking_the_bots(method) -> None:
    """A job wakes the worker; as a batch process it does not preempt the bot's event loop
    that wrote the job (which had spent over half of a Start click's time in that write)."""
    drawing, _ = await _started(method)
    try:
        assert await drawing.ask(os.sched_getscheduler, 0) == os.SCHED_BATCH
    finally:
        drawing.close()
    assert os.sched_getscheduler(0) == os.SCHED_OTHER, "the bot itself stays as it was"


async def test_a_worker_that_cannot_be_started_costs_no_screen(monkeypatch) -> None:
    """The system refuses a new process (its process limit, its memory): the screen is drawn
    in a thread, and the next screen tries again."""
    plugins = _plugins()
    expected = await _first_screen(Drawing(processes=0, loc=LOC), plugins)
    drawing = Drawing(processes=1, loc=LOC, start_method="fork")
    for plugin in plugins:
        drawing.register(plugin)

    def refused() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    try:
        with monkeypatch.context() as patched:
            patched.setattr(os, "fork", refused)
            assert await _first_screen(drawing, plugins) == expected
            assert drawing.worker_pids() == []
        assert await _first_screen(drawing, plugins) == expected
        assert drawing.worker_pids() and os.getpid() not in drawing.worker_pids()
    finally:
        drawing.close()
