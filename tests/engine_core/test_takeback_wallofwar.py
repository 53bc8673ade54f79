"""Takeback in Wall of War scenarios: passing on a circle in the purchase phase may be taken back;
buying the last circle ends the turn and deals new circles from the deck, which shows everyone cards
nobody knew, so it may not; a replay of a log with takebacks reaches the live game's state."""

from __future__ import annotations

import pytest

from engine.core.notations import TAKEBACK
from engine.core.errors import TakebackRefused
from engine.core.match import Match
from engine.core.takeback import SHOWN_TO_ACTOR, refusal
from engine.wallofwar.game import GAME
from engine.wallofwar.scenario import build, waiting


def purchase(circles: list[tuple[str, list[int]]]) -> Match:
    state = build(4, phase="purchase", circles=circles)
    return Match(GAME, 4, 1, GAME.validate_options(4, {}), state)


def test_passing_on_a_circle_may_be_taken_back_and_replays() -> None:
    before = purchase([("c01", [1, 2, 3]), ("c02", [0, 3])])
    assert waiting(before.state) == [1]
    after = before.play(1, "pass").match
    assert waiting(after.state) == [2]
    assert refusal(before, after, 1, "pass") is None
    undone = after.take_back(before, 1, (1, "pass")).match
    assert undone.state == before.state and undone.awaited_seats() == (1,)
    assert all(new > old for new, old in zip(undone.decisions, after.decisions))
    log = [(1, "pass"), (1, TAKEBACK), (1, "buy"), (0, "pass")]
    live = undone.play(1, "buy").match.play(0, "pass").match
    replayed = before
    for step in before.replay_steps(log):
        replayed = step.match
    assert replayed.state == live.state and replayed.version == live.version


def test_buying_the_last_circle_deals_new_cards_and_cannot_be_taken_back() -> None:
    before = purchase([("c01", [1])])
    after = before.play(1, "buy").match
    assert after.state["phase"] != "purchase" and after.state["deck"] != before.state["deck"]
    assert refusal(before, after, 1, "buy") == SHOWN_TO_ACTOR
    with pytest.raises(TakebackRefused) as refused:
        after.take_back(before, 1, (1, "buy"))
    assert refused.value.reason == SHOWN_TO_ACTOR
    with pytest.raises(TakebackRefused):
        list(before.replay_steps([(1, "buy"), (1, TAKEBACK)]))
