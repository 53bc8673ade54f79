"""Random games for the export and takeback tests: self-play logs, and logs with takebacks woven in."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.core.game import Game
from engine.core.notations import TAKEBACK
from engine.core.match import Match
from engine.core.takeback import refusal
from engine.selfplay import MAX_ACTIONS, playout

Log = list[tuple[int, str]]


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def selfplay(game: Game, players: int, seed: int) -> tuple[Match, Log]:
    """One random game to its end: the final match and its log."""
    match, log = Match.start(game, players, seed, {}), []
    for step in playout(game, players, seed):
        log.append((step.seat, step.notation))
        match = step.match
    return match, log


def with_takebacks(game: Game, players: int, seed: int, rate: float = 0.3) -> tuple[Match, Log, int]:
    """A random game where, after each move the rules let its seat take back, it does so with chance
    `rate` (and then plays on). The final match, its log and how many takebacks it holds."""
    agent = random.Random(seed)
    match = Match.start(game, players, seed, {})
    log: Log = []
    previous: Match | None = None
    taken = 0
    for _ in range(MAX_ACTIONS):
        if match.finished:
            return match, log, taken
        if previous is not None and log[-1][1] != TAKEBACK and agent.random() < rate:
            if refusal(previous, match, *log[-1]) is None:
                step = match.take_back(previous, log[-1][0], log[-1])
                assert canonical(step.match.state) == canonical(previous.state)
                previous, match = match, step.match
                log.append((step.seat, step.notation))
                taken += 1
                continue
        seat = agent.choice(match.awaited_seats())
        step = match.play(seat, agent.choice(match.legal_actions(seat)).notation)
        previous, match = match, step.match
        log.append((step.seat, step.notation))
    raise AssertionError(f"{game.id}: no end after {MAX_ACTIONS} actions")
