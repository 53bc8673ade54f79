"""The AI plays under the same privacy as a person: its move never depends on another seat's secrets.

For positions of every game, the true state is replaced by one the acting seat cannot tell apart from
it (its view is identical; other hands, bags and decks are re-dealt) and the AI, with the same seed,
must choose exactly the same move. Iteration caps, not the clock, end these searches.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai import choose
from engine.core.game import Game
from engine.core.match import Match
from engine.core.rng import Rng
from engine.wallofwar import GAME as WALL_OF_WAR
from engine.wallofwar.scenario import build, card_of, play
from tests.ai.positions import CASES, positions

ITERATIONS = 12
RESAMPLES = 2
ROOMY_BUDGET = 30.0


@pytest.mark.parametrize("game,players", CASES)
def test_the_choice_ignores_other_seats_secrets(game: Game, players: int) -> None:
    changed = 0
    for index, (match, seat) in enumerate(positions(game, players)):
        expected = choose(game, match.to_json(), seat, "normal", seed=index, budget_s=ROOMY_BUDGET, iterations=ITERATIONS)
        for number in range(RESAMPLES):
            other = game.resample(match.state, seat, Rng(1000 * index + number))
            assert game.view(other, seat) == game.view(match.state, seat)
            changed += other != match.state
            twin = replace(match, state=other, _legal={}, _pending=[])
            got = choose(game, twin.to_json(), seat, "normal", seed=index, budget_s=ROOMY_BUDGET, iterations=ITERATIONS)
            assert got == expected, f"seat {seat} chose differently when others' secrets changed"
    assert changed, "no position had secrets to change: the test proved nothing"


def test_a_rain_answer_ignores_the_other_answers_and_hands() -> None:
    """In Wall of War's simultaneous Rain window the answers already given are secret too."""
    zine, rain, rain2 = card_of("toppatsu"), card_of("ame"), card_of("ame", 1)
    row = [("c02", [0, 1]), ("c03", [2, 3]), ("c05", [1, 0]), ("c07", [3, 2])]
    state = build(4, first=2, circles=row, cards={2: [zine], 3: [rain], 0: [rain2], 1: ["c10"]})
    state, _ = play(state, (2, f"ab:{zine}:p2"), (0, "rain"))
    match = Match(WALL_OF_WAR, 4, 0, {}, state)
    expected = choose(WALL_OF_WAR, match.to_json(), 3, "normal", seed=5, budget_s=ROOMY_BUDGET, iterations=ITERATIONS)
    for number in range(4):
        other = WALL_OF_WAR.resample(state, 3, Rng(number))
        twin = Match(WALL_OF_WAR, 4, 0, {}, other)
        assert choose(WALL_OF_WAR, twin.to_json(), 3, "normal", seed=5, budget_s=ROOMY_BUDGET, iterations=ITERATIONS) == expected
