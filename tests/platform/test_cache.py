"""Every in-memory cache of the bot is bounded: the least recently used entry goes first; a result asked for
while it is being computed is computed once."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.runtime.cache import BoundedCache, SharedResults


def test_the_least_recently_used_entry_is_dropped_at_the_bound() -> None:
    cache: BoundedCache[int, str] = BoundedCache(3)
    for key in range(3):
        cache[key] = str(key)
    assert cache.get(0) == "0"  # 0 is now the most recently used
    cache[3] = "3"
    assert len(cache) == 3 and 1 not in cache and 0 in cache and cache.get(1, "gone") == "gone"
    for key in range(100):
        cache[key] = "x"
    assert len(cache) == 3


async def test_concurrent_requests_share_one_computation_and_failures_are_not_kept() -> None:
    calls: list[int] = []
    release = asyncio.Event()

    async def compute(value: int) -> int:
        calls.append(value)
        await release.wait()
        if value < 0:
            raise ValueError(value)
        return value * 10

    results: SharedResults[str, int] = SharedResults(4)
    waiters = [asyncio.ensure_future(results.get("a", lambda: compute(1))) for _ in range(5)]
    await asyncio.sleep(0)
    waiters[0].cancel()  # one requester gives up: the others still get the shared result
    release.set()
    assert await asyncio.gather(*waiters[1:]) == [10] * 4 and calls == [1]
    assert "a" in results and await results.get("a", lambda: compute(2)) == 10 and calls == [1]
    with pytest.raises(ValueError):
        await results.get("b", lambda: compute(-1))
    assert "b" not in results and await results.get("b", lambda: compute(3)) == 30 and calls == [1, -1, 3]
