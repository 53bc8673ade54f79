"""The storage benchmark stays runnable (`python -m bench` calls `bench.store.run`)."""

from __future__ import annotations

from bench.store import run


def test_bench_reports_positive_latencies() -> None:
    rows = run(commits=40)
    assert [name for name, _, _ in rows] == [
        "commit_action median",
        "commit_action p95",
        "get_game median",
    ]
    assert all(value > 0 and unit == "ms" for _, value, unit in rows)
