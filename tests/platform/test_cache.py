"""Every in-memory cache of the bot is bounded: the least recently used entry goes first."""

from __future__ import annotations

from tabletop.cache import BoundedCache


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
