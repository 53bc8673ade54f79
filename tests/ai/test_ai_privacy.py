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
from engine.walpurgis import GAME as WALPURGIS
from engine.walpurgis.scenario import build as position
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


def test_a_walpurgis_choice_ignores_the_other_deck_list() -> None:
    """A privately chosen Walpurgis deck is a secret as a whole, not only its order: two positions that
    differ in every card seat 0 has not seen (seat 1's deck list, hand, face-down 陣 and danmaku pile)
    give the same worlds and the same move."""
    field = {"2c": ["0:R00:up"], "3c": ["0:R12:act"], "4c": ["1:S00:up"], "4b": ["1:{}:act"], "4d": ["1:{}:dor"]}

    def table(hidden: str, deck: list[str], hand: list[str], pile: list[str]) -> dict:
        squares = {name: [spec.format(hidden) for spec in specs] for name, specs in field.items()}
        return position(field=squares, hands={0: ["R01", "R02", "R03", "R09"], 1: hand}, decks={1: deck}, piles={1: pile}, discard={1: ["S05"]}, turn=0)

    remilia = table("S01", ["S10x3", "S13x4", "S04x4", "S12x4", "S08x3"], ["S01", "S02", "S06"], ["S09"])
    marisa = table("M02", ["M01x3", "M02x4", "M03x3", "M05x4", "M07x4"], ["M09", "M12", "N04"], ["M11"])
    assert WALPURGIS.view(remilia, 0) == WALPURGIS.view(marisa, 0)
    for number in range(4):
        assert WALPURGIS.resample(remilia, 0, Rng(number)) == WALPURGIS.resample(marisa, 0, Rng(number))
    moves = []
    for state in (remilia, marisa):
        match = Match(WALPURGIS, 2, 0, {}, state)
        moves.append(choose(WALPURGIS, match.to_json(), 0, "normal", seed=7, budget_s=ROOMY_BUDGET, iterations=ITERATIONS))
    assert moves[0] == moves[1]
