"""Durable storage for the bot. Callers use only the `Store` protocol and `open_store`."""

from __future__ import annotations

from pathlib import Path

from storage.base import ActionRecord, GameRecord, LobbyError, Store, StoreError, UserRecord
from storage.sql_store import SqlStore
from storage.sqlite import SqliteStore

__all__ = ["ActionRecord", "GameRecord", "LobbyError", "SqlStore", "Store", "StoreError", "UserRecord", "describe",
           "open_store"]

SQLITE_SCHEME = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def open_store(url_or_path: str) -> SqlStore:
    """The backend for a configured location; `await store.open()` before use.

    A plain path or a SQLAlchemy-style URL: "sqlite:///var/bot.db" is relative to the working
    directory, "sqlite:////srv/bot.db" absolute. Parent directories are created so a fresh checkout runs.
    "postgresql://user:password@host/db" opens PostgreSQL (several bot processes may share it).
    """
    if url_or_path.startswith(POSTGRES_SCHEMES):
        from storage.postgres import PostgresStore  # asyncpg is needed only by deployments that use it

        return PostgresStore(url_or_path)
    if "://" in url_or_path:
        if not url_or_path.startswith(SQLITE_SCHEME):
            raise ValueError(f"unsupported storage URL {url_or_path!r}: expected a path, sqlite:///path or postgresql://…")
        url_or_path = url_or_path[len(SQLITE_SCHEME) :]
    if not url_or_path:
        raise ValueError("empty storage path")
    path = Path(url_or_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteStore(path)


def describe(url_or_path: str) -> str:
    """The configured database for people to read: the backend and where, never a password."""
    if url_or_path.startswith(POSTGRES_SCHEMES):
        from storage.postgres import redacted

        return f"postgresql {redacted(url_or_path)}"
    return f"sqlite {url_or_path}"
