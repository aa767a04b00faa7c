"""Solo games in records and statistics, on both engines (a real SQLite file, and PostgreSQL at
TEST_DATABASE_URL): a lost Dice Stars solo is no win and no best score, a won one is both; a
Dizzle solo (no opponent) is never a win but its score counts. The rules of cogs/records.py and
the SQL of the storage agree seat for seat, and games kept before solo places had this meaning
are read right after the migration.
"""

from __future__ import annotations

from dataclasses import replace

import storage.database as sqlite_storage
import storage.postgres as postgres_storage
from cogs.dice_stars import DiceStarsPlugin
from cogs.history import keep_earlier_seats
from cogs.table import records
from games import dice_stars
from games.table import Seat, Table
from storage import SeatResult, Storage
from storage.migrations import MIGRATIONS
from tests.test_fair_records import played
from tests.test_records import finished_solo
from tests.test_records import plugin as dizzle_plugin
from tests.test_storage import open_db  # noqa: F401 (the fixture: once per engine)

GUILD = 1
KIM = 7
DICE_STARS = DiceStarsPlugin()
DIZZLE = dizzle_plugin()
ROBO = Seat(None, "Robo", computer=True)


def dice_stars_solo(outcomes: tuple[str, ...]) -> Table:
    """The first seeded Dice Stars solo of Kim's that ends in one of ``outcomes``."""
    for seed in range(100):
        table = played([Seat(KIM, "Kim")], seed)
        if dice_stars.result(dice_stars.from_json(table.state))["outcome"] in outcomes:
            return table
    raise AssertionError(f"no solo ended in {outcomes}")


LOST = ("solo_loss", "solo_grid_full")


def lost_with_the_best_score() -> Table:
    """A lost solo that scored more than the won one below: a record only if it counted."""
    won = score(dice_stars_solo(("solo_win",)))
    for seed in range(100):
        table = played([Seat(KIM, "Kim")], seed)
        state = dice_stars.from_json(table.state)
        if dice_stars.result(state)["outcome"] in LOST and dice_stars.scores(state)[0] > won:
            return table
    raise AssertionError("no lost solo outscored the won one")


def score(table: Table) -> int:
    return DICE_STARS.engine.scores(DICE_STARS.engine.from_json(table.state))[0]


async def keep(db: Storage, kind: str, table: Table, results: list[SeatResult] | None) -> int:
    record = await db.create_game(
        guild_id=GUILD, channel_id=100 + table.seed, kind=kind, snapshot=table.to_json()
    )
    await db.save_game(record.id, 1, table.to_json(), status="finished", results=results or [])
    return record.id


async def test_a_lost_dice_stars_solo_is_no_win_and_no_record(open_db):  # noqa: F811
    db = await open_db()
    lost = lost_with_the_best_score()
    (seat,) = records.seat_results(DICE_STARS, lost)
    assert seat.place == 2 and not records.is_win(seat) and not records.counts_for_best(seat)
    await keep(db, "dice_stars", lost, [seat])
    (kim,) = await db.player_totals(GUILD, KIM)
    assert (kim.games, kim.wins, kim.best) == (1, 0, None)
    assert await db.best_scores(GUILD, "dice_stars") == []
    assert await db.most_wins(GUILD, "dice_stars") is None

    won = dice_stars_solo(("solo_win",))
    await keep(db, "dice_stars", won, records.seat_results(DICE_STARS, won))
    (kim,) = await db.player_totals(GUILD, KIM)
    assert (kim.games, kim.wins, kim.best) == (2, 1, score(won))
    assert score(lost) > score(won), "the lost solo scored more, and still is no record"
    (best,) = await db.best_scores(GUILD, "dice_stars")
    assert (best.user_id, best.value) == (KIM, score(won))
    most = await db.most_wins(GUILD, "dice_stars")
    assert most is not None and (most.user_id, most.value) == (KIM, 1)


async def test_a_dizzle_solo_is_never_a_win_but_its_score_is_a_record(open_db):  # noqa: F811
    db = await open_db()
    table = finished_solo(DIZZLE, KIM, "level1", 3)
    (seat,) = records.seat_results(DIZZLE, table)
    assert seat.place is None and not records.is_win(seat) and records.counts_for_best(seat)
    await keep(db, "dizzle", table, [seat])
    (kim,) = await db.player_totals(GUILD, KIM)
    dizzle_score = DIZZLE.engine.scores(DIZZLE.engine.from_json(table.state))[0]
    assert (kim.kind, kim.games, kim.wins, kim.best) == ("dizzle", 1, 0, dizzle_score)
    (record,) = await db.best_scores(GUILD, "dizzle", solo=True)
    assert (record.variant, record.user_id, record.value) == (seat.variant, KIM, dizzle_score)


async def test_the_statistics_count_what_the_seat_rules_count(open_db):  # noqa: F811
    """Every shape of seat: the storage's wins and bests are exactly cogs/records.py's."""
    db = await open_db()
    tables_ = [
        ("dice_stars", lost_with_the_best_score(), DICE_STARS),
        ("dice_stars", dice_stars_solo(("solo_win", "solo_tie")), DICE_STARS),
        (
            "dice_stars",
            played([Seat(KIM, "Kim"), Seat(None, "Robo", computer=True)], 4),
            DICE_STARS,
        ),
        ("dice_stars", played([Seat(KIM, "Kim", left=True), Seat(8, "Ben")], 5), DICE_STARS),
        ("dizzle", finished_solo(DIZZLE, KIM, "level1", 1), DIZZLE),
        ("dizzle", finished_solo(DIZZLE, KIM, "level2", 2), DIZZLE),
    ]
    kept: list[SeatResult] = []
    for kind, table, plugin in tables_:
        results = records.seat_results(plugin, table)
        await keep(db, kind, table, results)
        kept += [replace(result, kind=kind) for result in results]
    for user in (KIM, 8):
        for totals in await db.player_totals(GUILD, user):
            mine = [r for r in kept if r.user_id == user and r.kind == totals.kind]
            assert totals.games == len(mine)
            assert totals.wins == sum(records.is_win(r) for r in mine)
            bests = [r.score for r in mine if records.counts_for_best(r)]
            assert totals.best == (max(bests) if bests else None)


async def test_solo_seats_kept_before_are_kept_again_with_their_meaning(
    open_db,  # noqa: F811
    monkeypatch,
):
    """A Dizzle solo kept with place 1 (read as a win) is kept again, with no place."""
    for engine in (sqlite_storage, postgres_storage):
        monkeypatch.setattr(engine, "MIGRATIONS", MIGRATIONS[:5])
    old = await open_db()
    solo = finished_solo(DIZZLE, KIM, "level1", 4)
    (seat,) = records.seat_results(DIZZLE, solo)
    as_kept_before = replace(seat, place=1)
    game = await keep(old, "dizzle", solo, [as_kept_before])
    pair = played([Seat(KIM, "Kim"), Seat(8, "Ben")], 6)
    await keep(old, "dice_stars", pair, records.seat_results(DICE_STARS, pair))
    assert (await old.player_totals(GUILD, KIM))[1].wins == 1, "the old row reads as a win"

    for engine in (sqlite_storage, postgres_storage):
        monkeypatch.setattr(engine, "MIGRATIONS", MIGRATIONS)
    new = await open_db()
    assert [g.id for g in await new.unrecorded_games()] == [game]
    assert await keep_earlier_seats(new, {"dizzle": DIZZLE, "dice_stars": DICE_STARS}) == 1
    (row,) = [r for r in await new.seat_results(GUILD) if r.game_id == game]
    assert row.place is None and row.score == seat.score
    dizzle = next(t for t in await new.player_totals(GUILD, KIM) if t.kind == "dizzle")
    assert (dizzle.games, dizzle.wins, dizzle.best) == (1, 0, seat.score)
    kept_pair = [r for r in await new.seat_results(GUILD) if r.game_id != game]
    assert len(kept_pair) == 2, "seats of tables of two stay as they were"
