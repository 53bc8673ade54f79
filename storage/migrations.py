"""Schema migrations for every backend, from ONE description.

Step N (1-based) brings the schema from version N-1 to N. Each step runs in its own transaction together
with its version bump (DDL is transactional in SQLite and PostgreSQL alike), so a crash or a failing
statement leaves the database at the previous version, never half-migrated. Steps are append-only: never
edit a released step, add a new one.

The statements are written in SQLite's dialect, which `postgres_ddl` maps for PostgreSQL: `INTEGER` is
`BIGINT` (Discord ids are 64-bit), `REAL` is `DOUBLE PRECISION`, `INTEGER PRIMARY KEY AUTOINCREMENT` an
identity column, `WITHOUT ROWID` is dropped. The few statements with no common form (triggers) are given
per backend as `Dialects(sqlite=(...), postgres=(...))`. SQLite tracks the version in `PRAGMA user_version`,
PostgreSQL in the one-row table `schema_version`.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from storage.base import StoreError
from storage.league_sql import LEAGUE_CLAIMS_MIGRATION, LEAGUES_MIGRATION
from storage.queue_sql import QUEUE_MIGRATION
from storage.review_sql import REVIEWS_MIGRATION
from storage.session_sql import SESSIONS_MIGRATION
from storage.tournament_sql import BRACKET_MESSAGE_MIGRATION, BRACKETS_MIGRATION

if TYPE_CHECKING:
    import asyncpg


@dataclass(frozen=True, slots=True)
class Dialects:
    """A statement with no form both backends accept, written once for each."""

    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]


Migration = tuple["str | Dialects", ...]

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
        Dialects(
            sqlite=("""
            CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
            BEGIN
                SELECT RAISE(ABORT, 'actions are append-only');
            END
            """,),
            postgres=(
                "CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS"
                " $$ BEGIN RAISE EXCEPTION 'actions are append-only'; END $$",
                "CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions FOR EACH ROW EXECUTE FUNCTION actions_append_only()",
            ),
        ),
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
        # The clocks of a game (tabletop/play/clocks.py) and the earliest moment its scheduler has work
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
        Dialects(
            sqlite=(
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
            ),
            postgres=(
                "CREATE FUNCTION seats_status_on_join() RETURNS trigger LANGUAGE plpgsql AS"
                " $$ BEGIN NEW.status := (SELECT status FROM games WHERE id = NEW.game_id); RETURN NEW; END $$",
                "CREATE TRIGGER seats_status_on_join BEFORE INSERT ON seats FOR EACH ROW EXECUTE FUNCTION seats_status_on_join()",
                "CREATE FUNCTION seats_follow_game_status() RETURNS trigger LANGUAGE plpgsql AS"
                " $$ BEGIN UPDATE seats SET status = NEW.status WHERE game_id = NEW.id; RETURN NULL; END $$",
                "CREATE TRIGGER seats_follow_game_status AFTER UPDATE OF status ON games FOR EACH ROW"
                " WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION seats_follow_game_status()",
            ),
        ),
        "DROP INDEX seats_by_user",
        "CREATE INDEX seats_by_user ON seats (user_id, status, game_id)",
    ),
    (
        # Several bot processes on one database (PostgreSQL) share the periodic work: a scheduler pass or an
        # outbox delivery claims its games and users until this moment (storage.sql_store claim_*), so two
        # processes never handle the same one at once; a crashed process's claims simply expire.
        "ALTER TABLE games ADD COLUMN claimed_until REAL",
        "ALTER TABLE users ADD COLUMN claimed_until REAL",
    ),
    # Ratings (current and history), seasons (storage/rating_sql.py), leagues, their members, rounds and tables
    # (storage/league_sql.py).
    LEAGUES_MIGRATION,
    # The league loop's claims, for several bot processes (storage/league_sql.py claim_due_leagues).
    LEAGUE_CLAIMS_MIGRATION,
    (
        # Claims name their owner, one random id per process life (`Store.owner`): a new SQLite life ends its
        # dead predecessor's claims at start (`end_foreign_claims`), and on PostgreSQL a process renews only
        # its own short leases (`renew`) and releases only its own. The partial indexes hold the few rows
        # claimed at any moment, so ending an earlier life's claims never scans the tables.
        "ALTER TABLE games ADD COLUMN claimed_by TEXT",
        "ALTER TABLE users ADD COLUMN claimed_by TEXT",
        "ALTER TABLE leagues ADD COLUMN claimed_by TEXT",
        "CREATE INDEX games_claimed ON games (claimed_by) WHERE claimed_until IS NOT NULL",
        "CREATE INDEX users_claimed ON users (claimed_by) WHERE claimed_until IS NOT NULL",
        "CREATE INDEX leagues_claimed ON leagues (claimed_by) WHERE claimed_until IS NOT NULL",
    ),
    # The live board's sign-in sessions (storage/session_sql.py).
    SESSIONS_MIGRATION,
    # The ranked queue's entries (storage/queue_sql.py).
    QUEUE_MIGRATION,
    # Tournaments: the seed order and the last posted bracket (storage/tournament_sql.py).
    BRACKETS_MIGRATION,
    # Post-game reviews kept with their game (storage/review_sql.py).
    REVIEWS_MIGRATION,
    # Tournaments: the bracket message edited in place (storage/tournament_sql.py).
    BRACKET_MESSAGE_MIGRATION,
)

_POSTGRES_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\)\s*WITHOUT ROWID\s*$"), ")"),
)


def postgres_ddl(statement: str) -> str:
    """A statement of the SQLite-dialect description in PostgreSQL's types (see the module docstring)."""
    for pattern, replacement in _POSTGRES_TYPES:
        statement = pattern.sub(replacement, statement)
    return statement


def statements(step: Migration, backend: str) -> list[str]:
    """The statements of one step for `backend` ("sqlite" or "postgres")."""
    found: list[str] = []
    for item in step:
        if isinstance(item, Dialects):
            found += item.sqlite if backend == "sqlite" else item.postgres
        else:
            found.append(item if backend == "sqlite" else postgres_ddl(item))
    return found


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
                for statement in statements(steps[target - 1], "sqlite"):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {target:d}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return schema_version(db)


MIGRATION_LOCK = 0x7461626C65746F70
"""The advisory lock key ("tabletop") that serializes migrating processes on one PostgreSQL database."""


async def postgres_schema_version(db: "asyncpg.Connection") -> int:
    found = await db.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    return int(await db.fetchval("SELECT max(version) FROM schema_version") or 0) if found else 0


async def migrate_postgres(db: "asyncpg.Connection", steps: Sequence[Migration] = MIGRATIONS) -> int:
    """The same steps on PostgreSQL: each in its own transaction, under an advisory lock so processes
    starting together migrate once (the later ones find the work done). Refuses a newer schema."""
    if await postgres_schema_version(db) > len(steps):
        raise StoreError("schema_too_new")
    for target in range(1, len(steps) + 1):
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await postgres_schema_version(db)
            if current < target:
                for statement in statements(steps[target - 1], "postgres"):
                    await db.execute(statement)
                await db.execute("DELETE FROM schema_version")
                await db.execute("INSERT INTO schema_version (version) VALUES ($1)", target)
    return await postgres_schema_version(db)
