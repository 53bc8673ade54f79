"""Refusals tell the player which rule stops them."""

import pytest

from engine.core.errors import IllegalAction
from engine.warchest import GAME
from engine.warchest.scenario import build, play

ARMIES = [["archer", "knight", "scout", "mercenary"], ["cavalry", "lancer", "footman", "royal_guard"]]


def reason(state, seat, notation):
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, notation)
    text = refused.value.reason
    assert text.ja and text.en and text.ja != text.en
    return text.en


def test_turn_and_coin_reasons():
    state = build(ARMIES, board={"F4": "archer"}, hands={0: ["archer", "royal"], 1: ["cavalry"]})
    assert "Waiting for {s0}" in GAME.explain_illegal(state, 1, "cavalry:pass").en
    assert "no coin called" in reason(state, 0, "wizard:pass")
    assert "no Knight coin in hand" in reason(state, 0, "knight:pass")
    assert "Unknown action" in reason(state, 0, "archer:dance")
    assert "face down" in reason(state, 0, "royal:move:F4-F5")
    assert "already hold the initiative" in reason(state, 0, "archer:initiative")


def test_deploy_reasons():
    state = build(ARMIES, board={"E1": "cavalry", "F4": "archer"}, hands={0: ["knight", "archer", "scout"], 1: ["cavalry"]})
    assert "occupied" in reason(state, 0, "knight:deploy:E1")
    assert "no hex Z9" in reason(state, 0, "knight:deploy:Z9")
    assert "not a location" in reason(state, 0, "knight:deploy:F5")
    assert "does not control D5" in reason(state, 0, "knight:deploy:D5")
    assert "already on the board" in reason(state, 0, "archer:deploy:H1")
    assert "next to one of your units" in reason(state, 0, "scout:deploy:C4")


def test_maneuver_reasons():
    state = build(ARMIES, board={"F4": "archer", "F5": "knight", "G4": "cavalry"}, hands={0: ["knight", "archer"], 1: ["cavalry"]})
    assert "There is no Knight of yours on F4" in reason(state, 0, "knight:move:F4-F3")
    assert "occupied" in reason(state, 0, "knight:move:F5-F4")
    assert "not adjacent" in reason(state, 0, "knight:move:F5-F7")
    assert "cannot make normal attacks" in reason(state, 0, "archer:attack:F4-G4")
    assert "your side" in reason(state, 0, "knight:attack:F5-F4")
    assert "Write" in reason(state, 0, "knight:move:F5")
    assert "has no tactic" in reason(state, 0, "knight:tactic:F5-F6")


def test_recruit_and_initiative_reasons():
    state = build(ARMIES, hands={0: ["knight"], 1: ["cavalry"]}, supply={0: {"knight": 0, "archer": 2}}, turn=0, initiative=1)
    assert "not one of your units" in reason(state, 0, "knight:recruit:cavalry")
    assert "No Knight coin is left" in reason(state, 0, "knight:recruit:knight")
    assert "no unit" in reason(state, 0, "knight:recruit:dragon")
    state, _ = play(state, "knight:initiative")
    assert "already changed hands" in reason(state, 1, "cavalry:initiative")


def test_follow_up_reasons():
    guarded = [["archer", "knight", "scout", "royal_guard"], ["cavalry", "lancer", "footman", "mercenary"]]
    state = build(guarded, board={"F4": "cavalry", "F5": ("royal_guard", 2)}, hands={1: ["cavalry"], 0: ["archer"]}, turn=1)
    state, _ = play(state, "cavalry:attack:F4-F5")
    assert "guard:supply" in reason(state, 0, "archer:pass")
    assert "Waiting for {s0}" in GAME.explain_illegal(state, 1, "cavalry:pass").en
    state = build(ARMIES, board={"F4": "mercenary", "F6": "knight"}, hands={0: ["knight"], 1: ["cavalry"]})
    state, _ = play(state, "knight:recruit:mercenary")
    assert "Choose the extra maneuver" in reason(state, 0, "knight:pass")
    assert "not the one acting" in reason(state, 0, "move:F6-F7")
    assert "type skip" in reason(state, 0, "dance")


def test_typed_notation_is_case_insensitive():
    state = build(ARMIES, board={"F4": "knight"}, hands={0: ["knight"], 1: ["cavalry"]})
    state, _ = play(state, "  Knight:MOVE:f4-f5 ")
    assert state["board"]["F5"]["unit"] == "knight"


def test_the_game_over_reason():
    state = build(ARMIES, hands={0: ["royal"]}, round_number=100)
    state, _ = play(state, "royal:pass")
    assert "over" in GAME.explain_illegal(state, 0, "royal:pass").en


def test_draft_reasons():
    state = GAME.new_state(2, 4, GAME.validate_options(2, {"mode": "draft"}))
    seat = state["draft"]["order"][0]
    missing = next(u for u in ("archer", "knight", "scout", "cavalry", "lancer", "ensign", "marshall", "pikeman", "footman")
                   if u not in state["draft"]["pool"])
    assert "not in the pool" in reason(state, seat, f"pick:{missing}")
    assert "pick:<unit>" in reason(state, seat, "archer")
