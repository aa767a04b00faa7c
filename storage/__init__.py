"""Persistence of games and their move logs; knows no game and no Discord type.

:func:`open_storage` picks the engine from the settings: the SQLite file of ``storage.database``
for one bot process, or PostgreSQL (``storage.url`` / ``DATABASE_URL``) for several processes
sharing one database. Both keep the contract of :class:`storage.contract.Storage`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage.contract import Storage
from storage.daily import DailyEntry, DailyRank
from storage.database import (
    CLEAR,
    ChannelBusy,
    DailyTaken,
    Database,
    Deadline,
    GameRecord,
    MoveRecord,
    PlayerTotals,
    RecordHolder,
    SeatResult,
    StaleVersion,
    StorageError,
)
from storage.outages import StorageUnavailable
from storage.postgres import PostgresDatabase

if TYPE_CHECKING:
    from config import Config


async def open_storage(config: Config) -> Storage:
    """The configured database, opened and migrated to the latest schema."""
    if config.storage_url:
        return await PostgresDatabase.open(config.storage_url)
    return await Database.open(config.database)


__all__ = [
    "CLEAR",
    "ChannelBusy",
    "DailyEntry",
    "DailyRank",
    "DailyTaken",
    "Database",
    "Deadline",
    "GameRecord",
    "MoveRecord",
    "PlayerTotals",
    "PostgresDatabase",
    "RecordHolder",
    "SeatResult",
    "StaleVersion",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "open_storage",
]
