"""The Royal Guard preference answers the defender's reaction without asking; "ask" leaves it to them."""

from __future__ import annotations

from cogs.warchest import GUARD_PREF, royal_guard_answer
from engine.core.match import Match
from engine.warchest import GAME
from engine.warchest.scenario import build, play

ARMIES = [["royal_guard", "knight", "scout", "footman"], ["cavalry", "archer", "ensign", "swordsman"]]


def attacked_guard() -> Match:
    state = build(ARMIES, board={"F4": ("royal_guard", 2), "F5": "swordsman"},
                  hands={1: ["swordsman", "cavalry"], 0: ["royal"]}, turn=1)
    state, _ = play(state, "swordsman:attack:F5-F4")
    return Match(GAME, 2, 7, {"mode": "random", "royal_guard": "revised"}, state)


def test_stored_preference_answers_the_reaction() -> None:
    match = attacked_guard()
    assert royal_guard_answer(match, 0, {GUARD_PREF: "supply"}) == "guard:supply"
    assert royal_guard_answer(match, 0, {GUARD_PREF: "unit"}) == "guard:unit"


def test_ask_or_no_preference_or_other_seat_is_not_answered() -> None:
    match = attacked_guard()
    assert royal_guard_answer(match, 0, {GUARD_PREF: "ask"}) is None
    assert royal_guard_answer(match, 0, {}) is None
    assert royal_guard_answer(match, 1, {GUARD_PREF: "supply"}) is None
