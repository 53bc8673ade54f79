"""Reviews (engine.ai.review): a point per position with chances in [0, 1], reproducible from the salt, and
a seat's review blind to every other seat's secrets: the same game with each position's hidden parts
re-dealt (another seat's hand, bags and decks, the future draws; the same public history) gives exactly
the same review for that seat, and a spectator's review ignores every seat's secrets."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import registry
from engine.ai.review import costly, drops, review, review_positions
from engine.core.game import Game
from engine.core.match import Match
from engine.core.rng import Rng
from engine.selfplay import playout

ITERATIONS = 3
STEPS = 30
"""Positions reviewed per game: enough for hidden information to change, few for a loaded machine."""
GAMES = [pytest.param(game, id=game.id) for game in registry.games().values()]


def game_positions(game: Game) -> tuple[list[Match], list[tuple[int, str]]]:
    players = min(game.player_counts)
    steps = list(playout(game, players, seed=11))[:STEPS]
    start = Match.start(game, players, 11, {})
    return [start, *(step.match for step in steps)], [(step.seat, step.notation) for step in steps]


def twin(match: Match, viewer: int | None, seed: int) -> Match:
    """The match with everything `viewer` cannot see re-dealt."""
    other = match.game.resample(match.state, viewer, Rng(seed))
    assert match.game.view(other, viewer) == match.game.view(match.state, viewer)
    return replace(match, state=other, _legal={}, _pending=[])


@pytest.mark.parametrize("game", GAMES)
def test_a_review_ignores_what_the_viewer_did_not_know(game: Game) -> None:
    positions, log = game_positions(game)
    for viewer in (0, None):
        expected = review_positions(positions, log, viewer, salt=5, iterations=ITERATIONS)
        assert len(expected["curve"]) == len(positions)
        assert all(0.0 <= chance <= 1.0 for point in expected["curve"] for chance in point)
        assert review_positions(positions, log, viewer, salt=5, iterations=ITERATIONS) == expected, "reproducible"
        twins = [twin(match, viewer, 1000 + index) for index, match in enumerate(positions)]
        if game.id != "artofwar":  # a game of perfect information has no secrets to change
            assert any(a.state != b.state for a, b in zip(positions, twins)), "nothing hidden changed: the test proved nothing"
        got = review_positions(twins, log, viewer, salt=5, iterations=ITERATIONS)
        assert got == expected, f"viewer {viewer}'s review changed when secrets it never saw changed"
        if viewer is None:
            assert got["decisions"] == []


def test_a_review_from_the_log_lists_costly_moves_and_drops() -> None:
    game = registry.get("artofwar")
    steps = list(playout(game, 2, seed=3))
    log = [(step.seat, step.notation) for step in steps]
    result = review(game.id, 2, 3, {}, log, 0, salt=1, iterations=ITERATIONS)
    assert result["curve"][-1] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    assert all(decision["cost"] >= 0 for decision in result["decisions"])
    assert len(costly(result)) <= 3 and len(drops(result, 1)) <= 3
    assert [entry["cost"] for entry in costly(result)] == sorted((entry["cost"] for entry in costly(result)), reverse=True)
