"""The daily challenge: the same solo game for everyone on one UTC day.

The whole random source of a daily game is its seed, and the seed is a pure function of the
game, the level and the UTC date: every player on every server and every bot process meets the
same first roll, and the same stream for the same choices. Dizzle's level follows
:data:`DIZZLE_ROTATION`, cycled by the day's number (days since :data:`EPOCH`). The rules are
the game's solo rules, unchanged.

A streak is a run of consecutive UTC days on which the player played the game's daily.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta

KINDS = ("dice_stars", "dizzle")
EPOCH = date(2026, 1, 1)  # day number 0 of the rotation
# Dizzle's daily sheet, one a day, starting over every four days (day 0: level1).
DIZZLE_ROTATION = ("level1", "level2", "level3", "level4")
_SEED_BITS = 62  # as the tables' own seeds (``secrets.randbits(62)``)


def utc_day(timestamp: float) -> date:
    """The UTC date of a moment (seconds since the epoch): a day ends at midnight UTC."""
    return datetime.fromtimestamp(timestamp, UTC).date()


def day_number(day: date) -> int:
    """Days since :data:`EPOCH` (negative before it)."""
    return (day - EPOCH).days


def daily_level(kind: str, day: date) -> str:
    """The day's level: Dizzle's sheet from the rotation; Dice Stars has none (``""``)."""
    if kind not in KINDS:
        raise ValueError(f"no daily for {kind!r}")
    if kind == "dizzle":
        return DIZZLE_ROTATION[day_number(day) % len(DIZZLE_ROTATION)]
    return ""


def daily_seed(kind: str, level: str, day: date) -> int:
    """The engine's seed of that day's game: the same for everyone, a new one each day."""
    text = f"daily:{kind}:{level}:{day.isoformat()}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> (64 - _SEED_BITS)


def streaks(days: Iterable[date], today: date) -> tuple[int, int]:
    """``(current, best)`` runs of consecutive days played.

    The current run is still alive while today is not over: it ends today, or yesterday if
    the player has not played yet today; a day missed breaks it.
    """
    played = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in played:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    alive = previous is not None and today - previous <= timedelta(days=1)
    return (run if alive else 0), best
