"""Records from the seats of finished games, keyed by Discord user id, and a solo game's best.

Every finished game keeps its seats (:func:`seat_results`, saved with the move that ends it);
the storage sums them up for ``/history`` (``storage.database.SQL.COUNTS`` and ``WINS``). What
counts, and why:

- a computer seat never holds a record or a win (it has no user id to hold one);
- a seat whose player left is a game played, but neither a win nor a best score: the
  autopilot played most of it;
- a win is a first place (ties share it);
- a solo game's place says how it ended against the game's own opponent: 1 won (a tie shares
  the victory, as at a table), 2 lost. A game whose solo has no opponent (Dizzle: the goal is a
  personal best) gives its solo seat no place: neither won nor lost, never a win;
- a lost solo's score is no best score: the opponent won, the game may have ended early;
- the name shown for a user is the one of their latest game.

``/history``'s list, a player's statistics and the server's records all follow these rules:
:func:`is_win` and :func:`counts_for_best` here, ``SQL.WINS`` and ``SQL.SCORED`` in the storage.

A solo result picture shows the player's best earlier score (:func:`solo_best`). Where the brief
was silent: the best is the player's own (same Discord user in a solo game of the same title, on
the same Dizzle level), among the server's last ``SEARCHED`` finished games, this game left out.
A computer seat or a game outside a server has no best.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games import table as tables
from games.table import Table
from storage import SeatResult

if TYPE_CHECKING:
    from cogs.table.plugin import GamePlugin
    from screens.context import TableContext
    from storage.database import Database

SEARCHED = 200  # finished games looked through: a server's recent history


def seat_results(plugin: GamePlugin, table: Table) -> list[SeatResult]:
    """The seats of a finished table as kept for records."""
    state = plugin.engine.from_json(table.state or {})
    scores = plugin.engine.scores(state)
    places: list[int | None] = list(plugin.engine.ranking(state))
    if len(table.seats) == 1 and not plugin.solo_is_won_or_lost:
        places = [None]
    variant = plugin.record_variant(table)
    return [
        SeatResult(
            seat=index,
            user_id=None if seat.computer else seat.user_id,
            name=seat.name,
            computer=seat.computer,
            left=seat.left,
            score=scores[index] if index < len(scores) else None,
            place=places[index] if index < len(places) else None,
            variant=variant,
            table_size=len(table.seats),
        )
        for index, seat in enumerate(table.seats)
    ]


def counts(result: SeatResult) -> bool:
    """A seat of a Discord user who played it to the end."""
    return not result.computer and not result.left and result.user_id is not None


def is_win(result: SeatResult) -> bool:
    return counts(result) and result.place == 1


def is_lost_solo(result: SeatResult) -> bool:
    return result.table_size == 1 and result.place is not None and result.place > 1


def counts_for_best(result: SeatResult) -> bool:
    """Whether the seat's score may be a best score (the player's own or the server's)."""
    return counts(result) and result.score is not None and not is_lost_solo(result)


async def solo_best(
    db: Database,
    plugin: GamePlugin,
    ctx: TableContext,
    guild_id: int | None,
    same_kind_of_game: Callable[[Table], bool] = lambda table: True,
) -> int | None:
    """The best score of this solo game's player in earlier solo games like it, else None."""
    seats = ctx.table.seats
    if guild_id is None or len(seats) != 1 or not seats[0].user_id:
        return None
    user_id = seats[0].user_id
    best: int | None = None
    for record in await db.guild_games(guild_id, (tables.FINISHED,), SEARCHED):
        if record.id == ctx.game_id or record.kind != plugin.engine.INFO.kind:
            continue
        table = Table.from_json(record.snapshot)
        if len(table.seats) != 1 or table.seats[0].user_id != user_id or not table.state:
            continue
        if not same_kind_of_game(table):
            continue
        (seat,) = seat_results(plugin, table)
        if counts_for_best(seat) and seat.score is not None:
            best = seat.score if best is None else max(best, seat.score)
    return best
