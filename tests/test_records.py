"""A solo result's personal best comes from the server's finished games, real SQLite file."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cogs.dizzle import DizzlePlugin
from cogs.table import records
from games import dizzle as engine
from games import table as tables
from games.dizzle_levels import parse_level
from locales import Localizer
from screens.context import TableContext
from storage.database import Database

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"


def plugin() -> DizzlePlugin:
    return DizzlePlugin(
        {p.stem: parse_level(p.read_text("utf-8"), p.name) for p in sorted(LEVELS.glob("*.toml"))}
    )


def finished_solo(dizzle: DizzlePlugin, user_id: int | None, level: str, seed: int) -> tables.Table:
    table = tables.open_table("dizzle", user_id or 1, "Ann", "en", {"level": level})
    if user_id is None:
        table.seats[0] = tables.Seat(None, "Bot", computer=True)
    table.status, table.seed = tables.ACTIVE, seed
    state = dizzle.new_state(table)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        action = engine.sample_chance(state) if seat < 0 else engine.autopilot(state, seat)
        engine.apply(state, seat, action)
    table.state, table.status = engine.to_json(state), tables.FINISHED
    return table


def score(table: tables.Table) -> int:
    return engine.scores(engine.from_json(table.state))[0]


@pytest.mark.asyncio
async def test_the_best_is_the_players_own_on_the_same_level(tmp_path: Path) -> None:
    dizzle = plugin()
    db = await Database.open(tmp_path / "games.db")
    try:
        earlier = [finished_solo(dizzle, 5, "level1", seed) for seed in (1, 2, 3)]
        others = [
            finished_solo(dizzle, 6, "level1", 4),  # another player
            finished_solo(dizzle, 5, "level2", 5),  # another level
        ]
        for channel, table in enumerate([*earlier, *others], start=10):
            game = await db.create_game(
                guild_id=1, channel_id=channel, kind="dizzle", snapshot=table.to_json()
            )
            await db.save_game(game.id, 1, table.to_json(), status=tables.FINISHED)
        now = finished_solo(dizzle, 5, "level1", 9)
        game = await db.create_game(guild_id=1, channel_id=99, kind="dizzle", snapshot={})
        await db.save_game(game.id, 1, now.to_json(), status=tables.FINISHED)
        state = engine.from_json(now.state)
        ctx = TableContext(game.id, 2, now, state, "en", Localizer())

        services = SimpleNamespace(db=db)  # what the plugin reads of the table's services
        best = await dizzle.personal_best(services, ctx, 1)  # type: ignore[arg-type]
        assert best == max(score(table) for table in earlier)
        assert await dizzle.personal_best(services, ctx, None) is None  # type: ignore[arg-type]
        robot = finished_solo(dizzle, None, "level1", 9)
        robot_ctx = TableContext(game.id, 2, robot, state, "en", Localizer())
        assert await records.solo_best(db, dizzle, robot_ctx, 1) is None
    finally:
        await db.close()
