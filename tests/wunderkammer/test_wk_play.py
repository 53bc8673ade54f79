"""1. プレイ: one play per line (several cards of its item), same item only onto its line or an empty
line, the joker as any item, trashing line and hand cards before and after; 3. セット."""

import pytest

from engine.core.errors import IllegalAction
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, legal, play


def table(**kwargs):
    kwargs.setdefault("hands", {0: ["H3", "H3", "S2", "D4"]})
    kwargs.setdefault("lines", {0: ["H3x3", "S2"]})
    kwargs.setdefault("decks", {0: ["S2x3"]})
    return build(2, **kwargs)


def test_a_different_item_cannot_go_onto_a_line_holding_an_item():
    state = table()
    assert "play:1:H3" in legal(state, 0) and "play:1:S2" not in legal(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, "play:1:S2")
    assert "holds" in refused.value.reason.en


def test_any_item_may_go_onto_an_empty_line_unless_it_already_has_a_line():
    state = table()
    assert "play:3:D4" in legal(state, 0)
    assert "play:3:H3" not in legal(state, 0), "♥3 already has line 1"


def test_several_cards_of_the_item_go_onto_one_line_in_one_play():
    state, _ = play(table(), (0, "play:1:H3"), (0, "play:1:H3"))
    entry = state["played"][0]
    assert entry["cards"] == ["H3", "H3"] and entry["had"] == 3
    assert state["seats"][0]["lines"][0] == ["H3"] * 3, "played cards lie sideways until Set"


def test_the_joker_plays_as_the_lines_item_and_goes_back_at_set():
    state, _ = play(table(), (0, "play:2:J"))
    assert state["played"][1] == {"kind": "S2", "cards": [], "joker": True, "chars": [], "had": 1}
    assert state["seats"][0]["joker"] is False
    assert "play:1:J" not in legal(state, 0), "one joker"
    state, _ = play(state, (0, "done"), (0, "skip"))
    assert state["seats"][0]["joker"] is True and state["seats"][0]["lines"][1] == ["S2"]


def test_the_joker_may_go_onto_an_empty_line_as_any_item_no_other_line_holds():
    """「手元の「ジョーカー」は好きなアイテムとしてプレイすることができます」 and 「アイテムが 0 枚のライン…には
    好きなアイテムをプレイすることができます」: allowed with simple play and no ability counting it, though
    it adds nothing to the sum; each item is its own choice, since it claims the line for the turn."""
    state = table(simple=True)
    assert "play:3:J" in legal(state, 0)
    state, events = play(state, (0, "play:3:J"))
    assert state["pick"] == {"t": "as", "line": 2, "piece": "J"}
    held = {"H3", "S2"}
    assert legal(state, 0) == {f"as:{kind}" for kind in EDITION.items if kind not in held} | {"back"}
    state, events = play(state, (0, "as:D4"))
    assert state["played"][2] == {"kind": "D4", "cards": [], "joker": True, "chars": [], "had": 0}
    assert "play:3:D4" in legal(state, 0), "the hand's ♦4 may join the joker on its line"
    assert events[-1].text.ja == "{s0}はライン3にジョーカーを♦4「古銭」としてプレイしました。"


def test_a_character_played_by_its_ability_may_go_onto_an_empty_line_too():
    state = table(bench={0: ["c1"]}, simple=True)
    state, _ = play(state, (0, "play:3:c1"))
    assert legal(state, 0) == {"as:SA", "as:HA", "back"}, "the Antiquarian's items with no line yet"


def test_line_and_hand_cards_may_be_trashed_before_and_after_playing():
    state, _ = play(table(), (0, "trash"), (0, "trash:line2"))
    assert state["seats"][0]["lines"][1] == [] and state["seats"][0]["trash"] == ["S2"]
    state, _ = play(state, (0, "play:2:D4"), (0, "trash"), (0, "trash:S2"))
    assert state["seats"][0]["trash"] == ["S2", "S2"] and state["seats"][0]["hand"] == ["H3", "H3"]
    assert state["played"][1]["kind"] == "D4"


def test_trashing_a_line_empties_it_for_another_item():
    state, _ = play(table(), (0, "trash"), (0, "trash:line1"))
    assert "play:1:D4" in legal(state, 0)


def test_set_adds_played_cards_to_their_lines():
    state, events = play(table(), (0, "play:1:H3"), (0, "play:3:D4"), (0, "done"), (0, "skip"))
    lines = state["seats"][0]["lines"]
    assert lines[0] == ["H3"] * 4 and lines[2] == ["D4"]
    assert state["played"] == [None] * 5
    assert any(event.data.get("kind") == "set" for event in events)


def test_playing_nothing_is_the_skip_of_the_play_step():
    state = table()
    assert "done" in legal(state, 0)
    label = next(a for a in GAME.legal_actions(state, 0) if a.notation == "done").label("en")
    assert "skip" in label
    state, _ = play(state, (0, "done"))
    assert state["step"] == "refill", "nothing to take, no bench, no character: straight to the last step"
