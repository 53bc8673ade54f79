"""Choosing the countries privately: both seats at once, presets listed, any deck code typed, bad codes
refused with their reason, nothing about a choice shown to the other seat, KINGs revealed together."""

import json

import pytest

from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.core.rng import Rng
from engine.artofwar.game import GAME


def fresh(**options) -> Match:
    return Match.start(GAME, 2, 4, options)


def test_by_default_both_seats_choose_at_once_from_the_presets():
    match = fresh()
    assert match.view(None)["phase"] == "deck" and match.view(None)["choosing"] == [0, 1]
    assert [(d.seat, d.kind, d.public) for d in match.pending()] == [(0, "simultaneous", True), (1, "simultaneous", True)]
    listed = [action.notation for action in match.legal_actions(0)]
    assert {"deck:standard", "deck:k01", "deck:k10"} <= set(listed) and len(listed) == 14
    assert all(len(action.path) == 1 and "/" in action.path[0].label.en for action in match.legal_actions(0))


def test_a_typed_code_is_accepted_under_its_canonical_notation_and_replays():
    match = fresh()
    step = match.play(1, "deck:k03:p10w10")
    assert step.notation == "deck:k03:P10W10"
    assert step.match.view(1)["private"]["deck"] == "k03:P10W10"
    step = step.match.play(0, "deck:k05")
    state = step.match.state
    assert state["kings"] == ["k05", "k03"] and state["phase"] == "mulligan"
    assert sorted(state["deck"][1] + state["hand"][1]) == ["priest"] * 10 + ["wizard"] * 10
    replayed = Match.replay(GAME, 2, 4, match.options, [(1, "deck:k03:P10W10"), (0, "deck:k05")])
    assert replayed.state == state
    direct = GAME.apply(match.state, 1, " deck:k03:W10P10 ").state
    assert direct["decks"] == [None, "k03:P10W10"]


@pytest.mark.parametrize(
    "typed,reason",
    [
        ("deck:k01:S4A4P4G4W3", "exactly 20 basic units"),
        ("deck:k99:S20", "There is no KING"),
        ("deck:k01:S4A4P4G4X4", "There is no unit"),
        ("deck:nonsense", "Cannot read the deck code"),
        ("keep", "First choose your deck"),
    ],
)
def test_a_bad_deck_is_refused_with_its_reason_and_nothing_changes(typed, reason):
    match = fresh()
    with pytest.raises(IllegalAction) as refused:
        match.play(0, typed)
    assert reason in refused.value.reason.en and refused.value.reason.ja
    assert match.pending()[0].seat == 0 and match.state["decks"] == [None, None]


def test_the_other_seat_learns_only_that_a_deck_was_chosen():
    match = fresh()
    step = match.play(0, "deck:k08:S20")
    public = [event for event in step.events if event.seat is None]
    assert [event.data["kind"] for event in public] == ["chosen"]
    assert all("k08" not in json.dumps(event.to_json()) for event in public)
    assert [event.seat for event in step.events if event.data["kind"] == "deck"] == [0]
    for viewer in (None, 1):
        shown = json.dumps(step.match.view(viewer))
        assert "k08" not in shown and "S20" not in shown
    assert step.match.view(1)["private"]["deck"] is None
    assert step.match.legal_actions(1) == match.legal_actions(1), "the other seat's choice is unchanged"
    assert step.match.decisions[1] == match.decisions[1], "its open picker stays valid"


def test_resampling_hides_which_deck_was_chosen():
    state = fresh().play(0, "deck:k08:S20").match.state
    codes = {GAME.resample(state, 1, Rng(seed))["decks"][0] for seed in range(12)}
    assert len(codes) > 1 and all(code is not None for code in codes)
    assert GAME.resample(state, 0, Rng(3))["decks"][0] == "k08:S20"


def test_kings_are_revealed_together_once_both_chose():
    step = fresh().play(0, "deck:k02").match.play(1, "deck:fortress")
    reveal = [event for event in step.events if event.data.get("kind") == "reveal"]
    assert len(reveal) == 1 and reveal[0].seat is None and reveal[0].data["kings"] == ["k02", "k05"]
    assert [seat["king"]["id"] for seat in step.match.view(None)["seats"]] == ["k02", "k05"]


def test_an_open_deck_option_skips_that_seats_choice():
    match = fresh(deck1="vanguard")
    assert [d.seat for d in match.pending()] == [1]
    state = match.play(1, "deck:k04").match.state
    assert state["kings"] == ["k07", "k04"]
    both = fresh(deck1="standard", deck2="k02")
    assert both.view(None)["phase"] == "mulligan" and both.view(None)["choosing"] is None
