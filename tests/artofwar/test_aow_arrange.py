"""The arrange phase's five actions (the last two only with an empty standby area, one action a turn),
the back row moving forward at once, the six-unit battlefield, and entering the kingdom."""

from engine.artofwar.game import GAME
from engine.artofwar.scenario import act, build, legal

ARRANGE = ("dep", "rot", "mv", "put", "xch")


def arrange(state):
    return {n for n in legal(state) if n.split(":")[0] in ARRANGE}


def cards(field):
    return {square: placed["card"] for square, placed in field.items()}


def test_with_cards_in_standby_the_head_can_be_deployed_or_swapped_in_but_nothing_comes_from_hand():
    state = build(fields=({"a1": "soldier", "b1": "wizard"}, {"b1": "guardian"}), hands=(["archier"], []), standby=(["priest", "guardian"], []))
    kinds = {n.split(":")[0] for n in arrange(state)}
    assert kinds == {"dep", "rot", "mv"}
    assert {n for n in arrange(state) if n.startswith("dep:")} == {"dep:c1", "dep:a2", "dep:b2"}


def test_deploying_the_standby_head():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), standby=(["priest", "guardian"], []))
    state, _ = act(state, "dep:a2")
    assert cards(state["field"][0]) == {"a1": "soldier", "a2": "priest"}
    assert state["field"][0]["a2"]["side"] is False
    assert state["standby"][0] == ["guardian"] and state["mode"] == "arrange"


def test_sending_a_unit_to_standby_and_bringing_the_head_to_its_square_even_with_five_there():
    state = build(fields=({"a1": "soldier", "a2": "wizard"}, {"b1": "guardian"}), standby=(["priest", "guardian", "king", "archier", "archier"], []))
    state, _ = act(state, "rot:a1")
    assert cards(state["field"][0]) == {"a1": "priest", "a2": "wizard"}
    assert state["standby"][0] == ["guardian", "king", "archier", "archier", "soldier"]


def test_moving_a_unit_swaps_with_a_unit_there_and_the_back_row_falls_in():
    state = build(fields=({"a1": "soldier", "a2": "wizard", "b1": "guardian"}, {"b1": "guardian"}))
    swapped, _ = act(state, "mv:a1-b1")
    assert cards(swapped["field"][0]) == {"a1": "guardian", "a2": "wizard", "b1": "soldier"}
    forward, _ = act(state, "mv:a1-c1")
    assert cards(forward["field"][0]) == {"a1": "wizard", "b1": "guardian", "c1": "soldier"}
    assert "mv:a1-a2" in arrange(state)
    behind, _ = act(state, "mv:a1-a2")
    assert cards(behind["field"][0]) == {"a1": "wizard", "a2": "soldier", "b1": "guardian"}


def test_a_move_that_would_leave_a_unit_alone_in_the_back_row_is_the_front_move_listed_once():
    state = build(fields=({"a1": "soldier", "b1": "guardian"}, {"b1": "guardian"}))
    moves = {n for n in arrange(state) if n.startswith("mv:a1-")}
    assert moves == {"mv:a1-b1", "mv:a1-c1", "mv:a1-a2", "mv:a1-b2"}, "a1-a2 ends where it began: listed once"
    with_head = build(fields=({"a1": "soldier", "b1": "guardian"}, {"b1": "guardian"}), standby=(["priest"], []))
    assert "back square with nobody in front" in GAME.explain_illegal(with_head, 0, "dep:c2").en


def test_a_move_that_leaves_the_battlefield_as_it_was_is_still_a_move_listed_once():
    """「自分の戦場エリアに居るユニット1体を自分の戦場内で好きな場所に移動させる」: moving a front unit into the
    empty square behind it (it falls in again) or swapping two equal units changes no square, but it is a
    move the rulebook allows and it spends the turn's arrange action (no battle after it)."""
    state = build(fields=({"a1": "soldier", "b1": "soldier"}, {"b1": "guardian"}))
    unchanged = [n for n in arrange(state) if cards(act(state, n)[0]["field"][0]) == cards(state["field"][0])]
    assert unchanged == ["mv:a1-b1"], "swap of equal units, a1 behind itself, b1 behind itself: one choice"
    after, _ = act(state, "mv:a1-b1")
    assert after["arranged"] and not any(n.startswith("atk:") for n in legal(after))


def test_with_an_empty_standby_a_hand_card_can_be_placed_or_swapped_in():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), hands=(["wizard", "archier"], []), standby=([], []))
    kinds = {n.split(":")[0] for n in arrange(state)}
    assert kinds == {"mv", "put", "xch"}
    placed, _ = act(state, "put:wizard:a2")
    assert cards(placed["field"][0]) == {"a1": "soldier", "a2": "wizard"} and "wizard" not in placed["hand"][0]
    swapped, _ = act(state, "xch:a1:archier")
    assert cards(swapped["field"][0]) == {"a1": "archier"}
    assert sorted(swapped["hand"][0]) == ["king", "soldier", "wizard"]
    assert GAME.view(swapped, None)["seats"][0]["hand_known"] == ["king", "soldier"]


def test_the_king_can_be_placed_from_hand():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), hands=([], []))
    state, _ = act(state, "put:king:b1")
    assert state["field"][0]["b1"]["card"] == "king"


def test_only_one_arrange_action_a_turn():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), hands=(["wizard"], []), standby=(["priest", "priest"], []))
    state, _ = act(state, "dep:b1")
    assert arrange(state) == set()
    assert "Only one arrange action a turn" in GAME.explain_illegal(state, 0, "dep:c1").en
    state, _ = act(state, "end", "end")
    assert arrange(state)


def test_hand_actions_are_refused_while_standby_holds_a_card():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), hands=(["wizard"], []), standby=(["priest"], []))
    reason = GAME.explain_illegal(state, 0, "put:wizard:b1")
    assert "needs an empty standby area" in reason.en and reason.ja


def test_a_full_battlefield_takes_no_more_units():
    full = {square: "soldier" for square in ("a1", "b1", "c1", "a2", "b2", "c2")}
    state = build(fields=(full, {"b1": "guardian"}), hands=(["wizard"], []), standby=([], []))
    assert not {n for n in arrange(state) if n.startswith("put:")}
    assert "at most six" in GAME.explain_illegal(state, 0, "put:wizard:b1").en
    state = build(fields=(full, {"b1": "guardian"}), standby=(["priest"], []))
    assert not {n for n in arrange(state) if n.startswith("dep:")}
    assert {n for n in arrange(state) if n.startswith("rot:")}


def test_placements_never_leave_a_unit_alone_in_the_back_row():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}), standby=(["priest"], []))
    assert "dep:b2" not in legal(state) and "dep:a2" in legal(state)


def test_when_a_front_unit_falls_the_unit_behind_moves_forward_at_once():
    state = build(fields=({"b1": "soldier", "b2": "guardian"}, {"b1": ("wizard", "side"), "b2": "priest", "a1": "king"}), hands=(["soldier", "soldier"], []))
    state, events = act(state, "atk:b1-b1")
    assert cards(state["field"][1]) == {"a1": "king", "b1": "priest"}
    assert any(e.data.get("kind") == "forward" and e.data["to"] == "b1" for e in events)


def test_doing_nothing_and_ending_the_turn_is_allowed():
    state = build(fields=({"a1": "soldier"}, {"b1": "guardian"}))
    state, _ = act(state, "end")
    assert state["turn"] == 1 and state["mode"] is None


def test_entering_the_kingdom_once_a_turn_at_any_point():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["soldier", "archier"], []), standby=(["priest"], []))
    assert {n for n in legal(state) if n.startswith("kd:")} == {"kd:soldier", "kd:archier"}
    state, _ = act(state, "atk:b1-b1", "kd:archier")
    assert state["kingdom"][0]["archier"] == 1 and state["entered"]
    assert not {n for n in legal(state) if n.startswith("kd:")}
    assert "Only one card a turn" in GAME.explain_illegal(state, 0, "kd:soldier").en
    state, _ = act(state, "end", "end")
    assert "kd:soldier" in legal(state)


def test_the_king_cannot_enter_the_kingdom():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["soldier"], []))
    assert "kd:king" not in legal(state)
    assert "Only basic units" in GAME.explain_illegal(state, 0, "kd:king").en
