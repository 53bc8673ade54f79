"""A small least-recently-used mapping, and results computed once per key on top of it: every in-memory
cache of the bot has a bound."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Awaitable, Callable, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """Keeps at most `size` entries, dropping the least recently used one first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, default: V | None = None) -> V | None:
        if key not in self._items:
            return default
        self._items.move_to_end(key)
        return self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __getitem__(self, key: K) -> V:
        self._items.move_to_end(key)
        return self._items[key]

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


class SharedResults(Generic[K, V]):
    """Results of an async computation by key (a `BoundedCache`), each computed once: requests for a key
    whose computation is under way wait for that one instead of starting another.

    Why: two requests for one image often arrive together (a player taps Take turn on a board the moment
    it is posted, while the same private view is being drawn for their turn DM); without sharing, each
    would be drawn and encoded, which is most of the CPU an action costs. A failed computation is not kept,
    so the next request tries again; a waiter cancelled meanwhile does not cancel it for the others.
    """

    def __init__(self, size: int) -> None:
        self._done: BoundedCache[K, V] = BoundedCache(size)
        self._running: dict[K, asyncio.Task[V]] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._done

    async def get(self, key: K, compute: Callable[[], Awaitable[V]]) -> V:
        """The result for `key`, from the cache, from the computation under way, or from `compute()`."""
        if key in self._done:
            return self._done[key]
        self.start(key, compute)
        return await asyncio.shield(self._running[key])

    def _finish(self, key: K, task: asyncio.Task[V]) -> None:
        if self._running.get(key) is task:
            del self._running[key]
        if not task.cancelled() and task.exception() is None:
            self._done[key] = task.result()

    def start(self, key: K, compute: Callable[[], Awaitable[V]]) -> None:
        """Begin computing `key` unless it is kept or under way, without waiting: a result someone will ask
        for in a moment (a page's picture, right after its scene) is then ready sooner, and still computed once."""
        if key not in self._done and key not in self._running:
            task = self._running[key] = asyncio.ensure_future(compute())
            task.add_done_callback(lambda finished: self._finish(key, finished))
