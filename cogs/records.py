"""Records and statistics from the seats of finished games, keyed by Discord user id.

Every finished game keeps its seats (:func:`seat_results`, saved with the move that ends it);
the storage sums them up (``storage.database.SQL.COUNTS`` and ``WINS``). What counts, and why:

- a computer seat never holds a record or a win (it has no user id to hold one);
- a seat whose player left is a game played, but neither a win nor a best score: the
  autopilot played most of it;
- a win is a first place (ties share it) at a table of two seats or more; a solo game is
  played against the sheet, not against anyone;
- the name shown for a user is the one of their latest game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage import SeatResult

if TYPE_CHECKING:
    from cogs.plugin import GamePlugin
    from games.table import Table


def seat_results(plugin: GamePlugin, table: Table) -> list[SeatResult]:
    """The seats of a finished table as kept for records."""
    state = plugin.engine.from_json(table.state or {})
    scores = plugin.engine.scores(state)
    places = plugin.engine.ranking(state)
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
