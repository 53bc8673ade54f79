"""Conscription's three cases, and the four victory conditions: 処刑, 建国, 終戦 (with the only draw), 滅亡."""

from engine.artofwar.game import GAME
from engine.artofwar.scenario import act, build, census, legal, play


def cards(field):
    return {square: placed["card"] for square, placed in field.items()}


def emptied(standby, kingdom, **more):
    """Seat 1's last unit (a sideways Soldier) is about to fall to seat 0's Wizard."""
    state = build(
        fields=({"b1": "wizard", "a1": "wizard"}, {"b1": ("soldier", "side")}),
        hands=(["archier"], []),
        standby=(["king"], standby),
        kingdom=({}, kingdom),
        **more,
    )
    return act(state, "atk:b1-b1")


def test_conscription_two_from_the_standby_head_in_order():
    state, events = emptied(["guardian", "king", "priest"], {})
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.kind, decision.public) == (1, "reaction", True)
    assert legal(state) == {"cs:a1", "cs:b1", "cs:c1"}
    state, _ = play(state, "cs:b1")
    assert legal(state) == {"cs:a1", "cs:c1", "cs:b2"}
    state, _ = play(state, "cs:b2")
    assert cards(state["field"][1]) == {"b1": "guardian", "b2": "king"}
    assert state["standby"][1] == ["priest"] and state["conscript"] is None
    assert GAME.pending(state)[0].seat == 0 and "atk:a1-a1" not in legal(state)
    assert census(state) == 42


def test_conscription_one_from_standby_then_one_chosen_from_the_kingdom():
    state, _ = emptied(["guardian"], {"wizard": 1, "priest": 2})
    state, _ = play(state, "cs:a1")
    assert legal(state) == {f"cs:{kind}:{sq}" for kind in ("priest", "wizard") for sq in ("b1", "c1", "a2")}
    state, _ = play(state, "cs:priest:a2")
    assert cards(state["field"][1]) == {"a1": "guardian", "a2": "priest"}
    assert state["kingdom"][1] == {"soldier": 0, "archier": 0, "priest": 1, "guardian": 0, "wizard": 1}
    assert state["kingdom"][0]["soldier"] == 1


def test_conscription_two_from_the_kingdom_when_standby_is_empty():
    state, _ = emptied([], {"wizard": 1, "guardian": 1})
    state, _ = play(state, "cs:wizard:c1", "cs:guardian:b1")
    assert cards(state["field"][1]) == {"c1": "wizard", "b1": "guardian"}
    assert state["kingdom"][1]["wizard"] == 0 and state["kingdom"][1]["guardian"] == 0


def test_ruin_when_conscription_cannot_deploy_two_units():
    state, events = emptied(["guardian"], {})
    assert state["result"] == {"winner": 0, "reason": "ruin"}
    assert GAME.outcome(state).ranks == (1, 2) and GAME.pending(state) == ()
    state, _ = emptied([], {"wizard": 1})
    assert state["result"] == {"winner": 0, "reason": "ruin"}


def test_execution_by_destroying_the_king():
    state = build(fields=({"b1": "soldier"}, {"b1": ("king", "side"), "a1": "guardian"}), hands=(["wizard", "wizard", "wizard", "wizard"], []), standby=(["king"], []))
    state, _ = act(state, "atk:b1-b1")
    assert state["result"] == {"winner": 0, "reason": "execution"} and state["grave"][1] == ["king"]
    assert GAME.outcome(state).reason == "execution"


def test_execution_by_capturing_the_king():
    state = build(kings=("k01", "k05"), fields=({"b1": "soldier"}, {"b1": "king", "a1": "guardian"}), hands=(["wizard"] * 4, []), standby=(["king"], []))
    state, _ = act(state, "atk:b1-b1")
    assert state["result"] == {"winner": 0, "reason": "execution"} and state["kingdom"][0]["king"] == 1
    assert census(state) == 42


def test_execution_by_archier_support_damage():
    state = build(kings=("k01", "k08"), fields=({"b1": "soldier"}, {"b1": ("king", "side"), "a1": "guardian"}), hands=(["archier"], []))
    state, _ = act(state, "sup:archier:b1")
    assert state["result"] == {"winner": 0, "reason": "execution"}


def test_nation_founded_when_entering_makes_four_kinds_lead():
    state = build(hands=(["wizard"], []), kingdom=({"soldier": 1, "archier": 2, "priest": 1}, {"archier": 1, "guardian": 2}))
    state, _ = act(state, "kd:wizard")
    assert state["result"] == {"winner": 0, "reason": "nation"}


def test_three_leads_and_ties_do_not_found_a_nation():
    state = build(hands=(["guardian"], []), kingdom=({"soldier": 1, "archier": 2, "priest": 1}, {"archier": 1, "guardian": 2}))
    state, _ = act(state, "kd:guardian")
    assert state["result"] is None


def test_nation_founded_by_a_capture():
    state = build(
        fields=({"b1": "wizard"}, {"b1": ("wizard", "side"), "a1": "guardian"}),
        kingdom=({"soldier": 1, "archier": 1, "priest": 1}, {}),
    )
    state, _ = act(state, "atk:b1-b1")
    assert state["result"] == {"winner": 0, "reason": "nation"}


def test_cards_leaving_a_kingdom_do_not_found_a_nation_the_next_placement_does():
    state = build(
        fields=({"b1": "soldier", "a1": "wizard"}, {"b1": ("soldier", "side")}),
        hands=(["wizard", "wizard"], []),
        standby=(["king"], []),
        kingdom=({"soldier": 1, "archier": 1, "priest": 1, "guardian": 1}, {"soldier": 1, "wizard": 1}),
    )
    state, _ = act(state, "atk:b1-b1")
    assert state["grave"][1] == ["soldier"]
    state, _ = play(state, "cs:soldier:b1", "cs:wizard:a1")
    assert state["kingdom"][1]["soldier"] == 0 and state["result"] is None
    state, _ = act(state, "kd:wizard")
    assert state["result"] == {"winner": 0, "reason": "nation"}


def test_a_card_placed_into_the_other_kingdom_also_founds_the_leaders_nation():
    """建国 is compared whenever a card is placed into either kingdom: a lead of four kinds left behind by
    cards leaving wins on the opponent's next entry, though that entry was theirs."""
    state = build(turn=1, hands=([], ["wizard"]), kingdom=({"soldier": 1, "archier": 1, "priest": 1, "guardian": 1}, {"wizard": 1}))
    assert state["result"] is None
    state, _ = act(state, "kd:wizard")
    assert state["result"] == {"winner": 0, "reason": "nation"}


def test_a_turn_goes_on_without_a_draw_when_one_deck_is_empty():
    state = build(decks=([], ["soldier"] * 38), fields=({"b1": "wizard"}, {"b1": "guardian"}))
    state, events = act(state, "end")
    assert state["result"] is None and state["turn"] == 1
    state, events = act(state, "end")
    assert state["turn"] == 0 and any(e.data.get("empty") for e in events)


def war_end(kingdoms, graves):
    used = [sum(k.values()) + len(g) + 2 for k, g in zip(kingdoms, graves)]
    state = build(
        decks=([], []),
        fields=({"b1": "soldier"}, {"b1": "soldier"}),
        kingdom=kingdoms,
        grave=graves,
        hands=(["soldier"] * (21 - used[0]), ["soldier"] * (21 - used[1])),
    )
    return act(state, "end")[0]


def test_war_end_more_kingdom_cards_wins():
    state = war_end(({"wizard": 3}, {"wizard": 2}), ([], []))
    assert state["result"] == {"winner": 0, "reason": "armistice"}


def test_war_end_equal_kingdoms_fewer_in_the_graveyard_wins():
    state = war_end(({"wizard": 2}, {"priest": 2}), (["soldier", "soldier"], ["soldier"]))
    assert state["result"] == {"winner": 1, "reason": "armistice"}
    assert GAME.outcome(state).ranks == (2, 1)


def test_war_end_all_equal_is_the_only_draw():
    state = war_end(({"wizard": 2}, {"priest": 2}), (["soldier"], ["soldier"]))
    assert state["result"] == {"winner": None, "reason": "armistice"}
    outcome = GAME.outcome(state)
    assert outcome.is_draw and outcome.reason == "draw"


def test_the_war_only_ends_at_a_turns_end():
    state = build(decks=([], []), fields=({"b1": "soldier"}, {"b1": "soldier"}), hands=(["soldier"] * 19, ["soldier"] * 19))
    assert state["result"] is None and GAME.pending(state)[0].seat == 0
