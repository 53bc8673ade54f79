"""One decision for one seat: the entry point the platform calls, in-process or in a worker process.

`choose` takes only JSON-able arguments (a game id, `Match.to_json()`, ints and strings), so a
ProcessPoolExecutor can run it; `decide` is the same on a Match already in memory. The searcher reads
the match only through `Game.resample` from the seat's point of view (engine.ai.worlds), so its move
is the same whatever another seat holds; the match seed, which would replay every secret, is unused.
"""

from __future__ import annotations

import random
import time
from typing import Any, Mapping

from engine import registry
from engine.ai.hooks import hooks_for
from engine.ai.levels import level as find_level
from engine.ai.search import Search
from engine.ai.tactics import winning_move
from engine.ai.worlds import Worlds
from engine.core.game import Game
from engine.core.match import Match

TACTIC_WORLDS = 4
"""Worlds a winning move must win in: a move whose win hangs on a hidden card is left to the search."""

SAFETY = 0.95
"""Share of the time budget the search may use: the rest covers setup, the move's return and a busy
machine's scheduling, so that a decision stays within the level's bound."""


def choose(
    game: Game | str,
    match_json: Mapping[str, Any],
    seat: int,
    level: str,
    seed: int,
    budget_s: float | None = None,
    iterations: int | None = None,
) -> str:
    """The notation `seat` plays now at `level`; reproducible from `seed` when the iteration cap binds.

    `budget_s` replaces the level's time budget (a server setting), `iterations` its iteration cap.
    Raises ValueError when the match is over or does not await `seat`.
    """
    rules = registry.get(game) if isinstance(game, str) else game
    return decide(Match.from_json(rules, match_json), seat, level, seed, budget_s, iterations)


def decide(
    match: Match, seat: int, level: str, seed: int, budget_s: float | None = None, iterations: int | None = None
) -> str:
    started = time.perf_counter()
    if seat not in match.awaited_seats():
        raise ValueError(f"seat {seat} has no decision to make in this match")
    choices = tuple(action.notation for action in match.legal_actions(seat))
    if len(choices) == 1:
        return choices[0]
    game = match.game
    settings = find_level(level).bounded(budget_s, iterations)
    rng = random.Random(seed)
    worlds = Worlds(game, match.state, seat, rng)
    win = winning_move(game, [worlds.sample() for _ in range(TACTIC_WORLDS)], seat, choices)
    if win is not None:
        return win
    search = Search(game, worlds, seat, settings, hooks_for(game, settings.name), rng)
    return search.run(choices, started + SAFETY * settings.budget_s)
