"""The scenario builder writes chain positions (links, interception offer, D/A/E queues, danmaku
processing with stripping answers), end phases and accounted deck lists; the next actions from each
have exact outcomes."""

from collections import Counter

import pytest

from engine.core.rng import Rng
from engine.walpurgis import GAME, board
from engine.walpurgis.decks import STARTERS
from engine.walpurgis.scenario import at, build, legal, play, waiting

sq = board.parse_square


def effect_squares(events: list, timing: str) -> list[list[int]]:
    return [event.data["squares"] for event in events if event.data and event.data.get("kind") == "effect" and event.data["timing"] == timing]


def interception_offer() -> dict:
    """Seat 0's S00 on 2c activated and placed a danmaku on 3c; seat 1 is offered the interception."""
    return build(
        field={"1c": ["0:S12:up"], "2c": ["0:S00:fire"], "3c": ["0:S00:dm"], "5c": ["1:S12:up"]},
        hands={1: ["S00"]},
        decks={1: ["S01x5"]},
        activated=True,
        stage="chain",
        chain={"links": ["2c>3c"], "step": "intercept"},
    )


def test_an_interception_offer_waits_for_the_other_player_and_a_pass_ends_the_chain() -> None:
    state = interception_offer()
    assert waiting(state) == [1] and legal(state, 1) == {"pass", "place S00 4c up"}
    state, _ = play(state, (1, "pass"))
    assert state["chain"] is None and state["stage"] == "main" and waiting(state) == [0]
    assert at(state, "2c") == [(0, "S00", "up")] and at(state, "3c") == [(0, "S00", "dm")]


def test_an_interception_from_a_built_offer_contests_the_square_and_both_danmaku_are_stripped() -> None:
    state, _ = play(interception_offer(), (1, "place S00 4c up"))
    assert state["chain"]["step"] == "barrage" and legal(state, 1) == {"fire none", "fire 3c"}
    state, _ = play(state, (1, "fire 3c"))
    assert waiting(state) == [0] and "pass" in legal(state, 0)
    state, _ = play(state, (0, "pass"))
    assert state["chain"] is None and at(state, "3c") == []
    assert state["pile"] == [["S00"], ["S01"]]
    assert at(state, "2c") == [(0, "S00", "up")] and at(state, "4c") == [(1, "S00", "up")]


def test_a_contested_square_with_one_answer_given_waits_for_nobody_else_and_then_keeps() -> None:
    state = build(
        field={"1c": ["0:R11:up"], "2c": ["0:R00:fire"], "3c": ["0:R12:up", "1:S00:dm", "0:R00:dm"]},
        stage="chain",
        activated=True,
        chain={"links": ["2c>3c"], "step": "proc", "answers": {0: "jin"}},
    )
    assert at(state, "3c") == [(0, "R12", "dor"), (0, "R00", "dm")], "both strips applied together"
    assert state["pile"][1] == ["S00"]
    assert waiting(state) == [0] and legal(state, 0) == {"keep 3c jin", "keep 3c dm"}
    state, _ = play(state, (0, "keep 3c jin"))
    assert at(state, "3c") == [(0, "R12", "dor")] and state["pile"][0] == ["R00"]
    assert state["chain"] is None and at(state, "2c") == [(0, "R00", "up")]


def test_a_stripping_round_waits_for_both_answers_and_hides_each_from_the_other() -> None:
    state = build(
        field={"1c": ["0:R11:up"], "2c": ["0:R00:fire"], "3c": ["1:S12:up", "1:S00:du", "0:R00:dm", "0:R01:du"]},
        stage="chain",
        activated=True,
        chain={"links": ["2c>3c"], "step": "proc"},
    )
    assert sorted(waiting(state)) == [0, 1]
    assert legal(state, 1) == {"strip 3c jin", "strip 3c S00"}
    state, _ = play(state, (1, "strip 3c S00"))
    assert waiting(state) == [0] and GAME.view(state, 0) == GAME.view(build(
        field={"1c": ["0:R11:up"], "2c": ["0:R00:fire"], "3c": ["1:S12:up", "1:S00:du", "0:R00:dm", "0:R01:du"]},
        stage="chain",
        activated=True,
        chain={"links": ["2c>3c"], "step": "proc", "answers": {1: "jin"}},
    ), 0), "seat 0 cannot tell which answer seat 1 gave"
    state, _ = play(state, (0, "strip 3c dm"))
    assert at(state, "3c") == [(1, "S12", "up"), (1, "S00", "dm"), (0, "R01", "du")]
    assert state["pile"][0] == ["R00"]


def test_a_d_queue_resolves_from_the_named_seat_then_alternates() -> None:
    state = build(
        field={"1a": ["0:R12:dor"], "2b": ["0:R04:fire"], "2d": ["0:R08:fire"], "4d": ["1:S13:fire"]},
        piles={1: ["S10"]},
        stage="chain",
        activated=True,
        chain={"links": ["2b", "4d", "2d"], "step": "D", "next": 0},
    )
    assert waiting(state) == [0] and legal(state, 0) == {"resolve 2b", "resolve 2d"}
    state, events = play(state, (0, "resolve 2d"))
    assert effect_squares(events, "D") == [[sq("2d")], [sq("4d")], [sq("2b")]]
    assert at(state, "1a") == [(0, "R12", "act")] and state["deck"][1][-1] == "S10" and state["pile"][1] == []
    assert state["chain"] is None and [at(state, name)[0][2] for name in ("2b", "2d", "4d")] == ["up", "up", "up"]


def test_a_queue_with_a_persist_card_may_hold_it_sideways() -> None:
    state = build(
        field={"2b": ["0:R05:fire"], "2d": ["0:R01:fire"]},
        hands={0: ["R02"]},
        decks={0: ["R03x5"]},
        stage="chain",
        activated=True,
        chain={"links": ["2d"], "step": "A"},
    )
    assert waiting(state) == [0] and legal(state, 0) == {"upright 2b", "upright 2d"}
    state, _ = play(state, (0, "upright 2d"))
    assert state["hand"][0] == ["R02", "R03"] and legal(state, 0) == {"upright 2b", "hold"}
    state, _ = play(state, (0, "hold"))
    assert at(state, "2b") == [(0, "R05", "fire")] and at(state, "2d") == [(0, "R01", "up")] and state["chain"] is None


def test_an_e_queue_resolves_the_chain_end_effects_of_both_seats() -> None:
    state = build(
        field={"2c": ["0:R10:fire"], "4c": ["1:M11:fire"]},
        decks={0: ["R03x3"]},
        piles={0: ["R07"], 1: ["M02"]},
        stage="chain",
        activated=True,
        chain={"links": ["2c", "4c"], "step": "E"},
    )
    assert state["chain"] is None, "one card each: nothing to choose"
    assert state["deck"][0] == ["R03", "R03", "R03", "R07"] and state["deck"][1][-1] == "M02"
    assert at(state, "2c") == [(0, "R10", "fire")], "⑧ already passed: a card held sideways stays"


def test_an_end_phase_turns_cards_upright_then_keeps_the_hand_limit_then_passes_the_turn() -> None:
    state = build(
        field={"2c": ["0:R01:fire"], "2d": ["0:R05:fire"]},
        hands={0: ["R02", "R03", "R04", "R07", "R08", "R09", "R12"]},
        stage="end",
        end={"step": "upright"},
    )
    assert waiting(state) == [0] and {"upright 2c", "upright 2c skip", "upright 2d"} <= legal(state, 0)
    state, _ = play(state, (0, "upright 2c skip"))
    assert len(state["hand"][0]) == 7 and at(state, "2d") == [(0, "R05", "up")]
    assert legal(state, 0) == {f"discard {cid}" for cid in state["hand"][0]}
    state, _ = play(state, (0, "discard R09"))
    assert state["discard"][0] == ["R09"] and len(state["hand"][0]) == 6
    assert state["turn"] == 1 and state["stage"] == "main"


def test_deck_lists_are_accounted_for_and_the_rest_is_the_deck() -> None:
    reimu = list(STARTERS["reimu"].cards)
    state = build(field={"2c": ["0:R00:up"]}, hands={0: ["R01", "R00"]}, discard={0: ["R02"]}, lists={0: reimu})
    assert len(state["deck"][0]) == 40 - 4 and state["deck"][0][:3] == ["R00", "R00", "R01"]
    assert board.census(state, 0) == Counter(reimu)
    with pytest.raises(ValueError, match="not in its list"):
        build(hands={0: ["S01"]}, lists={0: reimu})
    with pytest.raises(ValueError, match="nowhere"):
        build(decks={0: ["R00x3"]}, lists={0: reimu})


def test_bad_chain_descriptions_are_refused() -> None:
    with pytest.raises(ValueError, match="no face-up"):
        build(stage="chain", chain={"links": ["2c"]})
    with pytest.raises(ValueError, match="step"):
        build(field={"2c": ["0:R00:fire"]}, stage="chain", chain={"links": ["2c"], "step": "later"})
    with pytest.raises(ValueError, match="exactly when"):
        build(chain={"links": ["2c"]})
    with pytest.raises(ValueError, match="no 'jin'"):
        build(field={"2c": ["0:R00:fire"], "3c": ["1:S00:dm", "0:R00:dm"]}, stage="chain", chain={"links": ["2c"], "step": "proc", "answers": {1: "jin"}})


def custom_marisa() -> list[str]:
    cards = Counter(STARTERS["marisa"].cards)
    cards["M01"] -= 3
    cards["M06"] += 3
    return sorted(cards.elements())


def test_a_private_deck_list_is_redealt_from_what_the_seat_has_seen() -> None:
    state = build(field={"2c": ["0:R00:up"], "4c": ["1:M00:up"]}, hands={1: ["M02", "M06", "M06"]}, lists={1: custom_marisa()})
    for number in range(5):
        world = GAME.resample(state, 0, Rng(number))
        assert GAME.view(world, 0) == GAME.view(state, 0)
        assert board.census(world, 1) == Counter(STARTERS["marisa"].cards), "the one starter holding the seen M00"
        assert board.census(world, 0) == board.census(state, 0)


def test_an_open_starter_stays_the_deck_list_in_every_world() -> None:
    state = build(field={"2c": ["0:R00:up"], "4c": ["1:S00:up"]}, hands={1: ["S01", "S04"]}, public={1: "remilia"})
    for number in range(5):
        world = GAME.resample(state, 0, Rng(number))
        assert board.census(world, 1) == Counter(STARTERS["remilia"].cards)
        assert world["deck"][1] != state["deck"][1]


def test_an_unknown_private_deck_is_redealt_within_the_copy_limit() -> None:
    cards = custom_marisa()[:-3]
    state = build(field={"2c": ["0:R00:up"], "4c": ["1:M00:up"]}, lists={1: cards})
    world = GAME.resample(state, 0, Rng(2))
    census = board.census(world, 1)
    assert sum(census.values()) == len(cards) and max(census.values()) <= 4 and census["M00"] >= 1


def test_an_initial_placement_position_waits_for_the_placing_seat() -> None:
    state = build(stage="initial", turn=1, field={"3c": ["0:R00:up"]}, hands={1: ["S00", "S01"]}, turn_no=0)
    assert waiting(state) == [1] and "place S00 4c" in legal(state, 1) and "place S00 3c" not in legal(state, 1)
    state, _ = play(state, (1, "place S00 4c"))
    assert state["turn"] == 0 and state["stage"] == "main" and state["turn_no"] == 1
    lost = build(stage="initial", turn=1, field={"3c": ["0:R00:up"]}, hands={1: ["S01"]}, turn_no=0)
    assert lost["result"] is not None and GAME.outcome(lost).winners == (0,)
