"""Four players in two teams (rulebook 6; reference rulings on teams)."""

from engine.core.match import Match
from engine.warchest import GAME
from engine.warchest.scenario import awaited, build, legal, play

ARMIES = [
    ["ensign", "marshall", "scout"],  # seat 0, team A
    ["cavalry", "archer", "pikeman"],  # seat 1, team B
    ["berserker", "knight", "warrior_priest"],  # seat 2, team A
    ["footman", "lancer", "swordsman"],  # seat 3, team B
]
ALL_HANDS = {0: ["royal"], 1: ["royal"], 2: ["royal"], 3: ["royal"]}


def test_turn_order_alternates_teams():
    state = build(ARMIES, hands={seat: ["royal", "royal"] for seat in range(4)}, turn=1)
    order = []
    for _ in range(5):
        order.append(awaited(state))
        state, _ = play(state, "royal:pass")
    assert order == [1, 2, 3, 0, 1]
    assert GAME.seat_teams(state) == [0, 1, 0, 1]


def test_either_teammate_deploys_on_any_empty_location_the_team_controls():
    control = {"E1": 0, "H1": 0, "B1": 0, "E4": 0, "D5": 1, "G6": 1, "J3": 1}
    state = build(ARMIES, hands={**ALL_HANDS, 2: ["knight"]}, turn=2, control=control)
    assert {n.split(":")[2] for n in legal(state) if ":deploy:" in n} == {"E1", "H1", "B1", "E4"}


def test_teammates_share_markers_and_win_together():
    state = build(ARMIES, board={"E4": "knight"}, hands={**ALL_HANDS, 2: ["knight"]}, turn=2)
    assert state["markers"] == [5, 5]
    state, _ = play(state, "knight:control:E4")
    assert state["markers"] == [4, 5] and state["control"]["E4"] == 0
    control = {h: 0 for h in ("E1", "H1", "B1", "C3", "D2", "E4", "G3")} | {"D5": 1, "G6": 1, "J3": 1}
    state = build(ARMIES, board={"H4": "knight"}, hands={**ALL_HANDS, 2: ["knight"]}, turn=2, control=control)
    assert state["markers"] == [1, 5]
    state, _ = play(state, "knight:control:H4")
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2, 1, 2) and outcome.winners == (0, 2)
    assert "{s0}" in outcome.summary.en and "{s2}" in outcome.summary.en


def test_nobody_claims_the_initiative_from_a_teammate():
    state = build(ARMIES, hands=ALL_HANDS, turn=2, initiative=0)
    assert "royal:initiative" not in legal(state)
    assert "teammate" in GAME.explain_illegal(state, 2, "royal:initiative").en
    state, _ = play(state, "royal:pass")
    assert "royal:initiative" in legal(state, 3)


def test_nobody_recruits_for_a_teammate():
    state = build(ARMIES, hands=ALL_HANDS, turn=0)
    assert {n.split(":")[2] for n in legal(state) if ":recruit:" in n} == {"ensign", "marshall", "scout"}
    assert "teammate" in GAME.explain_illegal(state, 0, "royal:recruit:knight").en


def test_friendly_tactics_include_the_teammates_units():
    board = {"F4": "ensign", "F5": "marshall", "F6": ("knight", 2), "F7": "cavalry"}
    state = build(ARMIES, board=board, hands={**ALL_HANDS, 0: ["ensign", "marshall"]}, turn=0)
    assert "ensign:tactic:F6-E5" in legal(state)
    assert "marshall:tactic:F6-F7" in legal(state)
    state, _ = play(state, "marshall:tactic:F6-F7")
    assert "F7" not in state["board"]


def test_scout_deploys_next_to_its_owners_units_only():
    board = {"C1": "marshall", "F4": "knight"}
    state = build(ARMIES, board=board, hands={**ALL_HANDS, 0: ["scout"]}, turn=0)
    deploys = {n.split(":")[2] for n in legal(state) if ":deploy:" in n}
    assert {"C2", "D1", "D2"} <= deploys and not deploys & {"F3", "F5", "G3"}


def test_teammates_are_never_attacked():
    board = {"F4": "knight", "F5": "marshall", "F3": "cavalry"}
    state = build(ARMIES, board=board, hands={**ALL_HANDS, 2: ["knight"]}, turn=2)
    assert {n for n in legal(state) if ":attack:" in n} == {"knight:attack:F4-F3"}


def test_a_teammates_berserker_decides_its_own_repeat():
    board = {"F4": "ensign", "F5": ("berserker", 2)}
    state = build(ARMIES, board=board, hands={**ALL_HANDS, 0: ["ensign"]}, turn=0)
    state, _ = play(state, "ensign:tactic:F5-F6")
    decision = GAME.pending(state)[0]
    assert decision.seat == 2 and decision.kind == "reaction"
    state, _ = play(state, "skip")
    assert awaited(state) == 1


def test_a_teammates_warrior_priest_draws_for_its_owner():
    board = {"F4": "marshall", "F5": "warrior_priest", "F6": ("cavalry", 2)}
    state = build(ARMIES, board=board, hands={**ALL_HANDS, 0: ["marshall"]}, turn=0,
                  bags={0: ["royal"], 1: ["royal"], 2: ["knight"], 3: ["royal"]})
    state, _ = play(state, "marshall:tactic:F5-F6")
    assert state["seats"][2]["drawn"] == ["knight"]
    decision = GAME.pending(state)[0]
    assert decision.seat == 2 and decision.kind == "reaction"
    assert all(n.startswith("knight:") for n in legal(state))
    state, _ = play(state, "knight:pass")
    assert awaited(state) == 1


def test_teammates_do_not_see_each_others_hands():
    state = build(ARMIES, hands={0: ["ensign", "royal"], 1: ["royal"], 2: ["knight"], 3: ["royal"]})
    view = GAME.view(state, 0)
    assert view["private"]["hand"] == ["ensign", "royal"]
    other = build(ARMIES, hands={0: ["ensign", "royal"], 1: ["royal"], 2: ["berserker"], 3: ["royal"]})
    assert GAME.view(other, 0) == view, "the teammate's hand changes nothing in seat 0's view"
    assert view["seats"][2]["hand"] == 1
    assert view["teams"] == [[0, 2], [1, 3]] and view["markers_total"] == 8


def test_teammates_share_standings_and_a_resignation_loses_for_both():
    control = {"E1": 0, "H1": 0, "B1": 0, "E4": 0, "D5": 1, "G6": 1, "J3": 1}
    state = build(ARMIES, board={"F4": ("knight", 3)}, hands=ALL_HANDS, control=control)
    keys = GAME.standings(state)
    assert keys[0] == keys[2] and keys[1] == keys[3] and keys[0][0] == 4 and keys[1][0] == 3
    match = Match(GAME, 4, 1, {"mode": "random", "royal_guard": "revised"}, state)
    outcome = match.concede(2).match.outcome
    assert outcome.ranks[0] == outcome.ranks[2] == 3 and outcome.ranks[1] == outcome.ranks[3] == 1
