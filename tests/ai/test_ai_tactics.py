"""No level misses a move that wins at once, even with almost no time to search."""

from __future__ import annotations

import pytest

from engine.ai import LEVELS, choose
from engine.core.match import Match
from engine.warchest import GAME as WAR_CHEST
from engine.warchest.board import BOARDS
from engine.warchest.scenario import build
from tests.fixtures.highcard import GAME as HIGHCARD

ONE_ITERATION = 1


@pytest.mark.parametrize("level", list(LEVELS))
def test_high_card_plays_the_card_that_wins(level: str) -> None:
    """The sixth play ends the game: 9 beats seat 1's 8 points, 3 does not, and drawing plays nothing."""
    match = Match.start(HIGHCARD, 2, 1, {})
    state = {**match.state, "hands": [[3, 9], [1, 2]], "deck": [4, 5, 6, 7], "scores": [0, 8], "plays": 5, "turn": 0}
    match = Match(HIGHCARD, 2, 1, match.options, state)
    for seed in range(5):
        assert choose(HIGHCARD, match.to_json(), 0, level, seed=seed, iterations=ONE_ITERATION) == "play:9"


@pytest.mark.parametrize("level", list(LEVELS))
def test_war_chest_places_its_last_control_marker(level: str) -> None:
    board = BOARDS[2]
    neutral = [hex_ for hex_ in sorted(board.locations) if hex_ not in board.starts[0] + board.starts[1]]
    control = {**{hex_: 0 for hex_ in board.starts[0] + tuple(neutral[:3])}, **{hex_: 1 for hex_ in board.starts[1]}}
    state = build(
        [["archer", "knight", "pikeman", "scout"], ["cavalry", "lancer", "footman", "ensign"]],
        board={neutral[3]: "archer", neutral[4]: "cavalry"},
        hands={0: ["archer", "knight", "royal"], 1: ["cavalry"]},
        control=control,
    )
    assert state["markers"][0] == 1
    match = Match(WAR_CHEST, 2, 1, {"mode": "random", "royal_guard": "revised"}, state)
    for seed in range(3):
        notation = choose(WAR_CHEST, match.to_json(), 0, level, seed=seed, iterations=ONE_ITERATION)
        assert notation == f"archer:control:{neutral[3]}"


def test_war_chest_royal_guard_reaction_is_answered_out_of_turn() -> None:
    """Seat 0 attacks the Royal Guard in seat 0's turn; seat 1 must choose where the coin comes from."""
    state = build(
        [["pikeman", "knight", "archer", "scout"], ["royal_guard", "lancer", "footman", "ensign"]],
        board={"F4": "pikeman", "F3": ("royal_guard", 2)},
        hands={0: ["pikeman"], 1: ["lancer"]},
    )
    state = WAR_CHEST.apply(state, 0, "pikeman:attack:F4-F3").state
    match = Match(WAR_CHEST, 2, 1, {"mode": "random", "royal_guard": "revised"}, state)
    assert [(decision.seat, decision.kind) for decision in match.pending()] == [(1, "reaction")]
    for level in LEVELS:
        assert choose(WAR_CHEST, match.to_json(), 1, level, seed=3, iterations=8) in {"guard:supply", "guard:unit"}
