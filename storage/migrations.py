"""SQLite schema migrations, tracked by `PRAGMA user_version`.

Step N (1-based) brings the schema from version N-1 to N. Each step runs in its own BEGIN IMMEDIATE
transaction together with its user_version bump (DDL is transactional in SQLite), so a crash or a failing
statement leaves the database at the previous version, never half-migrated. Steps are append-only: never
edit a released step, add a new one.
"""

from __future__ import annotations

import sqlite3
from typing import Sequence

from storage.base import StoreError

Migration = tuple[str, ...]

MIGRATIONS: tuple[Migration, ...] = (
    (
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game_type TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            options TEXT NOT NULL,
            capacity INTEGER NOT NULL CHECK (capacity >= 1),
            seed TEXT, -- decimal: seeds are any Python int, SQLite INTEGER stops at 2**63 - 1
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            lobby_message_id INTEGER,
            board_message_id INTEGER,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        )
        """,
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER CHECK (seat >= 0),
            user_id INTEGER NOT NULL,
            joined_at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id),
            UNIQUE (game_id, seat)
        )
        """,
        """
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """,
        """
        CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
        BEGIN
            SELECT RAISE(ABORT, 'actions are append-only');
        END
        """,
        """
        CREATE TABLE users (
            user_id INTEGER PRIMARY KEY,
            locale TEXT,
            dms_closed INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
            prefs TEXT NOT NULL DEFAULT '{}'
        )
        """,
        """
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            settings TEXT NOT NULL DEFAULT '{}'
        )
        """,
        "CREATE INDEX games_by_guild_status ON games (guild_id, status, id)",
        "CREATE INDEX games_by_channel ON games (channel_id, id)",
        "CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL",
        "CREATE INDEX games_by_status_updated ON games (status, updated_at)",
        "CREATE INDEX seats_by_user ON seats (user_id, game_id)",
    ),
    (
        # The lines already shown on the current board message, so a continuation can update it in place.
        "ALTER TABLE games ADD COLUMN board_log TEXT",
    ),
    (
        # What a committed step still has to publish, written in the step's own transaction, so a crash
        # between the commit and Discord loses no board and no turn notice.
        """
        CREATE TABLE outbox (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            stage TEXT NOT NULL DEFAULT 'board' CHECK (stage IN ('board', 'notices', 'notified')),
            payload TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (game_id, version)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX outbox_by_age ON outbox (created_at)",
    ),
    (
        # The clocks of a game (tabletop/clocks.py) and the earliest moment its scheduler has work
        # (a notice, a reminder, a timeout, a stall), so one pass reads only what is due.
        "ALTER TABLE games ADD COLUMN timing TEXT",
        "ALTER TABLE games ADD COLUMN due_at REAL",
        "CREATE INDEX games_due ON games (due_at) WHERE due_at IS NOT NULL",
        # The same for a user: a daily digest, the end of a vacation.
        "ALTER TABLE users ADD COLUMN due_at REAL",
        "CREATE INDEX users_due ON users (due_at) WHERE due_at IS NOT NULL",
    ),
    (
        # Every lookup a player triggers is an index search (tests/storage/test_query_plans.py proves it):
        # - a game by its thread or channel: the newest game of each status is one index probe, so a
        #   channel with thousands of finished games answers as fast as a fresh one;
        "DROP INDEX games_by_channel",
        "CREATE INDEX games_by_channel ON games (channel_id, status, id)",
        "DROP INDEX games_by_thread",
        "CREATE INDEX games_by_thread ON games (thread_id, status, id) WHERE thread_id IS NOT NULL",
        # - (the old forfeit loop's (status, updated_at) index has no reader since the scheduler reads the
        #   due index, and every commit paid for it: updated_at changes with each step. An index led by
        #   status alone would also lure the due query away from games_due, onto every active game.)
        "DROP INDEX games_by_status_updated",
        # - a user's games of some statuses: the status is copied onto the seats, kept by triggers in the
        #   same transaction as every change, so a long history of finished games is never walked to find
        #   the few open ones.
        "ALTER TABLE seats ADD COLUMN status TEXT",
        "UPDATE seats SET status = (SELECT status FROM games WHERE games.id = seats.game_id)",
        """
        CREATE TRIGGER seats_status_on_join AFTER INSERT ON seats
        BEGIN
            UPDATE seats SET status = (SELECT status FROM games WHERE id = new.game_id)
            WHERE rowid = new.rowid;
        END
        """,
        """
        CREATE TRIGGER seats_follow_game_status AFTER UPDATE OF status ON games WHEN old.status IS NOT new.status
        BEGIN
            UPDATE seats SET status = new.status WHERE game_id = new.id;
        END
        """,
        "DROP INDEX seats_by_user",
        "CREATE INDEX seats_by_user ON seats (user_id, status, game_id)",
    ),
)


def schema_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, steps: Sequence[Migration] = MIGRATIONS) -> int:
    """Apply every step above the database's user_version; returns the final version.

    Synchronous on purpose: the store runs the whole migration in its database thread as one call.
    The version is re-read inside each write transaction, so two processes opening the same new file
    at once both succeed (the second finds the work done). A database newer than this code is refused
    rather than used with a schema the code does not know.
    """
    if schema_version(db) > len(steps):
        raise StoreError("schema_too_new")
    for target in range(1, len(steps) + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(db) < target:
                for statement in steps[target - 1]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {target:d}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return schema_version(db)
