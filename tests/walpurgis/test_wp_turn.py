"""7. the turn: prepare (wake, recover, draw or lose), main (place and activate once each, or draw 2),
end (unfired danmaku, activated cards upright with optional A effects, hand limit, turn-end effects)."""

from engine.walpurgis import GAME
from engine.walpurgis.scenario import at, build, legal, play, waiting


def test_prepare_wakes_the_only_dormant_jin_recovers_one_danmaku_and_draws() -> None:
    state = build(stage="prepare", field={"2c": ["0:R01:dor"]}, piles={0: ["R02", "R03"]}, decks={0: ["R00"]})
    assert at(state, "2c") == [(0, "R01", "act")]
    assert state["pile"][0] == ["R02"], "the top (last) card of the danmaku pile went under the deck"
    assert state["hand"][0] == ["R00"] and state["deck"][0] == ["R03"]
    assert state["stage"] == "main"


def test_prepare_asks_which_dormant_jin_to_wake_when_there_are_several() -> None:
    state = build(stage="prepare", field={"2c": ["0:R01:dor"], "2d": ["0:R02:dor"], "4d": ["1:S02:dor"]})
    assert legal(state, 0) == {"wake 2c", "wake 2d"}
    state, _ = play(state, (0, "wake 2d"))
    assert at(state, "2d") == [(0, "R02", "act")] and at(state, "2c") == [(0, "R01", "dor")]


def test_prepare_with_an_empty_deck_loses_but_a_recovered_card_is_drawn_first() -> None:
    lost = build(stage="prepare", decks={0: []})
    assert lost["result"] == {"ranks": [2, 1], "reason": "deckout"}
    saved = build(stage="prepare", decks={0: []}, piles={0: ["R02"]})
    assert saved["result"] is None and saved["hand"][0] == ["R02"]


def test_main_places_once_and_activates_once_in_any_order() -> None:
    state = build(field={"1c": ["0:R00:up"], "2b": ["0:R00:act"], "1b": ["0:R11:up"]}, hands={0: ["R12", "R12"]})
    state, _ = play(state, (0, "place R12 4e down"))
    actions = legal(state, 0)
    assert not any(a.startswith("place") for a in actions) and "activate 2b" in actions
    state, _ = play(state, (0, "activate 2b"), (0, "fire none"), (1, "pass"))
    assert legal(state, 0) == {"end"}


def test_ending_the_main_phase_without_placing_or_activating_draws_two() -> None:
    state = build(decks={0: ["R01", "R02", "R03"]})
    state, _ = play(state, (0, "end"))
    assert state["hand"][0] == ["R01", "R02"]


def test_drawing_two_from_an_empty_deck_is_no_loss() -> None:
    state = build(decks={0: []}, hands={0: ["R01"]})
    state, _ = play(state, (0, "end"))
    assert state["result"] is None and state["turn"] == 1


def test_placing_draws_nothing_at_the_end_of_the_main_phase() -> None:
    state = build(hands={0: ["R01"]}, decks={0: ["R02", "R03"]})
    state, _ = play(state, (0, "place R01 3c down"), (0, "end"))
    assert state["hand"][0] == [] and state["deck"][0] == ["R02", "R03"]


def test_unfired_danmaku_go_to_the_danmaku_pile_at_the_end_phase_without_becoming_jin() -> None:
    state = build(field={"3c": ["0:R01:dm"], "4c": ["1:S01:du"]})
    state, _ = play(state, (0, "end"))
    assert at(state, "3c") == [] and at(state, "4c") == []
    assert state["pile"][0] == ["R01"]
    assert state["pile"][1] == [] and state["deck"][1][-1] == "S01", "seat 1's prepare phase already recovered it"


def test_activated_cards_turn_upright_at_the_end_phase_and_their_a_effect_is_optional() -> None:
    state = build(field={"2c": ["0:R01:fire"], "2d": ["0:S02:fire"]}, decks={0: ["R00x3"]}, placed=True)
    state, _ = play(state, (0, "end"))
    assert legal(state, 0) == {"upright 2c", "upright 2c skip", "upright 2d", "upright 2d skip"}
    state, _ = play(state, (0, "upright 2c skip"), (0, "upright 2d"))
    assert at(state, "2c") == [(0, "R01", "up")] and at(state, "2d") == [(0, "S02", "up")]
    assert state["hand"][0] == ["R00"], "only S02's A effect (draw 1) was applied"


def test_end_phase_uprighting_alternates_from_the_turn_player() -> None:
    state = build(field={"2c": ["0:R01:fire"], "2d": ["0:R14:fire"], "4c": ["1:S02:fire"]}, placed=True, turn=0)
    state, _ = play(state, (0, "end"))
    assert waiting(state) == [0]
    state, _ = play(state, (0, "upright 2c"))
    assert waiting(state) == [1] and legal(state, 1) == {"upright 4c", "upright 4c skip"}


def test_the_hand_limit_discards_down_to_six_of_the_players_choice() -> None:
    state = build(hands={0: ["R01x3", "R02x3", "R03x2"]}, placed=True)
    state, _ = play(state, (0, "end"))
    assert legal(state, 0) == {"discard R01", "discard R02", "discard R03"}
    state, _ = play(state, (0, "discard R03"), (0, "discard R03"))
    assert sorted(state["hand"][0]) == ["R01"] * 3 + ["R02"] * 3 and state["discard"][0] == ["R03", "R03"]
    assert state["turn"] == 1


def test_turn_end_effects_of_the_turn_players_face_up_jin_apply() -> None:
    state = build(field={"2c": ["0:R14:up"], "4c": ["1:R14:up"]}, piles={0: ["R02"], 1: ["S02", "S03"]}, decks={0: ["R00"]}, placed=True)
    state, _ = play(state, (0, "end"))
    assert state["deck"][0] == ["R00", "R02"]
    assert state["pile"][1] == ["S02"], "seat 1 recovered one card in its prepare phase, none at seat 0's turn end"


def test_the_tournament_option_forbids_face_down_placement_in_the_first_players_first_turn() -> None:
    state = build(hands={0: ["R01"]}, turn_no=1, options={"first_turn": "no_down"})
    assert not any(action.endswith("down") for action in legal(state, 0))
    later = build(hands={0: ["R01"]}, turn_no=2, options={"first_turn": "no_down"})
    assert "place R01 3c down" in legal(later, 0)
    assert "Tournament rule" in GAME.explain_illegal(state, 0, "place R01 3c down").en
