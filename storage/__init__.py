"""Persistence of games and their move logs; knows no game and no Discord type."""

from storage.database import (
    ChannelBusy,
    Database,
    Deadline,
    GameRecord,
    MoveRecord,
    StaleVersion,
    StorageError,
)

__all__ = [
    "ChannelBusy",
    "Database",
    "Deadline",
    "GameRecord",
    "MoveRecord",
    "StaleVersion",
    "StorageError",
]
