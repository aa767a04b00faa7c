"""A player's best earlier score, from the server's finished games, for a solo result picture.

Where the brief was silent: the best is the player's own (same Discord user in a solo game of
the same title, on the same Dizzle level), among the server's last ``SEARCHED`` finished games,
this game left out. A computer seat or a game outside a server has no best.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games import table as tables
from games.table import Table

if TYPE_CHECKING:
    from cogs.plugin import GamePlugin, TableContext
    from storage.database import Database

SEARCHED = 200  # finished games looked through: a server's recent history


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
        score = plugin.engine.scores(plugin.engine.from_json(table.state))[0]
        best = score if best is None else max(best, score)
    return best
