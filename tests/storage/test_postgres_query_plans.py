"""On PostgreSQL too, every lookup players trigger and every periodic claim reads through indexes.

The statements are captured as the PostgreSQL store runs them (a recording connection around
`drive_postgres`) and planned by the server with `EXPLAIN (FORMAT JSON)` and their own parameters.
PostgreSQL plans from statistics, unlike SQLite, and on a handful of rows a sequential scan is the right
plan. So the module's database holds what a big bot holds (`BIG` games, most of them finished, a tenth
active, a few due; their seats and logs; users; ratings and their history), and is analysed like a live
server's: a full scan of one of those tables in a plan is then the production plan, and a failure.
The small tables (leagues and their rounds, settings) stay small in production too, where reading them
whole is right; their plans are checked on SQLite (tests/storage/test_league_query_plans.py).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator, Awaitable, Callable, Iterator

import asyncpg
import pytest

import storage.postgres as postgres_module
from storage.postgres import PostgresStore
from tests.postgres import fresh_schema_url
from tests.storage import test_league_query_plans as league_plans
from tests.storage import test_query_plans as game_plans

Lookup = Callable[[Any], Awaitable[Any]]
Statement = tuple[str, tuple[Any, ...]]

LOOKUPS: dict[str, Lookup] = {
    **{f"games: {name}": lookup for name, lookup in game_plans.LOOKUPS.items()},
    **{f"leagues: {name}": lookup for name, lookup in league_plans.LOOKUPS.items()},
}


class RecordingConnection:
    """Passes every statement to the real connection and notes its text and parameters."""

    def __init__(self, db: asyncpg.Connection, statements: list[Statement]) -> None:
        self._db = db
        self._statements = statements

    async def fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        self._statements.append((sql, params))
        return await self._db.fetch(sql, *params)

    async def execute(self, sql: str, *params: Any) -> str:
        self._statements.append((sql, params))
        return await self._db.execute(sql, *params)

    async def executemany(self, sql: str, rows: Any) -> None:
        rows = list(rows)
        if rows:
            self._statements.append((sql, tuple(rows[0])))
        await self._db.executemany(sql, rows)


BIG = 100_000
BIG_TABLES = ("games", "seats", "actions", "users", "ratings", "rating_history")
FILL = (
    # The plan tests' own games come first; the big bot's copy the finished game 3, varying what lookups read.
    f"""INSERT INTO games (id, game_type, guild_id, channel_id, thread_id, host_id, status, options, capacity, seed,
                           state, version, created_at, updated_at, finished_at, due_at)
        SELECT 100 + n, game_type, 1000 + n % 997, 5000 + n % 4999, 900000 + n, 7000 + n % 20000,
               CASE WHEN n % 10 = 0 THEN 'active' ELSE 'finished' END, options, capacity, seed, state, version,
               created_at, updated_at, finished_at, CASE WHEN n % 100 = 0 THEN n ELSE NULL END
        FROM games, generate_series(1, {BIG}) AS n WHERE id = 3""",
    f"""INSERT INTO seats (game_id, seat, user_id, joined_at)
        SELECT 100 + n, seat, 7000 + (n + seat * 7919) % 20000, 1.0 FROM generate_series(1, {BIG}) AS n,
               generate_series(0, 1) AS seat""",
    f"INSERT INTO actions (game_id, seq, seat, action, at) SELECT 100 + n, seq, seq % 2, 'a', 1.0"
    f" FROM generate_series(1, {BIG}) AS n, generate_series(1, 3) AS seq",
    "INSERT INTO users (user_id, locale, due_at) SELECT 7000 + n, 'ja', CASE WHEN n % 50 = 0 THEN n ELSE NULL END"
    " FROM generate_series(1, 20000) AS n",
    "INSERT INTO ratings (guild_id, game_type, user_id, mu, sigma, games, wins, season, updated_at)"
    " SELECT 1000 + n % 997, 'warchest', 7000 + n % 20000, 25, 8, 1, 0, 1, 1.0 FROM generate_series(1, 20000) AS n",
    f"""INSERT INTO rating_history (guild_id, game_type, season, user_id, game_id, rank, team, mu_before, sigma_before,
                                    mu_after, sigma_after, at)
        SELECT 1000 + n % 997, 'warchest', 1, 7000 + (n + seat * 7919) % 20000, 100 + n, seat + 1, seat, 25, 8, 25, 8, n
        FROM generate_series(1, {BIG}) AS n, generate_series(0, 1) AS seat""",
    "ANALYZE",
)


@pytest.fixture(scope="module")
def big_url(postgres_server: str) -> str:
    """A schema holding the plan tests' own games and league among a big bot's rows, analysed."""
    url = fresh_schema_url(postgres_server)

    async def build() -> None:
        store = PostgresStore(url, pool_size=1)
        await store.open()
        try:
            await game_plans.populate(store)
            await league_plans.populate(store)
        finally:
            await store.close()
        db = await asyncpg.connect(url)
        try:
            for statement in FILL:
                await db.execute(statement)
        finally:
            await db.close()

    asyncio.run(build())
    return url


@pytest.fixture
async def store(big_url: str) -> AsyncIterator[PostgresStore]:
    opened = PostgresStore(big_url, pool_size=2)
    await opened.open()
    yield opened
    await opened.close()


async def statements_of(store: PostgresStore, lookup: Lookup, monkeypatch: pytest.MonkeyPatch) -> list[Statement]:
    statements: list[Statement] = []
    drive = postgres_module.drive_postgres

    async def recording(db: asyncpg.Connection, body: Any) -> Any:
        return await drive(RecordingConnection(db, statements), body)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(postgres_module, "drive_postgres", recording)
        await lookup(store)
    assert statements, "the lookup ran no statement"
    return statements


def plan_nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("Plans", ()):
        yield from plan_nodes(child)


async def full_scans(url: str, sql: str, params: tuple[Any, ...]) -> tuple[list[str], str]:
    """The big tables the plan of `sql` reads in full, and the plan as text."""
    db = await asyncpg.connect(url)
    try:
        [plan] = json.loads(await db.fetchval(f"EXPLAIN (FORMAT JSON) {sql}", *params))
        text = "\n".join(row[0] for row in await db.fetch(f"EXPLAIN {sql}", *params))
    finally:
        await db.close()
    scans = [node["Relation Name"] for node in plan_nodes(plan["Plan"]) 
             if node["Node Type"] == "Seq Scan" and node["Relation Name"] in BIG_TABLES]
    return scans, text


@pytest.mark.parametrize("name", sorted(LOOKUPS))
async def test_lookup_reads_through_indexes_on_postgresql(store: PostgresStore, big_url: str, name: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for sql, params in await statements_of(store, LOOKUPS[name], monkeypatch):
        scans, text = await full_scans(big_url, sql, params)
        assert not scans, f"{name}: a full scan of {scans} in the plan of\n{sql}\n{text}"


async def test_the_scheduler_claims_through_the_due_index(store: PostgresStore, big_url: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The claim must read the partial due index, as on SQLite (an index led by status would also serve)."""
    lookup = game_plans.LOOKUPS["claim_due_games (scheduler, several processes)"]
    texts = [(await full_scans(big_url, sql, params))[1] for sql, params in await statements_of(store, lookup, monkeypatch)]
    assert any("games_due" in text for text in texts), "\n\n".join(texts)
