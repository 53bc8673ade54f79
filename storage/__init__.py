"""Durable storage for the bot. Callers use only the `Store` protocol and `open_store`."""

from __future__ import annotations

from pathlib import Path

from storage.base import ActionRecord, GameRecord, LobbyError, Store, StoreError, UserRecord
from storage.sqlite import SqliteStore

__all__ = ["ActionRecord", "GameRecord", "LobbyError", "Store", "StoreError", "UserRecord", "open_store"]

SQLITE_SCHEME = "sqlite:///"


def open_store(url_or_path: str) -> Store:
    """The backend for a configured location; `await store.open()` before use.

    A plain path or a SQLAlchemy-style URL: "sqlite:///var/bot.db" is relative to the working
    directory, "sqlite:////srv/bot.db" absolute. Parent directories are created so a fresh checkout runs.
    """
    if "://" in url_or_path:
        if not url_or_path.startswith(SQLITE_SCHEME):
            raise ValueError(f"unsupported storage URL {url_or_path!r}: expected a path or sqlite:///path")
        url_or_path = url_or_path[len(SQLITE_SCHEME) :]
    if not url_or_path:
        raise ValueError("empty storage path")
    path = Path(url_or_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteStore(path)
