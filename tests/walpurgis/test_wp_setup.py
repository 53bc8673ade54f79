"""5. before the game (a 通常弾 aside, shuffle, first player, five cards, one mulligan, six cards) and
6. initial placement (the first player anywhere, the tournament 3c option, the second player draws
one and places on an empty square), plus the private deck choice."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.walpurgis import GAME
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.scenario import at, legal, play, waiting

OPEN = {"deck1": "reimu", "deck2": "remilia", "first": "1"}


def start(**options: str) -> dict:
    return GAME.new_state(2, 7, GAME.validate_options(2, {**OPEN, **options}))


def test_a_basic_shot_is_set_aside_then_five_cards_are_drawn() -> None:
    state = start()
    assert state["aside"] == ["R00", "S00"]
    assert [len(hand) for hand in state["hand"]] == [5, 5]
    assert len(state["deck"][0]) == 40 - 1 - 5
    assert Counter(state["hand"][0] + state["deck"][0] + ["R00"]) == Counter(STARTERS["reimu"].cards)


def test_the_first_player_is_random_by_default_or_chosen() -> None:
    firsts = {GAME.new_state(2, seed, GAME.validate_options(2, {"deck1": "reimu", "deck2": "marisa"}))["first"] for seed in range(12)}
    assert firsts == {0, 1}
    assert start(first="2")["first"] == 1


def test_both_mulligan_at_once_any_number_to_the_bottom_and_redraw_then_the_aside_card_joins_six() -> None:
    state = start()
    assert sorted(waiting(state)) == [0, 1] and {d.kind for d in GAME.pending(state)} == {"simultaneous"}
    hand = Counter(state["hand"][0])
    returned = sorted(hand)[:2]
    notation = "mulligan " + " ".join(returned)
    assert notation in legal(state, 0) and "keep" in legal(state, 0)
    deck_before = list(state["deck"][0])
    state, _ = play(state, (0, notation))
    assert state["deck"][0][-2:] == returned and len(state["hand"][0]) == 5
    assert state["hand"][0][-2:] == deck_before[:2]
    assert waiting(state) == [1]
    state, _ = play(state, (1, "keep"))
    assert [len(hand) for hand in state["hand"]] == [6, 6] and state["known"] == [["R00"], ["S00"]]
    assert state["stage"] == "initial" and waiting(state) == [0]


def ready() -> dict:
    state, _ = play(start(), (0, "keep"), (1, "keep"))
    return state


def test_the_first_player_places_a_basic_shot_face_up_on_any_square() -> None:
    state = ready()
    assert {a.split()[2] for a in legal(state, 0)} == {f"{r}{c}" for r in "12345" for c in "abcde"}
    assert all(a.split()[1] in ("R00",) for a in legal(state, 0))
    state, _ = play(state, (0, "place R00 3c"))
    assert at(state, "3c") == [(0, "R00", "up")]


def test_the_tournament_option_forbids_3c_for_the_first_player() -> None:
    state, _ = play(start(opening="no3c"), (0, "keep"), (1, "keep"))
    assert "place R00 3c" not in legal(state, 0) and len(legal(state, 0)) == 24
    with pytest.raises(IllegalAction):
        play(state, (0, "place R00 3c"))


def test_the_second_player_draws_one_then_places_on_any_other_empty_square_and_turn_1_begins() -> None:
    state, _ = play(ready(), (0, "place R00 3c"))
    assert len(state["hand"][1]) == 7 and waiting(state) == [1]
    assert "place S00 3c" not in legal(state, 1) and len(legal(state, 1)) == 24
    state, _ = play(state, (1, "place S00 2d"))
    assert at(state, "2d") == [(1, "S00", "up")]
    assert state["stage"] == "main" and state["turn"] == 0 and state["turn_no"] == 1
    assert len(state["hand"][0]) == 6, "5 + the basic shot − placed + the first turn's draw"


def test_a_player_who_cannot_place_a_basic_shot_loses() -> None:
    no_basic = "R01x4.R02x4.R03x4"
    state = GAME.new_state(2, 3, GAME.validate_options(2, {"first": "1"}))
    state, _ = play(state, (0, f"deck:{no_basic}"), (1, "deck:remilia"))
    assert state["aside"] == [None, "S00"]
    state, _ = play(state, (0, "keep"), (1, "keep"))
    assert state["result"] == {"ranks": [2, 1], "reason": "no_normal"}
    assert GAME.outcome(state).winners == (1,)


def test_decks_are_chosen_privately_at_once_and_a_deck_code_may_be_typed() -> None:
    state = GAME.new_state(2, 3, GAME.validate_options(2, {}))
    assert sorted(waiting(state)) == [0, 1] and legal(state, 0) == {f"deck:{key}" for key in STARTERS}
    code = STARTERS["marisa"].code
    state, events = play(state, (0, f"deck:{code}"))
    assert all(code not in event.text.en for event in events if event.seat is None)
    assert GAME.view(state, 1)["players"][0]["chosen"] is True and waiting(state) == [1]


def test_a_deck_code_breaking_the_lobbys_copy_limit_is_refused_with_the_reason() -> None:
    state = GAME.new_state(2, 3, GAME.validate_options(2, {"copies": "2"}))
    with pytest.raises(IllegalAction) as refused:
        play(state, (0, "deck:R00x3.R01x2"))
    assert "At most 2 cards of one name" in refused.value.reason.en
    unlimited = GAME.new_state(2, 3, GAME.validate_options(2, {"copies": "none"}))
    played, _ = play(unlimited, (0, "deck:R00x10"))
    assert waiting(played) == [1]


def test_a_starter_breaking_the_lobbys_copy_limit_is_neither_offered_nor_accepted() -> None:
    state = GAME.new_state(2, 3, GAME.validate_options(2, {"copies": "2"}))
    offered = legal(state, 0)
    assert not any(notation in offered for notation in ("deck:reimu", "deck:remilia", "deck:marisa"))
    assert len(offered) == 3, "each starter is offered cut down to two per name"
    state_after, _ = play(state, (0, sorted(offered)[0]))
    assert waiting(state_after) == [1]
    with pytest.raises(IllegalAction) as refused:
        play(state, (0, "deck:reimu"))
    assert "At most 2 cards of one name" in refused.value.reason.en


def test_keeping_the_whole_hand_is_one_choice_at_the_top_of_the_mulligan() -> None:
    state = start()
    (keep,) = [action for action in GAME.legal_actions(state, 0) if action.notation == "keep"]
    assert [step.key for step in keep.path] == ["keep"]
    others = [action for action in GAME.legal_actions(state, 0) if action.notation != "keep"]
    assert others and all(action.path[0].key == "mulligan" for action in others)
