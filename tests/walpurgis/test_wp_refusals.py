"""Refused actions say why, in both languages, and change nothing."""

import pytest

from engine.core.errors import IllegalAction
from engine.walpurgis import GAME
from engine.walpurgis.scenario import build, play


def reason(state: dict, notation: str, seat: int = 0) -> str:
    with pytest.raises(IllegalAction) as refused:
        play(state, (seat, notation))
    text = refused.value.reason
    assert text.ja and text.en
    return text.en


def test_a_face_up_placement_names_the_squares_the_condition_misses() -> None:
    state = build(field={"2c": ["0:R00:up"]}, hands={0: ["S00", "R01"]})
    assert "2c need your own jin with the same character icon" in reason(state, "place S00 3c up")
    assert "already holds a jin" in reason(state, "place R01 2c up")
    assert "1a 1c need your own jin" in reason(state, "place R01 2b up")
    assert "outside the field" in reason(state, "place R01 1b up")


def test_squares_cards_and_once_per_turn_are_explained() -> None:
    state = build(field={"2c": ["0:R00:up"], "3c": ["0:R01:dor"]}, hands={0: ["R00"]}, placed=True)
    assert "You hold no R09" in reason(state, "place R09 3d down")
    assert "no square 9z" in reason(state, "place R00 9z down")
    assert "already holds a jin" in reason(state, "place R00 2c down")
    assert "already placed a card this turn" in reason(state, "place R00 3d down")
    assert "dormant jin cannot be activated" in reason(state, "activate 3c")
    assert "face-up jin cannot be activated again" in reason(state, "activate 2c")
    assert "no jin there" in reason(state, "activate 4c")


def test_the_card_condition_and_the_interception_condition_are_explained() -> None:
    state = build(field={"2b": ["0:R00:act"], "2c": ["0:R00:act"], "2d": ["0:R00:act"]}, hands={0: ["M08"]}, decks={0: ["M00x3"]})
    assert "own condition" in reason(state, "place M08 3c up")
    chain = build(field={"1c": ["0:S12:up"], "5a": ["1:S12:up"]}, hands={0: ["S00"], 1: ["S00"]})
    chain, _ = play(chain, (0, "place S00 2c up"), (0, "fire 3c"))
    assert "interception condition fails" in reason(chain, "place S00 4a up", seat=1)
    assert "face up" in reason(chain, "place S00 4a down", seat=1)


def test_a_refusal_changes_nothing() -> None:
    state = build(hands={0: ["R00"]})
    before = GAME.view(state, None)
    reason(state, "activate 2c")
    assert GAME.view(state, None) == before
