"""Rendering in worker processes: a view drawn in a warm worker process is the same file as one drawn here
(at 1× and at the live board's 2×).

This is the one renderer test with real processes (spawning costs a couple of seconds); everything else,
the bot included, renders in threads under test (tests/conftest.py sets RENDER_POOL=thread).
"""

from __future__ import annotations

import os

from engine import registry
from engine.core.match import Match
from renderers import RenderContext, for_game
from renderers.worker import render_image, warm
from tabletop.runtime.workers import WorkerPool


def _pid() -> int:
    return os.getpid()


async def test_a_warm_worker_process_renders_the_same_bytes_as_this_process() -> None:
    match = Match.start(registry.get("warchest"), 2, 11, {})
    ctx = RenderContext("ja", ("アリス", "Bob"), "ウォーチェスト #1")
    board = (for_game("warchest"), "board", match.frame(None), ctx)
    private = (for_game("warchest"), "private", match.frame(1), ctx)
    pool = WorkerPool(1, mode="process", warmup=warm)
    try:
        await pool.start()
        assert await pool.run("server", _pid) != os.getpid()
        assert await pool.run("server", render_image, *board) == render_image(*board)
        assert await pool.run("server", render_image, *private) == render_image(*private)
        assert await pool.run("server", render_image, *board, 2) == render_image(*board, 2), "the live board's 2×"
    finally:
        pool.close()
