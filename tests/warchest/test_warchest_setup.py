"""Options, player counts and every setup mode (reference: Components and setup; rulebook 2, 5, 6)."""

import pytest

from engine.core.errors import BadOptions
from engine.warchest import GAME
from engine.warchest.scenario import awaited, last_action, legal, play
from engine.warchest.setup import draft_order
from engine.warchest.units import UNITS


def start(players=2, seed=1, **options):
    return GAME.new_state(players, seed, GAME.validate_options(players, options))


def test_player_counts_and_options_are_validated():
    for players in (1, 3, 5):
        with pytest.raises(BadOptions):
            GAME.validate_options(players, {})
    assert GAME.validate_options(2, {}) == {"mode": "random", "royal_guard": "revised"}
    with pytest.raises(BadOptions):
        GAME.validate_options(2, {"mode": "chess"})
    with pytest.raises(BadOptions):
        GAME.validate_options(2, {"colour": "red"})
    for mode in ("preset", "gaugamela", "bannockburn", "crecy"):
        GAME.validate_options(2, {"mode": mode})
        with pytest.raises(BadOptions):
            GAME.validate_options(4, {"mode": mode})
    assert GAME.validate_options(4, {"mode": "draft", "royal_guard": "2018"})["royal_guard"] == "2018"


def test_random_deal_two_players():
    state = start(2, seed=3)
    armies = [purse["units"] for purse in state["seats"]]
    assert [len(a) for a in armies] == [4, 4] and not set(armies[0]) & set(armies[1])
    for purse in state["seats"]:
        coins = purse["hand"] + purse["bag"]
        assert len(coins) == 9 and coins.count("royal") == 1
        assert all(coins.count(unit) == 2 for unit in purse["units"])
        assert purse["supply"] == {unit: UNITS[unit].coins - 2 for unit in purse["units"]}
        assert len(purse["hand"]) == 3
    assert state["markers"] == [4, 4]
    assert state["control"] == {"E1": 0, "H1": 0, "D5": 1, "G6": 1}
    assert state["round"] == 1 and state["turn"] == state["initiative"]


def test_random_deal_four_players():
    state = start(4, seed=3)
    armies = [purse["units"] for purse in state["seats"]]
    assert [len(a) for a in armies] == [3, 3, 3, 3] and len({u for a in armies for u in a}) == 12
    assert all(len(p["hand"]) + len(p["bag"]) == 7 for p in state["seats"])
    assert state["markers"] == [5, 5]
    assert state["control"] == {"E1": 0, "H1": 0, "B1": 0, "D5": 1, "G6": 1, "J3": 1}


def test_initiative_coin_toss_depends_on_the_seed():
    assert {start(2, seed=s)["initiative"] for s in range(20)} == {0, 1}
    assert {start(4, seed=s)["initiative"] for s in range(40)} == {0, 1, 2, 3}


def test_first_game_preset_and_side_a_starts():
    state = start(2, mode="preset")
    assert state["seats"][0]["units"] == sorted(["swordsman", "pikeman", "crossbowman", "light_cavalry"])
    assert state["seats"][1]["units"] == sorted(["archer", "cavalry", "lancer", "scout"])
    assert state["initiative"] == 0 and awaited(state) == 0


@pytest.mark.parametrize(
    "mode, side_a, side_b",
    [
        ("gaugamela", ["knight", "light_cavalry", "pikeman", "marshall"], ["cavalry", "footman", "mercenary", "royal_guard"]),
        ("bannockburn", ["archer", "cavalry", "lancer", "footman"], ["light_cavalry", "pikeman", "warrior_priest", "swordsman"]),
        ("crecy", ["archer", "ensign", "knight", "royal_guard"], ["cavalry", "crossbowman", "lancer", "scout"]),
    ],
)
def test_famous_battles(mode, side_a, side_b):
    state = start(2, mode=mode)
    assert state["seats"][0]["units"] == sorted(side_a)
    assert state["seats"][1]["units"] == sorted(side_b)
    assert state["phase"] == "play"


def test_two_player_draft_order_is_1_2_2_2_1_and_second_drafter_starts():
    state = start(2, seed=5, mode="draft")
    draft = state["draft"]
    first, second = draft["first"], 1 - draft["first"]
    assert len(draft["pool"]) == 8 and state["phase"] == "draft"
    assert GAME.pending(state)[0].kind == "setup"
    assert draft["order"] == [first, second, second, first, first, second, second, first]
    assert draft_order(0, 2) == [0, 1, 1, 0, 0, 1, 1, 0]
    picks = []
    while state["phase"] == "draft":
        seat = awaited(state)
        picks.append(seat)
        state, events = play(state, sorted(legal(state))[0])
    assert picks == [first, second, second, first, first, second, second]
    assert [len(p["units"]) for p in state["seats"]] == [4, 4]
    assert state["initiative"] == second and awaited(state) == second
    assert state["round"] == 1
    assert any(e.data.get("dm") for e in events)


def test_draft_pool_is_seeded_and_picks_come_from_it():
    a, b = start(2, seed=9, mode="draft"), start(2, seed=9, mode="draft")
    assert a == b
    pool = list(a["draft"]["pool"])
    assert legal(a) == {f"pick:{unit}" for unit in pool}
    state, events = play(a, f"pick:{pool[3]}")
    assert pool[3] not in state["draft"]["pool"]
    assert state["seats"][a["draft"]["first"]]["units"] == [pool[3]]
    assert last_action(events) == {"kind": "pick", "seat": a["draft"]["first"], "unit": pool[3]}


def test_four_player_draft_follows_the_rulebook_order():
    state = start(4, seed=11, mode="draft")
    first = state["draft"]["first"]
    p = [(first + i) % 4 for i in range(4)]
    expected = [p[0], p[1], p[2], p[3], p[3], p[2], p[1], p[0], p[1], p[2], p[3], p[0]]
    assert state["draft"]["order"] == expected and len(state["draft"]["pool"]) == 12
    picks = []
    while state["phase"] == "draft":
        picks.append(awaited(state))
        state, _ = play(state, sorted(legal(state))[-1])
    assert picks == expected[:-1]
    assert all(len(purse["units"]) == 3 for purse in state["seats"])
    assert state["initiative"] == p[1]


def test_royal_guard_option_is_stored():
    assert start(2, royal_guard="2018")["royal_guard"] == "2018"
    assert start(2)["royal_guard"] == "revised"
