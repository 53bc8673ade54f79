"""The rulings this project adopts (reference: Rulings adopted), each set up and checked.

Also covered elsewhere: Knight immunity after a Berserker pays and the Ensign's granted move triggering a
Berserker (test_warchest_units), the 4-player rulings (test_warchest_teams), the draw rules
(test_warchest_round).
"""

from engine.warchest import GAME
from engine.warchest.scenario import awaited, build, legal, play

KEEP = {1: ["royal"]}


def test_a_marshall_granted_attack_makes_the_warrior_priest_draw():
    armies = [["marshall", "warrior_priest", "scout", "knight"], ["cavalry", "archer", "ensign", "lancer"]]
    board = {"F4": "marshall", "F5": "warrior_priest", "F6": ("cavalry", 2)}
    state = build(armies, board=board, hands={0: ["marshall"], **KEEP}, bags={0: ["scout"], 1: ["royal"]})
    state, _ = play(state, "marshall:tactic:F5-F6")
    assert state["seats"][0]["drawn"] == ["scout"] and state["followups"] == [{"kind": "priest", "seat": 0}]


def test_a_warrior_priest_coin_used_by_a_swordsman_still_lets_it_move():
    armies = [["swordsman", "warrior_priest", "scout", "knight"], ["cavalry", "archer", "ensign", "lancer"]]
    board = {"F4": "warrior_priest", "F5": ("cavalry", 2), "D2": "swordsman", "D3": "archer"}
    state = build(armies, board=board, hands={0: ["warrior_priest"], **KEEP}, bags={0: ["swordsman"], 1: ["royal"]})
    state, _ = play(state, "warrior_priest:attack:F4-F5", "swordsman:attack:D2-D3")
    assert state["followups"] == [{"kind": "swordsman", "seat": 0, "hex": "D2"}]
    state, _ = play(state, "move:D2-D3")
    assert state["board"]["D3"]["unit"] == "swordsman" and awaited(state) == 1


def test_the_footman_tactic_triggers_the_pikeman_and_the_royal_guard():
    armies = [["footman", "scout", "knight", "archer"], ["pikeman", "royal_guard", "ensign", "lancer"]]
    board = {"F4": ("footman", 2), "D2": "footman", "F5": ("pikeman", 2), "D3": ("royal_guard", 2)}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic", "attack:F4-F5")
    assert state["board"]["F4"]["height"] == 1 and state["board"]["F5"]["height"] == 1, "the Pikeman struck back"
    state, _ = play(state, "attack:D2-D3")
    decision = GAME.pending(state)[0]
    assert decision.seat == 1 and decision.kind == "reaction"
    state, _ = play(state, "guard:supply")
    assert state["board"]["D3"]["height"] == 2 and awaited(state) == 1


def test_the_royal_guard_defence_inside_a_footman_tactic_resolves_before_the_next_footman():
    armies = [["footman", "scout", "knight", "archer"], ["pikeman", "royal_guard", "ensign", "lancer"]]
    board = {"F4": "footman", "D2": "footman", "F5": ("royal_guard", 2)}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic", "attack:F4-F5")
    assert [f["kind"] for f in state["followups"]] == ["footman", "guard"]
    state, _ = play(state, "guard:unit")
    assert awaited(state) == 0 and all(n.split(":")[1].startswith("D2") for n in legal(state))


def test_the_acting_player_orders_simultaneous_maneuvers():
    armies = [["footman", "scout", "knight", "archer"], ["pikeman", "royal_guard", "ensign", "lancer"]]
    board = {"F4": "footman", "F6": "footman"}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic")
    first_f6, _ = play(state, "move:F6-F5")
    assert all(n.split(":")[1].startswith("F4") for n in legal(first_f6)) and "move:F4-F5" not in legal(first_f6)
    first_f4, _ = play(state, "move:F4-F5")
    assert all(n.split(":")[1].startswith("F6") for n in legal(first_f4))


def test_light_cavalry_never_passes_through_an_occupied_hex():
    armies = [["light_cavalry", "scout", "knight", "archer"], ["pikeman", "royal_guard", "ensign", "lancer"]]
    state = build(armies, board={"F4": "light_cavalry", "F3": "pikeman"}, hands={0: ["light_cavalry"], **KEEP})
    tactics = {n.split(":")[2] for n in legal(state) if ":tactic:" in n}
    assert "F4-F2" not in tactics, "F2 is reachable only through F3"
    assert "F4-G2" in tactics and "F4-E2" in tactics, "reachable around the Pikeman"


def test_the_marshall_never_chooses_itself():
    armies = [["marshall", "scout", "knight", "archer"], ["pikeman", "royal_guard", "ensign", "lancer"]]
    state = build(armies, board={"F4": ("marshall", 3), "F5": "ensign"}, hands={0: ["marshall"], **KEEP})
    assert not any(":tactic:" in n for n in legal(state))
    assert "marshall:attack:F4-F5" in legal(state)
