"""Records and statistics by Discord user id, from whole Dice Stars games played by autopilot.

The games are real (seeded, played to the end by the engine), kept in a real SQLite file the
way the table keeps them (the seats with the finishing save), and read back by /history.
"""

from __future__ import annotations

import pytest

from cogs.dice_stars import DiceStarsPlugin
from cogs.history import keep_earlier_seats
from cogs.table.records import seat_results
from games import dice_stars as engine
from games import table as tables
from games.engine import settle
from games.table import Seat, Table
from storage import Database

PLUGIN = DiceStarsPlugin()
GUILD, CHANNEL = 1, 10


def played(seats: list[Seat], seed: int) -> Table:
    """A Dice Stars table played to its end by the autopilot on every seat."""
    table = tables.open_table("dice_stars", seats[0].user_id or 0, seats[0].name, "en", {})
    table.options = {"host_starts": True}
    table.seats = seats
    table.seed = seed
    state = PLUGIN.new_state(table)
    while not engine.is_over(state):
        settle(engine, state)
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        engine.apply(state, seat, engine.autopilot(state, seat))
    table.state = engine.to_json(state)
    table.status = tables.FINISHED
    return table


def robo() -> Seat:
    return Seat(None, "Robo 1", computer=True)


def computer_wins(user_id: int, name: str) -> Table:
    """The first seeded game a computer wins against this player."""
    for seed in range(200):
        table = played([Seat(user_id, name), robo()], seed)
        state = engine.from_json(table.state)
        if engine.ranking(state) == [2, 1]:
            return table
    raise AssertionError("the computer won none of 200 games")


async def keep(db: Database, table: Table, *, with_seats: bool = True) -> int:
    """Save a finished table as the table cog does: its seats with the finishing save."""
    record = await db.create_game(
        guild_id=GUILD, channel_id=CHANNEL, kind="dice_stars", snapshot=table.to_json()
    )
    results = seat_results(PLUGIN, table) if with_seats else []
    await db.save_game(record.id, 1, table.to_json(), status="finished", results=results)
    return record.id


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "tables.sqlite3")
    yield database
    await database.close()


async def test_a_computers_score_never_becomes_a_record_or_a_win(db):
    table = computer_wins(7, "alice")
    await keep(db, table)
    scores = engine.scores(engine.from_json(table.state))
    assert scores[1] > scores[0], "the computer scored best"
    rows = await db.seat_results(GUILD)
    assert [(r.user_id, r.computer) for r in rows] == [(7, False), (None, True)]
    (record,) = await db.best_scores(GUILD, "dice_stars")
    assert (record.user_id, record.name, record.value) == (7, "alice", scores[0])
    (alice,) = await db.player_totals(GUILD, 7)
    assert (alice.kind, alice.games, alice.wins, alice.best) == ("dice_stars", 1, 0, scores[0])
    assert await db.most_wins(GUILD, "dice_stars") is None, "the only winner was a computer"


async def test_a_seat_whose_player_left_holds_no_best_score(db):
    # The autopilot played that seat after the player left: a game played, no best score.
    table = played([Seat(7, "alice", left=True), robo(), Seat(8, "bob")], seed=3)
    await keep(db, table)
    assert [r.user_id for r in await db.best_scores(GUILD, "dice_stars")] == [8]
    (alice,) = await db.player_totals(GUILD, 7)
    assert (alice.games, alice.wins, alice.best) == (1, 0, None)
    assert [w.user_id for w in [await db.most_wins(GUILD, "dice_stars")] if w] in ([], [8])


async def test_records_follow_the_user_id_through_a_change_of_display_name(db):
    # alice (id 7) plays as "alice", then as "Alicia"; another user is called "alice" too.
    first = played([Seat(7, "alice"), Seat(9, "alice")], seed=1)
    second = played([Seat(7, "Alicia"), robo()], seed=2)
    for table in (first, second):
        await keep(db, table)
    first_scores = engine.scores(engine.from_json(first.state))
    second_scores = engine.scores(engine.from_json(second.state))
    (mine,) = await db.player_totals(GUILD, 7)
    assert mine.games == 2 and mine.best == max(first_scores[0], second_scores[0])
    (namesake,) = await db.player_totals(GUILD, 9)
    assert namesake.games == 1 and namesake.best == first_scores[1]
    won = [engine.ranking(engine.from_json(t.state))[0] == 1 for t in (first, second)]
    assert mine.wins == sum(won)
    (record,) = await db.best_scores(GUILD, "dice_stars")
    holder = 7 if max(first_scores[0], second_scores[0]) >= first_scores[1] else 9
    assert record.user_id == holder
    assert record.name == ("Alicia" if holder == 7 else "alice"), "the holder's latest name"
    wins_of_namesake = int(engine.ranking(engine.from_json(first.state))[1] == 1)
    if sum(won) > wins_of_namesake:
        most = await db.most_wins(GUILD, "dice_stars")
        assert (most.user_id, most.name, most.value) == (7, "Alicia", sum(won))


async def test_the_history_command_shows_records_by_user_id_without_the_computer(emu, runner):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    alice = emu.add_user("alice")
    emu.add_member(guild, alice, nick="Alicia")
    await runner.start()
    lost = computer_wins(alice.id, "alice")
    record = await runner.db.create_game(
        guild_id=guild.id, channel_id=chan.id, kind="dice_stars", snapshot=lost.to_json()
    )
    results = seat_results(PLUGIN, lost)
    await runner.db.save_game(record.id, 1, lost.to_json(), status="finished", results=results)
    scores = engine.scores(engine.from_json(lost.state))

    ix = await emu.slash(alice, chan, "history", {})
    text = ix.private.text
    assert f"Best Dice Stars score: **{scores[0]}** by alice" in text
    assert f"**{scores[1]}**" not in text.split("\n")[1]
    assert f"alice {scores[0]}, Robo 1 🤖 {scores[1]}\n" in text + "\n", "no 🏆 for a computer"
    mine = await emu.slash(alice, chan, "history", {"player": alice})
    assert mine.private.text.split("\n") == [
        "📊 **Alicia** on this server:",
        f"Dice Stars: 1 game · 0 wins · best score **{scores[0]}**",
    ]


async def test_games_finished_before_seats_were_kept_get_them_once(tmp_path, monkeypatch):
    import storage.database as sqlite_storage
    from storage.migrations import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    monkeypatch.setattr(sqlite_storage, "MIGRATIONS", MIGRATIONS[:4])
    old = await Database.open(path)
    lost = computer_wins(7, "alice")
    kept = await keep(old, lost, with_seats=False)
    gone = await old.create_game(guild_id=GUILD, channel_id=11, kind="chess", snapshot={})
    await old.save_game(gone.id, 1, {"seats": [], "state": {}}, status="finished")
    await old.close()

    monkeypatch.setattr(sqlite_storage, "MIGRATIONS", MIGRATIONS)
    new = await Database.open(path)
    try:
        assert [g.id for g in await new.unrecorded_games()] == [kept, gone.id]
        assert await keep_earlier_seats(new, {"dice_stars": PLUGIN}) == 1
        rows = await new.seat_results(GUILD)
        assert [(r.game_id, r.user_id, r.computer) for r in rows] == [
            (kept, 7, False),
            (kept, None, True),
        ]
        assert (await new.best_scores(GUILD, "dice_stars"))[0].user_id == 7
        assert await keep_earlier_seats(new, {"dice_stars": PLUGIN}) == 0, "once"
        assert len(await new.seat_results(GUILD)) == 2
    finally:
        await new.close()
