"""Which failures are an outage of Discord or of the database, and one log line per outage."""

from __future__ import annotations

import logging
import sqlite3

import discord
import pytest

from cogs.table.outages import DISCORD, Outages, discord_outage, storage_outage
from storage import StorageUnavailable


class Answer:
    """Enough of an aiohttp response for discord.py's exceptions."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "reason"


def http_error(status: int) -> discord.HTTPException:
    kind = discord.DiscordServerError if status >= 500 else discord.HTTPException
    return kind(Answer(status), {"code": 0, "message": "m"})


@pytest.mark.parametrize(("status", "outage"), [(500, True), (503, True), (429, True)])
def test_discord_5xx_and_429_are_an_outage(status, outage):
    error = http_error(status)
    assert discord_outage(error) is outage and not storage_outage(error)


@pytest.mark.parametrize("status", [400, 403, 404])
def test_a_refusal_of_what_the_bot_asked_is_no_outage(status):
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    assert not discord_outage(kind(Answer(status), {"code": 0, "message": "m"}))


def test_the_database_away_is_a_storage_outage_and_no_discord_one():
    away = StorageUnavailable("database is locked")
    assert storage_outage(away) and not discord_outage(away)
    assert not storage_outage(sqlite3.OperationalError("no such table: t"))


def test_an_outage_is_one_warning_and_discord_py_rate_limit_warnings_join_it(caplog):
    outages = Outages()
    outages.install()
    try:
        caplog.set_level(logging.DEBUG)
        rate = logging.getLogger("discord.http")
        rate.warning("We are being rate limited. %s %s responded with 429.", "GET", "/x")
        rate.warning("We are being rate limited. %s %s responded with 429.", "GET", "/y")
        outages.failed(DISCORD, http_error(429), "showing game 1")
        outages.failed(DISCORD, http_error(503), "another table")  # the same outage
        assert outages.down(DISCORD)
        outages.answered(DISCORD)
        assert not outages.down(DISCORD)
        outages.failed(DISCORD, http_error(503), "a repair")  # a new outage
    finally:
        outages.uninstall()
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        "We are being rate limited. GET /x responded with 429.",
        "Discord is not answering (HTTP 503): the tables wait and resume when it is back",
    ]
