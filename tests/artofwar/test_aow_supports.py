"""Rear supports: each effect at its timing, the standby limit, the KING as any support, and the
response windows (GUARDIAN against an attack, WIZARD against a support, WIZARD against that WIZARD)."""

from engine.artofwar.game import GAME
from engine.artofwar.scenario import act, build, legal, play


def supports(state, seat=None):
    return {n for n in legal(state, seat) if n.startswith(("sup:", "king:"))}


def test_a_support_goes_to_the_back_of_the_standby_area_and_may_be_used_again_and_again():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["soldier", "soldier", "soldier"], []), standby=(["priest", "king"], []))
    state, _ = act(state, "sup:soldier", "sup:soldier", "sup:soldier")
    assert state["standby"][0] == ["priest", "king", "soldier", "soldier", "soldier"]
    assert state["boost"] == 3


def test_no_support_fits_a_full_standby_area():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["soldier", "archier"], []), standby=(["priest"] * 3 + ["king"], []))
    assert supports(state) == {"sup:soldier", "sup:archier:b1"}
    state, _ = act(state, "sup:soldier")
    assert len(state["standby"][0]) == 5 and supports(state) == set()
    refused = GAME.explain_illegal(state, 0, "sup:archier:b1")
    assert "standby area holds 5" in refused.en


def test_own_turn_supports_and_the_king_as_each_of_them():
    state = build(fields=({"a1": "wizard", "b1": "soldier"}, {"b1": "guardian", "c1": "priest"}), hands=(["soldier", "archier", "priest", "king", "guardian", "wizard"], []))
    found = supports(state)
    assert {"sup:soldier", "king:soldier", "sup:archier:b1", "sup:archier:c1", "king:archier:c1", "sup:priest:a1-b1", "king:priest:a1-c1"} <= found
    assert not {n for n in found if "guardian" in n or "wizard" in n}


def test_archier_support_hits_any_enemy_unit_regardless_of_reach():
    state = build(fields=({"a1": "soldier"}, {"c1": "guardian", "c2": "wizard"}), hands=(["archier"], []))
    state, _ = act(state, "sup:archier:c2")
    assert state["field"][1]["c2"]["dmg"] == 1


def test_priest_support_moves_or_swaps_and_the_back_row_falls_in():
    state = build(fields=({"a1": "wizard", "a2": "guardian", "b1": "soldier"}, {"b1": "guardian"}), hands=(["priest", "priest"], []))
    moved, _ = act(state, "sup:priest:a1-b1")
    assert {sq: u["card"] for sq, u in moved["field"][0].items()} == {"b1": "wizard", "a1": "soldier", "a2": "guardian"}
    moved, _ = act(state, "sup:priest:a1-c1")
    assert {sq: u["card"] for sq, u in moved["field"][0].items()} == {"c1": "wizard", "a1": "guardian", "b1": "soldier"}
    assert moved["mode"] is None and not moved["arranged"]


def test_the_priest_may_move_a_unit_even_where_every_move_leaves_the_battlefield_as_it_was():
    """PRIEST 「自分の戦場エリアのユニット1枚を選び移動させることができる」: on a battlefield of six equal units
    every swap changes no square, yet the support may be used (the PRIEST still goes to standby, and the
    opponent's WIZARD window opens), so one such move is offered."""
    full = {square: "soldier" for square in ("a1", "b1", "c1", "a2", "b2", "c2")}
    state = build(fields=(full, {"b1": "guardian"}), hands=(["priest"], []))
    assert [n for n in supports(state) if n.startswith("sup:priest")] == ["sup:priest:a1-b1"]
    used, _ = act(state, "sup:priest:a1-b1")
    assert {sq: u["card"] for sq, u in used["field"][0].items()} == full
    assert "priest" not in used["hand"][0] and used["standby"][0][-1] == "priest"


def test_the_king_used_as_a_support_goes_to_standby():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier"], []))
    state, _ = act(state, "king:archier:b1")
    assert state["standby"][0] == ["king"] and "king" not in state["hand"][0]
    assert state["field"][1]["b1"]["dmg"] == 1


def test_guardian_cancels_an_attack_the_attacker_stays_sideways():
    state = build(fields=({"b1": "wizard"}, {"b1": "soldier"}), hands=(["archier"], ["guardian"]), standby=(["king"], ["king"]))
    state, _ = play(state, "atk:b1-b1")
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.kind, decision.public) == (1, "reaction", False)
    assert legal(state) == {"pass", "sup:guardian"}
    state, _ = play(state, "sup:guardian")
    assert GAME.pending(state)[0].seat == 0 and legal(state) == {"pass"}
    state, events = play(state, "pass")
    assert state["field"][1]["b1"] == {"card": "soldier", "side": False, "dmg": 0}
    assert state["field"][0]["b1"]["side"] is True
    assert state["standby"][1] == ["king", "guardian"]
    assert any(e.data.get("kind") == "cancelled" for e in events)
    assert state["mode"] == "battle"


def test_the_king_may_act_as_a_guardian():
    state = build(fields=({"b1": "wizard"}, {"b1": "soldier"}), hands=(["archier"], []))
    state, _ = play(state, "atk:b1-b1")
    assert legal(state) == {"pass", "king:guardian"}
    state, _ = play(state, "king:guardian")
    assert state["field"][1]["b1"]["dmg"] == 0 and state["standby"][1] == ["king"]


def test_the_window_opens_for_any_hand_so_it_tells_nothing():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier"], ["soldier"]), standby=(["king"], ["king"]))
    state, _ = play(state, "atk:b1-b1")
    assert GAME.pending(state)[0].seat == 1 and legal(state) == {"pass"}
    state, _ = play(state, "pass")
    assert state["field"][1]["b1"]["dmg"] == 1


def test_no_window_without_a_hand_card_or_without_standby_room():
    empty = build(fields=({"b1": "wizard"}, {"b1": "guardian", "a1": "king"}), hands=(["archier"], []))
    state, _ = play(empty, "atk:b1-b1")
    assert state["chain"] == [] and state["field"][1]["b1"]["dmg"] == 1
    full = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier"], ["guardian"]), standby=([], ["soldier"] * 4 + ["king"]))
    state, _ = play(full, "atk:b1-b1")
    assert state["chain"] == [] and state["field"][1]["b1"]["dmg"] == 1


def test_wizard_negates_a_support_both_cards_stay_in_standby():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier"], ["wizard"]), standby=(["king"], ["king"]))
    state, _ = play(state, "sup:archier:b1")
    assert GAME.pending(state)[0].seat == 1 and legal(state) == {"pass", "sup:wizard"}
    state, events = play(state, "sup:wizard")
    assert state["field"][1]["b1"]["dmg"] == 0
    assert state["standby"] == [["king", "archier"], ["king", "wizard"]]
    assert any(e.data.get("kind") == "negated" for e in events)
    assert GAME.pending(state)[0].seat == 0


def test_wizard_against_the_wizard_lets_the_support_through():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier", "wizard"], ["wizard"]), standby=(["king"], ["king"]))
    state, _ = play(state, "sup:archier:b1", "sup:wizard")
    assert GAME.pending(state)[0].seat == 0 and legal(state) == {"pass", "sup:wizard"}
    state, _ = play(state, "sup:wizard")
    assert state["chain"] == [] and state["field"][1]["b1"]["dmg"] == 1


def test_a_third_wizard_negates_the_second_and_the_support_fails():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["archier", "wizard"], ["wizard", "king"]), standby=(["king"], []))
    state, _ = play(state, "sup:archier:b1", "sup:wizard", "sup:wizard", "king:wizard")
    assert state["chain"] == [] and state["field"][1]["b1"]["dmg"] == 0
    assert state["standby"][1] == ["wizard", "king"]


def test_wizard_against_a_guardian_lets_the_attack_through_and_the_defender_may_answer_it():
    state = build(fields=({"b1": "wizard"}, {"b1": ("soldier", "side")}), hands=(["wizard"], ["guardian", "wizard"]), standby=(["king"], ["king"]))
    state, _ = play(state, "atk:b1-b1", "sup:guardian")
    assert GAME.pending(state)[0].seat == 0 and legal(state) == {"pass", "sup:wizard"}
    through, _ = play(state, "sup:wizard", "pass")
    assert through["kingdom"][0]["soldier"] == 1
    assert legal(play(state, "sup:wizard")[0]) == {"pass", "sup:wizard"}
    saved, _ = play(state, "sup:wizard", "sup:wizard")
    assert saved["field"][1]["b1"]["dmg"] == 0 and saved["chain"] == []


def test_a_guardian_is_not_a_support_of_the_own_turn_nor_a_wizard():
    state = build(fields=({"b1": "wizard"}, {"b1": "guardian"}), hands=(["guardian", "wizard"], []), standby=(["king"], []))
    assert supports(state) == set()
    assert "Guardian is used only on the opponent's turn" in GAME.explain_illegal(state, 0, "sup:guardian").en
    assert "only against the opponent's rear support" in GAME.explain_illegal(state, 0, "sup:wizard").en
