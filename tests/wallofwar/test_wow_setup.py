"""Setup (rulebook: ゲームを遊ぶ前の準備) and the first-player option."""

import pytest

from engine.core.errors import BadOptions
from engine.core.match import Match
from engine.wallofwar import GAME
from engine.wallofwar.board import medal_total


@pytest.mark.parametrize("players,removed", [(3, 2), (4, 2), (5, 3)])
def test_cards_set_aside_unseen_and_circles_opened(players, removed):
    state = Match.start(GAME, players, 5, {"colours": "seat"}).state
    assert len(state["removed"]) == removed
    assert len(state["circles"]) == players
    assert len(state["deck"]) == 38 - removed - players
    everything = state["removed"] + state["deck"] + [circle["card"] for circle in state["circles"]]
    assert sorted(everything) == sorted(f"c{i:02d}" for i in range(1, 39))
    assert GAME.view(state, None)["removed"] == removed
    assert all("removed" not in str(value) for value in GAME.view(state, None)["seats"])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_gets_five_medals_and_two_purchaser_cards(players):
    state = Match.start(GAME, players, 5, {"colours": "seat"}).state
    view = GAME.view(state, None)
    assert [seat["medals"] for seat in view["seats"]] == [5] * players
    assert [seat["home"] for seat in view["seats"]] == [2] * players
    assert view["atm"] == 40 - 5 * players
    assert medal_total(state) == 40


def test_first_player_option():
    state = Match.start(GAME, 4, 5, {"first": "3"}).state
    assert state["first"] == 2
    assert GAME.pending(state)[0].seat == 2


def test_random_first_player_is_seeded():
    firsts = {Match.start(GAME, 5, seed, {}).state["first"] for seed in range(30)}
    assert firsts == {0, 1, 2, 3, 4}
    assert Match.start(GAME, 5, 11, {}).state == Match.start(GAME, 5, 11, {}).state


def test_first_player_choice_must_exist_at_the_table():
    with pytest.raises(BadOptions):
        GAME.validate_options(4, {"first": "5"})
    with pytest.raises(BadOptions):
        GAME.validate_options(3, {"first": "4"})
    assert GAME.validate_options(5, {"first": "5"}) == {"first": "5", "colours": "choose"}
