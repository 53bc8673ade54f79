"""Phase 2, queueing: snake order, behind cards already there, one line or two."""

import pytest

from engine.core.match import Match
from engine.wallofwar import GAME
from engine.wallofwar.scenario import build, legal, lines, play, waiting


def queue_order(state):
    order = []
    while state["phase"] == "queue":
        seat = waiting(state)[0]
        order.append(seat)
        state, _ = play(state, (seat, "q:1"))
    return order, state


@pytest.mark.parametrize(
    "players,first,expected",
    [
        (3, 0, [0, 1, 2, 2, 1, 0]),
        (4, 0, [0, 1, 2, 3, 3, 2, 1, 0]),
        (4, 2, [2, 3, 0, 1, 1, 0, 3, 2]),
        (5, 4, [4, 0, 1, 2, 3, 3, 2, 1, 0, 4]),
    ],
)
def test_snake_order(players, first, expected):
    state = Match.start(GAME, players, 1, {"first": str(first + 1), "colours": "seat"}).state
    order, _ = queue_order(state)
    assert order == expected


def test_cards_queue_behind_those_already_there():
    state = Match.start(GAME, 4, 1, {"first": "1", "colours": "seat"}).state
    state, _ = play(state, (0, "q:2"), (1, "q:2"), (2, "q:1"), (3, "q:2"))
    assert lines(state) == [[2], [0, 1, 3], [], []]


def test_both_cards_in_one_line_or_in_two():
    state = Match.start(GAME, 3, 1, {"first": "1", "colours": "seat"}).state
    state, _ = play(state, (0, "q:3"), (1, "q:1"), (2, "q:2"), (2, "q:2"), (1, "q:3"), (0, "q:3"))
    assert lines(state) == [[1], [2, 2], [0, 1, 0]]
    assert state["phase"] != "queue"


def test_every_circle_is_open_to_queue():
    state = Match.start(GAME, 4, 1, {"colours": "seat"}).state
    seat = waiting(state)[0]
    assert legal(state, seat) == {"q:1", "q:2", "q:3", "q:4"}
    assert "1〜4" in GAME.explain_illegal(state, seat, "q:7").ja


def test_queueing_leads_to_the_ability_phase_from_the_turn_player():
    state = build(
        4,
        first=1,
        phase="queue",
        cards={seat: ["c0" + str(seat + 1)] for seat in range(4)},
        circles=[("c10", []), ("c11", []), ("c12", []), ("c13", [])],
    )
    _, state = queue_order(state)
    assert state["phase"] == "ability"
    assert waiting(state) == [1]
