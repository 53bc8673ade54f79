"""No decision offers the same result twice: the picker and any search pay for every duplicate choice.

Two actions are duplicates when applying them yields the same state with the same unit acting (the route
is not part of the state: only the highlight the action's event carries, `data["last"]`, records it).
Attacks by different units on one target are allowed to end alike and are kept apart by the acting unit's
hex (that highlight's `from`): an attack leaves its attacker in place, so whether the attacker matters
depends on its consequences (a Pikeman's strike-back, a Royal Guard's defence, a Swordsman's step, a
Warrior Priest's draw, a Berserker's repeat); which unit strikes is the player's choice, shown on the
board, and pruning it would mean predicting the attack's outcome in the legality rules. Everything else,
routes and tactics above all, must list each result once.
"""

import json
import random

import pytest

from engine.core.match import Match
from engine.warchest import GAME
from engine.warchest.scenario import last_action

SETUPS = [(2, "random"), (2, "gaugamela"), (2, "bannockburn"), (4, "random")]
GAMES_PER_SETUP = 2


def result_key(transition):
    """The resulting state, plus the hex of the unit that acted."""
    last = last_action(transition.events)
    acted = last["from"] if last else None
    return json.dumps([transition.state, acted], sort_keys=True)


@pytest.mark.parametrize("players, mode", SETUPS)
def test_no_decision_offers_two_actions_with_the_same_result(players, mode):
    for seed in range(GAMES_PER_SETUP):
        agent = random.Random(seed)
        match = Match.start(GAME, players, seed, {"mode": mode})
        while not match.finished:
            seat = match.awaited_seats()[0]
            actions = match.legal_actions(seat)
            seen = {}
            for action in actions:
                key = result_key(GAME.apply(match.state, seat, action.notation))
                assert key not in seen, f"{seen.get(key)} and {action.notation} end alike (seed {seed})"
                seen[key] = action.notation
            match = match.play(seat, agent.choice(actions).notation).match
