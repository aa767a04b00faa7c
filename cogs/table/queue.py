"""One channel's changes, one at a time, in the order their clicks arrived.

An :class:`asyncio.Lock` queues a waiter only once it asks for the lock. A click that first
acknowledges Discord asks later than a click that arrived after it and whose answer waits for
its change (:mod:`cogs.table.delivery`), and its change would run second: a Lock clicked right after
a toggle could lock the slate without that toggle. A :class:`QueuePlace` is taken as the click
arrives, before anything is awaited, and waited for when its change runs.
"""

from __future__ import annotations

import asyncio
from collections import deque


class ChannelQueue:
    """The line of one channel's changes; ``async with turns:`` takes a turn and waits for it."""

    def __init__(self) -> None:
        self._line: deque[asyncio.Future[None]] = deque()

    def take(self) -> QueuePlace:
        """A place at the end of the line, taken now; it comes when those before it are done."""
        place: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._line.append(place)
        if len(self._line) == 1:
            place.set_result(None)
        return QueuePlace(self, place)

    def locked(self) -> bool:
        """Whether a change runs or waits in this channel."""
        return bool(self._line)

    def _leave(self, place: asyncio.Future[None]) -> None:
        if not self._line or place not in self._line:
            return  # left already
        first = self._line[0] is place
        self._line.remove(place)
        if first and self._line:
            self._line[0].set_result(None)

    async def __aenter__(self) -> None:
        await self.take().__aenter__()

    async def __aexit__(self, *exc: object) -> None:
        self._leave(self._line[0])  # the one running is always the first in line


class QueuePlace:
    """One change's place in its channel's line: waited for with ``async with``, left after."""

    def __init__(self, line: ChannelQueue, place: asyncio.Future[None]) -> None:
        self._line = line
        self._place = place

    async def __aenter__(self) -> None:
        try:
            await asyncio.shield(self._place)
        except BaseException:
            self.release()  # cancelled while waiting: those after it must not wait for it
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        """Done, or not needed after all: the next in line goes on (twice is once)."""
        self._line._leave(self._place)
