"""Views per seat: hands and deck order private, everything face up public; resample keeps every
public fact and what the table saw go back into a hand."""

import json

from engine.core.rng import Rng
from engine.artofwar.game import GAME
from engine.artofwar.scenario import act, build, play


def position():
    state = build(
        kings=("k02", "k09"),
        fields=({"b1": "soldier", "b2": "wizard"}, {"b1": ("guardian", "side", 1), "c1": "king"}),
        hands=(["archier", "priest"], ["wizard", "guardian", "soldier"]),
        standby=(["priest", "king"], ["archier"]),
        kingdom=({"soldier": 2}, {"wizard": 1}),
        grave=(["archier"], ["guardian"]),
        known=([], ["soldier"]),
    )
    return state


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_other():
    state = position()
    mine = GAME.view(state, 0)
    assert mine["private"] == {"hand": ["archier", "priest"], "deck": None}
    assert [seat["hand"] for seat in mine["seats"]] == [2, 3]
    assert mine["seats"][1]["hand_known"] == ["soldier"]
    text = json.dumps(GAME.view(state, None))
    assert "private" not in text


def test_everything_face_up_is_public():
    view = GAME.view(position(), None)
    zero, one = view["seats"]
    assert zero["king"]["id"] == "k02" and zero["king_at"] == "standby" and one["king_at"] == "c1"
    assert zero["standby"] == ["priest", "king"] and zero["grave"] == ["archier"]
    assert zero["kingdom"] == {"soldier": 2, "archier": 0, "priest": 0, "guardian": 0, "wizard": 0}
    assert zero["leads"] == ["soldier"] and one["leads"] == ["wizard"]
    guard = one["field"][0]
    assert guard == {
        "square": "b1", "card": "guardian", "name": {"ja": "ガーディアン", "en": "Guardian"}, "sideways": True,
        "damage": 1, "defence": 2, "attack": 1, "reach": ["b1"], "targets": ["b1"],
    }
    soldier = zero["field"][0]
    assert soldier["attack"] == 2 and soldier["reach"] == ["b1"]
    assert set(view["units"]) == {"soldier", "archier", "priest", "guardian", "wizard"}
    assert view["seats"][0]["deck"] == len(position()["deck"][0])


def test_the_open_chain_and_the_responder_are_public():
    state = position()
    state, _ = play(state, "atk:b2-b1")
    view = GAME.view(state, None)
    assert view["chain"] == [{"type": "attack", "seat": 0, "from": "b2", "to": "b1", "attack": 1, "card": "wizard"}]
    assert view["responder"] == 1


def test_resample_redeals_the_hidden_but_keeps_the_view():
    state = position()
    changed = False
    for seed in range(10):
        for seat in (None, 0, 1):
            resampled = GAME.resample(state, seat, Rng(seed))
            assert GAME.view(resampled, seat) == GAME.view(state, seat)
            changed |= resampled != state
        other = GAME.resample(state, 0, Rng(seed))
        assert "soldier" in other["hand"][1] and "king" not in other["hand"][1]
        assert sorted(other["deck"][0]) == sorted(state["deck"][0])
    assert changed


def test_a_finished_game_resamples_to_itself():
    state = build(fields=({"b1": "soldier"}, {"b1": ("king", "side")}), hands=(["wizard", "wizard"], []), standby=(["king"], []))
    state, _ = act(state, "atk:b1-b1")
    assert state["result"] is not None
    assert GAME.resample(state, None, Rng(1)) == state
