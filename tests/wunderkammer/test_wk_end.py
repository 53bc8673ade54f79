"""ゲームの流れ (turn order, the end at 8/10/12 gone after that turn) and 得点計算 (scoring)."""

import pytest

from engine.wunderkammer import scoring
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, play

LOW = ["SA", "HA", "DA", "CA"]


def gone_field(count):
    """Trash for seat 1 emptying `count` ace kinds from the common field."""
    return [f"{kind}x6" for kind in LOW[:count]]


def test_turns_go_clockwise_from_the_start_player():
    state = build(3, seat=2, step="refill", decks={2: []})
    state, events = play(state, (2, "shuffle"))
    assert state["seat"] == 0 and state["turn"] == 2
    assert any(e.data.get("kind") == "turn" and e.data["seat"] == 0 for e in events)


@pytest.mark.parametrize("players,needed", [(2, 8), (3, 10), (4, 12)])
def test_scoring_follows_the_turn_in_which_enough_kinds_and_characters_left_the_field(players, needed):
    benched = {1: ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"][: needed - 4]}
    state = build(players, step="play", trash={1: gone_field(3) + ["CAx5"]}, bench=benched,
                  hands={0: ["S2"]}, lines={0: ["S2x2"]}, decks={0: []})
    assert GAME.view(state, None)["gone"] == needed - 1
    state, _ = play(state, (0, "play:1:S2"), (0, "done"), (0, "take:CA"))
    assert GAME.view(state, None)["gone"] == needed
    assert GAME.outcome(state) is None and state["step"] == "refill", "the turn is finished first"
    state, events = play(state, (0, "shuffle"))
    assert state["step"] == "over" and GAME.outcome(state) is not None
    assert events[-players - 1].data["kind"] == "end"


def test_each_benched_character_gives_one_point_to_each_of_its_items():
    state = build(2, bench={1: ["c1"]}, hands={0: ["S2"]})
    values = scoring.values(state)
    assert {kind for kind, value in values.items() if value} == {"S2", "H3", "SA", "HA"}
    assert all(value in (0, 1) for value in values.values())


def test_two_characters_favouring_an_item_make_it_worth_two():
    state = build(2, bench={0: ["c1"], 1: ["c4"]})
    assert scoring.values(state)["S2"] == 2 and scoring.values(state)["SA"] == 1


def test_a_put_item_gains_a_point_at_most_once_per_character_even_if_printed():
    state = build(2, bench={0: ["c1"]}, puts={"c1": ["D4", "D4", "S2"]})
    values = scoring.values(state)
    assert values["D4"] == 1, "two D4 put under one character still give 1"
    assert values["S2"] == 1, "S2 is printed on it: the put adds nothing"


def test_an_item_nobody_favours_is_worth_nothing_and_field_characters_give_nothing():
    state = build(2)
    assert set(scoring.values(state).values()) == {0}


def test_every_card_in_deck_trash_hand_and_lines_scores_put_cards_do_not():
    state = build(
        2,
        bench={1: ["c1"]},
        decks={0: ["S2x2"]},
        trash={0: ["H3"]},
        hands={0: ["SA"]},
        lines={0: ["HAx3", "D4x5"]},
        puts={"c1": ["S2"]},
    )
    assert scoring.points(state, 0) == 2 + 1 + 1 + 3
    assert scoring.points(state, 1) == 0


def test_patron_scores_two_points_per_bench_character():
    state = build(2, bench={0: ["c9", "c1"]})
    assert scoring.direct_points(state, 0) == 4 and scoring.direct_points(state, 1) == 0
    assert scoring.direct_points(build(2, bench={0: ["c9", "c1"]}, simple=True), 0) == 0


def over(**kwargs):
    state = build(2, step="refill", **kwargs)
    state["step"] = "over"
    state["result"] = [points for points, _ in scoring.standings(state)]
    return state


def test_most_points_wins():
    outcome = GAME.outcome(over(bench={1: ["c1"]}, hands={0: ["S2x3"]}, decks={1: ["S2"]}))
    assert outcome.ranks == (1, 2) and outcome.scores == (3.0, 1.0)


def test_tie_break_more_characters_then_shared_victory():
    tied = over(bench={0: ["c1"], 1: ["c2", "c3"]}, hands={0: ["S2x2"], 1: ["H3"]}, decks={1: ["D4"]})
    assert scoring.standings(tied)[0][0] == scoring.standings(tied)[1][0]
    outcome = GAME.outcome(tied)
    assert outcome.ranks == (2, 1) and "most characters" in outcome.summary.en
    shared = GAME.outcome(over(hands={0: ["S2"], 1: ["S2"]}))
    assert shared.ranks == (1, 1) and "share the victory" in shared.summary.en


def test_a_game_stuck_for_five_rounds_is_scored_by_this_projects_rule():
    state = build(2, step="refill", decks={0: []}, quiet=9)
    state, events = play(state, (0, "shuffle"))
    assert state["step"] == "over" and events[-3].data == {"kind": "end", "values": events[-3].data["values"], "stalled": True}
    assert "this project's rule" in events[-3].text.en


def test_a_take_resets_the_stall_count():
    state = build(2, hands={0: ["S2"]}, lines={0: ["S2x2"]}, decks={0: []}, quiet=9)
    state, _ = play(state, (0, "play:1:S2"), (0, "done"), (0, "take:SA"), (0, "shuffle"))
    assert state["step"] == "play" and state["quiet"] == 0


def test_the_final_scores_read_as_separate_sentences_in_both_languages():
    state = build(2, step="refill", decks={0: []}, quiet=9)
    _, events = play(state, (0, "shuffle"))
    scores = [event.text for event in events if event.data.get("kind") == "score"]
    assert len(scores) == 2
    assert all(text.ja.endswith("。") and text.en.endswith(".") for text in scores), "each seat's line ends its sentence"
