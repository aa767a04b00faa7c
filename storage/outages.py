"""A database that is away for a while: its errors told apart from bugs, and logged once.

A managed PostgreSQL fails over, a disk fills up, a backup holds the SQLite file: for seconds or
minutes every call fails, and then everything works again. Such a failure raises
:class:`StorageUnavailable` (nothing was written: each save is one transaction), so a click can
answer "try again in a moment" and a background loop can wait for its next round, while any
other error stays the bug it is. The first failure of an outage logs one warning and its end one
line more; the failures in between are counted, not logged, so an outage never floods the log.
"""

from __future__ import annotations

import functools
import inspect
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

log = logging.getLogger(__name__)
T = TypeVar("T")


class StorageUnavailable(Exception):
    """The database cannot be reached or cannot write now; nothing of the call was saved."""


# SQLite's primary result codes that mean "not now" rather than "wrong": another connection holds
# the lock, the disk is full or failing, the file cannot be opened.
SQLITE_AWAY = {
    sqlite3.SQLITE_BUSY,
    sqlite3.SQLITE_LOCKED,
    sqlite3.SQLITE_NOMEM,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
}
POSTGRES_AWAY = (
    OSError,  # refused, reset or unreachable (ConnectionError is one)
    TimeoutError,
    asyncpg.PostgresConnectionError,  # class 08
    asyncpg.exceptions.OperatorInterventionError,  # class 57: shut down, restarting
    asyncpg.exceptions.InsufficientResourcesError,  # class 53: disk full, too many connections
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.ConnectionFailureError,
)


def sqlite_away(error: BaseException) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.Error) and code is not None and code & 0xFF in SQLITE_AWAY


def postgres_away(error: BaseException) -> bool:
    if isinstance(error, POSTGRES_AWAY):
        return True
    # A pooled connection the server closed under it: asyncpg says so in an InterfaceError.
    return isinstance(error, asyncpg.InterfaceError) and "closed" in str(error)


class Outage:
    """Whether the database is away now, so that an outage is logged once, with its length."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.since: float | None = None
        self.refused = 0

    def failed(self, error: BaseException) -> None:
        self.refused += 1
        if self.since is None:
            self.since = time.monotonic()
            log.warning(
                "the %s is unavailable (%s: %s); clicks are asked to try again until it is back",
                self.name,
                type(error).__name__,
                error,
            )

    def succeeded(self) -> None:
        if self.since is not None:
            log.info(
                "the %s is back after %.1f s (%d calls refused meanwhile)",
                self.name,
                time.monotonic() - self.since,
                self.refused,
            )
            self.since = None
            self.refused = 0


def watch_outages(away: Callable[[BaseException], bool]) -> Callable[[type[T]], type[T]]:
    """Class decorator: each public coroutine method raises :class:`StorageUnavailable` when the
    database is away (``away`` tells), and notes the outage's start and end on ``self.outage``.
    """

    def decorate(cls: type[T]) -> type[T]:
        for name, method in list(vars(cls).items()):
            if name.startswith("_") or not inspect.iscoroutinefunction(method):
                continue
            setattr(cls, name, _guarded(method, away))
        return cls

    return decorate


def _guarded(
    method: Callable[..., Awaitable[Any]], away: Callable[[BaseException], bool]
) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        outage: Outage = self.outage
        try:
            result = await method(self, *args, **kwargs)
        except StorageUnavailable:
            raise
        except Exception as error:
            if not away(error):
                raise
            outage.failed(error)
            raise StorageUnavailable(str(error)) from error
        outage.succeeded()
        return result

    return guarded
