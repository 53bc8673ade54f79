"""Hints (engine.ai.hint): at most three legal choices with chances in [0, 1], reproducible from the seed,
and blind to other seats' secrets: a position the asking seat cannot tell apart from the true one (other
hands, bags and decks re-dealt) gives exactly the same hint for the same seed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai.hint import TOP, first_from_places, hint
from engine.core.game import Game
from engine.core.rng import Rng
from tests.ai.positions import CASES, positions

ITERATIONS = 12
ROOMY_BUDGET = 30.0
POSITIONS = 3


@pytest.mark.parametrize("game,players", CASES)
def test_a_hint_ignores_other_seats_secrets(game: Game, players: int) -> None:
    changed = 0
    for index, (match, seat) in enumerate(positions(game, players)[:POSITIONS]):
        expected = hint(game.id, match.to_json(), seat, seed=index, iterations=ITERATIONS, budget_s=ROOMY_BUDGET)
        legal = {action.notation for action in match.legal_actions(seat)}
        assert 1 <= len(expected) <= min(TOP, len(legal))
        assert {choice["notation"] for choice in expected} <= legal
        assert all(0.0 <= choice["chance"] <= 1.0 for choice in expected)
        assert [choice["visits"] for choice in expected] == sorted((choice["visits"] for choice in expected), reverse=True)
        again = hint(game.id, match.to_json(), seat, seed=index, iterations=ITERATIONS, budget_s=ROOMY_BUDGET)
        assert again == expected, "a hint is reproducible from its seed"
        other = game.resample(match.state, seat, Rng(1000 + index))
        assert game.view(other, seat) == game.view(match.state, seat)
        changed += other != match.state
        twin = replace(match, state=other, _legal={}, _pending=[])
        got = hint(game.id, twin.to_json(), seat, seed=index, iterations=ITERATIONS, budget_s=ROOMY_BUDGET)
        assert got == expected, f"seat {seat}'s hint changed when others' secrets changed"
    if game.id != "artofwar":  # a game of perfect information has no secrets to change
        assert changed, "no position had secrets to change: the test proved nothing"


def test_a_hint_for_a_seat_not_awaited_is_refused() -> None:
    game, players = CASES[0].values
    match, seat = positions(game, players)[0]
    idle = next((other for other in range(match.players) if other not in match.awaited_seats()), None)
    if idle is None:
        pytest.skip("every seat is awaited")
    with pytest.raises(ValueError):
        hint(game.id, match.to_json(), idle, seed=1, iterations=ITERATIONS)


def test_places_become_chances_of_first_place() -> None:
    even = [first_from_places([0.5, 0.5, 0.5], seat, 3) for seat in range(3)]
    assert even == pytest.approx([1 / 3] * 3)
    leader = first_from_places([1.0, 0.5, 0.0], 0, 3)
    assert leader == pytest.approx(1 / 1.25)
    assert first_from_places([0.0, 0.0, 0.0], 1, 3) == pytest.approx(1 / 3)
