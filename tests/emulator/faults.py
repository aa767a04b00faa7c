"""Faults injected at an exact request: an error answer, a hook before or after, or no answer.

A `Fault` watches the requests whose method is `method` and whose API path (without
/api/v10) fullmatches `path`, and whose parsed `Call` passes `match`; it fires on the
`nth` of them counted from its injection, and on the `times - 1` that follow. Requests to
unknown routes or without the bot's token never reach the faults.

What a firing does, in order:

1. `before()` runs (sync or async, no arguments).
2. The request is handled by its route unless it is skipped: with `drop=True`, when
   `before` returned the string "drop", when the client went away during `before` (e.g. it
   killed the bot process; rest.GONE_GRACE, 0.1 s, is allowed for the closed connection to
   show), or when the fault answers an `error` or `hang`s and has no `after`.
3. `after()` runs: the request has taken effect (if it was handled), its answer not yet sent.
4. The answer: none if the client is gone; none ever with `hang` (the connection stays open
   until the client goes away or the emulator stops); the `error` (status, code, message) if
   given (a 429 with `retry_after` set is Discord's rate-limit answer: a `Via` header and
   `retry_after` in the body, so that discord.py waits and tries again, as with Discord);
   for a dropped request the connection is closed without an answer; else the route's own
   answer.

Several faults firing on one request all run their hooks (in injection order); the first
`error` is the answer. An exception in a hook is a `handler_error` violation.

A request skipped on an interaction callback counts as the bot's callback for the simulated
user: `slash`/`click`/... return; an injected error lands in `ix.refused`, a dropped or hung
one sets `ix.dropped`.
"""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rest import Call

Hook = Callable[[], Any | Awaitable[Any]]
DROP = "drop"


@dataclass(eq=False)
class Fault:
    method: str
    path: re.Pattern[str]
    match: Callable[[Call], bool] | None = None
    nth: int = 1
    times: int = 1
    error: tuple[int, int, str] | None = None
    before: Hook | None = None
    after: Hook | None = None
    hang: bool = False
    drop: bool = False
    retry_after: float | None = None  # with a 429 error: Discord's own rate-limit answer
    fired: int = 0
    seen: int = 0  # matching requests since the injection
    calls: list[Call] = field(default_factory=list)  # the requests it fired on
    owner: list[Fault] | None = None
    _fired_once: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        if self.nth < 1 or self.times < 1:
            raise ValueError(f"nth and times start at 1, not {self.nth} and {self.times}")

    def matches(self, call: Call) -> bool:
        if call.method != self.method or not self.path.fullmatch(call.path):
            return False
        return self.match is None or bool(self.match(call))

    def count(self, call: Call) -> bool:
        """Count a matching request; whether the fault fires on it."""
        self.seen += 1
        if not self.nth <= self.seen < self.nth + self.times:
            return False
        self.fired += 1
        self.calls.append(call)
        self._fired_once.set()
        return True

    @property
    def spent(self) -> bool:
        return self.seen >= self.nth + self.times - 1

    @property
    def skips(self) -> bool:
        """The request is not handled whatever `before` does."""
        return self.drop or ((self.error is not None or self.hang) and self.after is None)

    async def wait(self, timeout: float = 5.0) -> Fault:
        """Until the fault fired at least once; AssertionError naming it if not."""
        try:
            await asyncio.wait_for(self._fired_once.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"{self} did not fire within {timeout} s") from None
        return self

    def cancel(self) -> None:
        """Stop watching requests (a fault already firing finishes its request)."""
        if self.owner is not None and self in self.owner:
            self.owner.remove(self)

    def __repr__(self) -> str:
        what = [f"nth={self.nth}", f"times={self.times}"]
        if self.error:
            what.append(f"error={self.error[0]}/{self.error[1]}")
        what += [name for name in ("before", "after") if getattr(self, name)]
        what += [name for name in ("hang", "drop") if getattr(self, name)]
        shown = " ".join(what)
        return f"<Fault {self.method} {self.path.pattern} {shown} fired={self.fired}>"


def firing(faults: list[Fault], call: Call) -> list[Fault]:
    """Count the request on every fault it matches; those that fire on it, in injection order."""
    return [fault for fault in list(faults) if fault.matches(call) and fault.count(call)]


async def run_hook(hook: Hook | None) -> Any:
    if hook is None:
        return None
    result = hook()
    if inspect.isawaitable(result):
        result = await result
    return result
