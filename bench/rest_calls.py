"""The bot's own REST calls, as Discord counts them against its global limit of 50 a second.

Interaction callbacks and webhooks (followups, edits of an interaction's messages) do not count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from tests.emulator import RequestRecord

LIMIT = 50  # calls per second
FREE_ROUTES = ("/interactions/", "/webhooks/")  # not under the global rate limit
ID = re.compile(r"\d{5,}")


def counted(requests: Sequence[RequestRecord]) -> list[float]:
    """Moments of the calls that count against the limit, in order."""
    return sorted(r.time for r in requests if not r.path.startswith(FREE_ROUTES))


def seconds_over_limit(requests: Sequence[RequestRecord], start: float) -> int:
    """Whole seconds (from ``start``) in which the bot made more than 50 counted calls."""
    buckets: dict[int, int] = {}
    for moment in counted(requests):
        second = int(moment - start)
        buckets[second] = buckets.get(second, 0) + 1
    return sum(1 for calls in buckets.values() if calls > LIMIT)


def peak_rate(requests: Sequence[RequestRecord]) -> int:
    """The most counted calls within any sliding second."""
    times = counted(requests)
    peak, first = 0, 0
    for last, moment in enumerate(times):
        while moment - times[first] > 1.0:
            first += 1
        peak = max(peak, last - first + 1)
    return peak


def routes(requests: Sequence[RequestRecord], start: float, end: float) -> Counter[str]:
    """Counted calls between two moments, by method and route (ids replaced by ``{id}``)."""
    return Counter(
        f"{r.method} {ID.sub('{id}', r.path)}"
        for r in requests
        if start <= r.time <= end and not r.path.startswith(FREE_ROUTES)
    )


def calls_note(by_route: Counter[str], interactions: int) -> str:
    """Counted REST calls per interaction, by route."""
    per = max(interactions, 1)
    parts = [f"{route} {calls / per:.2f}" for route, calls in by_route.most_common(4)]
    return f"{sum(by_route.values()) / per:.2f} per interaction: " + ", ".join(parts)
