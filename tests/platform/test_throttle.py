"""Static images are rendered once per key (one job for the render pool), even when first requested many
times at once; cooldowns refuse a repeat within their window and allow it after."""

from __future__ import annotations

import asyncio
from typing import Callable

from renderers import RenderContext
from renderers.worker import encoded_pages
from renderers.wunderkammer_cards import cards_pages
from tabletop.runtime.throttle import STATIC_LANE, Cooldown, StaticImages


async def test_concurrent_first_requests_share_one_render() -> None:
    jobs: list[tuple[object, ...]] = []

    async def run(lane: object, fn: Callable[..., tuple[bytes, ...]], *args: object) -> tuple[bytes, ...]:
        jobs.append((lane, fn, *args))
        await asyncio.sleep(0)
        return fn(*args)

    images = StaticImages(run)
    ctx = RenderContext("ja", ())
    results = await asyncio.gather(*(images.get(("cards", "ja"), cards_pages, ctx) for _ in range(20)))
    assert len(set(results)) == 1 and len(results[0]) == 1 and jobs == [(STATIC_LANE, encoded_pages, cards_pages, ctx)]
    assert await images.get(("cards", "ja"), cards_pages, ctx) == results[0] and len(jobs) == 1
    await images.get(("cards", "en"), cards_pages, RenderContext("en", ()))
    assert len(jobs) == 2


def test_cooldown_refuses_within_the_window_per_user() -> None:
    now = [100.0]
    cooldown = Cooldown(10, clock=lambda: now[0])
    assert cooldown.retry_after(("cards", 1)) == 0
    assert cooldown.retry_after(("cards", 1)) == 10
    assert cooldown.retry_after(("cards", 2)) == 0
    now[0] += 4
    assert cooldown.retry_after(("cards", 1)) == 6
    now[0] += 6
    assert cooldown.retry_after(("cards", 1)) == 0
