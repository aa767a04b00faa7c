"""What the bot may ask of its database, written once: SQLite and PostgreSQL both keep it.

Every rule here holds across bot processes sharing one database (shards), because the database
keeps it, not the process: a save is version-checked, a deadline is claimed once, a channel has
one open game. Every call raises :class:`~storage.outages.StorageUnavailable` while the database
is away (nothing of the call was written), :class:`~storage.database.StaleVersion` when a save
lost to another, and :class:`~storage.database.ChannelBusy` for a second open game in a channel.
``tests/test_storage.py`` runs the same tests against both engines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from storage.daily import DailyEntry, DailyRank
    from storage.database import (
        CLOSED_STATUSES,
        Deadline,
        DeadlineChange,
        GameRecord,
        MoveRecord,
        PlayerTotals,
        RecordHolder,
        SeatResult,
    )
    from storage.outages import Outage
else:  # the defaults below are read at run time by the contract's test
    from storage.database import CLOSED_STATUSES


class Storage(Protocol):
    outage: Outage  # whether the database is away now, for one log line per outage

    async def close(self) -> None: ...

    async def schema_version(self) -> int:
        """The last migration applied."""
        ...

    # --- games, their versions and move logs ----------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        snapshot: dict[str, Any],
        status: str = "lobby",
    ) -> GameRecord:
        """A new game at version 1; :class:`ChannelBusy` if the channel has an open one."""
        ...

    async def load_game(self, game_id: int) -> GameRecord | None: ...

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in play, if any."""
        ...

    async def save_game(
        self,
        game_id: int,
        expected_version: int,
        snapshot: dict[str, Any],
        *,
        status: str,
        moves: Sequence[tuple[int | None, dict[str, Any], str]] = (),
        shown: bool = True,
        deadline: DeadlineChange = None,
        results: Sequence[SeatResult] = (),
    ) -> int:
        """Write a new snapshot and append moves in one transaction; returns the new version.

        :class:`StaleVersion`, with nothing written, unless the game is at ``expected_version``.
        ``moves`` are ``(seat, action, actor)``; their sequence numbers continue the log.
        ``results``: the seats of a game this save finishes, kept for records. ``shown=False``
        notes that the channel does not show this snapshot yet (see :meth:`unshown_games`).
        ``deadline`` is set (``(due_at, remind_at)``, under the new version) or cleared
        (``CLEAR``) in the same transaction; ``None`` leaves it.
        """
        ...

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The game's move log, in order."""
        ...

    async def guild_games(
        self, guild_id: int, statuses: Sequence[str] = CLOSED_STATUSES, limit: int = 25
    ) -> list[GameRecord]:
        """A guild's games with the given statuses, most recently changed first."""
        ...

    async def open_games(self) -> list[GameRecord]:
        """Every game in a lobby or in play."""
        ...

    # --- what the channel shows -----------------------------------------------------------------

    async def mark_shown(self, game_id: int, version: int) -> None:
        """Note that the channel shows this version (nothing if the game was saved since)."""
        ...

    async def unshown_games(self, before: float, limit: int = 500) -> list[int]:
        """Ids of games whose channel lacks changes saved before ``before``, the oldest first."""
        ...

    async def link_channel(self, channel_id: int, game_id: int, linked: bool = True) -> None:
        """Another channel shows the game (or, with ``linked=False``, no longer does)."""
        ...

    async def linked_game(self, channel_id: int) -> GameRecord | None:
        """The open game this channel shows besides its own, if any."""
        ...

    # --- finished games' seats, statistics and records ------------------------------------------

    async def save_results(self, game_id: int, results: Sequence[SeatResult]) -> None:
        """Keep the seats of a game finished earlier (a second call for it adds nothing)."""
        ...

    async def unrecorded_games(self, after_id: int = 0, limit: int = 100) -> list[GameRecord]:
        """Finished games whose seats are not kept yet, by id from ``after_id`` on."""
        ...

    async def seat_results(
        self, guild_id: int, user_id: int | None = None, limit: int = 20000
    ) -> list[SeatResult]:
        """Seats of a guild's finished games (of one user if given), the newest games first."""
        ...

    async def player_totals(self, guild_id: int, user_id: int) -> list[PlayerTotals]:
        """A user's finished games in a guild per kind: games, wins and best score."""
        ...

    async def best_scores(self, guild_id: int, kind: str, solo: bool = False) -> list[RecordHolder]:
        """A kind's best score (``solo``: at one-seat tables, one per variant)."""
        ...

    async def most_wins(self, guild_id: int, kind: str) -> RecordHolder | None:
        """Who won a kind most often in a guild, if anyone did."""
        ...

    # --- the daily challenge: one attempt per player, game and UTC day ------------------------

    async def create_daily_game(
        self,
        *,
        kind: str,
        day: str,
        user_id: int,
        name: str,
        level: str,
        guild_id: int | None,
        channel_id: int,
        snapshot: dict[str, Any],
        status: str = "lobby",
    ) -> GameRecord:
        """A new game and the user's attempt at that day's game, in one transaction.

        :class:`DailyTaken` if the user has one already, :class:`ChannelBusy` if the channel has
        an open game; nothing is written then.
        """
        ...

    async def daily_entry(self, kind: str, day: str, user_id: int) -> DailyEntry | None:
        """The user's attempt at that day's game, if any."""
        ...

    async def daily_of_game(self, game_id: int) -> DailyEntry | None:
        """The attempt a game is, if it is a daily one."""
        ...

    async def end_daily(self, game_id: int, score: int, summary: str) -> bool:
        """Keep the score of an attempt that ended; False if it had ended already."""
        ...

    async def daily_board(
        self, kind: str, day: str, guild_id: int | None = None, limit: int = 10
    ) -> list[DailyEntry]:
        """A day's ended attempts (of one server if given), the best first."""
        ...

    async def daily_rank(
        self, kind: str, day: str, score: int, guild_id: int | None = None
    ) -> DailyRank:
        """Where a score stands among that day's ended attempts (of one server if given)."""
        ...

    async def daily_days(self, kind: str, user_id: int, limit: int = 1000) -> list[str]:
        """The days the user made an attempt at a kind's daily, the newest first."""
        ...

    async def unended_dailies(self, before_day: str, limit: int = 100) -> list[DailyEntry]:
        """Attempts of days before ``before_day`` that did not end yet, the oldest first."""
        ...

    async def daily_announced(self, game_id: int) -> None:
        """Note the attempt's result sent to the player and the channel."""
        ...

    async def unannounced_dailies(self, limit: int = 100) -> list[DailyEntry]:
        """Attempts whose game is over and whose result was not sent yet, the oldest first."""
        ...

    # --- deadlines: each fires once, whichever process claims it --------------------------------

    async def set_deadline(
        self, game_id: int, version: int, due_at: float, remind_at: float | None
    ) -> None:
        """The game's deadline from now on (replacing any earlier one)."""
        ...

    async def clear_deadline(self, game_id: int) -> None: ...

    async def mark_reminded(self, game_id: int, version: int) -> bool:
        """Claim the reminder once; False if it was sent already or the deadline changed."""
        ...

    async def claim_deadline(self, game_id: int, version: int) -> bool:
        """Take an expired deadline off the list; only one caller ever gets True."""
        ...

    async def deadlines(self, before: float | None = None, limit: int = 100) -> list[Deadline]:
        """Pending deadlines, the soonest first (only those due before ``before`` if given)."""
        ...
