"""The tournament operations as sans-IO bodies (storage/sql.py), written once for every backend, and their
migration steps: what only a tournament (a league whose rounds are a bracket's, tabletop/leagues/
brackets/) stores beyond a league's rows in storage/league_sql.py — the next game of a match added to
the round in play, a match settled by hand, the digest of the bracket last posted and the message that
shows it.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Sequence

from storage.rows import dump
from storage.sql import Body, Execute, Fetch

BRACKETS_MIGRATION: tuple[str, ...] = (
    # Tournaments (tabletop/leagues/brackets/): the seed order fixed when round 1 is paired (ratings move
    # afterwards, the bracket must not), and a digest of the bracket last posted, so each change of the
    # bracket is posted once however many processes run the league loop.
    "ALTER TABLE leagues ADD COLUMN seeds TEXT",
    "ALTER TABLE leagues ADD COLUMN bracket_digest TEXT",
)

BRACKET_MESSAGE_MIGRATION: tuple[str, ...] = (
    # The league channel's bracket message, edited in place after each result instead of posted anew
    # (tabletop/leagues/post.py): its id, once posted.
    "ALTER TABLE leagues ADD COLUMN bracket_message INTEGER",
)


def add_tables(league_id: int, number: int, tables: Sequence[tuple[int, tuple[int, ...]]],
               ranks: tuple[int, ...] | None) -> Body[int]:
    # Only into the running league's current round, which this also writes (the next pass looks at once);
    # a table number already there is skipped, so two passes adding the same next game add it once.
    moved = yield Execute("UPDATE leagues SET due_at = 0 WHERE id = ? AND round = ? AND status = 'running'", (league_id, number))
    if moved != 1:
        return 0
    added = 0
    for table_no, players in tables:
        added += yield Execute(
            "INSERT INTO league_games (league_id, round, table_no, players, status, ranks) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING", (league_id, number, table_no, dump(list(players)),
                                        "open" if ranks is None else "finished", None if ranks is None else dump(list(ranks))))
    return added


def mark_bracket(league_id: int, digest: str) -> Body[bool]:
    changed = yield Execute("UPDATE leagues SET bracket_digest = ? WHERE id = ? AND (bracket_digest IS NULL OR bracket_digest <> ?)",
                            (digest, league_id, digest))
    return changed == 1


def bracket_message(league_id: int) -> Body[int | None]:
    rows = yield Fetch("SELECT bracket_message FROM leagues WHERE id = ?", (league_id,))
    return int(rows[0][0]) if rows and rows[0][0] is not None else None


def set_bracket_message(league_id: int, message_id: int | None) -> Body[None]:
    yield Execute("UPDATE leagues SET bracket_message = ? WHERE id = ?", (message_id, league_id))


class TournamentOperations:
    """The tournament methods of the `Store` protocol on `storage.sql_store.SqlStore`."""

    _write: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]
    _read: Callable[[Callable[[], Body[Any]]], Awaitable[Any]]

    async def add_tables(self, league_id: int, *, number: int, tables: Sequence[tuple[int, tuple[int, ...]]],
                         ranks: tuple[int, ...] | None = None) -> int:
        return await self._write(lambda: add_tables(league_id, number, tables, ranks))

    async def mark_bracket(self, league_id: int, digest: str) -> bool:
        return await self._write(lambda: mark_bracket(league_id, digest))

    async def bracket_message(self, league_id: int) -> int | None:
        return await self._read(lambda: bracket_message(league_id))

    async def set_bracket_message(self, league_id: int, message_id: int | None) -> None:
        await self._write(lambda: set_bracket_message(league_id, message_id))
