"""Storage on both engines: a real SQLite file, and PostgreSQL at TEST_DATABASE_URL.

Every test taking ``open_db`` runs once per engine. On PostgreSQL each test gets a schema of its
own in the database at TEST_DATABASE_URL (``./scripts/postgres-for-tests`` starts a server and
prints one). Without that variable the PostgreSQL runs are skipped; with it, a server that does
not answer fails them. Two storages opened on one database stand for two bot processes.
"""

import asyncio
import os
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg
import pytest

from config import Config, ConfigError, parse_config
from storage import (
    CLEAR,
    ChannelBusy,
    Database,
    PostgresDatabase,
    StaleVersion,
    Storage,
    open_storage,
)
from storage.migrations import MIGRATIONS, for_postgres
from storage.postgres import numbered

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
OpenDb = Callable[[], Awaitable[Storage]]


async def _postgres(statement: str) -> None:
    """Run one statement as the test user; an unreachable server fails the test loudly."""
    try:
        connection = await asyncpg.connect(TEST_DATABASE_URL, timeout=10)
    except (TimeoutError, OSError, asyncpg.PostgresError) as error:
        pytest.fail(f"TEST_DATABASE_URL is set, but its PostgreSQL server cannot be used: {error}")
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def _in_schema(url: str, schema: str) -> str:
    # asyncpg hands unknown query parameters to the server as settings.
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
async def open_db(request, tmp_path) -> AsyncIterator[OpenDb]:
    """Opens this test's database once more, as one more bot process would."""
    config = Config(token="t", database=tmp_path / "db" / "tables.sqlite3")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    if request.param == "postgresql":
        if not TEST_DATABASE_URL:
            pytest.skip(
                "PostgreSQL needs TEST_DATABASE_URL: ./scripts/postgres-for-tests prints one"
            )
        await _postgres(f"CREATE SCHEMA {schema}")
        config = Config(
            token="t", database=config.database, storage_url=_in_schema(TEST_DATABASE_URL, schema)
        )
    opened: list[Storage] = []

    async def open_one() -> Storage:
        opened.append(await open_storage(config))
        return opened[-1]

    yield open_one
    for database in opened:
        await database.close()
    if request.param == "postgresql":
        await _postgres(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
async def db(open_db: OpenDb) -> Storage:
    return await open_db()


async def test_the_setting_chooses_the_engine(open_db, request):
    database = await open_db()
    engine = request.node.callspec.params["open_db"]
    assert type(database) is {"sqlite": Database, "postgresql": PostgresDatabase}[engine]


# Several processes starting at once are PostgreSQL's case: SQLite's switch of a new file to WAL
# wants the file alone.
@pytest.mark.parametrize("open_db", ["postgresql"], indirect=True)
async def test_all_migrations_apply_once_when_two_processes_start_together(open_db):
    first, second = await asyncio.gather(open_db(), open_db())
    assert await first.schema_version() == await second.schema_version() == MIGRATIONS[-1][0]
    game = await first.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"a": 1})
    assert (await second.load_game(game.id)).snapshot == {"a": 1}


async def test_reopening_applies_no_migration_twice(open_db):
    first = await open_db()
    await first.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"a": 1})
    await first.close()
    again = await open_db()
    assert await again.schema_version() == MIGRATIONS[-1][0]
    assert (await again.open_game(10)).snapshot == {"a": 1}


async def test_one_open_game_per_channel_but_threads_are_channels(db):
    await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    with pytest.raises(ChannelBusy):
        await db.create_game(guild_id=1, channel_id=10, kind="y", snapshot={})
    await db.create_game(guild_id=1, channel_id=11, kind="y", snapshot={})


async def test_closed_game_frees_the_channel_and_stays_queryable(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
    await db.save_game(game.id, 1, {"n": 1}, status="finished")
    assert await db.open_game(10) is None
    again = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    assert again.id != game.id
    finished = await db.guild_games(1)
    assert [g.id for g in finished] == [game.id]
    assert finished[0].finished_at is not None and finished[0].snapshot == {"n": 1}
    assert [g.id for g in await db.guild_games(1, statuses=("lobby",))] == [again.id]
    assert await db.guild_games(2) == []


async def test_save_checks_the_version_and_appends_moves_in_one_transaction(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
    version = await db.save_game(
        game.id, 1, {"n": 1}, status="active", moves=[(0, {"type": "a"}, "user:5")]
    )
    assert version == 2
    with pytest.raises(StaleVersion):
        await db.save_game(game.id, 1, {"n": 99}, status="active", moves=[(1, {"type": "b"}, "u")])
    loaded = await db.load_game(game.id)
    assert loaded.snapshot == {"n": 1} and loaded.version == 2
    await db.save_game(
        game.id,
        2,
        {"n": 2},
        status="active",
        moves=[(None, {"type": "roll"}, "chance"), (1, {"type": "c"}, "autopilot")],
    )
    moves = await db.moves(game.id)
    assert [(m.seq, m.seat, m.action["type"], m.actor) for m in moves] == [
        (1, 0, "a", "user:5"),
        (2, None, "roll", "chance"),
        (3, 1, "c", "autopilot"),
    ]


async def test_a_save_that_fails_halfway_writes_nothing_and_the_next_one_lands(db):
    from storage import SeatResult

    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
    nameless = [
        SeatResult(0, 5, "Al", False, False, 3, 1),
        SeatResult(1, 6, None, False, False, 2, 2),
    ]
    with pytest.raises(Exception, match=r"(?i)null"):
        await db.save_game(
            game.id,
            1,
            {"n": 1},
            status="finished",
            moves=[(0, {"type": "a"}, "u")],
            deadline=(1.0, None),
            results=nameless,  # the last statement fails
        )
    loaded = await db.load_game(game.id)
    assert (loaded.snapshot, loaded.version, loaded.status) == ({"n": 0}, 1, "lobby")
    assert await db.moves(game.id) == [] and await db.deadlines() == []
    assert await db.seat_results(1) == []
    assert await db.save_game(game.id, 1, {"n": 1}, status="active", moves=[(0, {}, "u")]) == 2
    assert [m.seq for m in await db.moves(game.id)] == [1]


async def test_a_save_cancelled_before_its_transaction_began_leaves_none_open(tmp_path):
    """SQLite: the save's BEGIN still waits for a lock another connection holds (a backup)
    when the save is cancelled; that BEGIN runs after all, and is ended, not left open."""
    path = tmp_path / "tables.sqlite3"
    db = await Database.open(path)
    try:
        game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={"n": 0})
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        save = asyncio.create_task(
            db.save_game(game.id, 1, {"n": 1}, status="active", moves=[(0, {}, "u")])
        )
        await asyncio.sleep(0)  # one step of the task: its BEGIN is queued, and waits
        save.cancel()
        holder.execute("COMMIT")
        holder.close()
        with pytest.raises(asyncio.CancelledError):
            await save
        loaded = await db.load_game(game.id)
        assert (loaded.snapshot, loaded.version, await db.moves(game.id)) == ({"n": 0}, 1, [])
        assert await db.save_game(game.id, 1, {"n": 2}, status="active", moves=[(0, {}, "u")]) == 2
        assert [m.seq for m in await db.moves(game.id)] == [1]
    finally:
        await db.close()


async def test_concurrent_saves_of_one_version_apply_once(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    results = await asyncio.gather(
        *(
            db.save_game(game.id, 1, {"who": i}, status="active", moves=[(i, {"type": "t"}, "u")])
            for i in range(5)
        ),
        return_exceptions=True,
    )
    assert sum(1 for r in results if r == 2) == 1
    assert sum(1 for r in results if isinstance(r, StaleVersion)) == 4
    assert len(await db.moves(game.id)) == 1


async def test_two_processes_saving_one_version_apply_it_once(open_db):
    processes = [await open_db(), await open_db()]
    game = await processes[0].create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    writers = [(p, w) for p in range(2) for w in range(3)]
    results = await asyncio.gather(
        *(
            processes[p].save_game(
                game.id, 1, {"who": [p, w]}, status="active", moves=[(w, {"by": [p, w]}, "u")]
            )
            for p, w in writers
        ),
        return_exceptions=True,
    )
    winners = [writer for writer, result in zip(writers, results, strict=True) if result == 2]
    assert len(winners) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 2)
    for process in processes:
        loaded = await process.load_game(game.id)
        assert loaded.version == 2 and loaded.snapshot == {"who": list(winners[0])}
        assert [m.action["by"] for m in await process.moves(game.id)] == [list(winners[0])]


async def test_deadlines_come_soonest_first_and_are_claimed_once(db):
    games = [
        await db.create_game(guild_id=1, channel_id=c, kind="x", snapshot={}) for c in (1, 2, 3)
    ]
    await db.set_deadline(games[0].id, 1, due_at=100.0, remind_at=50.0)
    await db.set_deadline(games[1].id, 1, due_at=80.0, remind_at=None)
    await db.set_deadline(games[2].id, 1, due_at=200.0, remind_at=60.0)
    assert [d.game_id for d in await db.deadlines()] == [games[0].id, games[2].id, games[1].id]
    assert [d.game_id for d in await db.deadlines(before=55.0)] == [games[0].id]

    assert await db.mark_reminded(games[0].id, 1)
    assert not await db.mark_reminded(games[0].id, 1)
    assert await db.deadlines(before=55.0) == []
    await db.set_deadline(games[0].id, 2, due_at=300.0, remind_at=250.0)
    renewed = [d for d in await db.deadlines() if d.game_id == games[0].id]
    assert [(d.version, d.reminded, d.next_at) for d in renewed] == [(2, False, 250.0)]

    assert not await db.claim_deadline(games[0].id, 1)
    assert await db.claim_deadline(games[0].id, 2)
    assert not await db.claim_deadline(games[0].id, 2)
    await db.clear_deadline(games[1].id)
    assert [d.game_id for d in await db.deadlines()] == [games[2].id]


async def test_two_processes_claiming_one_deadline_fire_it_once(open_db):
    processes = [await open_db(), await open_db()]
    game = await processes[0].create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    await processes[0].set_deadline(game.id, 1, due_at=10.0, remind_at=5.0)
    reminded = await asyncio.gather(
        *(process.mark_reminded(game.id, 1) for process in processes for _ in range(3))
    )
    claimed = await asyncio.gather(
        *(process.claim_deadline(game.id, 1) for process in processes for _ in range(3))
    )
    assert reminded.count(True) == 1 and claimed.count(True) == 1
    assert await processes[1].deadlines() == []


async def test_open_games_lists_lobbies_and_running_games(db):
    a = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    b = await db.create_game(guild_id=1, channel_id=11, kind="x", snapshot={})
    await db.save_game(b.id, 1, {}, status="active")
    c = await db.create_game(guild_id=2, channel_id=12, kind="x", snapshot={})
    await db.save_game(c.id, 1, {}, status="cancelled")
    assert [g.id for g in await db.open_games()] == [a.id, b.id]


async def test_unicode_snapshots_and_64_bit_discord_ids_round_trip(db):
    snowflake = 1_234_567_890_123_456_789
    game = await db.create_game(
        guild_id=snowflake, channel_id=snowflake + 1, kind="x", snapshot={"name": "Jürgen ß é ç 🎲"}
    )
    loaded = await db.load_game(game.id)
    assert loaded.snapshot["name"] == "Jürgen ß é ç 🎲"
    assert (loaded.guild_id, loaded.channel_id) == (snowflake, snowflake + 1)
    assert (await db.open_game(snowflake + 1)).id == game.id


async def test_sqlite_file_is_created_in_wal_mode(tmp_path):
    path = tmp_path / "db" / "tables.sqlite3"
    database = await Database.open(path)
    await database.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_postgres_numbers_the_marks_and_the_row_ids():
    assert numbered("a = ? AND b IN (?, ?) LIMIT ?") == "a = $1 AND b IN ($2, $3) LIMIT $4"
    script = "CREATE TABLE t (id INTEGER PRIMARY KEY, game_id INTEGER PRIMARY KEY)"
    assert for_postgres(script) == (
        "CREATE TABLE t (id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
        " game_id INTEGER PRIMARY KEY)"
    )


def _storage_url(storage: dict, env: dict) -> str:
    return parse_config({"discord": {"token": "t"}, "storage": storage}, env, base=".").storage_url


def test_storage_url_is_empty_for_sqlite_and_database_url_wins():
    url = "postgresql://bot:secret@db.example:5432/tables"
    assert _storage_url({}, {}) == ""
    assert _storage_url({"url": url}, {}) == url
    assert _storage_url({"url": ""}, {"DATABASE_URL": url}) == url
    assert _storage_url({"url": "postgres://a@b/c"}, {"DATABASE_URL": url}) == url


@pytest.mark.parametrize(
    ("storage", "env", "named"),
    [
        ({"url": "mysql://bot:secret@host/tables"}, {}, "storage.url"),
        ({"url": "postgresql://bot:secret@host:port/tables"}, {}, "storage.url"),
        ({"url": 5}, {}, "storage.url"),
        ({}, {"DATABASE_URL": "sqlite:///bot:secret"}, "DATABASE_URL"),
    ],
)
def test_bad_storage_url_is_one_sentence_without_the_password(storage, env, named):
    with pytest.raises(ConfigError) as caught:
        _storage_url(storage, env)
    message = str(caught.value)
    assert named in message and "\n" not in message and "secret" not in message


async def test_a_linked_channel_finds_the_open_game_it_shows(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    await db.link_channel(20, game.id)
    await db.link_channel(20, game.id)  # twice is once
    assert (await db.linked_game(20)).id == game.id
    assert await db.linked_game(10) is None
    await db.link_channel(20, game.id, linked=False)
    assert await db.linked_game(20) is None
    await db.link_channel(20, game.id)
    await db.save_game(game.id, 1, {}, status="finished")
    assert await db.linked_game(20) is None, "a finished game is shown nowhere any more"


async def test_the_move_log_keeps_its_order_after_the_keyed_table_migration(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    version = 1
    for n in range(3):
        version = await db.save_game(
            game.id, version, {"n": n}, status="active", moves=[(n % 2, {"type": f"m{n}"}, "user")]
        )
    assert [(m.seq, m.action["type"]) for m in await db.moves(game.id)] == [
        (1, "m0"),
        (2, "m1"),
        (3, "m2"),
    ]


async def test_upgrading_an_older_file_keeps_its_move_log(tmp_path, monkeypatch):
    import storage.database as sqlite_storage
    from storage.migrations import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    monkeypatch.setattr(sqlite_storage, "MIGRATIONS", MIGRATIONS[:2])
    old = await Database.open(path)
    # Written as that older version wrote them (today's statements know newer columns).
    cursor = await old._db.execute(
        "INSERT INTO games (guild_id, channel_id, kind, status, snapshot, version, created_at,"
        " updated_at) VALUES (1, 10, 'x', 'active', '{}', 2, 0, 0)"
    )
    game_id = cursor.lastrowid
    await old._db.execute(
        "INSERT INTO moves (game_id, seq, seat, action, actor, created_at)"
        " VALUES (?, 1, 0, '{\"type\": \"a\"}', 'user:5', 0)",
        (game_id,),
    )
    await old.close()
    monkeypatch.setattr(sqlite_storage, "MIGRATIONS", MIGRATIONS)
    new = await Database.open(path)
    try:
        assert await new.schema_version() == MIGRATIONS[-1][0]
        assert [(m.seq, m.actor) for m in await new.moves(game_id)] == [(1, "user:5")]
        assert await new.unshown_games(before=1e12) == []  # old games count as shown
        await new.save_game(game_id, 2, {"a": 1}, status="active", shown=False)
        assert await new.unshown_games(before=1e12) == [game_id]
    finally:
        await new.close()


async def test_a_save_says_whether_its_channel_shows_it_and_sets_its_deadline_with_it(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    later = time.time() + 1
    assert await db.unshown_games(before=later) == [game.id], "a new table is not shown yet"
    due = time.time() + 300
    version = await db.save_game(game.id, 1, {"n": 1}, status="active", deadline=(due, due - 60))
    assert await db.unshown_games(before=later) == []
    assert [(d.game_id, d.version, round(d.due_at)) for d in await db.deadlines()] == [
        (game.id, version, round(due))
    ]
    version = await db.save_game(game.id, version, {"n": 2}, status="active", shown=False)
    assert await db.unshown_games(before=later) == [game.id]
    assert await db.unshown_games(before=time.time() - 60) == [], "only what is older"
    assert [d.version for d in await db.deadlines()] == [version - 1], "the deadline stays"
    with pytest.raises(StaleVersion):
        await db.save_game(game.id, 1, {}, status="active", deadline=CLEAR)
    assert len(await db.deadlines()) == 1, "a refused save sets nothing"
    await db.save_game(game.id, version, {"n": 3}, status="finished", deadline=CLEAR)
    assert await db.deadlines() == []
    assert await db.unshown_games(before=later) == []


async def test_marking_a_game_shown_keeps_its_version_and_yields_to_a_newer_save(db):
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    version = await db.save_game(game.id, 1, {"n": 1}, status="active", shown=False)
    later = time.time() + 1
    await db.mark_shown(game.id, version - 1)  # read before the last save: changes nothing
    assert await db.unshown_games(before=later) == [game.id]
    await db.mark_shown(game.id, version)
    assert await db.unshown_games(before=later) == []
    record = await db.load_game(game.id)
    assert (record.version, record.snapshot) == (version, {"n": 1})
    assert await db.save_game(game.id, version, {"n": 2}, status="active") == version + 1


async def test_the_seats_of_a_finished_game_are_kept_with_its_finishing_save(db):
    from storage import SeatResult

    seats = [
        SeatResult(0, 2**62 + 5, "Zoë", False, False, 41, 2, "", 2),
        SeatResult(1, None, "Robo 1", True, False, 57, 1, "", 2),
    ]
    game = await db.create_game(guild_id=1, channel_id=10, kind="x", snapshot={})
    earlier = await db.create_game(guild_id=1, channel_id=11, kind="y", snapshot={})
    await db.save_game(earlier.id, 1, {}, status="finished")
    assert [g.id for g in await db.unrecorded_games()] == [earlier.id]
    with pytest.raises(StaleVersion):
        await db.save_game(game.id, 7, {}, status="finished", results=seats)
    assert await db.seat_results(1) == [], "a refused save keeps no seat"
    await db.save_game(game.id, 1, {}, status="finished", results=seats)
    await db.save_results(game.id, seats)  # a second backfill of the same game adds nothing
    rows = await db.seat_results(1)
    assert [(r.game_id, r.kind, r.seat, r.user_id, r.name, r.computer, r.score) for r in rows] == [
        (game.id, "x", 0, 2**62 + 5, "Zoë", False, 41),
        (game.id, "x", 1, None, "Robo 1", True, 57),
    ]
    assert rows[0].finished_at > 0 and rows[1].place == 1 and rows[0].table_size == 2
    assert [r.seat for r in await db.seat_results(1, user_id=2**62 + 5)] == [0]
    assert await db.seat_results(2) == []
    assert [g.id for g in await db.unrecorded_games()] == [earlier.id]
    assert await db.unrecorded_games(after_id=earlier.id) == []


async def test_records_and_a_players_totals_count_only_what_a_user_played_to_the_end(db):
    from storage import SeatResult

    def seat(n, user, name, score, place, *, computer=False, left=False, size=2, variant=""):
        return SeatResult(n, user, name, computer, left, score, place, variant, size)

    games = [
        # kind, seats (oldest game first)
        ("x", [seat(0, 5, "Ann", 50, 1), seat(1, None, "Robo", 90, 1, computer=True)]),
        ("x", [seat(0, 6, "Ben", 70, 1), seat(1, 5, "Ann", 30, 2)]),
        ("x", [seat(0, 6, "Ben", 99, 1, left=True), seat(1, 5, "Annie", 70, 2)]),
        # Solo games without an opponent have no place; a lost solo (place 2) has no best.
        ("x", [seat(0, 5, "Annie", 60, None, size=1, variant="L2")]),
        ("x", [seat(0, 6, "Ben", 65, None, size=1, variant="L2")]),
        ("x", [seat(0, 6, "Ben", 20, None, size=1, variant="L1")]),
        ("x", [seat(0, 5, "Annie", 200, 2, size=1, variant="L1")]),
    ]
    for index, (kind, seats) in enumerate(games):
        game = await db.create_game(guild_id=1, channel_id=100 + index, kind=kind, snapshot={})
        await db.save_game(game.id, 1, {}, status="finished", results=seats)
    other = await db.create_game(guild_id=2, channel_id=99, kind="x", snapshot={})
    await db.save_game(other.id, 1, {}, status="finished", results=[seat(0, 5, "Ann", 500, 1)])

    best = await db.best_scores(1, "x")
    # 90 was a computer's and 99 a seat left to the autopilot; Ben's 70 came before Annie's.
    assert [(r.user_id, r.name, r.value) for r in best] == [(6, "Ben", 70)]
    solo = await db.best_scores(1, "x", solo=True)
    assert [(r.variant, r.user_id, r.value) for r in solo] == [("L1", 6, 20), ("L2", 6, 65)]
    most = await db.most_wins(1, "x")
    assert (most.user_id, most.name, most.value) == (5, "Annie", 1), "Ann won first, 1 to 1"
    assert await db.most_wins(1, "y") is None and await db.best_scores(1, "y") == []
    (ann,) = await db.player_totals(1, 5)
    assert (ann.kind, ann.games, ann.wins, ann.best) == ("x", 5, 1, 70)
    (ben,) = await db.player_totals(1, 6)
    assert (ben.games, ben.wins, ben.best) == (4, 1, 70), "solo games with no place: not won"
    assert await db.player_totals(3, 5) == []
