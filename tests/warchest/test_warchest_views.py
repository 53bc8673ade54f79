"""Views show each seat exactly what it may know; resample re-deals only what it may not."""

import json
from collections import Counter

from engine.core.rng import Rng
from engine.warchest import GAME
from engine.warchest.scenario import build, last_action, play
from engine.warchest.units import ability

ARMIES = [["archer", "knight", "pikeman", "scout"], ["cavalry", "lancer", "footman", "ensign"]]
TOP_KEYS = {
    "game", "players", "mode", "royal_guard", "phase", "round", "hexes", "locations", "stacks", "seats", "teams",
    "markers_total", "markers_left", "initiative", "initiative_changed", "turn", "followup", "draft", "result",
}


def sample_state():
    return build(
        ARMIES,
        board={"F4": ("knight", 2), "D5": "cavalry"},
        hands={0: ["archer", "royal"], 1: ["lancer", "footman", "royal"]},
        bags={0: ["pikeman", "pikeman", "scout"], 1: ["ensign", "ensign"]},
        discards_up={0: ["knight"]},
        discards_down={0: ["scout"], 1: ["cavalry"]},
        control={"E1": 0, "H1": 0, "E4": 0, "D5": 1, "G6": 1},
    )


def test_spectator_view_schema():
    view = GAME.view(sample_state(), None)
    assert set(view) == TOP_KEYS
    assert json.loads(json.dumps(view)) == view
    assert len(view["hexes"]) == 37 and {"label": "F4", "q": 0, "r": 0, "location": False, "start": None} in view["hexes"]
    assert {"label": "E1", "q": -1, "r": -2, "location": True, "start": 0} in view["hexes"]
    assert {"hex": "E4", "controller": 0} in view["locations"] and {"hex": "C3", "controller": None} in view["locations"]
    assert view["stacks"] == [
        {"hex": "D5", "unit": "cavalry", "height": 1, "seat": 1, "team": 1},
        {"hex": "F4", "unit": "knight", "height": 2, "seat": 0, "team": 0},
    ]
    assert view["seats"][0] == {
        "seat": 0, "team": 0, "units": ["archer", "knight", "pikeman", "scout"],
        "supply": {"archer": 2, "knight": 2, "pikeman": 2, "scout": 3},
        "discard_faceup": ["knight"], "discard_facedown": 1, "bag": 3, "hand": 2, "drawn": 0,
    }
    assert view["markers_left"] == [3, 4] and view["markers_total"] == 6
    assert view["teams"] == [[0], [1]] and view["followup"] is None and view["draft"] is None


def test_seat_view_adds_only_its_own_private_information():
    state = sample_state()
    view = GAME.view(state, 1)
    assert set(view) == TOP_KEYS | {"seat", "private"}
    assert view["private"] == {
        "hand": ["footman", "lancer", "royal"], "drawn": [], "bag": {"ensign": 2}, "discard_facedown": ["cavalry"],
    }
    spectator = GAME.view(state, None)
    assert {k: v for k, v in view.items() if k not in ("seat", "private")} == spectator


def test_face_down_actions_do_not_reveal_the_coin():
    state, events = play(sample_state(), "archer:pass")
    assert last_action(events) == {"kind": "pass", "seat": 0, "unit": None, "from": None, "to": None, "path": [], "target": None}
    assert all("Archer" not in e.text.en for e in events if e.seat is None)


def test_resample_keeps_the_viewers_view_and_redeals_the_rest():
    state = sample_state()
    seen_hands = set()
    for seed in range(30):
        resampled = GAME.resample(state, 0, Rng(seed))
        assert GAME.view(resampled, 0) == GAME.view(state, 0)
        opponent = resampled["seats"][1]
        hidden = opponent["hand"] + opponent["bag"] + opponent["down"]
        assert Counter(hidden) == Counter(["lancer", "footman", "royal", "ensign", "ensign", "cavalry"])
        seen_hands.add(tuple(opponent["hand"]))
    assert len(seen_hands) > 3


def test_resample_hides_the_bag_order_even_from_its_owner():
    state = sample_state()
    orders = {tuple(GAME.resample(state, 0, Rng(seed))["seats"][0]["bag"]) for seed in range(20)}
    assert len(orders) == 3 and all(Counter(o) == Counter(["pikeman", "pikeman", "scout"]) for o in orders)


def test_a_priests_drawn_coin_is_private():
    armies = [["warrior_priest", "knight", "scout", "footman"], ["cavalry", "archer", "ensign", "marshall"]]
    state = build(armies, board={"F4": "warrior_priest", "F5": ("cavalry", 2)}, hands={0: ["warrior_priest"], 1: ["royal"]},
                  bags={0: ["knight", "scout"], 1: ["royal"]})
    state, _ = play(state, "warrior_priest:attack:F4-F5")
    spectator = GAME.view(state, None)
    assert spectator["seats"][0]["drawn"] == 1 and spectator["followup"] == {"kind": "priest", "seat": 0}
    assert GAME.view(state, 0)["private"]["drawn"] == state["seats"][0]["drawn"]
    for seed in range(10):
        assert GAME.view(GAME.resample(state, 1, Rng(seed)), 1) == GAME.view(state, 1)


def test_draft_view_shows_pool_order_and_picks():
    state = GAME.new_state(2, 4, GAME.validate_options(2, {"mode": "draft"}))
    view = GAME.view(state, None)
    assert view["phase"] == "draft" and view["round"] == 0
    assert view["draft"]["pool"] == state["draft"]["pool"] and view["draft"]["picks"] == [[], []]
    first = view["draft"]["first"]
    state, _ = play(state, f"pick:{state['draft']['pool'][0]}")
    assert GAME.view(state, None)["draft"]["picks"][first] == [view["draft"]["pool"][0]]


def test_result_and_unit_texts_for_the_renderer():
    state = build(ARMIES, hands={0: ["royal"]}, round_number=100)
    state, _ = play(state, "royal:pass")
    assert GAME.view(state, None)["result"] == {"winner": None, "reason": "rounds"}
    assert "2018" in ability("royal_guard", "2018").en and ability("royal_guard").en != ability("royal_guard", "2018").en
    assert "face down" in ability("royal").en and ability("archer", "2018") == ability("archer")
