"""Storage latency: how long one accepted move spends in the database (commit) and loading a game (read).

Runs on a temporary file with the production settings (WAL, synchronous=NORMAL), so the figures include
the one hand-off to the database thread per transaction and the fsync-free WAL append; the engineering notes measured ~0.5 ms per
small write transaction on these machines.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from storage.sqlite import SqliteStore

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


async def _measure(commits: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as directory:
        store = SqliteStore(Path(directory) / "bench.db")
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


def run(commits: int = COMMITS) -> list[tuple[str, float, str]]:
    """(name, value, unit) rows for `python -m bench`."""
    commit_ms, read_ms = asyncio.run(_measure(commits))
    return [
        ("commit_action median", statistics.median(commit_ms), "ms"),
        ("commit_action p95", _p95(commit_ms), "ms"),
        ("get_game median", statistics.median(read_ms), "ms"),
    ]
