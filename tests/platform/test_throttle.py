"""Static images are rendered once per key, even when first requested many times at once; cooldowns
refuse a repeat within their window and allow it after."""

from __future__ import annotations

import asyncio

from tabletop.throttle import Cooldown, StaticImages


async def test_concurrent_first_requests_share_one_render() -> None:
    images = StaticImages()
    renders: list[str] = []

    def render() -> tuple[bytes, ...]:
        renders.append("x")
        return (b"png",)

    results = await asyncio.gather(*(images.get(("cards", "ja"), render) for _ in range(20)))
    assert results == [(b"png",)] * 20 and renders == ["x"]
    assert await images.get(("cards", "ja"), render) == (b"png",) and renders == ["x"]
    await images.get(("cards", "en"), render)
    assert len(renders) == 2


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
