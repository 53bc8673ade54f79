"""The bot draws its images in its render pool, one server's burst queued behind the pool's gate, and a
view already drawn is served from the render cache without a second render."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from engine import registry
from engine.core.match import Match
from discord_ui import announce
from tabletop.presentation import pictures
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import GUILD, Table


async def test_boards_are_drawn_in_the_bots_pool_keyed_by_server(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    pool = table.bot.render_pool
    keys: list[Any] = []
    original = pool.run

    async def run(key: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        keys.append(key)
        return await original(key, fn, *args, **kwargs)

    monkeypatch.setattr(pool, "run", run)
    await table.start_game(ALICE, [CAROL], "highcard")
    assert keys and {server for server, _ in keys} == {GUILD}  # per server, boards and private views in turn
    assert {kind for _, kind in keys} == {"board", "private"}


async def test_a_burst_of_renders_never_runs_more_at_once_than_the_pool_has_workers(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    lock, running, most = threading.Lock(), [0], [0]
    original = pictures.render_image

    def counting(*args: Any) -> bytes | None:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return original(*args)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(pictures, "render_image", counting)
    names = [{0: f"player {n}", 1: "other"} for n in range(20)]
    files = await asyncio.gather(*(announce.render_file("board", record, match, None, "en", n) for n in names))
    assert all(file is not None for file in files)
    assert 1 <= most[0] <= table.bot.render_pool.processes
    monkeypatch.setattr(pictures, "render_image", lambda *args: pytest.fail("rendered again"))
    again = await announce.render_file("board", record, match, None, "en", names[0])
    assert again is not None and again.fp.read() == files[0].fp.read()  # type: ignore[union-attr]


async def test_a_view_asked_for_while_it_is_being_drawn_is_drawn_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Take turn tapped while the turn DM's private view is still being drawn shares that render."""
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    calls: list[tuple[Any, ...]] = []
    original = pictures.render_image

    def counting(*args: Any) -> bytes | None:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(pictures, "render_image", counting)
    names = {0: "alice", 1: "carol", 2: "someone new"}
    files = await asyncio.gather(*(announce.render_file("private", record, match, 0, "ja", names) for _ in range(5)))
    assert len(calls) == 1 and len({file.fp.read() for file in files if file is not None}) == 1  # type: ignore[union-attr]
