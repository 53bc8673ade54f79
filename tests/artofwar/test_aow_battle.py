"""Attacks and damage: the rulebook's three damage examples, capture on equal defence, accumulation and
reset, sideways defence, the attack fixed when the unit turns sideways, one attack per unit, and the
battle phase excluding the arrange phase."""

from engine.artofwar.scenario import act, build, census, legal, play


def unit(state, seat, square):
    return state["field"][seat].get(square)


def test_example_1_attack_2_on_defence_1_sends_the_unit_to_the_graveyard():
    state = build(fields=({"b1": "soldier"}, {"b1": ("archier", "side"), "a1": "guardian"}), hands=(["wizard", "wizard"], []))
    state, _ = act(state, "atk:b1-b1")
    assert unit(state, 1, "b1") is None
    assert state["grave"][1] == ["archier"] and state["kingdom"][0]["archier"] == 0
    assert census(state) == 42


def test_equal_attack_and_defence_captures_into_the_attackers_kingdom():
    state = build(fields=({"b1": "soldier"}, {"b1": "soldier", "a1": "guardian"}), hands=(["wizard", "wizard"], []), standby=(["king"], []))
    state, events = act(state, "atk:b1-b1")
    assert unit(state, 1, "b1") is None
    assert state["kingdom"][0]["soldier"] == 1 and state["grave"][1] == []
    assert any(event.data.get("kind") == "captured" for event in events)
    assert census(state) == 42

def test_sideways_defence_applies_to_a_unit_that_attacked_last_turn():
    state = build(fields=({"b1": "wizard"}, {"b1": ("soldier", "side"), "a1": "guardian"}))
    state, _ = act(state, "atk:b1-b1")
    assert state["kingdom"][0]["soldier"] == 1


def test_example_2_two_attacks_adding_up_to_the_defence_send_it_to_the_graveyard():
    state = build(fields=({"b1": "soldier", "b2": "wizard"}, {"b1": "guardian", "a1": "priest"}), hands=(["wizard", "archier"], []), standby=(["king"], []))
    state, _ = act(state, "atk:b1-b1")
    assert unit(state, 1, "b1")["dmg"] == 2
    state, _ = act(state, "atk:b2-b1")
    assert unit(state, 1, "b1") is None
    assert state["grave"][1] == ["guardian"] and state["kingdom"][0]["guardian"] == 0

def test_two_hits_that_exceed_the_defence_also_destroy():
    state = build(fields=({"b1": "soldier"}, {"b1": "priest", "a1": "guardian"}), hands=(["archier", "wizard", "wizard", "wizard"], []), standby=(["king"], []))
    state, _ = act(state, "sup:archier:b1", "atk:b1-b1")
    assert unit(state, 1, "b1") is None and state["grave"][1] == ["priest"]

def test_example_3_archier_support_damage_plus_an_attack_reaching_the_defence_destroys():
    state = build(fields=({"b1": "wizard"}, {"b1": "soldier", "a1": "guardian"}), hands=(["archier"], []))
    state, _ = act(state, "sup:archier:b1")
    assert unit(state, 1, "b1")["dmg"] == 1
    state, _ = act(state, "atk:b1-b1")
    assert unit(state, 1, "b1") is None and state["grave"][1] == ["soldier"]


def test_an_attack_equal_to_the_defence_on_a_damaged_unit_destroys_instead_of_capturing():
    state = build(fields=({"b1": "soldier"}, {"b1": "soldier", "a1": "guardian"}), hands=(["archier", "wizard", "wizard"], []), standby=(["king"], []))
    state, _ = act(state, "sup:archier:b1")
    assert len(state["hand"][0]) == 2
    state, events = act(state, "atk:b1-b1")
    assert [e.data["attack"] for e in events if e.data.get("kind") == "attack"] == [2]
    assert state["grave"][1] == ["soldier"] and state["kingdom"][0]["soldier"] == 0

def test_archier_support_alone_reaching_the_defence_sends_to_the_graveyard_not_the_kingdom():
    state = build(fields=({"b1": "wizard"}, {"b1": ("wizard", "side"), "a1": "guardian"}), hands=(["archier"], []))
    state, _ = act(state, "sup:archier:b1")
    assert unit(state, 1, "b1") is None and state["grave"][1] == ["wizard"] and state["kingdom"][0]["wizard"] == 0


def test_damage_accumulates_during_the_turn_and_resets_at_its_end():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=([], ["soldier"]))
    state, _ = act(state, "atk:b1-b1")
    assert unit(state, 1, "b1")["dmg"] == 1
    state, _ = act(state, "end")
    assert unit(state, 1, "b1")["dmg"] == 0 and state["turn"] == 1


def test_a_soldier_attacks_with_the_hand_size_when_declared_and_keeps_it():
    state = build(fields=({"b1": "soldier"}, {"b1": "guardian", "a1": "priest"}), hands=(["wizard", "wizard", "priest"], ["guardian"]), standby=(["king"], ["king"]))
    state, events = play(state, "atk:b1-b1")
    assert events[0].data["attack"] == 3
    assert legal(state) == {"pass", "sup:guardian"}
    state, _ = play(state, "sup:guardian", "sup:wizard")
    assert len(state["hand"][0]) == 2 and state["chain"] == []
    assert state["kingdom"][0]["guardian"] == 1

def test_a_soldier_with_an_empty_hand_attacks_for_nothing():
    state = build(fields=({"b1": "soldier", "a1": "king"}, {"b1": "priest"}), hands=([], []))
    state, events = act(state, "atk:b1-b1")
    assert events[0].data["attack"] == 0 and unit(state, 1, "b1")["dmg"] == 0

def test_attacking_turns_the_unit_sideways_and_each_unit_attacks_once():
    state = build(fields=({"b1": "wizard", "a1": "soldier"}, {"b1": "guardian", "a1": "guardian"}), hands=(["archier"], []))
    state, _ = act(state, "atk:b1-b1")
    assert unit(state, 0, "b1")["side"] is True
    assert not any(n.startswith("atk:b1-") for n in legal(state))
    assert "atk:a1-a1" in legal(state)


def test_recovery_turns_the_turn_players_units_upright():
    state = build(fields=({"b1": "wizard"}, {"b1": ("guardian", "side")}), hands=(["archier"], ["soldier"]))
    state, _ = act(state, "atk:b1-b1", "end")
    assert unit(state, 1, "b1")["side"] is False and unit(state, 0, "b1")["side"] is True
    state, _ = act(state, "end")
    assert unit(state, 0, "b1")["side"] is False


def test_battle_and_arrange_exclude_each_other():
    state = build(fields=({"b1": "wizard", "a1": "soldier"}, {"b1": "guardian"}), hands=(["archier"], []), standby=(["priest"], []))
    battled, _ = act(state, "atk:b1-b1")
    assert not any(n.split(":")[0] in ("dep", "rot", "mv", "put", "xch") for n in legal(battled))
    arranged, _ = act(state, "mv:a1-c1")
    assert not any(n.startswith("atk:") for n in legal(arranged))
    assert "end" in legal(arranged) and "sup:archier:b1" in legal(arranged)


def test_soldier_support_adds_one_to_every_later_attack_this_turn_and_stacks():
    state = build(fields=({"b1": "wizard", "a1": "wizard"}, {"b1": "guardian", "a1": "guardian"}), hands=(["soldier", "soldier", "archier"], []))
    state, _ = act(state, "sup:soldier")
    assert state["boost"] == 1
    state, events = act(state, "atk:b1-b1")
    assert events[0].data["attack"] == 2 and unit(state, 1, "b1")["dmg"] == 2
    state, _ = act(state, "sup:soldier")
    state, events = act(state, "atk:a1-a1")
    assert events[0].data["attack"] == 3 and state["kingdom"][0]["guardian"] == 1
    state, _ = act(state, "end")
    assert state["boost"] == 0
