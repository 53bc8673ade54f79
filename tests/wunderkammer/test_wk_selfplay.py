"""Random legal play: every component is conserved and every game ends.

The quick form plays a few games per player count; `WUNDERKAMMER_SELFPLAY=500` plays that many per
player count (the issue's bar: ≥ 500 games each with 0 errors), which takes about a minute.
"""

import os
import random

import pytest

from engine.wunderkammer.board import cards_of, item_count
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.game import GAME

GAMES = int(os.environ.get("WUNDERKAMMER_SELFPLAY", "2"))
COPIES = {kind: item.copies for kind, item in EDITION.items.items()}


def check(state):
    assert item_count(state) == COPIES
    assert all(count >= 0 for count in [*state["field"].values(), *state["box"].values()])
    assert all(0 <= count <= 6 for count in state["field"].values())
    for purse in state["seats"]:
        kinds = [line[0] for line in purse["lines"] if line]
        assert len(kinds) == len(set(kinds)) and all(len(set(line)) == 1 for line in purse["lines"] if line)
    jokers = sum(purse["joker"] for purse in state["seats"]) + sum(1 for e in state["played"] if e and e["joker"])
    assert jokers + state["jokers_boxed"] == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_card_accounted_for(players):
    for seed in range(GAMES):
        agent = random.Random(seed)
        options = {"abilities": "simple"} if seed % 3 == 2 else {}
        state = GAME.new_state(players, seed, GAME.validate_options(players, options))
        steps = 0
        while decisions := GAME.pending(state):
            seat = decisions[0].seat
            state = GAME.apply_action(state, seat, agent.choice(GAME.legal_actions(state, seat))).state
            steps += 1
            if steps % 5 == 0:
                check(state)
            assert steps < 20_000
        check(state)
        outcome = GAME.outcome(state)
        assert outcome is not None and min(outcome.ranks) == 1
        assert sum(len(cards_of(state, seat)) for seat in range(players)) > 0
