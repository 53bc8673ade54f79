"""The fair gate in front of the worker pool, and the pool itself in both modes."""

from __future__ import annotations

import asyncio
import os

from tabletop.workers import FairGate, WorkerPool


async def _hold(gate: FairGate, key: str, order: list[str], release: asyncio.Event, limit: int | None = None) -> None:
    async with gate.slot(key, limit):
        order.append(key)
        await release.wait()


async def test_gate_admits_up_to_capacity_and_serves_keys_round_robin() -> None:
    gate = FairGate(1)
    order: list[str] = []
    releases = [asyncio.Event() for _ in range(5)]
    tasks = [asyncio.create_task(_hold(gate, key, order, releases[i]))
             for i, key in enumerate(["a", "a", "a", "b", "c"])]
    await asyncio.sleep(0)
    assert order == ["a"] and gate.waiting() == 4
    for i in (0, 3, 1, 4, 2):
        releases[i].set()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "c", "a", "a"]


async def test_a_key_never_holds_more_than_its_limit() -> None:
    gate = FairGate(3)
    order: list[str] = []
    release = asyncio.Event()
    tasks = [asyncio.create_task(_hold(gate, key, order, release, limit=1)) for key in ["a", "a", "b"]]
    await asyncio.sleep(0)
    assert sorted(order) == ["a", "b"] and gate.running == 2 and gate.waiting("a") == 1
    release.set()
    await asyncio.gather(*tasks)
    assert gate.running == 0 and gate.waiting() == 0


async def test_a_cancelled_waiter_gives_its_turn_away() -> None:
    gate = FairGate(1)
    order: list[str] = []
    first, second, third = asyncio.Event(), asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(_hold(gate, "a", order, first))
    waiter = asyncio.create_task(_hold(gate, "b", order, second))
    last = asyncio.create_task(_hold(gate, "c", order, third))
    await asyncio.sleep(0)
    waiter.cancel()
    first.set()
    third.set()
    await asyncio.gather(holder, last)
    assert order == ["a", "c"] and gate.running == 0


def _noop() -> None:
    """A picklable warm-up."""


def _square(value: int) -> tuple[int, int]:
    return value * value, os.getpid()


async def test_thread_pool_runs_jobs() -> None:
    pool = WorkerPool(2, mode="thread")
    try:
        results = await asyncio.gather(*(pool.run("k", _square, n) for n in range(6)))
    finally:
        pool.close()
    assert [value for value, _ in results] == [n * n for n in range(6)]


async def test_process_pool_runs_jobs_in_other_processes_after_warming() -> None:
    pool = WorkerPool(1, mode="process", warmup=_noop)
    try:
        await pool.start()
        value, pid = await pool.run("k", _square, 7)
    finally:
        pool.close()
    assert value == 49 and pid != os.getpid()
