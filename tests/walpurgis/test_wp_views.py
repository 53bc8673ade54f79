"""4. the field and the piles as each seat sees them: the five card states, who may look at what, and
resampled worlds that keep every view."""

import json

from engine.core.rng import Rng
from engine.walpurgis import GAME
from engine.walpurgis.scenario import build, play

FIELD = {
    "1a": ["0:R01:act"],
    "1b": ["0:R02:dor"],
    "1c": ["0:R03:up"],
    "1d": ["0:R04:fire"],
    "3c": ["0:R05:dm", "1:S05:du"],
    "5a": ["1:S01:act"],
}


def square(view: dict, name: str) -> list[dict]:
    return next(entry["cards"] for entry in view["field"] if entry["square"] == name)


def test_each_seat_sees_what_the_rules_let_it_see() -> None:
    state = build(field=FIELD, hands={0: ["R06"], 1: ["S06", "S07"]}, discard={1: ["S08"]}, piles={0: ["R07"]}, known={1: ["S07"]})
    mine, theirs, public = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert square(mine, "1a")[0]["card"] == "R01" and square(theirs, "1a")[0]["card"] is None, "active: owner only"
    assert square(mine, "1b")[0]["card"] is None, "dormant: nobody, not even the owner"
    assert square(public, "1c")[0]["card"] == "R03" and square(public, "1d")[0]["card"] == "R04"
    assert [c["card"] for c in square(mine, "3c")] == [None, "S05"], "face-down danmaku hidden, face-up shown"
    assert mine["players"][0]["hand"] == ["R06"] and mine["players"][1]["hand"] is None
    assert mine["players"][1]["hand_count"] == 2 and mine["players"][1]["known"] == ["S07"]
    assert public["players"][1]["discard"] == ["S08"], "the discard pile is open"
    assert public["players"][0]["pile"] == 1 and "R07" not in json.dumps(public), "the danmaku pile shows a count only"
    assert public["players"][0]["deck"] == 20 and "deck_cards" not in public["players"][0]
    assert square(public, "1d")[0]["destruction"] == [], "R04 has no destruction squares"


def test_states_and_orientations_are_named_in_the_view() -> None:
    state = build(field=FIELD)
    view = GAME.view(state, None)
    assert [square(view, sq)[0]["state"] for sq in ("1a", "1b", "1c", "1d")] == ["act", "dor", "up", "fire"]
    assert [c["state"] for c in square(view, "3c")] == ["dm", "du"]


def test_a_resampled_world_keeps_every_view_and_changes_what_is_hidden() -> None:
    state = build(field=FIELD, hands={0: ["R06", "R08"], 1: ["S06", "S07"]}, known={1: ["S07"]}, piles={0: ["R07", "R09"]})
    for seat in (None, 0, 1):
        changed = False
        for number in range(8):
            other = GAME.resample(state, seat, Rng(number))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            changed |= other != state
        assert changed
    other = GAME.resample(state, 0, Rng(3))
    assert "S07" in other["hand"][1], "a card the table saw enter the hand stays"


def test_the_view_carries_the_printed_card_for_every_card_it_names() -> None:
    view = GAME.view(build(field=FIELD, hands={0: ["M01"]}), 0)
    spark = view["cards"]["M01"]
    assert spark["name"] == {"ja": "マスタースパーク", "en": "Master Spark"}
    assert spark["rapid"]["targets"] == [[0, 1]] and spark["keywords"][0]["key"] == "rapid"
    assert "R02" not in view["cards"], "a dormant card is not named"


def test_a_card_going_face_down_from_hand_makes_the_table_forget_the_known_hand_cards() -> None:
    state = build(hands={0: ["R00", "R01"]}, known={0: ["R00"]})
    down, _ = play(state, (0, "place R00 3c down"))
    other, _ = play(state, (0, "place R01 3c down"))
    assert GAME.view(down, 1)["players"][0]["known"] == GAME.view(other, 1)["players"][0]["known"] == []
