"""Stay under Discord's global limit of about 50 REST calls a second, by waiting a little.

Interaction answers do not count against that limit (they go through the interaction's own
webhook, as do the messages a click brings: see cogs/table/channel_posts.py); everything else
the bot sends with its token does: DMs, edits after a DM click or a timer, messages of computer
seats and timers, mirrors to spectating channels. Players rarely click in lockstep, but a burst
(a tournament evening) must slow the bot down for a moment rather than earn it a ban.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

PER_SECOND = 45.0  # a margin under Discord's 50
BURST = 3.0  # calls at once beyond the steady pace: no second sees more than 45 + 3


class RestBudget:
    """A token bucket: ``per_second`` calls a second, bursts of ``burst`` calls at once.

    Over any second at most ``burst + per_second`` calls go out.
    """

    def __init__(
        self,
        per_second: float = PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        burst: float = BURST,
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._tokens = burst
        self._last = clock()
        self._lock = asyncio.Lock()

    async def take(self) -> None:
        async with self._lock:
            now = self._clock()
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
            self._last = now
            if self._tokens < 1:
                wait = (1 - self._tokens) / self.per_second
                await self._sleep(wait)
                self._tokens = 1.0
                self._last = self._clock()
            self._tokens -= 1


def budgeted(request: Callable[..., Awaitable[Any]], budget: RestBudget) -> Callable[..., Any]:
    """``request`` (discord.py's HTTPClient.request) waiting for the budget before each call."""

    async def request_within_budget(*args: Any, **kwargs: Any) -> Any:
        await budget.take()
        return await request(*args, **kwargs)

    return request_within_budget
