"""8.3.6 danmaku processing: one owner keeps one card (the rulebook's three-way example), two owners
strip at the same time until one runs out (the rulebook's example), all squares in one step."""

from engine.core.game import clone
from engine.walpurgis import GAME
from engine.walpurgis.scenario import at, build, legal, play, waiting

TRIGGER = {"1e": ["0:R00:up"]}
"""Seat 0 places R00 on 2e face up and fires nothing: a chain whose processing sees only the squares
under test."""


def processing(field: dict, **extra) -> dict:
    state = build(field={**TRIGGER, **field}, hands={0: ["R00"]}, **extra)
    state, _ = play(state, (0, "place R00 2e up"), (0, "fire none"), (1, "pass"))
    return state


def test_one_owner_keeps_one_card_of_their_choice() -> None:
    state = processing({"3c": ["0:R12:act", "0:R01:dm", "0:R03:du"]})
    assert waiting(state) == [0] and legal(state, 0) == {"keep 3c jin", "keep 3c dm", "keep 3c R03"}


def test_keeping_the_jin_sends_the_danmaku_to_the_danmaku_pile() -> None:
    state, _ = play(processing({"3c": ["0:R12:act", "0:R01:dm", "0:R03:du"]}), (0, "keep 3c jin"))
    assert at(state, "3c") == [(0, "R12", "act")]
    assert sorted(state["pile"][0]) == ["R01", "R03"] and state["discard"][0] == []


def test_keeping_a_face_down_danmaku_makes_it_a_dormant_jin_and_discards_the_jin() -> None:
    state, _ = play(processing({"3c": ["0:R12:act", "0:R01:dm", "0:R03:du"]}), (0, "keep 3c dm"))
    assert at(state, "3c") == [(0, "R01", "dor")]
    assert state["discard"][0] == ["R12"] and state["pile"][0] == ["R03"]


def test_keeping_a_face_up_danmaku_makes_it_a_face_up_upright_jin() -> None:
    state, _ = play(processing({"3c": ["0:R12:act", "0:R01:dm", "0:R03:du"]}), (0, "keep 3c R03"))
    assert at(state, "3c") == [(0, "R03", "up")]
    assert state["discard"][0] == ["R12"] and state["pile"][0] == ["R01"]


def test_a_choice_between_alike_cards_is_made_for_the_owner() -> None:
    state = processing({"3c": ["0:R01:dm", "0:R02:dm"]})
    assert state["chain"] is None and [status for _, _, status in at(state, "3c")] == ["dor"]


def test_rulebook_example_two_owners_strip_at_once_until_one_has_nothing() -> None:
    """A: a face-up 陣 and a face-down danmaku; B: a face-up danmaku."""
    state = processing({"3c": ["0:R12:up", "0:R01:dm", "1:S05:du"]})
    assert waiting(state) == [0], "B has one card: its answer is given for it"
    assert legal(state, 0) == {"strip 3c jin", "strip 3c dm"}
    state, _ = play(state, (0, "strip 3c jin"))
    assert sorted(at(state, "3c")) == [(0, "R01", "dm"), (0, "R12", "dor"), (1, "S05", "dm")]
    assert legal(state, 0) == {"strip 3c jin", "strip 3c dm"}
    state, _ = play(state, (0, "strip 3c dm"))
    assert at(state, "3c") == [(0, "R12", "dor")], "B ran out: A's dormant jin remains alone"
    assert state["pile"] == [["R01"], ["S05"]]


def test_the_other_order_of_the_example_ends_the_same() -> None:
    state = processing({"3c": ["0:R12:up", "0:R01:dm", "1:S05:du"]})
    state, _ = play(state, (0, "strip 3c dm"))
    assert at(state, "3c") == [(0, "R12", "dor")]


def test_both_players_answer_at_once_and_neither_sees_the_others_answer() -> None:
    state = processing({"3c": ["0:R12:up", "0:R01:dm", "1:S05:du", "1:S06:dm"]})
    decisions = GAME.pending(state)
    assert [d.seat for d in decisions] == [0, 1] and {d.kind for d in decisions} == {"simultaneous"}
    state, _ = play(state, (1, "strip 3c S05"))
    assert waiting(state) == [0]
    assert GAME.view(state, 0)["chain"]["processing"]["answered"] == [False, True]
    hidden = clone(state)
    hidden["chain"]["proc"]["choice"][1] = "dm"
    assert GAME.view(hidden, 0) == GAME.view(state, 0)
    state, _ = play(state, (0, "strip 3c jin"))
    assert sorted(at(state, "3c")) == [(0, "R01", "dm"), (0, "R12", "dor"), (1, "S05", "dm"), (1, "S06", "dm")]


def test_stripping_a_face_down_jin_discards_it() -> None:
    state = processing({"3c": ["0:R12:act", "1:S05:dm"]})
    assert at(state, "3c") == [] and state["discard"][0] == ["R12"] and state["pile"][1] == ["S05"]


def test_a_never_face_down_jin_may_be_chosen_and_stays_face_up() -> None:
    state = processing({"3c": ["0:R04:up", "1:S05:dm", "1:S06:dm"]})
    assert at(state, "3c") == [(0, "R04", "up")]
    assert state["pile"][1] == ["S05", "S06"]


def test_after_the_stripping_the_survivors_cards_are_processed_as_one_owners() -> None:
    state = processing({"3c": ["0:R01:dm", "0:R02:dm", "0:R03:dm", "1:S05:dm"]})
    assert [(owner, status) for owner, _, status in at(state, "3c")] == [(0, "dor")]


def test_every_square_with_two_or_more_cards_is_processed_and_single_cards_are_left() -> None:
    state = processing({"3a": ["0:R01:dm", "0:R02:dm"], "3b": ["1:S05:dm"], "4e": ["0:R12:act", "1:S06:dm"]})
    assert [status for _, _, status in at(state, "3a")] == ["dor"]
    assert at(state, "3b") == [(1, "S05", "dm")]
    assert at(state, "4e") == []
