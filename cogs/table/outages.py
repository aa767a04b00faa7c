"""Discord or the database away for a while: one line in the log, and the tables wait.

Discord answers 500s or 429s for a minute, a managed PostgreSQL fails over. Every table that
changes in that minute meets the same fault, and a traceback for each would bury the log; none
of them is a bug. So an outage of Discord is told once, when it begins (one WARNING line), and
each further failure only at DEBUG level, until Discord answers again or has been quiet for
:data:`FORGOTTEN_AFTER` seconds. The database's outages are the storage's own
(:class:`storage.StorageUnavailable`, logged once by :mod:`storage.outages`).

discord.py itself warns of every 429 it waits out; those warnings count as the outage's line
too, so a minute of 429s is one line, not one per request.

What the tables do meanwhile is the table cog's part: a change saved but not shown waits for
the sweep (:mod:`cogs.table.cog`), which looks again every ``timers.poll_seconds`` and stops at the
first table it still cannot show, so a long outage costs one request per sweep, not one per
table; a click that cannot be saved is told to try again in a moment.
"""

from __future__ import annotations

import logging
import time

import aiohttp
import discord

from storage import StorageUnavailable

log = logging.getLogger(__name__)
DISCORD = "Discord"
FORGOTTEN_AFTER = 300.0  # seconds without a failure: the next one is a new outage
# discord.py's loggers that warn of each rate limit they wait out.
RATE_LIMIT_LOGGERS = ("discord.http", "discord.webhook.async_")
RATE_LIMIT_WORDS = ("rate limited", "rate limit has been hit")
# The bot's own notes of a single call that failed: while Discord is known to be away, they
# repeat the outage's line once for every click.
CALL_NOTE_LOGGERS = ("cogs.table.delivery", "cogs.table.i18n", "cogs.table.channel_step")


def discord_outage(error: BaseException) -> bool:
    """Discord failing as a service (5xx, 429, unreachable), not refusing what the bot asked."""
    if isinstance(error, discord.DiscordServerError | discord.RateLimited):
        return True
    if isinstance(error, discord.HTTPException):
        return error.status == 429
    if isinstance(error, aiohttp.ClientError):
        return True
    # A connection reset or a timeout is raised as it is: told apart by where it came from.
    return isinstance(error, OSError) and _raised_in_discord(error)


def storage_outage(error: BaseException) -> bool:
    """The database away or unable to write for now: the storage says so, and has logged it."""
    return isinstance(error, StorageUnavailable)


def _raised_in_discord(error: BaseException) -> bool:
    """Whether the error was raised from discord.py's or aiohttp's code."""
    traceback = error.__traceback__
    while traceback is not None:
        module = str(traceback.tb_frame.f_globals.get("__name__", ""))
        if module.split(".")[0] in ("discord", "aiohttp"):
            return True
        traceback = traceback.tb_next
    return False


class Outages(logging.Filter):
    """Which service is away now, so that its outage is logged once, not once per table."""

    def __init__(self) -> None:
        super().__init__()
        self._last_failure: dict[str, float] = {}  # service -> when it last failed

    def down(self, *services: str) -> bool:
        """Whether any of these services is away now."""
        now = time.monotonic()
        failures = [self._last_failure.get(service) for service in services]
        return any(last is not None and now - last < FORGOTTEN_AFTER for last in failures)

    def failed(self, service: str, error: BaseException, what: str) -> None:
        """``what`` failed because ``service`` is away: one line if its outage begins now."""
        if self.down(service):
            log.debug("%s failed: %s is still away (%s)", what, service, describe(error))
        else:
            log.warning(
                "%s is not answering (%s): the tables wait and resume when it is back",
                service[0].upper() + service[1:],
                describe(error),
            )
        self._last_failure[service] = time.monotonic()

    def answered(self, service: str) -> None:
        """``service`` did what was asked: an outage of it is over."""
        last = self._last_failure.pop(service, None)
        if last is not None:
            log.debug("%s answers again", service)

    # ---- discord.py's own warnings of rate limits ------------------------------------------

    def install(self) -> None:
        for name in (*RATE_LIMIT_LOGGERS, *CALL_NOTE_LOGGERS):
            logging.getLogger(name).addFilter(self)

    def uninstall(self) -> None:
        for name in (*RATE_LIMIT_LOGGERS, *CALL_NOTE_LOGGERS):
            logging.getLogger(name).removeFilter(self)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name in CALL_NOTE_LOGGERS:
            return record.levelno > logging.INFO or not self.down(DISCORD)
        if record.levelno != logging.WARNING:
            return True
        text = str(record.msg).lower()
        if not any(words in text for words in RATE_LIMIT_WORDS):
            return True
        # The first warning of a rate-limit outage is its line; the others only repeat it.
        shown = not self.down(DISCORD)
        self._last_failure[DISCORD] = time.monotonic()
        return shown


def describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status}"
    return type(error).__name__ + (f": {error}" if str(error) else "")
