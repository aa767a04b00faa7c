"""Versioned schema migrations, applied in order at start-up.

Each step is plain SQL that SQLite and PostgreSQL both accept, so the storage layer can change
engines without touching a cog. A step never changes once released; a change is a new step.
The one word the engines read differently is SQLite's numbered row id: :func:`for_postgres`
turns a table's ``id INTEGER PRIMARY KEY`` into an identity column for PostgreSQL.
"""

from __future__ import annotations

import re

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            guild_id BIGINT,
            channel_id BIGINT NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            snapshot TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            finished_at DOUBLE PRECISION
        );
        -- One open table per channel (a thread is a channel of its own).
        CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active');
        CREATE INDEX games_by_guild ON games (guild_id, status, updated_at);
        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat INTEGER,
            action TEXT NOT NULL,
            actor TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seq)
        );
        """,
    ),
    (
        2,
        """
        -- The one pending deadline of each running game (turn timers). A row names the
        -- game version it was set for: once the game moved on, the row no longer counts.
        CREATE TABLE deadlines (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            version INTEGER NOT NULL,
            due_at DOUBLE PRECISION NOT NULL,
            remind_at DOUBLE PRECISION,
            reminded INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX deadlines_by_due ON deadlines (due_at);
        """,
    ),
    (
        3,
        """
        -- The move log keyed by (game, seq) alone: without SQLite's hidden row id and its
        -- second index, a finished game takes less room.
        CREATE TABLE moves_keyed (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat INTEGER,
            action TEXT NOT NULL,
            actor TEXT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        INSERT INTO moves_keyed (game_id, seq, seat, action, actor, created_at)
            SELECT game_id, seq, seat, action, actor, created_at FROM moves;
        DROP TABLE moves;
        ALTER TABLE moves_keyed RENAME TO moves;
        -- Other channels that show a game (spectators), found without reading every snapshot.
        CREATE TABLE game_channels (
            channel_id BIGINT NOT NULL,
            game_id INTEGER NOT NULL REFERENCES games (id),
            PRIMARY KEY (channel_id, game_id)
        );
        """,
    ),
    (
        4,
        """
        -- Since when a game has changes its channel does not show yet (NULL: it shows them all),
        -- so that any process finds the tables a crash left behind without reading snapshots.
        ALTER TABLE games ADD COLUMN unshown_since DOUBLE PRECISION;
        CREATE INDEX games_unshown ON games (unshown_since);
        """,
    ),
    (
        5,
        """
        -- Every seat of a finished game and how it did, so that records and a player's
        -- statistics are read by Discord user id without replaying a game. A computer seat is
        -- kept as one (user_id NULL): it never holds a record or a win. Games finished before
        -- this step get their rows from the bot at start-up (scores need the game's rules).
        CREATE TABLE game_seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            user_id BIGINT,
            name TEXT NOT NULL,
            computer INTEGER NOT NULL,
            left_game INTEGER NOT NULL,
            score INTEGER,
            place INTEGER,
            variant TEXT NOT NULL,
            table_size INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX game_seats_by_user ON game_seats (user_id);
        """,
    ),
    (
        6,
        """
        -- A solo seat's place now says how the solo ended: 1 won against the game's own
        -- opponent, 2 lost, none for a solo without an opponent (it was 1 for those, and read
        -- as a win). The seats are kept again by the bot at start-up, from each game's saved
        -- state, as for games finished before step 5; they hold nothing else.
        DELETE FROM game_seats WHERE table_size = 1;
        """,
    ),
    (
        7,
        """
        -- The daily challenge: one attempt per player, game kind and UTC day (YYYY-MM-DD), so
        -- a second ranked attempt is refused by the database whichever process asks. The
        -- score is kept once the attempt ended (finished, or its day ended first); announced:
        -- its result was sent to the player and the channel.
        CREATE TABLE daily (
            kind TEXT NOT NULL,
            day TEXT NOT NULL,
            user_id BIGINT NOT NULL,
            game_id INTEGER NOT NULL REFERENCES games (id),
            guild_id BIGINT,
            name TEXT NOT NULL,
            level TEXT NOT NULL,
            started_at DOUBLE PRECISION NOT NULL,
            score INTEGER,
            summary TEXT NOT NULL,
            ended INTEGER NOT NULL,
            announced INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (kind, day, user_id)
        );
        CREATE INDEX daily_by_day ON daily (kind, day, ended, score);
        CREATE INDEX daily_by_game ON daily (game_id);
        CREATE INDEX daily_by_user ON daily (user_id, kind, day);
        """,
    ),
)

# A table's own `id` column only (not e.g. `game_id INTEGER PRIMARY KEY`, which is given).
_ROW_ID = re.compile(r"\bid INTEGER PRIMARY KEY\b")


def for_postgres(script: str) -> str:
    """The step as PostgreSQL runs it: its row ids numbered by the server, as SQLite does.

    ``WITHOUT ROWID`` is SQLite's own; PostgreSQL tables have no hidden row id to drop.
    """
    script = script.replace(") WITHOUT ROWID;", ");")
    return _ROW_ID.sub("id INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", script)
