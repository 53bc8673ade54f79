"""準備 (setup) and スタートプレイヤー: the common field, 9-card decks, 4 revealed, 4 drawn, a joker."""

from collections import Counter

import pytest

from engine.wunderkammer.board import item_count
from engine.wunderkammer.cards import EDITION
from engine.wunderkammer.game import GAME


def start(players, seed=3, **options):
    return GAME.new_state(players, seed, GAME.validate_options(players, options))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_common_field_holds_six_of_every_kind_and_the_nine_characters(players):
    state = start(players)
    assert state["field"] == {kind: 6 for kind in EDITION.items}
    assert all(owner is None for owner in state["owner"].values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_three_each_of_2_3_4_reveals_four_draws_four_keeps_a_joker(players):
    state = start(players)
    for purse in state["seats"]:
        lines = [line for line in purse["lines"] if line]
        everything = purse["deck"] + purse["hand"] + [card for line in lines for card in line]
        assert Counter(everything) == {kind: 3 for kind in EDITION.start_kinds}
        assert sum(map(len, lines)) == 4 and len(purse["hand"]) == 4 and len(purse["deck"]) == 1
        assert 2 <= len(lines) <= 3
        assert all(len(set(line)) == 1 for line in lines)
        assert len({line[0] for line in lines}) == len(lines)
        assert purse["joker"] and purse["trash"] == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rest_goes_back_to_the_box(players):
    state = start(players)
    assert state["box"] == {kind: (12 - 3 * players if kind in EDITION.start_kinds else 0) for kind in EDITION.items}
    assert state["jokers_boxed"] == 4 - players
    assert item_count(state) == {kind: item.copies for kind, item in EDITION.items.items()}


def test_the_start_player_is_random_by_default_and_can_be_chosen():
    firsts = {start(4, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    chosen = start(3, 5, first="3")
    assert chosen["first"] == 2 and chosen["seat"] == 2 and GAME.pending(chosen)[0].seat == 2


def test_simple_play_is_a_lobby_option():
    assert start(2, abilities="simple")["simple"] is True
    assert start(2)["simple"] is False
