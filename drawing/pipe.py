"""One drawing worker process, and the two pipes through which the event loop talks to it.

The loop writes each job (a function and its arguments, pickled) to the worker's pipe and reads
the answers from the other as they come, in the order the jobs were sent: no thread stands in
between, so a picture costs the loop one write, a read or two and no wake-up from elsewhere.
The worker's side is :func:`drawing.worker.serve`. A worker that dies (killed, out of
memory) closes its end of the answers: every job it still had fails with :class:`WorkerDied`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import fcntl
import multiprocessing
import os
import pickle
import struct
from collections.abc import Callable
from multiprocessing.context import BaseContext
from typing import Any

from drawing.worker import serve

HEADER = struct.Struct("!i")  # as multiprocessing's connections frame a message
PIPE_BYTES = 1 << 20  # a picture in one piece where the system allows (64 KiB by default)
READ_BYTES = 1 << 20
CLOSE_SECONDS = 10.0


class WorkerDied(Exception):
    """The worker ended before it answered."""


class WorkerProcess:
    """A started worker: :meth:`submit` a job, await its answer."""

    def __init__(
        self,
        context: BaseContext,
        initializer: Callable[..., None],
        initargs: tuple[Any, ...],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        jobs_out, jobs_in = context.Pipe(duplex=False)  # (reading end, writing end)
        answers_out, answers_in = context.Pipe(duplex=False)
        forked = context.get_start_method() == "fork"
        # A forked worker holds copies of the bot's ends too: it lets them go at its start.
        bots_ends = (jobs_in.fileno(), answers_out.fileno()) if forked else ()
        self.process = context.Process(
            target=serve,
            args=(jobs_out, answers_in, bots_ends, initializer, initargs),
            name="drawing",
            daemon=True,
        )
        try:
            self.process.start()
        except BaseException:
            for end in (jobs_out, jobs_in, answers_out, answers_in):
                end.close()
            raise
        jobs_out.close()  # the worker's ends: its death then ends the answers
        answers_in.close()
        self._jobs, self._answers = jobs_in, answers_out
        self._loop = loop
        self._waiting: collections.deque[asyncio.Future[Any]] = collections.deque()
        self._unsent = bytearray()
        self._received = bytearray()
        self.alive = True
        for end in (self._jobs, self._answers):
            os.set_blocking(end.fileno(), False)
            with contextlib.suppress(OSError, AttributeError):  # Linux only
                fcntl.fcntl(end.fileno(), fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        loop.add_reader(self._answers.fileno(), self._read)

    @property
    def pid(self) -> int | None:
        return self.process.pid

    @property
    def waiting(self) -> int:
        """Jobs sent and not answered yet."""
        return len(self._waiting)

    def submit(self, function: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """``function(*args)`` in the worker: its answer, or :class:`WorkerDied`."""
        answer = self._loop.create_future()
        if not self.alive:
            answer.set_exception(WorkerDied())
            return answer
        job = pickle.dumps((function, args), pickle.HIGHEST_PROTOCOL)
        idle = not self._unsent  # else the loop writes it after what waits to go
        self._waiting.append(answer)
        self._unsent += HEADER.pack(len(job))
        self._unsent += job
        if idle:
            self._write()
        return answer

    def _write(self) -> None:
        try:
            sent = os.write(self._jobs.fileno(), self._unsent)
        except BlockingIOError:
            sent = 0
        except OSError:  # the worker is gone: its answers' end closes too
            self._end()
            return
        del self._unsent[:sent]
        if self._unsent:
            self._loop.add_writer(self._jobs.fileno(), self._write)
        else:
            self._loop.remove_writer(self._jobs.fileno())

    def _read(self) -> None:
        try:
            while chunk := os.read(self._answers.fileno(), READ_BYTES):
                self._received += chunk
                self._answer()
        except BlockingIOError:
            return
        except OSError:
            pass
        self._end()  # the end of the answers: the worker is gone

    def _answer(self) -> None:
        """Every whole answer received so far, to the jobs in the order they were sent."""
        while len(self._received) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._received)
            if len(self._received) < HEADER.size + size:
                return
            message = self._received[HEADER.size : HEADER.size + size]
            del self._received[: HEADER.size + size]
            answer = self._waiting.popleft()
            try:
                done, value = pickle.loads(message)
            except Exception as error:  # an answer this process cannot take
                done, value = False, error
            if answer.cancelled():
                continue
            if done:
                answer.set_result(value)
            else:
                answer.set_exception(value)

    def _end(self) -> None:
        if not self.alive:
            return
        self.alive = False
        self._loop.remove_reader(self._answers.fileno())
        self._loop.remove_writer(self._jobs.fileno())
        self._jobs.close()  # the worker, if it still lives, ends after the job in hand
        self._answers.close()
        while self._waiting:
            answer = self._waiting.popleft()
            if not answer.done():
                answer.set_exception(WorkerDied())
        multiprocessing.active_children()  # reaps a worker that died

    def stop(self, wait: bool) -> None:
        """Its jobs fail, it ends after the one in hand (waited for with ``wait``)."""
        self._end()
        if wait:
            self.process.join(CLOSE_SECONDS)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
