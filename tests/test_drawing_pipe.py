"""The drawing worker's pipes: jobs go out as they come, answers come back whole and in order,
an error in the worker reaches whoever asked, and a worker's death fails its jobs at once."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal

import pytest

from drawing.pipe import WorkerDied, WorkerProcess
from drawing.service import preferred_start_method
from tests.support import in_worker


def _nothing() -> None:
    pass


@pytest.fixture
async def worker():
    context = multiprocessing.get_context(preferred_start_method())
    worker = WorkerProcess(context, _nothing, (), asyncio.get_running_loop())
    yield worker
    worker.stop(wait=True)


async def test_many_large_answers_come_back_whole_and_in_order(worker) -> None:
    sizes = [3 << 20, 256, 1 << 20, 0, 5 << 20]  # several larger than the pipe holds
    answers = await asyncio.gather(*(worker.submit(in_worker.pid_and_bytes, n) for n in sizes))
    assert [len(data) for _, data in answers] == [n // 256 * 256 for n in sizes]
    assert all(data == bytes(range(256)) * (len(data) // 256) for _, data in answers)
    assert {pid for pid, _ in answers} == {worker.pid} and worker.pid != os.getpid()
    assert worker.waiting == 0


async def test_an_error_in_the_worker_reaches_the_caller_and_the_worker_goes_on(worker) -> None:
    with pytest.raises(ValueError, match="no such card") as raised:
        await worker.submit(in_worker.refuse, "no such card")
    assert any("in refuse" in note for note in raised.value.__notes__), "with its traceback"
    pid, _ = await worker.submit(in_worker.pid_and_bytes, 256)
    assert pid == worker.pid


async def test_a_dead_worker_fails_every_job_it_had_at_once(worker) -> None:
    slow = worker.submit(in_worker.free_memory_then_wait, 60)  # the job in hand
    behind = [worker.submit(in_worker.pid_and_bytes, 1 << 20) for _ in range(2)]
    await asyncio.sleep(0.3)
    os.kill(worker.pid, signal.SIGKILL)
    for job in (slow, *behind):
        with pytest.raises(WorkerDied):
            await asyncio.wait_for(job, timeout=10)
    assert not worker.alive and worker.waiting == 0
    with pytest.raises(WorkerDied):
        await worker.submit(in_worker.pid_and_bytes, 256)
