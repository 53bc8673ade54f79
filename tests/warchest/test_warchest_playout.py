"""Random playouts over every setup mode, checking the game's own invariants at every step.

The shared conformance suite checks the contract; this checks War Chest's bookkeeping: coins are never
created, the Royal Coin never leaves, markers and locations agree, unit stacks obey the deploy limits, and
the choice tree stays within the picker's limits even in crowded 4-player positions.
"""

import random
from collections import Counter, defaultdict

import pytest

from engine.core.match import Match
from engine.core.rng import Rng
from engine.warchest import GAME
from engine.warchest.board import BOARDS
from engine.warchest.scenario import build
from engine.warchest.setup import MARKERS
from engine.warchest.units import FOOTMAN, ROYAL, UNITS

SETUPS = [(2, mode) for mode in ("random", "draft", "preset", "gaugamela", "bannockburn", "crecy")] + [
    (4, "random"),
    (4, "draft"),
]
GAMES_PER_SETUP = 30


def check_invariants(state):
    players = state["players"]
    geometry = BOARDS[players]
    on_board = defaultdict(Counter)
    per_type = Counter()
    for hex_, stack in state["board"].items():
        assert hex_ in geometry.coords and stack["height"] >= 1
        on_board[stack["seat"]][stack["unit"]] += stack["height"]
        per_type[stack["unit"]] += 1
    assert all(count <= (2 if unit == FOOTMAN else 1) for unit, count in per_type.items())
    for seat, purse in enumerate(state["seats"]):
        coins = Counter(purse["hand"] + purse["drawn"] + purse["bag"] + purse["up"] + purse["down"])
        coins.update(purse["supply"])
        coins.update(on_board[seat])
        if state["phase"] != "draft":
            assert coins[ROYAL] == 1, "the Royal Coin never leaves the game"
        assert all(coins[unit] <= UNITS[unit].coins for unit in purse["units"])
        assert set(coins) <= set(purse["units"]) | {ROYAL}
    for team in (0, 1):
        held = sum(1 for holder in state["control"].values() if holder == team)
        assert held + state["markers"][team] == MARKERS[players]
    assert state["round"] <= 100


def check_tree(actions):
    notations = [a.notation for a in actions]
    assert actions and len(notations) == len(set(notations))
    children = defaultdict(set)
    for action in actions:
        keys = tuple(step.key for step in action.path)
        for depth in range(len(keys)):
            children[keys[:depth]].add(keys[depth])
    assert max(len(keys) for keys in children.values()) <= 25


@pytest.mark.parametrize("players, mode", SETUPS)
def test_random_playouts_keep_the_books(players, mode):
    agent = random.Random(players * 100 + len(mode))
    endings = Counter()
    for game_index in range(GAMES_PER_SETUP):
        royal_guard = "2018" if game_index % 3 == 0 else "revised"
        options = {"mode": mode, "royal_guard": royal_guard}
        match = Match.start(GAME, players, game_index, options)
        log = []
        for step in range(5000):
            if match.finished:
                break
            seat = match.awaited_seats()[0]
            actions = match.legal_actions(seat)
            if step % 4 == 0:
                check_tree(actions)
                check_invariants(match.state)
            if step % 25 == 0:
                viewer = agent.choice([None, *range(players)])
                resampled = GAME.resample(match.state, viewer, Rng(agent.getrandbits(64)))
                assert GAME.view(resampled, viewer) == GAME.view(match.state, viewer)
            notation = agent.choice(actions).notation
            match = match.play(seat, notation).match
            log.append((seat, notation))
        assert match.finished, "random play reached an end"
        check_invariants(match.state)
        endings[match.outcome.reason] += 1
        if game_index < 2:
            assert Match.replay(GAME, players, game_index, options, log).state == match.state
    assert sum(endings.values()) == GAMES_PER_SETUP


def test_long_target_lists_get_a_grouping_level():
    """A Scout next to three units on a 4-player board with many locations: more than 25 deploy hexes."""
    armies = [["scout", "footman", "knight"], ["cavalry", "archer", "pikeman"], ["ensign", "lancer", "marshall"],
              ["berserker", "mercenary", "swordsman"]]
    control = {h: 0 for h in ("E1", "H1", "B1", "C3", "D2", "E4", "G3", "H4", "I2", "A2", "K1")} | {"D5": 1, "G6": 1, "J3": 1}
    state = build(armies, board={"F2": "footman", "F6": "footman", "I3": "knight"}, hands={0: ["scout"]}, control=control)
    deploys = [a for a in GAME.legal_actions(state, 0) if ":deploy:" in a.notation]
    assert len(deploys) > 25
    check_tree(GAME.legal_actions(state, 0))
    assert all(len(a.path) == 4 and a.path[2].key == a.notation.split(":")[2][0] for a in deploys)
