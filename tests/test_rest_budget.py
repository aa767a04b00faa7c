"""The REST budget keeps the bot under Discord's global limit (on a simulated clock)."""

import asyncio

from cogs.table.rest_budget import RestBudget, budgeted


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_a_burst_beyond_the_budget_is_spread_over_time():
    clock = Clock()
    budget = RestBudget(per_second=45, clock=clock, sleep=clock.sleep, burst=5)
    sent: list[float] = []
    for _ in range(5):
        await budget.take()
        sent.append(clock.now)
    assert clock.slept == [], "a burst of 5 calls goes out at once"
    for _ in range(90):
        await budget.take()
        sent.append(clock.now)
    assert abs(clock.now - 2.0) < 1e-9, "90 more calls take two more seconds"
    assert all(abs(s - 1 / 45) < 1e-9 for s in clock.slept)
    # Over any second, Discord's 50 calls are never reached.
    assert max(sum(1 for t in sent if start <= t < start + 1) for start in sent) <= 50


async def test_a_quiet_bot_never_waits():
    clock = Clock()
    budget = RestBudget(per_second=45, clock=clock, sleep=clock.sleep)
    for _ in range(200):
        clock.now += 0.05  # 20 calls a second
        await budget.take()
    assert clock.slept == []


async def test_the_wrapped_request_still_returns_its_answer():
    calls = []

    async def request(route: str, **kwargs: object) -> str:
        calls.append(route)
        return f"answer to {route}"

    wrapped = budgeted(request, RestBudget())
    results = await asyncio.gather(*(wrapped(f"r{i}") for i in range(3)))
    assert results == ["answer to r0", "answer to r1", "answer to r2"] and len(calls) == 3
