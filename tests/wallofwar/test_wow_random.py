"""Random play: medals and cards are conserved at every step, and the views leak nothing."""

import pytest

from engine.core.rng import Rng
from engine.selfplay import playout
from engine.wallofwar import GAME
from engine.wallofwar.board import in_lines, medal_total
from engine.wallofwar.cards import CARDS


def check(state):
    players = state["players"]
    assert medal_total(state) == 40
    assert all(medals >= 0 for medals in state["medals"]) and state["atm"] >= 0
    cards = state["deck"] + state["removed"] + state["discard"] + [c for hand in state["hands"] for c in hand]
    cards += [c for shown in state["shown"] for c in shown]
    cards += [circle["card"] for circle in state["circles"] if not circle["log"]]
    cards += [ask["card"] for ask in state["asks"] if ask["t"] == "kuji"]
    cards += [ask["use"]["aside"] for ask in state["asks"] if ask["t"] == "rain" and "aside" in ask["use"]]
    assert sorted(cards) == sorted(CARDS.cards)
    assert all(not CARDS.card(card).always_on for hand in state["hands"] for card in hand)
    assert all(CARDS.card(card).always_on for shown in state["shown"] for card in shown)
    tokens = [token for circle in state["circles"] for token in circle["line"]]
    assert len(tokens) == len(set(tokens)) and set(tokens) == in_lines(state)
    assert all(0 <= token < 2 * players for token in tokens)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_medals_and_cards_are_conserved_under_random_play(players):
    for seed in range(8):
        steps = 0
        for step in playout(GAME, players, 100 * players + seed):
            check(step.match.state)
            steps += 1
        final = step.match.state
        assert final["phase"] == "over" and GAME.outcome(final) is not None
        assert steps > 50


@pytest.mark.parametrize("players", [3, 5])
def test_views_survive_resampling_under_random_play(players):
    rng = Rng(7)
    for index, step in enumerate(playout(GAME, players, 77 + players)):
        if index % 5:
            continue
        state = step.match.state
        for seat in [None, *range(players)]:
            assert GAME.view(GAME.resample(state, seat, rng), seat) == GAME.view(state, seat)
