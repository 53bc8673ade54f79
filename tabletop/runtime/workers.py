"""CPU-heavy pure work (AI searches, board images) off the event loop, in a warm process pool behind a
fair, bounded gate.

Why processes: a search or a render holds the GIL for tens of milliseconds to seconds; in a thread it
would still stall every click. Why a gate in front of the pool: the executor's own queue is unbounded and
first-come-first-served, so one server starting ten AI games would starve everyone else, and a burst of
renders would queue pickled states without limit. The gate admits at most `capacity` jobs to the pool at
once and serves waiting keys (servers) round-robin, each key also held to its own limit (the server's
"concurrent AI searches" setting).

`mode="thread"` runs the same jobs in threads: tests use it (spawning interpreters per test would cost
seconds); production uses processes. The functions submitted must be importable top-level functions
taking and returning picklable values.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections import OrderedDict, deque
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Callable, Hashable, Literal

log = logging.getLogger("tabletop.workers")

Mode = Literal["process", "thread"]


class FairGate:
    """At most `capacity` holders at once; waiters are served round-robin by key, and no key holds more
    than its own limit. Everything runs on the event loop, so no locks are needed."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._running = 0
        self._held: dict[Hashable, int] = {}
        self._limits: dict[Hashable, int] = {}
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()
        self._tick = 0
        self._background: set[Hashable] = set()
        """Keys that only take a slot nobody else waits for (post-game reviews): served after every other key."""
        self._served: dict[Hashable, int] = {}
        """Each active key's place in line: when its last job ended or was admitted, or when it began to wait.
        The smallest goes first, so a key with many jobs takes turns with the others."""

    @property
    def running(self) -> int:
        return self._running

    def waiting(self, key: Hashable | None = None) -> int:
        """How many wait in all, or for one key."""
        if key is not None:
            return len(self._waiting.get(key, ()))
        return sum(len(queue) for queue in self._waiting.values())

    def ahead_of_next(self, key: Hashable) -> int:
        """How many jobs a new arrival with `key` would wait behind: the running ones beyond the free
        capacity plus those of its own key already waiting (a rough figure shown to players)."""
        return self.waiting(key) + max(0, self._running - self.capacity + 1)

    @asynccontextmanager
    async def slot(self, key: Hashable, limit: int | None = None, background: bool = False) -> AsyncIterator[None]:
        """Hold one slot for the body. `limit` caps concurrent holders with this key (None: capacity). A
        `background` key is admitted only when no other key waits, and after all of them."""
        self._limits[key] = max(1, limit) if limit is not None else self.capacity
        if background:
            self._background.add(key)
        if self._admissible(key) and not self._waiting.get(key) and not (background and self._waiting):
            self._take(key)
        else:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            if key not in self._served:
                self._tick += 1
                self._served[key] = self._tick
            self._waiting.setdefault(key, deque()).append(future)
            try:
                await future
            except asyncio.CancelledError:
                if future.done() and not future.cancelled():
                    self._release(key)
                else:
                    self._forget(key, future)
                raise
        try:
            yield
        finally:
            self._release(key)

    def _admissible(self, key: Hashable) -> bool:
        return self._running < self.capacity and self._held.get(key, 0) < self._limits.get(key, self.capacity)

    def _take(self, key: Hashable) -> None:
        self._tick += 1
        self._served[key] = self._tick
        self._running += 1
        self._held[key] = self._held.get(key, 0) + 1

    def _release(self, key: Hashable) -> None:
        self._running -= 1
        held = self._held[key] - 1
        if held:
            self._held[key] = held
        else:
            del self._held[key]
        if key in self._waiting or held:
            self._tick += 1
            self._served[key] = self._tick
        else:
            del self._served[key]
        self._wake()

    def _forget(self, key: Hashable, future: asyncio.Future[None]) -> None:
        queue = self._waiting.get(key)
        if queue is not None and future in queue:
            queue.remove(future)
            if not queue:
                del self._waiting[key]
                if key not in self._held:
                    del self._served[key]

    def _wake(self) -> None:
        """Grant free slots to waiting keys, the least recently served admissible key first."""
        while self._running < self.capacity:
            ready = [key for key in self._waiting if self._admissible(key)]
            if not ready:
                return
            key = min(ready, key=lambda key: (key in self._background, self._served[key]))
            queue = self._waiting[key]
            future = queue.popleft()
            if not queue:
                del self._waiting[key]
            if future.cancelled():
                if key not in self._waiting and key not in self._held:
                    del self._served[key]
                continue
            self._take(key)
            future.set_result(None)


def default_processes() -> int:
    """One worker per core: the event loop's own work is light, and searches are bounded in time."""
    return max(1, os.cpu_count() or 1)


WORKER_NICENESS = 5
"""Worker processes run at a lower priority than the bot's own process, so a burst of searches or renders
(or the warm-up after a restart) never delays the event loop's replies on a machine with few cores."""


def _initialize(warmup: Callable[[], Any] | None, in_process: bool) -> None:
    if in_process:
        os.nice(WORKER_NICENESS)
        threading.Thread(target=_exit_with_parent, name="exit-with-parent", daemon=True).start()
    if warmup is not None:
        warmup()


def _exit_with_parent() -> None:
    """A worker process ends when the bot's process does, however that died: killed with SIGKILL or by the
    OOM killer, the bot never shuts its pool down, and its workers (blocked on a queue whose pipe they
    hold both ends of) would otherwise live on as orphans, each holding a warm interpreter's memory."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()  # the parent's sentinel closes when it dies
        os._exit(0)


class WorkerPool:
    """A process (or thread) pool started and warmed once, with a `FairGate` in front of it."""

    def __init__(self, processes: int | None = None, mode: Mode = "process",
                 warmup: Callable[[], Any] | None = None) -> None:
        self.processes = processes or default_processes()
        self.mode: Mode = mode
        self.warmup = warmup
        self.gate = FairGate(self.processes)
        self._executor: Executor | None = None
        self._started: asyncio.Future[None] | None = None

    def _new_executor(self) -> Executor:
        """The warm-up is each worker's initializer, so a worker started to replace a dead one is warm too."""
        if self.mode == "thread":
            return ThreadPoolExecutor(self.processes, thread_name_prefix="worker", initializer=_initialize,
                                      initargs=(self.warmup, False))
        # spawn, not fork: the parent has a database thread and an event loop that a fork would copy mid-use.
        return ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_initialize, initargs=(self.warmup, True))

    @property
    def ready(self) -> bool:
        """Whether a job would run at once: threads start on demand; processes once warmed (`start`)."""
        started = self._started
        return self.mode == "thread" or (started is not None and started.done() and not started.cancelled()
                                          and started.exception() is None)

    async def start(self) -> None:
        """Create the workers and run the warm-up in each, so the first real job is as fast as the rest.
        Concurrent callers share one start; a start that failed (or was closed midway) is tried again."""
        started = self._started
        if started is None:
            started = self._started = asyncio.get_running_loop().create_future()
            try:
                await self._warm()
            except BaseException as error:
                if self._started is started:
                    self._started = None
                if not started.done():
                    started.set_exception(error)
                    started.exception()
                raise
            if not started.done():
                started.set_result(None)
        await asyncio.shield(started)

    async def _warm(self) -> None:
        self._executor = self._new_executor()
        loop = asyncio.get_running_loop()
        # Executors start workers on demand: one job per worker at once makes every one start (and warm).
        await asyncio.gather(*(loop.run_in_executor(self._executor, os.getpid) for _ in range(self.processes)))

    async def run(self, key: Hashable, fn: Callable[..., Any], *args: Any, limit: int | None = None,
                  background: bool = False) -> Any:
        """Run `fn(*args)` in a worker once the gate admits `key` (see `FairGate.slot`); a worker that died is
        replaced once."""
        await self.start()
        async with self.gate.slot(key, limit, background):
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self._executor, fn, *args)
            except BrokenProcessPool:
                log.warning("a worker process died; starting a new pool")
                self._replace()
                return await loop.run_in_executor(self._executor, fn, *args)

    def _replace(self) -> None:
        old, self._executor = self._executor, self._new_executor()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers; jobs still queued are cancelled (a restart simply runs them again)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._started = None
