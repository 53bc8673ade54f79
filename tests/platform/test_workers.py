"""The fair gate in front of the worker pool, and the pool itself in both modes."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tabletop.runtime.workers import FairGate, WorkerPool

ROOT = Path(__file__).resolve().parents[2]


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


async def test_a_background_key_waits_behind_every_other_key() -> None:
    """Reviews: a background job waiting since long before is admitted only once no turn waits."""
    gate = FairGate(1)
    order: list[str] = []
    releases = [asyncio.Event() for _ in range(4)]

    async def hold(key: str, index: int, background: bool) -> None:
        async with gate.slot(key, None, background):
            order.append(key)
            await releases[index].wait()

    first = asyncio.create_task(hold("a", 0, False))
    await asyncio.sleep(0)
    tasks = [first, asyncio.create_task(hold("reviews", 1, True)), asyncio.create_task(hold("b", 2, False))]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(hold("c", 3, False)))
    await asyncio.sleep(0)
    for index in (0, 2, 3, 1):
        releases[index].set()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "c", "reviews"]
    assert gate.running == 0 and gate.waiting() == 0


async def test_a_background_key_takes_a_free_slot_only_when_nobody_waits() -> None:
    gate = FairGate(2)
    order: list[str] = []
    release = asyncio.Event()

    async def hold(key: str, background: bool) -> None:
        async with gate.slot(key, 1, background):
            order.append(key)
            await release.wait()

    tasks = [asyncio.create_task(hold("reviews", True)), asyncio.create_task(hold("reviews", True)),
             asyncio.create_task(hold("a", False))]
    await asyncio.sleep(0)
    assert sorted(order) == ["a", "reviews"] and gate.waiting("reviews") == 1
    release.set()
    await asyncio.gather(*tasks)
    assert gate.running == 0


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



OWNER = """
import asyncio, os, sys
from tabletop.runtime.workers import WorkerPool

async def main():
    pool = WorkerPool(2, mode="process", warmup=None)
    await pool.start()
    pids = {await pool.run("k", os.getpid) for _ in range(8)}
    with open(sys.argv[1], "w") as out:
        out.write(" ".join(map(str, sorted(pids))))
    await asyncio.sleep(600)  # killed meanwhile

asyncio.run(main())
"""


def test_workers_end_when_the_bot_process_is_killed(tmp_path: Path) -> None:
    """kill -9 of the bot (the soak bench does it twenty times a run) must not leave its workers behind,
    each holding a warm interpreter's memory for good."""
    listed = tmp_path / "workers"
    owner = subprocess.Popen([sys.executable, "-c", OWNER, str(listed)], cwd=ROOT, stdout=subprocess.DEVNULL)
    try:
        for _ in range(1200):  # at most two minutes on a busy machine
            if listed.exists() and listed.read_text() or owner.poll() is not None:
                break
            time.sleep(0.1)
        workers = [int(pid) for pid in listed.read_text().split()]
        assert workers and all(alive(pid) for pid in workers)
    finally:
        owner.kill()
        owner.wait()
    for _ in range(600):  # usually at once
        if not any(alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    orphans = [pid for pid in workers if alive(pid)]
    for pid in orphans:
        os.kill(pid, signal.SIGKILL)
    assert not orphans, "orphaned workers outlived the killed bot"


def alive(pid: int) -> bool:
    """Whether the process exists and is not a zombie (an orphan that exited is reaped by init)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False
