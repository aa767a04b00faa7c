"""Versioned schema migrations, applied in order at start-up.

Each step is plain SQL that SQLite and PostgreSQL both accept, so the storage layer can change
engines without touching a cog. A step never changes once released; a change is a new step.
"""

from __future__ import annotations

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
)
