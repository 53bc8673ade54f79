"""4. プット (once a turn, one hand card face down under your bench character) and 5. テイク・キャラクター
(its 4 items on your lines; from the field or another bench unless that owner has them too)."""

import pytest

from engine.core.errors import IllegalAction
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, legal, play

C1_LINES = ["S2", "H3", "SA", "HA"]  # 骨董商 Antiquarian's four items


def test_one_put_per_turn_of_one_card():
    state = build(2, step="put", hands={0: ["H3", "D4"]}, bench={0: ["c3", "c6"]}, decks={0: ["S2"]})
    assert legal(state, 0) == {"put", "skip"}
    state, events = play(state, (0, "put"))
    assert legal(state, 0) == {f"put:{c}:{k}" for c in ("c3", "c6") for k in ("D4", "H3")} | {"back"}
    state, events = play(state, (0, "put:c6:D4"))
    assert state["puts"]["c6"] == [{"kind": "D4", "by": 0, "seen": [0]}]
    assert state["seats"][0]["hand"] == ["H3"]
    assert state["step"] == "refill", "the put is used up: on to the next step"
    public = [e for e in events if e.seat is None and e.data.get("kind") == "put"]
    private = [e for e in events if e.seat == 0 and e.data.get("kind") == "put_card"]
    assert public and "D4" not in str(public[0].data) and private[0].data["card"] == "D4"


def test_no_put_without_a_bench_character():
    state = build(2, step="put", hands={0: ["H3"]}, decks={0: ["S2"]})
    assert state["step"] == "refill"


def test_put_cards_are_seen_by_the_bench_owner_only():
    state = build(2, bench={1: ["c3"]}, puts={"c3": ["H3"]}, hands={0: ["S2"]})
    card = lambda seat: GAME.view(state, seat)["characters"][2]["puts"]
    assert card(1) == [{"kind": "H3", "by": 1}]
    assert card(0) == [{"kind": None, "by": 1}] and card(None) == [{"kind": None, "by": 1}]


def test_take_a_character_from_the_common_field_with_its_four_items_on_your_lines():
    state = build(2, step="char", lines={0: C1_LINES}, decks={0: ["S2"]})
    assert legal(state, 0) == {"char:c1", "skip"} and GAME.pending(state)[0].public
    state, events = play(state, (0, "char:c1"))
    assert state["owner"]["c1"] == 0 and GAME.view(state, None)["seats"][0]["bench"] == ["c1"]


def test_three_of_four_items_are_not_enough():
    state = build(2, step="char", lines={0: C1_LINES[:3]}, decks={0: ["S2"]})
    assert state["step"] == "refill"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "char:c1")


def test_take_a_character_from_another_bench_with_its_put_cards():
    state = build(
        2, step="char", lines={0: C1_LINES, 1: ["S2"]}, bench={1: ["c1"]}, puts={"c1": ["D4"]}, decks={0: ["S2"]}
    )
    assert "char:c1" in legal(state, 0)
    state, events = play(state, (0, "char:c1"))
    assert state["owner"]["c1"] == 0 and state["puts"]["c1"][0]["kind"] == "D4"
    assert GAME.view(state, 0)["characters"][0]["puts"] == [{"kind": "D4", "by": 1}]
    assert GAME.view(state, 1)["characters"][0]["puts"] == [{"kind": "D4", "by": 1}], "the former owner saw it"
    assert any(e.seat == 0 and e.data.get("cards") == ["D4"] for e in events)


def test_a_character_cannot_be_taken_from_a_bench_whose_owner_also_has_its_four_items():
    lines = {0: C1_LINES, 1: C1_LINES}
    assert build(2, step="char", lines=lines, bench={1: ["c1"]}, decks={0: ["S2"]})["step"] == "refill"
    state = build(2, step="char", lines=lines, bench={1: ["c1"]}, decks={0: ["S2"]}, settle=False)
    assert legal(state, 0) == {"skip"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "char:c1")
    assert refused.value.reason.en == "{s1} also has all 4 of its items on their lines, so it cannot be taken."


def test_a_benched_character_can_be_played_by_its_ability_and_comes_back():
    state = build(2, hands={0: []}, lines={0: ["H3x2"]}, bench={0: ["c1"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "play:1:c1"))
    assert state["played"][0]["chars"] == ["c1"] and GAME.view(state, None)["characters"][0]["played_on"] == 0
    state, _ = play(state, (0, "done"), (0, "skip"))
    assert state["owner"]["c1"] == 0 and state["seats"][0]["lines"][0] == ["H3", "H3"]
