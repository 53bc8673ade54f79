"""Takeback in War Chest scenarios: a deploy in mid-round may be taken back; the last coin of a round,
which makes everyone draw, may not (the drawn coins are news), nor when the draw refills a bag by
shuffling (chance); and a replay of a log with takebacks reaches the live game's state."""

from __future__ import annotations

from typing import Any

from engine.core.notations import TAKEBACK
from engine.core.match import Match
from engine.core.takeback import CHANCE, SHOWN_TO_ACTOR, refusal
from engine.warchest import GAME
from engine.warchest.scenario import build

ARMIES = [["archer", "knight", "footman", "scout"], ["cavalry", "lancer", "pikeman", "ensign"]]
BAGS = {0: ["archer", "archer", "footman", "royal"], 1: ["lancer", "lancer", "pikeman", "royal"]}


def match_of(state: dict[str, Any]) -> Match:
    return Match(GAME, 2, 7, GAME.validate_options(2, {}), state)


def test_a_deploy_in_mid_round_may_be_taken_back_and_replays() -> None:
    before = match_of(build(ARMIES, hands={0: ["knight", "archer"], 1: ["cavalry"]}, bags=BAGS))
    step = before.play(0, "knight:deploy:H1")
    after = step.match
    assert after.awaited_seats() == (1,)
    assert refusal(before, after, 0, "knight:deploy:H1") is None
    undone = after.take_back(before, 0, (0, "knight:deploy:H1"))
    assert undone.match.state == before.state and "H1" not in undone.match.state["board"]
    assert undone.match.awaited_seats() == (0,)
    assert all(new > old for new, old in zip(undone.match.decisions, after.decisions))
    log = [(0, "knight:deploy:H1"), (0, TAKEBACK), (0, "archer:deploy:E1"), (1, "cavalry:deploy:D5")]
    live = undone.match.play(0, "archer:deploy:E1").match.play(1, "cavalry:deploy:D5").match
    replayed = before
    for replay_step in before.replay_steps(log):
        replayed = replay_step.match
    assert replayed.state == live.state and replayed.version == live.version == 4


def test_the_last_coin_of_a_round_draws_new_coins_and_cannot_be_taken_back() -> None:
    before = match_of(build(ARMIES, hands={0: ["knight"], 1: []}, bags=BAGS))
    after = before.play(0, "knight:deploy:H1").match
    assert after.state["round"] == 2 and after.state["rng"] == before.state["rng"]
    assert len(after.state["seats"][0]["hand"]) == 3
    assert refusal(before, after, 0, "knight:deploy:H1") == SHOWN_TO_ACTOR


def test_a_draw_that_reshuffles_the_discards_used_chance() -> None:
    state = build(ARMIES, hands={0: ["knight"], 1: []}, bags={0: [], 1: BAGS[1]},
                  discards_up={0: ["archer", "footman", "royal"]})
    before = match_of(state)
    after = before.play(0, "knight:deploy:H1").match
    assert after.state["rng"] != before.state["rng"]
    assert refusal(before, after, 0, "knight:deploy:H1") == CHANCE
