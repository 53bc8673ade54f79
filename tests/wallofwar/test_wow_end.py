"""The end (ゲームの終了): after the purchases of the turn the deck ran out; points, then medals."""

import pytest

from engine.core.match import Match
from engine.wallofwar import GAME
from engine.wallofwar.scenario import build, card_of, legal, play, waiting


def quiet_move(state, seat):
    """A player who never uses abilities: queue at the first circle, buy whenever possible."""
    options = legal(state, seat)
    for preferred in ("allow", "buy"):
        if preferred in options:
            return preferred
    if state["phase"] == "ability":
        return "pass"
    return sorted(options)[0]


def finish(state):
    events = []
    while waiting(state):
        seat = waiting(state)[0]
        state, new = play(state, (seat, quiet_move(state, seat)))
        events.extend(new)
    return state, events


@pytest.mark.parametrize("players,turns", [(3, 12), (4, 9), (5, 7)])
def test_a_game_lasts_until_the_deck_is_used_up(players, turns):
    state = Match.start(GAME, players, 3, {}).state
    state, events = finish(state)
    assert state["phase"] == "over" and state["turn"] == turns
    assert GAME.outcome(state) is not None
    last_turn = max(index for index, event in enumerate(events) if event.data.get("kind") == "turn")
    assert not any(event.data.get("kind") == "income" for event in events[last_turn:])


def test_the_game_ends_after_the_purchases_of_the_turn_the_deck_ran_out():
    deck = ["c05", "c06", "c07", "c08"]
    state = build(4, phase="purchase", circles=[("c01", [0])], deck=deck)
    state, events = play(state, (0, "pass"))
    assert state["turn"] == 2 and state["deck"] == []
    assert [circle["card"] for circle in state["circles"]] == deck
    assert GAME.outcome(state) is None
    state, events = finish(state)
    assert state["phase"] == "over" and GAME.pending(state) == ()
    assert [event.data.get("kind") for event in events if event.data.get("kind") in {"income", "end"}] == ["end"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fewer_cards_than_players_are_all_opened_for_the_last_turn(players):
    state = build(players, phase="purchase", circles=[("c01", [0])], deck=["c05", "c06"])
    state, _ = play(state, (0, "pass"))
    assert [circle["card"] for circle in state["circles"]] == ["c05", "c06"]
    state, _ = finish(state)
    assert state["phase"] == "over" and state["turn"] == 2


def test_a_deck_emptied_by_an_ability_ends_the_game_after_that_turn():
    state = build(4, circles=[("c01", [0, 1, 2, 3, 0, 1, 2, 3])], cards={0: [card_of("hekigai")]}, deck=["c05"])
    state, _ = play(state, (0, "ab:c21:stay"))
    assert state["deck"] == [] and len(state["circles"]) == 2
    state, _ = finish(state)
    assert state["phase"] == "over" and state["turn"] == 1


def over_state(cards, medals):
    state = build(len(medals), phase="purchase", cards=cards, medals=medals, deck=[], circles=[], settle=False)
    state["phase"] = "over"
    return state


def test_most_points_wins():
    state = over_state({0: ["c16"], 1: ["c17"], 2: ["c01"]}, [5, 1, 9])
    outcome = GAME.outcome(state)
    assert outcome.ranks == (2, 1, 3) and outcome.scores == (4.0, 5.0, 1.0)
    assert GAME.standings(state) == [(4, 5), (5, 1), (1, 9)]


def test_tied_points_go_to_the_most_medals():
    state = over_state({0: ["c16"], 1: ["c19", "c01"], 2: ["c02"]}, [3, 6, 9])
    assert GAME.outcome(state).ranks == (2, 1, 3)


def test_tied_points_and_medals_all_win():
    state = over_state({0: ["c16"], 1: ["c19", "c01"], 2: ["c02"]}, [6, 6, 9])
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 1, 3) and outcome.winners == (0, 1)
    assert "{s0}" in outcome.summary.en and "{s1}" in outcome.summary.en


def test_final_view_reveals_every_hand_and_score():
    state = over_state({0: ["c16"], 1: ["c19", "c18"], 2: []}, [5, 5, 5])
    final = GAME.view(state, None)["final"]
    assert final["points"] == [4, 5, 0]
    assert [[card["id"] for card in hand] for hand in final["hands"]] == [["c16"], ["c19"], []]
