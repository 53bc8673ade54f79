"""Storage latency: how long one accepted move spends in the database (commit) and loading a game (read).

`python -m bench store [--commits N] [--database-url postgresql://…]`

By default it runs on a temporary SQLite file with the production settings (WAL, synchronous=NORMAL), so
the figures include the one hand-off to the database thread per transaction and the fsync-free WAL append;
the engineering notes measured ~0.5 ms per small write transaction on these machines. With
`--database-url` it measures that database instead (a scratch PostgreSQL database: it adds one game).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from storage import open_store
from storage.base import Store

COMMITS = 500
WARMUP = 20


def _state(version: int) -> dict[str, Any]:
    """A match envelope about the size of a real two-player board game (~2.3 KiB of JSON)."""
    board = [{"hex": f"{q},{r}", "unit": ["騎兵", "弓兵", None][(q + r + version) % 3], "hp": (q * r) % 4} for q in range(7) for r in range(7)]
    return {
        "game": "war_chest",
        "players": 2,
        "seed": 12345,
        "options": {"mode": "1v1"},
        "version": version,
        "concluded": None,
        "state": {"players": 2, "rng": version * 2654435761, "board": board, "bags": [["a"] * 12, ["b"] * 12]},
    }


async def _measure(commits: int, database_url: str | None) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as directory:
        store: Store = open_store(database_url or str(Path(directory) / "bench.db"))
        await store.open()
        try:
            game = await store.create_game(game_type="war_chest", guild_id=1, channel_id=2, host_id=1, options={}, capacity=2)
            await store.add_player(game.id, 2)
            await store.start_game(game.id, players=[1, 2], seed=12345, state=_state(0), version=0)
            commit_ms: list[float] = []
            read_ms: list[float] = []
            for version in range(1, WARMUP + commits + 1):
                state = _state(version)
                started = time.perf_counter()
                accepted = await store.commit_action(
                    game.id, expected_version=version - 1, seat=version % 2, action="b3 move c4", state=state, version=version, status="active"
                )
                committed = time.perf_counter()
                await store.get_game(game.id)
                read = time.perf_counter()
                if not accepted:
                    raise RuntimeError(f"benchmark commit {version} was rejected")
                if version > WARMUP:
                    commit_ms.append((committed - started) * 1000)
                    read_ms.append((read - committed) * 1000)
            return commit_ms, read_ms
        finally:
            await store.close()


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[18]


def run(argv: list[str] | None = None, *, commits: int = COMMITS) -> list[tuple[str, float, str]]:
    """(name, value, unit) rows for `python -m bench`."""
    parser = argparse.ArgumentParser(prog="python -m bench store")
    parser.add_argument("--commits", type=int, default=commits)
    parser.add_argument("--database-url", help="measure this database (e.g. postgresql://…) instead of a temporary SQLite file")
    args = parser.parse_args(argv or [])
    commit_ms, read_ms = asyncio.run(_measure(args.commits, args.database_url))
    return [
        ("commit_action median", statistics.median(commit_ms), "ms"),
        ("commit_action p95", _p95(commit_ms), "ms"),
        ("get_game median", statistics.median(read_ms), "ms"),
    ]
