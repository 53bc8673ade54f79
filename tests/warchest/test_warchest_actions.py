"""The basic actions and the rulebook's points about them (rulebook 2-3 and 7), one scenario each."""

from engine.warchest import GAME
from engine.warchest.scenario import build, last_action, legal, play

ARMIES = [["archer", "knight", "footman", "scout"], ["cavalry", "lancer", "pikeman", "ensign"]]


def test_deploy_onto_an_empty_location_you_control():
    state = build(ARMIES, hands={0: ["knight"]})
    deploys = {n for n in legal(state) if ":deploy:" in n}
    assert deploys == {"knight:deploy:E1", "knight:deploy:H1"}
    state, events = play(state, "knight:deploy:H1")
    assert state["board"]["H1"] == {"unit": "knight", "seat": 0, "height": 1}
    last = last_action(events)
    assert last["kind"] == "deploy" and last["to"] == "H1"
    assert "deployed Knight on H1" in events[0].text.en


def test_cannot_deploy_onto_an_occupied_location():
    """Rulebook: a controlled location holding another unit cannot be deployed onto."""
    state = build(ARMIES, board={"E1": "archer"}, hands={0: ["knight"]})
    assert {n for n in legal(state) if ":deploy:" in n} == {"knight:deploy:H1"}
    assert "occupied" in GAME.explain_illegal(state, 0, "knight:deploy:E1").en


def test_cannot_deploy_onto_neutral_or_enemy_locations():
    state = build(ARMIES, hands={0: ["knight"]}, control={"E1": 0, "H1": 1, "D5": 1, "G6": 1})
    assert {n for n in legal(state) if ":deploy:" in n} == {"knight:deploy:E1"}
    assert "does not control H1" in GAME.explain_illegal(state, 0, "knight:deploy:H1").en
    assert "not a location" in GAME.explain_illegal(state, 0, "knight:deploy:F4").en


def test_only_one_unit_of_a_type_on_the_board():
    """Rulebook: a unit type already on the board cannot be deployed again, only bolstered."""
    state = build(ARMIES, board={"F4": "knight"}, hands={0: ["knight"]})
    assert not any(":deploy:" in n for n in legal(state))
    assert "knight:bolster:F4" in legal(state)
    assert "already on the board" in GAME.explain_illegal(state, 0, "knight:deploy:E1").en


def test_footman_may_have_two_units_deployed_and_bolstered_separately():
    state = build(ARMIES, board={"F4": "footman"}, hands={0: ["footman", "footman", "footman"]}, bags={0: [], 1: []})
    assert {"footman:deploy:E1", "footman:deploy:H1", "footman:bolster:F4"} <= legal(state)
    state, _ = play(state, "footman:deploy:E1")
    state["turn"] = 0
    assert not any(":deploy:" in n for n in legal(state))
    assert {"footman:bolster:F4", "footman:bolster:E1"} <= legal(state)
    state, _ = play(state, "footman:bolster:E1")
    assert state["board"]["E1"]["height"] == 2 and state["board"]["F4"]["height"] == 1


def test_units_must_be_deployed_before_anything_else():
    """Rulebook: before deployment a unit cannot bolster, move, attack or control."""
    state = build(ARMIES, hands={0: ["knight"]})
    verbs = {n.split(":")[1] for n in legal(state) if n.startswith("knight:")}
    assert verbs == {"deploy", "recruit", "pass"}
    assert "deploy it first" in GAME.explain_illegal(state, 0, "knight:move:E1-E2").en


def test_bolster_has_no_height_limit_and_the_stack_moves_as_one():
    state = build(ARMIES, board={"F4": ("knight", 5)}, hands={0: ["knight"]})
    state, _ = play(state, "knight:bolster:F4")
    assert state["board"]["F4"]["height"] == 6
    state = build(ARMIES, board={"F4": ("knight", 3)}, hands={0: ["knight"]})
    state, _ = play(state, "knight:move:F4-F5")
    assert "F4" not in state["board"] and state["board"]["F5"]["height"] == 3


def test_move_one_step_into_an_empty_hex_and_not_when_surrounded():
    """Rulebook: a unit whose neighbours are all occupied cannot move."""
    state = build(ARMIES, board={"F4": "knight", "F3": "archer"}, hands={0: ["knight"]})
    moves = {n for n in legal(state) if ":move:" in n}
    assert len(moves) == 5 and "knight:move:F4-F3" not in moves
    assert "occupied" in GAME.explain_illegal(state, 0, "knight:move:F4-F3").en
    assert "not adjacent" in GAME.explain_illegal(state, 0, "knight:move:F4-F6").en
    ring = {"F3": "archer", "G3": "scout", "G4": "cavalry", "F5": "lancer", "E4": "pikeman", "E3": "ensign"}
    state = build(ARMIES, board={"F4": "knight", **ring}, hands={0: ["knight"]})
    assert not any(":move:" in n for n in legal(state))


def test_control_a_neutral_location():
    state = build(ARMIES, board={"E4": "knight"}, hands={0: ["knight"], 1: ["cavalry"]})
    state, events = play(state, "knight:control:E4")
    assert state["control"]["E4"] == 0 and state["markers"] == [3, 4]
    assert state["seats"][0]["up"] == ["knight"], "a maneuver coin is discarded face up"


def test_control_an_enemy_location_returns_their_marker():
    state = build(ARMIES, board={"D5": "knight"}, hands={0: ["knight"]})
    state, _ = play(state, "knight:control:D5")
    assert state["control"]["D5"] == 0 and state["markers"] == [3, 5]


def test_cannot_control_a_location_you_already_control():
    """Rulebook: you cannot re-control your own location; each location holds one marker."""
    state = build(ARMIES, board={"E1": "knight", "F4": "archer"}, hands={0: ["knight", "archer"]})
    assert "knight:control:E1" not in legal(state)
    assert not any(":control:" in n for n in legal(state))
    assert "already controls E1" in GAME.explain_illegal(state, 0, "knight:control:E1").en
    assert "not a location" in GAME.explain_illegal(state, 0, "archer:control:F4").en


def test_placing_the_last_marker_wins_at_once():
    """Rulebook: the game ends the instant a side places its last control marker."""
    control = {"E1": 0, "H1": 0, "C3": 0, "D2": 0, "E4": 0, "D5": 1, "G6": 1}
    state = build(ARMIES, board={"G3": "knight"}, hands={0: ["knight", "archer"], 1: ["cavalry"]}, control=control)
    assert state["markers"] == [1, 4]
    state, events = play(state, "knight:control:G3")
    assert GAME.pending(state) == () and state["phase"] == "over"
    outcome = GAME.outcome(state)
    assert outcome.reason == "control" and outcome.ranks == (1, 2) and outcome.winners == (0,)
    assert outcome.scores == (6.0, 2.0)
    assert "wins" in events[-1].text.en


def test_attack_removes_one_coin_from_the_game():
    state = build(ARMIES, board={"F4": "knight", "F5": ("cavalry", 2)}, hands={0: ["knight"]})
    state, events = play(state, "knight:attack:F4-F5")
    assert state["board"]["F5"]["height"] == 1
    assert "cavalry" not in state["seats"][1]["up"] + state["seats"][1]["down"]
    assert last_action(events) == {"kind": "attack", "seat": 0, "unit": "knight", "from": "F4", "to": "F4", "path": ["F4"], "target": "F5"}


def test_a_unit_losing_its_last_coin_leaves_and_may_be_deployed_again():
    """Rulebook: an unbolstered target is removed; later its other coins can deploy it again."""
    state = build(ARMIES, board={"F4": "knight", "F5": "cavalry"}, hands={0: ["knight"], 1: ["cavalry"]})
    state, events = play(state, "knight:attack:F4-F5")
    assert "F5" not in state["board"]
    assert "removed from the board" in events[-1].text.en
    assert "cavalry:deploy:D5" in legal(state, 1)


def test_cannot_attack_friends_empty_hexes_or_far_units():
    state = build(ARMIES, board={"F4": "knight", "F5": "scout", "F2": "cavalry"}, hands={0: ["knight"]})
    assert not any(":attack:" in n for n in legal(state))
    assert "your side" in GAME.explain_illegal(state, 0, "knight:attack:F4-F5").en
    assert "no unit to attack" in GAME.explain_illegal(state, 0, "knight:attack:F4-F3").en
    assert "not adjacent" in GAME.explain_illegal(state, 0, "knight:attack:F4-F2").en


def test_recruit_any_unit_from_your_supply_with_any_coin():
    """Rulebook: the recruited coin need not match the coin paid; it goes face up to your discards."""
    state = build(ARMIES, hands={0: ["archer"], 1: ["cavalry"]}, supply={0: {"archer": 2, "knight": 0, "footman": 3, "scout": 3}})
    recruits = {n for n in legal(state) if ":recruit:" in n}
    assert recruits == {"archer:recruit:archer", "archer:recruit:footman", "archer:recruit:scout"}
    state, events = play(state, "archer:recruit:footman")
    purse = state["seats"][0]
    assert purse["supply"]["footman"] == 2 and purse["up"] == ["footman"] and purse["down"] == ["archer"]
    last = last_action(events)
    assert last["kind"] == "recruit" and last["unit"] == "footman"
    assert "supply" in GAME.explain_illegal(build(ARMIES, hands={0: ["archer"]}, supply={0: {"knight": 0}}), 0, "archer:recruit:knight").en


def test_pass_is_face_down_and_does_not_bind_later_turns():
    """Rulebook: passing once does not oblige you to pass with your remaining coins."""
    state = build(ARMIES, board={"F4": "knight"}, hands={0: ["archer", "knight"], 1: ["cavalry"]})
    state, _ = play(state, "archer:pass", "cavalry:pass")
    assert state["seats"][0]["down"] == ["archer"]
    assert "knight:move:F4-F5" in legal(state)


def test_royal_coin_only_face_down():
    """Rulebook: the Royal Coin has no unit card and only does face-down actions."""
    state = build(ARMIES, board={"F4": "knight"}, hands={0: ["royal"], 1: ["cavalry"]}, turn=1, initiative=1)
    state, _ = play(state, "cavalry:pass")
    verbs = {n.split(":")[1] for n in legal(state)}
    assert verbs == {"initiative", "recruit", "pass"}
    assert "face down" in GAME.explain_illegal(state, 0, "royal:deploy:E1").en
    assert "face down" in GAME.explain_illegal(state, 0, "royal:tactic:F4-F5").en


def test_face_up_discards_are_public_and_face_down_are_not():
    state = build(ARMIES, board={"F4": "knight"}, hands={0: ["knight", "archer"], 1: ["cavalry"]})
    state, _ = play(state, "knight:move:F4-F5", "cavalry:pass")
    spectator = GAME.view(state, None)
    assert spectator["seats"][0]["discard_faceup"] == ["knight"]
    assert spectator["seats"][1]["discard_facedown"] == 1
    assert GAME.view(state, 1)["private"]["discard_facedown"] == ["cavalry"]
