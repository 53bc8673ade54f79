"""500 random games with every deck option end without an error, every card accounted for at every step.

The bigger run with per-KING figures is `python -m engine.artofwar.bench`."""

import random

from engine.artofwar.board import BACK_ROW, STANDBY_LIMIT, ahead
from engine.artofwar.game import GAME
from engine.artofwar.scenario import census

GAMES = 500
DECKS = ["standard", "vanguard", "fortress", "arcane", "k02", "k03", "k06", "k08", "k09", "k10", "k01:S20", "k04:W10G10"]


def check(state):
    assert census(state) == 42
    for seat in (0, 1):
        assert len(state["standby"][seat]) <= STANDBY_LIMIT
        field = state["field"][seat]
        assert all(ahead(square) in field for square in BACK_ROW if square in field)
        assert state["phase"] != "play" or state["conscript"] is not None or field
        assert all(count >= 0 for count in state["kingdom"][seat].values())


def test_random_games_finish_without_errors():
    agent = random.Random(2024)
    reasons = set()
    for seed in range(GAMES):
        options = GAME.validate_options(2, {"deck1": agent.choice(DECKS), "deck2": agent.choice(DECKS)})
        state = GAME.new_state(2, seed, options)
        for _ in range(5000):
            pending = GAME.pending(state)
            if not pending:
                break
            seat = pending[0].seat
            state = GAME.apply_action(state, seat, agent.choice(GAME.legal_actions(state, seat))).state
            if agent.random() < 0.1:
                check(state)
        check(state)
        outcome = GAME.outcome(state)
        assert outcome is not None, f"seed {seed} did not end"
        reasons.add(outcome.reason)
    assert {"execution", "nation", "armistice", "draw"} <= reasons
