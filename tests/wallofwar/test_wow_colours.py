"""Purchaser colours (rulebook setup step 2: 同じ色の一般参加者カード2枚): chosen in seat order from the
first turn player, or handed out by seat order with the option colours=seat."""

import pytest

from engine.core.errors import BadOptions, IllegalAction
from engine.core.match import Match
from engine.core.rng import Rng
from engine.wallofwar import GAME
from engine.wallofwar.colours import COLOURS
from engine.wallofwar.scenario import legal, play, waiting


def start(players, first, colours="choose"):
    return Match.start(GAME, players, 9, {"first": str(first + 1), "colours": colours}).state


def test_choosing_is_a_setup_phase_before_the_first_circles_open():
    state = start(4, 0)
    view = GAME.view(state, None)
    assert view["phase"] == "colour" and view["turn"] == 0 and view["circles"] == []
    assert [seat["colour"] for seat in view["seats"]] == [None] * 4
    assert view["colour_order"] == [0, 1, 2, 3] and view["actor"] == 0
    (decision,) = GAME.pending(state)
    assert (decision.seat, decision.kind) == (0, "setup")
    assert legal(state, 0) == {"colour:red", "colour:blue", "colour:yellow", "colour:green", "colour:purple"}


def test_one_tap_per_colour():
    actions = GAME.legal_actions(start(3, 0), 0)
    assert [[step.key for step in action.path] for action in actions] == [[colour] for colour in COLOURS]
    assert [action.path[0].label.ja for action in actions] == ["赤", "青", "黄", "緑", "紫"]


def test_seat_order_from_the_first_player_and_taken_colours_disappear():
    state = start(4, 2)
    assert waiting(state) == [2]
    state, events = play(state, (2, "colour:green"))
    assert waiting(state) == [3] and "colour:green" not in legal(state, 3)
    assert events[0].data == {"kind": "colour", "seat": 2, "colour": "green"}
    assert events[0].text.en == "{s2} chooses green."
    state, _ = play(state, (3, "colour:red"), (0, "colour:purple"))
    assert waiting(state) == [1]
    assert legal(state, 1) == {"colour:blue", "colour:yellow"}
    assert GAME.view(state, None)["colour_order"] == [1]


def test_the_last_pick_opens_turn_one_with_the_first_player_queueing():
    state = start(3, 1)
    state, events = play(state, (1, "colour:blue"), (2, "colour:yellow"))
    state, closing = play(state, (0, "colour:red"))
    view = GAME.view(state, None)
    assert view["phase"] == "queue" and view["turn"] == 1 and len(view["circles"]) == 3
    assert [seat["colour"] for seat in view["seats"]] == ["red", "blue", "yellow"]
    assert view["colour_order"] == [] and waiting(state) == [1]
    assert [event.data["kind"] for event in events + closing] == ["colour", "colour", "colour", "turn"]
    assert [event.data["kind"] for event in closing if event.seat is None] == ["colour", "turn"], "the board's latest action"


def test_with_five_players_the_last_seat_gets_the_colour_left_over():
    state = start(5, 0)
    state, events = play(state, (0, "colour:purple"), (1, "colour:red"), (2, "colour:yellow"))
    assert waiting(state) == [3]
    state, events = play(state, (3, "colour:blue"))
    assert GAME.view(state, None)["seats"][4]["colour"] == "green"
    assert events[1].data == {"kind": "colour", "seat": 4, "colour": "green", "forced": True}
    assert state["phase"] == "queue" and waiting(state) == [0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_colours_by_seat_skip_the_setup(players):
    state = start(players, 0, "seat")
    view = GAME.view(state, None)
    assert view["phase"] == "queue" and view["turn"] == 1
    assert [seat["colour"] for seat in view["seats"]] == list(COLOURS[:players])
    assert GAME.pending(state)[0].kind == "turn"


def test_every_seat_sees_every_colour():
    state, _ = play(start(3, 0), (0, "colour:red"))
    for seat in (None, 0, 1, 2):
        assert [entry["colour"] for entry in GAME.view(state, seat)["seats"]] == ["red", None, None]
    for seed in range(5):
        assert GAME.view(GAME.resample(state, 1, Rng(seed)), 1) == GAME.view(state, 1)


def test_refusals_say_why():
    state, _ = play(start(4, 0), (0, "colour:red"))
    with pytest.raises(IllegalAction) as taken:
        GAME.apply(state, 1, "colour:red")
    assert taken.value.reason.ja == "赤は{s0}が選んでいます。"
    assert "Colours are red, blue" in GAME.explain_illegal(state, 1, "colour:pink").en
    assert GAME.explain_illegal(state, 1, "q:1").en == "First choose the colour of your purchaser cards."
    assert GAME.explain_illegal(state, 2, "colour:blue").en == "It is not your turn to choose a colour yet."
    later = start(4, 0, "seat")
    assert GAME.explain_illegal(later, 0, "colour:red").en == "Purchaser colours have already been chosen."


def test_option_values():
    assert GAME.validate_options(3, {})["colours"] == "choose"
    assert GAME.validate_options(3, {"colours": "seat"})["colours"] == "seat"
    with pytest.raises(BadOptions):
        GAME.validate_options(3, {"colours": "rainbow"})


def test_a_random_first_player_chooses_first_and_the_game_replays():
    match = Match.start(GAME, 4, 31, {})
    first = match.state["first"]
    assert match.awaited_seats() == (first,)
    log = [(first, "colour:yellow")]
    step = match.play(first, "colour:yellow")
    assert Match.replay(GAME, 4, 31, {}, log).state == step.match.state
