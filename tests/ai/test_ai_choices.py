"""The AI answers every decision of every game legally, reproducibly, and through JSON alone."""

from __future__ import annotations

import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Mapping

import pytest

from engine.ai import LEVELS, choose
from engine.ai.hooks import Hooks, hooks_for
from engine.ai.levels import PLAY_OUT
from engine.ai.search import Search
from engine.ai.worlds import Worlds
from engine.artofwar import GAME as ART_OF_WAR
from engine.core.game import Game
from engine.core.match import Match
from engine.core.rng import Rng
from engine.wallofwar import GAME as WALL_OF_WAR
from engine.wallofwar.scenario import build, card_of, play
from engine.warchest import GAME as WAR_CHEST
from engine.wunderkammer import GAME as WUNDERKAMMER
from tests.ai.positions import CASES, positions
from tests.fixtures.highcard import HighCard

TINY = 6
ROOMY_BUDGET = 30.0
"""Large enough that the iteration cap, not the clock, ends every test search: results are reproducible."""


@pytest.mark.parametrize("game,players", CASES)
def test_every_level_returns_a_legal_action(game: Game, players: int) -> None:
    for index, (match, seat) in enumerate(positions(game, players)):
        legal = {action.notation for action in match.legal_actions(seat)}
        for level in LEVELS:
            assert choose(game, match.to_json(), seat, level, seed=index, iterations=TINY) in legal


@pytest.mark.parametrize("game,players", CASES)
def test_a_seed_fixes_the_choice(game: Game, players: int) -> None:
    for index, (match, seat) in enumerate(positions(game, players, count=3, seed=40)):
        data = json.loads(json.dumps(match.to_json()))
        first = choose(game, data, seat, "normal", seed=index, budget_s=ROOMY_BUDGET, iterations=20)
        again = choose(game, data, seat, "normal", seed=index, budget_s=ROOMY_BUDGET, iterations=20)
        assert first == again


def test_a_simultaneous_window_is_answered_by_every_awaited_seat() -> None:
    """Wall of War's Rain window waits for three seats at once; two of them hold Rain."""
    zine, rain, rain2 = card_of("toppatsu"), card_of("ame"), card_of("ame", 1)
    row = [("c02", [0, 1]), ("c03", [2, 3]), ("c05", [1, 0]), ("c07", [3, 2])]
    state = build(4, first=2, circles=row, cards={2: [zine], 3: [rain], 0: [rain2], 1: ["c10"]})
    state, _ = play(state, (2, f"ab:{zine}:p2"))
    match = Match(WALL_OF_WAR, 4, 0, {}, state)
    awaited = match.awaited_seats()
    assert len(awaited) == 3 and {decision.kind for decision in match.pending()} == {"simultaneous"}
    for seat in awaited:
        notation = choose(WALL_OF_WAR, match.to_json(), seat, "normal", seed=1, iterations=30)
        assert notation in {action.notation for action in match.legal_actions(seat)}
        match = match.play(seat, notation).match
    assert not (match.state["asks"] and match.state["asks"][0]["t"] == "rain"), "the Rain window is still open"


def test_choose_runs_in_a_worker_process_from_json_alone() -> None:
    match = Match.start(WALL_OF_WAR, 3, 2, {"colours": "seat"})
    seat = match.awaited_seats()[0]
    data = json.loads(json.dumps(match.to_json()))
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = pool.submit(choose, "wallofwar", data, seat, "easy", 3, None, TINY).result()
    assert remote == choose("wallofwar", data, seat, "easy", 3, iterations=TINY)


def test_a_seat_without_a_decision_is_refused() -> None:
    match = Match.start(WALL_OF_WAR, 3, 2, {"colours": "seat"})
    idle = next(seat for seat in range(3) if seat not in match.awaited_seats())
    with pytest.raises(ValueError):
        choose(WALL_OF_WAR, match.to_json(), idle, "easy", seed=1)


class BadResample(HighCard):
    """High Card whose resample deals the other seats cards no rule can play: a game with a faulty
    resample must cost the AI some imagined worlds, never its move."""

    def resample(self, state: Mapping[str, Any], seat: int | None, rng: Rng) -> dict[str, Any]:
        world = super().resample(state, seat, rng)
        return {**world, "hands": [hand if index == seat else ["?"] * len(hand) for index, hand in enumerate(world["hands"])]}


def test_a_faulty_resample_costs_worlds_not_the_move() -> None:
    game = BadResample()
    match = Match.start(game, 2, 4, {})
    seat = match.awaited_seats()[0]
    legal = tuple(action.notation for action in match.legal_actions(seat))
    rng = random.Random(1)
    search = Search(game, Worlds(game, match.state, seat, rng), seat, LEVELS["normal"].bounded(iterations=40), Hooks(), rng)
    assert search.run(legal, deadline=time.perf_counter() + ROOMY_BUDGET) in legal
    assert search.failures > 0
    assert choose(game, match.to_json(), seat, "easy", seed=2, iterations=TINY) in legal


@pytest.mark.parametrize("game,players", CASES)
def test_searches_meet_no_rule_failure_on_resampled_worlds(game: Game, players: int) -> None:
    """Every registered game's resample yields worlds its own rules can play on (see the test above)."""
    for index, (match, seat) in enumerate(positions(game, players, count=3, seed=70)):
        rng = random.Random(index)
        search = Search(game, Worlds(game, match.state, seat, rng), seat, LEVELS["easy"].bounded(iterations=TINY), hooks_for(game), rng)
        search.run(tuple(action.notation for action in match.legal_actions(seat)), time.perf_counter() + ROOMY_BUDGET)
        assert search.failures == 0


def test_hard_plays_out_multiplayer_games_judged_by_their_standings() -> None:
    """Hard plays a playout to the end with three sides or more, and cuts it off between two sides
    (a 4-player War Chest is two teams) or where the game evaluates its own positions (War Chest,
    Wunderkammer)."""
    def hard_depth(game: Game, players: int) -> int:
        match = Match.start(game, players, 1, {})
        seat = match.awaited_seats()[0]
        rng = random.Random(1)
        return Search(game, Worlds(game, match.state, seat, rng), seat, LEVELS["hard"], hooks_for(game, "hard"), rng).depth

    hard = LEVELS["hard"]
    assert hard_depth(WALL_OF_WAR, 3) == PLAY_OUT
    assert hard_depth(ART_OF_WAR, 2) == hard.rollout_depth < PLAY_OUT
    assert hard_depth(WAR_CHEST, 2) == hard_depth(WAR_CHEST, 4) == hard.evaluated_depth < PLAY_OUT
    assert hard_depth(WUNDERKAMMER, 2) == hard_depth(WUNDERKAMMER, 3) == hard.evaluated_depth
    for name in ("easy", "normal"):
        level = LEVELS[name]
        assert level.rollout_depth == level.multiplayer_depth == level.evaluated_depth < PLAY_OUT
