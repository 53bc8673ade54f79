"""Illegal actions are refused with a clear reason in both languages and change nothing."""

import json

import pytest

from engine.core.errors import IllegalAction
from engine.artofwar.game import GAME
from engine.artofwar.scenario import build, play


def refused(state, seat, notation):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, notation)
    assert json.dumps(state, sort_keys=True) == before
    reason = error.value.reason
    assert reason.ja and reason.en
    return reason.en


def base(**more):
    values = dict(fields=({"b1": "soldier", "a1": "archier"}, {"b1": "guardian", "c2": "wizard", "c1": "priest"}), hands=(["wizard", "archier"], ["guardian"]))
    values.update(more)
    return build(**values)


@pytest.mark.parametrize(
    "notation,reason",
    [
        ("atk:b1-c1", "out of the reach"),
        ("atk:c1-b1", "no unit on that square"),
        ("atk:b1-a1", "no enemy unit"),
        ("put:wizard:c1", "needs an empty standby area"),
        ("kd:king", "Only basic units"),
        ("kd:priest", "You hold no Priest"),
        ("sup:priest:a1-b1", "You hold no Priest"),
        ("sup:guardian", "opponent's turn"),
        ("atk:z9-b1", "neither a square nor a card"),
        ("fly", "not a legal action"),
    ],
)
def test_main_turn_refusals(notation, reason):
    state = base(standby=(["priest"], []))
    assert reason in refused(state, 0, notation)


def test_the_other_seat_is_told_whose_decision_it_is():
    assert "Waiting for {s0}" in refused(base(), 1, "end")


def test_a_second_attack_by_a_sideways_unit_and_arranging_after_battle_are_refused():
    state, _ = play(base(standby=(["priest"], ["king"])), "atk:b1-b1", "pass")
    assert "already attacked" in refused(state, 0, "atk:b1-b1")
    assert "No arranging in a turn with a battle" in refused(state, 0, "dep:c1")
    arranged, _ = play(base(standby=(["priest"], ["king"])), "dep:c1")
    assert "No battle in a turn with an arrange action" in refused(arranged, 0, "atk:b1-b1")


def test_in_a_response_window_only_responses_are_taken():
    state, _ = play(base(standby=(["king"], [])), "atk:b1-b1")
    assert "Choose a response" in refused(state, 1, "end")
    assert "Choose a response" in refused(state, 1, "sup:wizard")


def test_during_conscription_only_placements_are_taken():
    state = build(fields=({"b1": "wizard"}, {"b1": ("soldier", "side")}), hands=(["archier"], []), standby=(["king"], ["guardian", "king"]))
    state, _ = play(state, "atk:b1-b1")
    assert "conscription" in refused(state, 1, "cs:b2")
    assert "Waiting for {s1}" in refused(state, 0, "end")


def test_refusals_after_the_game_ended():
    state = build(fields=({"b1": "soldier"}, {"b1": ("king", "side")}), hands=(["wizard", "wizard"], []), standby=(["king"], []))
    state, _ = play(state, "atk:b1-b1")
    assert "game is over" in refused(state, 0, "end")
