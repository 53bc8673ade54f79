"""2. テイク・アイテム: one common-field item numbered at most the sum of the cards already on the lines
played to this turn (this turn's cards not counted); it goes to the trash."""

import pytest

from engine.core.errors import IllegalAction
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, legal, play


def table(**kwargs):
    kwargs.setdefault("hands", {0: ["H3", "H3", "S2", "D4"]})
    kwargs.setdefault("lines", {0: ["H3x3", "S2", "D4x2"]})
    kwargs.setdefault("decks", {0: ["S2x3"]})
    return build(2, **kwargs)


def test_the_sum_counts_cards_already_on_the_lines_played_to_not_this_turns():
    state, events = play(table(), (0, "play:1:H3"), (0, "play:1:H3"), (0, "play:3:D4"), (0, "done"))
    assert state["budget"] == 3 + 2
    assert GAME.view(state, None)["sum"] == 5
    assert any(event.data == {"kind": "sum", "seat": 0, "sum": 5} for event in events)


def test_only_affordable_items_are_offered():
    state, _ = play(table(), (0, "play:2:S2"), (0, "done"))
    assert state["budget"] == 1
    assert legal(state, 0) == {"take:SA", "take:HA", "take:DA", "take:CA", "skip"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "take:H3")
    assert "above the sum 1" in refused.value.reason.en


def test_an_item_gone_from_the_common_field_cannot_be_taken():
    state, _ = play(table(trash={1: ["SAx6", "HAx6"]}), (0, "play:2:S2"), (0, "done"))
    assert legal(state, 0) == {"take:DA", "take:CA", "skip"}


def test_the_taken_item_goes_to_the_trash_and_only_one_is_taken():
    state, events = play(table(), (0, "play:1:H3"), (0, "done"), (0, "take:S2"))
    assert state["seats"][0]["trash"] == ["S2"] and state["field"]["S2"] == 5
    assert state["step"] == "refill"
    assert any(event.data.get("kind") == "take" for event in events)


def test_no_play_onto_a_line_with_cards_means_nothing_to_take():
    state, _ = play(table(), (0, "done"))
    assert state["step"] == "refill" and state["budget"] == 0


def test_playing_onto_an_empty_line_adds_nothing():
    state, _ = play(build(2, hands={0: ["D4"]}, lines={0: ["H3x3"]}), (0, "play:2:D4"), (0, "done"))
    assert state["budget"] == 0 and state["step"] == "refill"


def test_trashing_a_played_line_afterwards_keeps_what_it_held_when_played():
    state, _ = play(table(), (0, "play:1:H3"), (0, "trash"), (0, "trash:line1"), (0, "done"))
    assert state["budget"] == 3


def test_the_joker_makes_a_line_count_without_a_matching_card():
    state, _ = play(table(hands={0: []}), (0, "play:1:J"), (0, "done"))
    assert state["budget"] == 3 and "take:H3" in legal(state, 0)


def test_skipping_take_item():
    state, events = play(table(), (0, "play:1:H3"), (0, "done"), (0, "skip"))
    assert state["field"]["H3"] == 6 and state["step"] == "refill"
    assert any(event.data.get("step") == "take" for event in events)


def test_take_item_is_a_public_decision():
    state, _ = play(table(), (0, "play:1:H3"), (0, "done"))
    assert GAME.pending(state)[0].public
