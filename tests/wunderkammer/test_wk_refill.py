"""6. シャッフル・アンド・ドロー: deck, trash, hand and lines shuffled into the deck, 4 revealed onto the
lines, draw to 4; or only draw while the deck lasts (a full hand trashes first; an empty deck stops)."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, legal, play


def last_step(**kwargs):
    return build(2, step="refill", **kwargs)


def test_shuffle_and_draw_gathers_every_card_of_the_player_including_the_deck():
    state = last_step(
        decks={0: ["S2", "SA"]}, trash={0: ["H3x2"]}, hands={0: ["D4"]}, lines={0: ["D4x2", "HA"]}
    )
    before = Counter(["S2", "SA", "H3", "H3", "D4", "D4", "D4", "HA"])
    state, events = play(state, (0, "shuffle"))
    purse = state["seats"][0]
    on_lines = [card for line in purse["lines"] for card in line]
    assert Counter(purse["deck"] + purse["hand"] + on_lines) == before and purse["trash"] == []
    assert len(on_lines) == 4 and len(purse["hand"]) == 4 and len(purse["deck"]) == 0
    assert all(len(set(line)) <= 1 for line in purse["lines"])
    assert any(e.seat == 0 and e.data.get("kind") == "drawn" for e in events)
    assert state["seat"] == 1 and state["step"] == "play"


def test_shuffling_fewer_than_eight_cards_stops_the_draw_when_the_deck_is_empty():
    state = last_step(decks={0: []}, hands={0: ["S2"]}, lines={0: ["H3x3", "D4"]})
    state, _ = play(state, (0, "shuffle"))
    purse = state["seats"][0]
    assert sum(map(len, purse["lines"])) == 4 and len(purse["hand"]) == 1 and purse["deck"] == []


def test_only_draw_while_the_deck_lasts():
    state = last_step(decks={0: ["S2", "H3", "D4"]}, hands={0: ["SA"]}, lines={0: ["H3"]})
    assert legal(state, 0) == {"shuffle", "draw"}, "trashing first is for a full hand"
    state, _ = play(state, (0, "draw"))
    purse = state["seats"][0]
    assert purse["hand"] == ["SA", "S2", "H3", "D4"] and purse["deck"] == [] and purse["lines"][0] == ["H3"]


def test_an_empty_deck_stops_the_draw():
    state = last_step(decks={0: ["S2"]}, hands={0: ["SA"]})
    state, events = play(state, (0, "draw"))
    assert state["seats"][0]["hand"] == ["SA", "S2"]
    assert any("deck ran out" in e.text.en for e in events if e.seat is None)


def test_an_empty_deck_allows_only_shuffle_and_draw_and_that_is_public():
    state = last_step(decks={0: []}, hands={0: ["SA"]})
    assert legal(state, 0) == {"shuffle"} and GAME.pending(state)[0].public
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "draw")
    assert "only shuffle and draw" in refused.value.reason.en


def test_with_four_in_hand_at_least_one_goes_to_the_trash_before_drawing():
    state = last_step(decks={0: ["S2", "S2"]}, hands={0: ["SA", "H3", "H3", "D4"]})
    assert "draw" not in legal(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "draw")
    assert "trash at least one" in refused.value.reason.en
    state, _ = play(state, (0, "trash"), (0, "trash:H3"))
    assert "draw" in legal(state, 0)
    state, _ = play(state, (0, "trash"), (0, "trash:D4"), (0, "draw"))
    assert state["seats"][1 - 1]["hand"] == ["SA", "H3", "S2", "S2"]
    assert state["seats"][0]["trash"] == ["H3", "D4"]


def test_once_trashing_before_the_draw_has_begun_more_cards_may_follow():
    state = last_step(decks={0: ["S2", "S2"]}, hands={0: ["SA", "H3", "H3", "D4"]})
    state, _ = play(state, (0, "trash"), (0, "trash:SA"))
    assert legal(state, 0) == {"shuffle", "draw", "trash"}
    state, _ = play(state, (0, "trash"), (0, "trash:H3"), (0, "draw"))
    assert state["seats"][0]["trash"] == ["SA", "H3"] and len(state["seats"][0]["hand"]) == 4
