"""The REST side of the fake: one aiohttp handler that logs, routes, parses and never crashes.

Route handlers are plain functions `(emu, call) -> (status, json body or None)`; they raise
`DiscordError` for Discord's error answers, which records a `Violation` when the answer means
that the bot broke a rule. Injected faults (see faults.py) act between parsing and handling.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .faults import DROP, Fault, firing, run_hook
from .limits import Breach, form_error
from .messages import TooLarge, Upload
from .models import RequestRecord, Violation

if TYPE_CHECKING:
    from .fake import FakeDiscord

API_PREFIX = re.compile(r"^/api/v\d+")

Reply = tuple[int, Any]
Handler = Callable[["FakeDiscord", "Call"], Reply]
# Told when a fault kept a request from its handler: the injected status, or None (no answer).
Skipped = Callable[["FakeDiscord", "Call", "int | None"], None]
# How long, after a fault's `before`, a client that was killed there may take to be seen gone.
GONE_GRACE = 0.1


class DiscordError(Exception):
    """An error answer; with a `rule` it is also recorded as a violation."""

    def __init__(
        self, status: int, code: int, message: str, rule: str | None = None, detail: str = ""
    ) -> None:
        super().__init__(message)
        self.status = status
        self.body: dict[str, Any] = {"code": code, "message": message}
        self.rules: list[tuple[str, str]] = [(rule, detail or message)] if rule else []
        self.headers: dict[str, str] = {}

    @classmethod
    def rate_limited(cls, retry_after: float) -> DiscordError:
        """Discord's 429: through its proxy (a ``Via`` header), with ``retry_after`` in the body
        (discord.py waits that long and tries again, up to five tries, then raises)."""
        error = cls(429, 0, "You are being rate limited.")
        error.body.update(retry_after=retry_after, **{"global": False})
        error.headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Scope": "user",
        }
        return error

    @classmethod
    def invalid_form(cls, breaches: list[Breach]) -> DiscordError:
        error = cls(400, 50035, "Invalid Form Body")
        error.body = form_error(breaches)
        error.rules = [(breach.rule, breach.describe()) for breach in breaches]
        return error

    @classmethod
    def too_large(cls, problem: TooLarge) -> DiscordError:
        return cls(413, 40005, "Request entity too large", "attachment_too_large", str(problem))


def unknown(what: str, code: int) -> DiscordError:
    """Discord's 404 for an id that does not exist (a normal answer, not a violation)."""
    return DiscordError(404, code, f"Unknown {what}")


@dataclass
class Call:
    """One parsed request."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    uploads: list[Upload] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        return self.body if isinstance(self.body, dict) else {}

    def id(self, name: str) -> int:
        return int(self.params[name])


@dataclass
class Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    needs_bot_token: bool = True
    skipped: Skipped | None = None


def route(
    method: str,
    path: str,
    handler: Handler,
    needs_bot_token: bool = True,
    skipped: Skipped | None = None,
) -> Route:
    """A route whose `{name}` parts match one path segment each."""
    regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path)
    return Route(method, re.compile(regex), handler, needs_bot_token, skipped)


def respond(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    if body is None:
        return web.Response(status=204, headers=headers)
    # Exactly "application/json": with a charset discord.py would treat the body as text.
    data = json.dumps(body).encode()
    headers = {**(headers or {}), "Content-Type": "application/json"}
    return web.Response(status=status, body=data, headers=headers)


async def read_call(request: web.Request, path: str, params: dict[str, str]) -> Call:
    call = Call(request.method, path, params, dict(request.query), None)
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            if name == "payload_json":
                call.body = json.loads(await part.text())
            elif name.startswith("file"):
                index = int(re.sub(r"\D", "", name) or len(call.uploads))
                data = bytes(await part.read(decode=False))
                content_type = part.headers.get("Content-Type")
                call.uploads.append(Upload(index, part.filename or name, data, content_type))
    else:
        raw = await request.read()
        call.body = json.loads(raw) if raw else None
    return call


def find_route(routes: list[Route], method: str, path: str) -> tuple[Route, dict[str, str]]:
    path_known = False
    for candidate in routes:
        match = candidate.pattern.fullmatch(path)
        if match is None:
            continue
        if candidate.method == method:
            return candidate, match.groupdict()
        path_known = True
    if path_known:
        raise DiscordError(405, 0, "405: Method Not Allowed", "unknown_route", f"{method} {path}")
    raise DiscordError(404, 0, "404: Not Found", "unknown_route", f"{method} {path}")


async def handle_rest(emu: FakeDiscord, request: web.Request, routes: list[Route]) -> web.Response:
    path = API_PREFIX.sub("", request.path)
    where = f"{request.method} {path}"
    emu.requests.append(RequestRecord(request.method, path, time.monotonic()))
    emu._rest_started()
    in_flight = [True]
    try:
        found, params = find_route(routes, request.method, path)
        if found.needs_bot_token and request.headers.get("Authorization") != f"Bot {emu.bot_token}":
            raise DiscordError(401, 0, "401: Unauthorized")
        call = await read_call(request, path, params)
        faults = firing(emu.faults, call)
        if faults:
            return await _faulted(emu, request, found, call, faults, in_flight)
        return _handled(emu, found, call, where)
    except TooLarge as problem:
        return _refuse(emu, where, DiscordError.too_large(problem))
    except DiscordError as error:
        return _refuse(emu, where, error)
    except Exception:
        return _crashed(emu, where)
    finally:
        if in_flight[0]:
            emu._rest_finished()


def _handled(emu: FakeDiscord, found: Route, call: Call, where: str) -> web.Response:
    """The route's own answer; Discord's errors and crashes of the route become answers too."""
    try:
        breaches = unknown_emoji_breaches(emu, call.body)
        if breaches:
            raise DiscordError.invalid_form(breaches)
        status, body = found.handler(emu, call)
        return respond(status, body)
    except TooLarge as problem:
        return _refuse(emu, where, DiscordError.too_large(problem))
    except DiscordError as error:
        return _refuse(emu, where, error)
    except Exception:
        return _crashed(emu, where)


def unknown_emoji_breaches(emu: FakeDiscord, body: Any) -> list[Breach]:
    """Controls showing a custom emoji the application lacks (see app_emojis.py)."""
    from .app_emojis import unknown_emoji_breaches as breaches  # it builds on this module

    return breaches(emu, body)


def _crashed(emu: FakeDiscord, where: str) -> web.Response:
    # A 5xx would make discord.py retry with sleeps; a 400 fails fast and loud.
    detail = traceback.format_exc()
    emu.violations.append(Violation("handler_error", detail, where, 400))
    return respond(400, {"code": 0, "message": "emulator error", "detail": detail})


async def _faulted(
    emu: FakeDiscord,
    request: web.Request,
    found: Route,
    call: Call,
    faults: list[Fault],
    in_flight: list[bool],
) -> web.Response:
    """A request some faults fire on: hooks, handling or not, then their answer or none."""
    where = f"{call.method} {call.path}"
    skip = any(fault.skips for fault in faults)
    for fault in faults:
        if await run_hook(fault.before) == DROP:
            skip = True
    if any(fault.before for fault in faults) and await _client_gone(request, GONE_GRACE):
        skip = True
    answer = None if skip else _handled(emu, found, call, where)
    for fault in faults:
        await run_hook(fault.after)
    erring = next((fault for fault in faults if fault.error), None)
    error = erring.error if erring else None
    hang = any(fault.hang for fault in faults)
    gone = request.transport is None
    if skip and found.skipped is not None:
        found.skipped(emu, call, None if hang or gone or error is None else error[0])
    if hang and not gone:
        # A request that never ends is no longer "in flight" for idle().
        in_flight[0] = False
        emu._rest_finished()
        await emu._hang_until_gone(request)
    if erring is not None and error is not None:
        if error[0] == 429 and erring.retry_after is not None:
            return _refuse(emu, where, DiscordError.rate_limited(erring.retry_after))
        return _refuse(emu, where, DiscordError(*error))
    if answer is None and request.transport is not None:
        # Dropped: the client sees its connection closed without an answer.
        request.transport.close()
    # Without a client (killed, or gone while hanging) aiohttp drops whatever is returned.
    return answer if answer is not None else respond(204, None)


async def _client_gone(request: web.Request, grace: float) -> bool:
    """Whether the client closed its connection, now or within `grace` seconds."""
    deadline = time.monotonic() + grace
    while request.transport is not None:
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.005)
    return True


def _refuse(emu: FakeDiscord, where: str, error: DiscordError) -> web.Response:
    for rule, detail in error.rules:
        emu.violations.append(Violation(rule, detail, where, error.status))
    emu.error_responses.append((where, error.status, error.body))
    return respond(error.status, error.body, error.headers)
