"""Post-game reviews (issue 28), computed in the AI worker pool and kept with the game. No Discord here:
the command's answer is `discord_ui.review_ui`, the estimate itself `engine.ai.review`.

Who sees which review: a seated player their own (searched from that seat's information only), anyone
else the public one (viewer None: only what a spectator saw). Why in many short jobs, each a span of
`SPAN` positions, behind a background key of the gate: a review costs up to a minute of CPU, and it must
never delay a turn. Each span waits until no other key (no server's AI turn) waits, and reviews hold at
most `capacity - 1` workers, so a turn waits at most for one span to end.

Kept with the game (storage/review_sql.py) by (game, viewer, version): the second request reads it. The
review's seeds come from the game id, never the match seed, so it is reproducible from the seed and log
and blind to what the viewer did not see.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine.ai.review import assemble, iterations_for, review_span
from tabletop.runtime.cache import SharedResults
from tabletop.play.service import game_options
from storage.base import GameRecord, Store

if TYPE_CHECKING:
    from tabletop.play.ai_turns import AiTurns

REVIEW_KEY = "reviews"
"""The gate's key for reviews: one background line for every server."""
SPAN = 8
"""Positions per job: a few seconds of one core at most (bench/review.py)."""
_RUNNING: SharedResults[tuple[int, str, int | None, int, int | None], dict[str, Any]] = SharedResults(64)
"""Reviews under way, so two requests for one compute it once (the store keeps the finished ones)."""


async def review_of(store: Store, ai: "AiTurns", record: GameRecord, log: list[tuple[int, str]],
                    viewer: int | None) -> dict[str, Any]:
    """The stored review of `viewer` (None: public) at the record's version, else computed and stored."""
    stored = await store.get_review(record.id, viewer, record.version)
    if stored is not None:
        return stored
    key = (record.id, record.game_type, record.seed, record.version, viewer)
    return await _RUNNING.get(key, lambda: _compute(store, ai, record, log, viewer))


async def _compute(store: Store, ai: "AiTurns", record: GameRecord, log: list[tuple[int, str]],
                   viewer: int | None) -> dict[str, Any]:
    assert record.seed is not None
    pool = ai.pool
    options = game_options(record.options)
    spans = range(0, len(log) + 1, SPAN)
    found = await asyncio.gather(*(
        pool.run(REVIEW_KEY, review_span, record.game_type, len(record.players), record.seed, options, log, viewer,
                 record.id, first, first + SPAN, ai.iterations, limit=max(1, pool.gate.capacity - 1), background=True)
        for first in spans))
    merged: dict[str, dict[int, Any]] = {"curve": {}, "picks": {}}
    for part in found:
        merged["curve"].update({int(index): point for index, point in part["curve"].items()})
        merged["picks"].update({int(index): pick for index, pick in part["picks"].items()})
    result = assemble(record.game_type, log, viewer, iterations_for(record.game_type, ai.iterations), merged)
    await store.put_review(record.id, viewer, record.version, result, record.finished_at or 0.0)
    return result
