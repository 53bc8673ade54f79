"""Every unit's tactic, attribute and restriction (reference: Units), one scenario each.

Board reminders (2-player board): F4 is the centre; its neighbours are F3 G3 G4 F5 E4 E3; the straight
lines from F4 run F3-F2-F1 (north), G3-H2-I1, G4-H4-I4, F5-F6-F7 (south), E4-D4-C4 and E3-D2-C1.
"""

from engine.warchest import GAME
from engine.warchest.scenario import awaited, build, last_action, legal, play

KEEP = {1: ["royal"]}
"""The opponent keeps a coin in hand so the round does not end (and reshuffle discards) mid-scenario."""


def side(*units):
    return list(units)


# Archer -----------------------------------------------------------------------------------------------

def test_archer_tactic_hits_any_unit_at_exactly_two_even_behind_a_unit():
    armies = [side("archer", "knight", "scout", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    board = {"F4": "archer", "F3": "cavalry", "F2": "lancer", "G5": "ensign", "G4": "scout"}
    state = build(armies, board=board, hands={0: ["archer"], **KEEP})
    tactics = {n for n in legal(state) if ":tactic:" in n}
    assert tactics == {"archer:tactic:F4-F2", "archer:tactic:F4-G5"}, "G5 is off the straight lines; F3 is adjacent"
    state, events = play(state, "archer:tactic:F4-F2")
    assert "F2" not in state["board"] and state["board"]["F3"]["height"] == 1
    last = last_action(events)
    assert last["kind"] == "tactic" and last["target"] == "F2" and last["unit"] == "archer"


def test_archer_cannot_make_normal_attacks():
    armies = [side("archer", "knight", "scout", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    state = build(armies, board={"F4": "archer", "F3": "cavalry"}, hands={0: ["archer"], **KEEP})
    assert not any(":attack:" in n for n in legal(state))
    assert "cannot make normal attacks" in GAME.explain_illegal(state, 0, "archer:attack:F4-F3").en


# Berserker --------------------------------------------------------------------------------------------

def test_berserker_maneuvers_again_by_paying_a_coin_until_one_is_left():
    armies = [side("berserker", "knight", "scout", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    state = build(armies, board={"F4": ("berserker", 3)}, hands={0: ["berserker"], **KEEP})
    state, _ = play(state, "berserker:move:F4-F5")
    decision = GAME.pending(state)[0]
    assert decision.seat == 0 and decision.kind == "turn" and "Berserker" in decision.prompt.en
    assert "skip" in legal(state) and "move:F5-F6" in legal(state)
    state, _ = play(state, "move:F5-F6")
    assert state["board"]["F6"]["height"] == 2
    assert state["seats"][0]["up"] == ["berserker", "berserker"], "the paid coin goes face up to the discards"
    state, _ = play(state, "move:F6-F7")
    assert state["board"]["F7"]["height"] == 1
    assert awaited(state) == 1, "never its last coin: the chain ends"


def test_berserker_may_stop():
    armies = [side("berserker", "knight", "scout", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    state = build(armies, board={"F4": ("berserker", 2)}, hands={0: ["berserker"], **KEEP})
    state, events = play(state, "berserker:move:F4-F5", "skip")
    assert state["board"]["F5"]["height"] == 2 and awaited(state) == 1


def test_berserker_unbolstered_gets_no_second_maneuver():
    armies = [side("berserker", "knight", "scout", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    state = build(armies, board={"F4": "berserker"}, hands={0: ["berserker"], **KEEP})
    state, _ = play(state, "berserker:move:F4-F5")
    assert state["followups"] == [] and awaited(state) == 1


def test_knight_immunity_is_checked_after_the_berserker_pays():
    """Ruling: a Berserker of two coins may attack a Knight, but not in a repeat that leaves it one coin."""
    armies = [side("berserker", "scout", "footman", "archer"), side("knight", "lancer", "ensign", "marshall")]
    board = {"F4": ("berserker", 2), "G4": "knight", "E3": "lancer"}
    state = build(armies, board=board, hands={0: ["berserker"], **KEEP})
    assert "berserker:attack:F4-G4" in legal(state)
    state, _ = play(state, "berserker:attack:F4-E3")
    assert "E3" not in state["board"]
    options = legal(state)
    assert "attack:F4-G4" not in options and "skip" in options and "move:F4-E3" in options
    assert "bolstered" in GAME.explain_illegal(state, 0, "attack:F4-G4").en


def test_berserker_repeats_after_a_granted_move():
    """Ruling: attributes trigger through granted actions (an Ensign's move)."""
    armies = [side("berserker", "ensign", "footman", "archer"), side("knight", "lancer", "scout", "marshall")]
    state = build(armies, board={"F4": "ensign", "F5": ("berserker", 2)}, hands={0: ["ensign"], **KEEP})
    state, _ = play(state, "ensign:tactic:F5-F6")
    assert state["followups"][-1]["kind"] == "berserker" and "skip" in legal(state)


# Cavalry ----------------------------------------------------------------------------------------------

def test_cavalry_tactic_moves_then_attacks_only_when_the_attack_is_possible():
    armies = [side("cavalry", "knight", "scout", "footman"), side("archer", "lancer", "ensign", "marshall")]
    state = build(armies, board={"F4": "cavalry", "F6": ("archer", 2)}, hands={0: ["cavalry"], **KEEP})
    tactics = {n for n in legal(state) if ":tactic:" in n}
    assert tactics == {"cavalry:tactic:F4-F5-F6"}, "F5 is the only empty step next to F6"
    state, events = play(state, "cavalry:tactic:F4-F5-F6")
    assert "F4" not in state["board"] and state["board"]["F5"]["unit"] == "cavalry"
    assert state["board"]["F6"]["height"] == 1
    last = last_action(events)
    assert last["path"] == ["F4", "F5"] and last["target"] == "F6"
    lonely = build(armies, board={"F4": "cavalry", "F7": "archer"}, hands={0: ["cavalry"], **KEEP})
    assert not any(":tactic" in n for n in legal(lonely))
    assert "no legal target" in GAME.explain_illegal(lonely, 0, "cavalry:tactic:F4-F5-F6").en


def test_a_one_coin_cavalry_charging_a_pikeman_is_offered_once():
    """The Pikeman strikes the last coin back, so the Cavalry leaves the board whichever hex it attacked
    from: its step changes nothing, and one way to do it is listed (the plain attack, when there is one)."""
    armies = [side("cavalry", "knight", "scout", "footman"), side("pikeman", "lancer", "ensign", "marshall")]
    far = build(armies, board={"F4": "cavalry", "G2": "pikeman"}, hands={0: ["cavalry"], **KEEP})
    assert {n for n in legal(far) if ":tactic:" in n} == {"cavalry:tactic:F4-F3-G2"}, "not also through G3"
    assert "cavalry:tactic:F4-F3-G2" in GAME.explain_illegal(far, 0, "cavalry:tactic:F4-G3-G2").en
    near = build(armies, board={"F4": "cavalry", "G3": "pikeman"}, hands={0: ["cavalry"], **KEEP})
    assert not any(":tactic:" in n for n in legal(near)) and "cavalry:attack:F4-G3" in legal(near)
    assert "cavalry:attack:F4-G3" in GAME.explain_illegal(near, 0, "cavalry:tactic:F4-F3-G3").en
    state, _ = play(far, "cavalry:tactic:F4-F3-G2")
    assert state["board"] == {}, "the Cavalry fell to the strike-back, the Pikeman to the attack"
    bolstered = build(armies, board={"F4": ("cavalry", 2), "G2": "pikeman"}, hands={0: ["cavalry"], **KEEP})
    assert {n for n in legal(bolstered) if ":tactic:" in n} == {"cavalry:tactic:F4-F3-G2", "cavalry:tactic:F4-G3-G2"}


# Crossbowman ------------------------------------------------------------------------------------------

def test_crossbowman_tactic_needs_a_straight_line_with_an_empty_middle():
    armies = [side("crossbowman", "knight", "scout", "footman"), side("archer", "lancer", "ensign", "pikeman")]
    board = {"F4": "crossbowman", "F2": "archer", "H4": "lancer", "G4": "scout", "G5": "ensign"}
    state = build(armies, board=board, hands={0: ["crossbowman"], **KEEP})
    assert {n for n in legal(state) if ":tactic:" in n} == {"crossbowman:tactic:F4-F2"}


def test_crossbowman_can_also_attack_normally():
    armies = [side("crossbowman", "knight", "scout", "footman"), side("archer", "lancer", "ensign", "pikeman")]
    state = build(armies, board={"F4": "crossbowman", "F3": "archer"}, hands={0: ["crossbowman"], **KEEP})
    assert "crossbowman:attack:F4-F3" in legal(state)


# Ensign -----------------------------------------------------------------------------------------------

def test_ensign_moves_a_friendly_unit_within_two_to_a_hex_within_two():
    armies = [side("ensign", "knight", "scout", "footman"), side("archer", "lancer", "cavalry", "pikeman")]
    board = {"F4": "ensign", "F6": "knight", "C1": "scout", "F3": "archer"}
    state = build(armies, board=board, hands={0: ["ensign"], **KEEP})
    tactics = {n for n in legal(state) if ":tactic:" in n}
    assert tactics == {"ensign:tactic:F6-F5", "ensign:tactic:F6-G5", "ensign:tactic:F6-E5"}
    assert not any(n.startswith("ensign:tactic:F4") for n in tactics), "never the Ensign itself"
    state, events = play(state, "ensign:tactic:F6-G5")
    assert state["board"]["G5"]["unit"] == "knight"
    assert state["seats"][0]["up"] == ["ensign"]
    last = last_action(events)
    assert last["path"] == ["F6", "G5"] and last["unit"] == "ensign"


# Footman ----------------------------------------------------------------------------------------------

def test_footman_tactic_each_footman_maneuvers_in_the_chosen_order():
    armies = [side("footman", "knight", "scout", "archer"), side("cavalry", "lancer", "ensign", "pikeman")]
    board = {"F4": "footman", "D2": "footman", "F5": "cavalry"}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic")
    options = legal(state)
    assert "skip" not in options, "the Footman maneuvers are part of the tactic, not optional"
    assert {"attack:F4-F5", "move:D2-D3", "control:D2"} <= options
    state, _ = play(state, "control:D2")
    assert state["control"]["D2"] == 0 and state["followups"][-1]["left"] == ["F4"]
    options = legal(state)
    assert all(n.split(":")[1].startswith("F4") for n in options)
    state, _ = play(state, "attack:F4-F5")
    assert "F5" not in state["board"] and awaited(state) == 1
    assert state["seats"][0]["up"] == ["footman"], "one coin paid for the whole tactic"


def test_footman_tactic_with_one_footman_gives_one_maneuver():
    armies = [side("footman", "knight", "scout", "archer"), side("cavalry", "lancer", "ensign", "pikeman")]
    state = build(armies, board={"F4": "footman"}, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic", "move:F4-F3")
    assert state["followups"] == [] and awaited(state) == 1


def test_footman_tactic_a_footman_freed_by_the_other_still_maneuvers():
    """Each Footman makes its maneuver when it acts: C1 is boxed in (board edge, own units) until the
    Footman on C2 moves away, and then its maneuver is still owed (mandatory, like every Footman's)."""
    armies = [side("footman", "knight", "scout", "archer"), side("cavalry", "lancer", "ensign", "pikeman")]
    board = {"C1": "footman", "C2": "footman", "D1": "knight", "D2": "scout"}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic")
    assert legal(state) == {"move:C2-C3", "move:C2-D3"}, "the boxed-in Footman has nothing to do yet"
    state, _ = play(state, "move:C2-C3")
    assert legal(state) == {"move:C1-C2"} and awaited(state) == 0
    state, _ = play(state, "move:C1-C2")
    assert state["board"]["C2"]["unit"] == "footman" and state["board"]["C3"]["unit"] == "footman"
    assert "C1" not in state["board"] and state["followups"] == [] and awaited(state) == 1
    assert state["seats"][0]["up"] == ["footman"], "one coin paid for the whole tactic"


def test_footman_tactic_skips_a_footman_still_boxed_in_when_its_turn_comes():
    armies = [side("footman", "knight", "scout", "archer"), side("cavalry", "lancer", "ensign", "pikeman")]
    board = {"C1": "footman", "C2": "footman", "D1": "knight", "D2": "scout", "C3": "archer", "D3": "cavalry"}
    state = build(armies, board=board, hands={0: ["footman"], **KEEP})
    state, _ = play(state, "footman:tactic")
    assert legal(state) == {"attack:C2-D3"}
    state, _ = play(state, "attack:C2-D3")
    assert "D3" not in state["board"] and state["board"]["C1"]["unit"] == "footman"
    assert state["followups"] == [] and awaited(state) == 1, "C1 is still boxed in: it has no maneuver to make"


# Knight -----------------------------------------------------------------------------------------------

def test_knight_can_only_be_attacked_by_bolstered_units_of_any_kind():
    armies = [side("knight", "scout", "footman", "ensign"), side("cavalry", "archer", "crossbowman", "marshall")]
    board = {"F4": "knight", "F3": "cavalry", "F6": "archer", "D2": "crossbowman"}
    state = build(armies, board=board, hands={1: ["cavalry", "archer", "crossbowman"], 0: ["royal"]}, turn=1)
    assert not any(n.endswith("F4") for n in legal(state) if ":attack:" in n or ":tactic:" in n)
    assert "bolstered" in GAME.explain_illegal(state, 1, "cavalry:attack:F3-F4").en
    board = {"F4": "knight", "F3": ("cavalry", 2), "F6": ("archer", 2), "D2": ("crossbowman", 2)}
    state = build(armies, board=board, hands={1: ["cavalry", "archer", "crossbowman"], 0: ["royal"]}, turn=1)
    assert {"cavalry:attack:F3-F4", "archer:tactic:F6-F4", "crossbowman:tactic:D2-F4"} <= legal(state)


# Lancer -----------------------------------------------------------------------------------------------

def test_lancer_charges_one_or_two_hexes_straight_then_attacks():
    armies = [side("lancer", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    board = {"F4": "lancer", "F1": "cavalry", "H4": "archer", "I4": "ensign"}
    state = build(armies, board=board, hands={0: ["lancer"], **KEEP})
    tactics = {n for n in legal(state) if ":tactic:" in n}
    assert tactics == {"lancer:tactic:F4-F2-F1", "lancer:tactic:F4-G4-H4"}
    state, events = play(state, "lancer:tactic:F4-F2-F1")
    assert state["board"]["F2"]["unit"] == "lancer" and "F1" not in state["board"]
    last = last_action(events)
    assert last["path"] == ["F4", "F3", "F2"] and last["target"] == "F1"


def test_lancer_cannot_charge_through_units_or_attack_normally():
    armies = [side("lancer", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    board = {"F4": "lancer", "F3": "knight", "F1": "cavalry", "G3": "archer"}
    state = build(armies, board=board, hands={0: ["lancer"], **KEEP})
    assert not any(":tactic:" in n or ":attack:" in n for n in legal(state))
    assert "cannot make normal attacks" in GAME.explain_illegal(state, 0, "lancer:attack:F4-G3").en


# Light Cavalry ----------------------------------------------------------------------------------------

def test_light_cavalry_moves_exactly_two_through_empty_hexes():
    armies = [side("light_cavalry", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    ring = {"F3": "knight", "G3": "scout", "G4": "cavalry", "F5": "archer", "E4": "ensign"}
    state = build(armies, board={"F4": "light_cavalry", **ring}, hands={0: ["light_cavalry"], **KEEP})
    tactics = {n.split(":")[2] for n in legal(state) if ":tactic:" in n}
    assert tactics == {"F4-D2", "F4-D3", "F4-E2"}, "only through E3, the one empty neighbour; never back to F4"
    assert "light_cavalry:move:F4-E3" in legal(state), "a plain one-hex move is still a move"
    state, events = play(state, "light_cavalry:tactic:F4-D3")
    assert state["board"]["D3"]["unit"] == "light_cavalry"
    assert last_action(events)["path"] == ["F4", "E3", "D3"]


def test_light_cavalry_tactic_lists_only_ends_a_plain_move_cannot_reach():
    """A two-step path that ends beside the start (F4-G3-F3) ends exactly where the plain move F4-F3
    does, paid with the same coin: the tactic lists the twelve hexes two away, the moves the six beside."""
    armies = [side("light_cavalry", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "light_cavalry"}, hands={0: ["light_cavalry"], **KEEP})
    tactics = {n.split(":")[2].split("-")[1] for n in legal(state) if ":tactic:" in n}
    moves = {n.split(":")[2].split("-")[1] for n in legal(state) if ":move:" in n}
    assert tactics == {"F2", "G2", "H2", "H3", "H4", "G5", "F6", "E5", "D4", "D3", "D2", "E2"}
    assert moves == {"F3", "G3", "G4", "F5", "E4", "E3"}
    assert "light_cavalry:move:F4-F3" in GAME.explain_illegal(state, 0, "light_cavalry:tactic:F4-F3").en


# Marshall ---------------------------------------------------------------------------------------------

def test_marshall_grants_a_normal_attack_to_a_friend_within_two():
    armies = [side("marshall", "knight", "archer", "lancer"), side("cavalry", "scout", "ensign", "footman")]
    board = {"F4": "marshall", "F6": "knight", "F7": "cavalry", "E3": "archer", "D2": "scout", "G3": "lancer",
             "G2": "ensign", "F3": "footman"}
    state = build(armies, board=board, hands={0: ["marshall"], **KEEP})
    tactics = {n.split(":")[2] for n in legal(state) if ":tactic:" in n}
    assert tactics == {"F6-F7"}, "not the Marshall itself (next to F3), never the Archer or the Lancer"
    state, events = play(state, "marshall:tactic:F6-F7")
    assert "F7" not in state["board"] and state["seats"][0]["up"] == ["marshall"]
    assert last_action(events) == {"kind": "tactic", "seat": 0, "unit": "marshall", "from": "F6", "to": "F6",
                             "path": ["F6"], "target": "F7"}


def test_marshall_granted_attack_respects_the_knight():
    armies = [side("marshall", "scout", "archer", "lancer"), side("knight", "cavalry", "ensign", "footman")]
    state = build(armies, board={"F4": "marshall", "F6": "scout", "F7": "knight"}, hands={0: ["marshall"], **KEEP})
    assert not any(":tactic:" in n for n in legal(state))


# Mercenary --------------------------------------------------------------------------------------------

def test_recruiting_a_mercenary_lets_the_mercenary_maneuver():
    armies = [side("mercenary", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "mercenary", "F5": "cavalry"}, hands={0: ["knight"], **KEEP})
    state, _ = play(state, "knight:recruit:mercenary")
    assert GAME.pending(state)[0].prompt.en.startswith("Mercenary")
    assert {"move:F4-F3", "attack:F4-F5", "skip"} <= legal(state)
    state, _ = play(state, "attack:F4-F5")
    assert "F5" not in state["board"] and awaited(state) == 1


def test_mercenary_maneuver_is_optional_and_needs_the_unit_on_the_board():
    armies = [side("mercenary", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "mercenary"}, hands={0: ["knight", "scout"], **KEEP})
    state, _ = play(state, "knight:recruit:mercenary", "skip")
    assert state["board"]["F4"]["unit"] == "mercenary" and awaited(state) == 1
    state = build(armies, hands={0: ["knight"], **KEEP})
    state, _ = play(state, "knight:recruit:mercenary")
    assert state["followups"] == [] and awaited(state) == 1
    state = build(armies, board={"F4": "mercenary"}, hands={0: ["knight"], **KEEP})
    state, _ = play(state, "knight:recruit:scout")
    assert state["followups"] == []


# Pikeman ----------------------------------------------------------------------------------------------

def test_pikeman_strikes_an_adjacent_attacker_at_the_same_time():
    armies = [side("pikeman", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": ("pikeman", 2), "F5": ("cavalry", 2)}, hands={1: ["cavalry"], 0: ["royal"]}, turn=1)
    state, events = play(state, "cavalry:attack:F5-F4")
    assert state["board"]["F4"]["height"] == 1 and state["board"]["F5"]["height"] == 1
    assert any("strikes back" in e.text.en for e in events)


def test_pikeman_removes_an_unbolstered_attacker_and_still_loses_its_coin():
    armies = [side("pikeman", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "pikeman", "F5": "cavalry"}, hands={1: ["cavalry"], 0: ["royal"]}, turn=1)
    state, _ = play(state, "cavalry:attack:F5-F4")
    assert state["board"] == {}


def test_pikeman_hits_knights_but_not_attacks_from_two_hexes():
    armies = [side("pikeman", "scout", "footman", "ensign"), side("knight", "archer", "crossbowman", "marshall")]
    hands = {1: ["knight", "archer", "crossbowman"], 0: ["royal"]}
    state = build(armies, board={"F4": ("pikeman", 3), "F5": ("knight", 2)}, hands=hands, turn=1)
    state, _ = play(state, "knight:attack:F5-F4")
    assert state["board"]["F5"]["height"] == 1, "not an attack, so the Knight's immunity does not stop it"
    state = build(armies, board={"F4": ("pikeman", 3), "F6": "archer", "D2": "crossbowman"}, hands=hands, turn=1)
    after, _ = play(state, "archer:tactic:F6-F4")
    assert after["board"]["F6"]["height"] == 1 and after["board"]["F4"]["height"] == 2
    after, _ = play(state, "crossbowman:tactic:D2-F4")
    assert after["board"]["D2"]["height"] == 1 and after["board"]["F4"]["height"] == 2


# Royal Guard ------------------------------------------------------------------------------------------

def test_royal_guard_owner_chooses_supply_or_unit_as_a_reaction():
    armies = [side("royal_guard", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "swordsman")]
    board = {"F4": ("royal_guard", 2), "F5": "swordsman"}
    state = build(armies, board=board, hands={1: ["swordsman", "cavalry"], 0: ["royal"]}, turn=1)
    state, _ = play(state, "swordsman:attack:F5-F4")
    decision = GAME.pending(state)[0]
    assert decision.seat == 0 and decision.kind == "reaction"
    assert legal(state, 0) == {"guard:supply", "guard:unit"} and GAME.legal_actions(state, 1) == ()
    supply_state, _ = play(state, "guard:supply")
    assert supply_state["board"]["F4"]["height"] == 2
    assert supply_state["seats"][0]["supply"]["royal_guard"] == 2
    assert supply_state["followups"][-1]["kind"] == "swordsman", "the attacker's attribute follows the defence"
    unit_state, _ = play(state, "guard:unit")
    assert unit_state["board"]["F4"]["height"] == 1 and unit_state["seats"][0]["supply"]["royal_guard"] == 3


def test_royal_guard_without_supply_coins_just_loses_one():
    armies = [side("royal_guard", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    supply = {0: {"royal_guard": 0, "knight": 2, "scout": 3, "footman": 3}}
    state = build(armies, board={"F4": ("royal_guard", 2), "F5": "cavalry"}, hands={1: ["cavalry"], 0: ["royal"]},
                  turn=1, supply=supply)
    state, _ = play(state, "cavalry:attack:F5-F4")
    assert state["followups"] == [] and state["board"]["F4"]["height"] == 1


def test_royal_guard_tactic_revised_up_to_two_hexes_to_a_controlled_empty_location():
    armies = [side("royal_guard", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    board = {"E3": "royal_guard", "D2": "cavalry"}
    control = {"E1": 0, "H1": 0, "D2": 0, "E4": 0, "D5": 1, "G6": 1}
    state = build(armies, board=board, hands={0: ["royal", "royal_guard"], **KEEP}, control=control)
    tactics = {n for n in legal(state) if ":tactic:" in n}
    assert tactics == {"royal:tactic:E3-E4", "royal:tactic:E3-E1"}, "D2 is occupied, H1 too far, G6 not ours"
    assert not any(n.startswith("royal_guard:tactic") for n in legal(state)), "only the Royal Coin pays it"
    state, _ = play(state, "royal:tactic:E3-E4")
    assert state["board"]["E4"]["unit"] == "royal_guard"
    assert state["seats"][0]["up"] == ["royal"], "discarded face up"


def test_royal_guard_tactic_never_passes_through_an_occupied_hex():
    """Ruling: multi-step moves never pass through occupied hexes (E1 is reached from E3 only via E2)."""
    armies = [side("royal_guard", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"E3": "royal_guard", "E2": "knight"}, hands={0: ["royal"], **KEEP})
    assert not any(":tactic:" in n for n in legal(state))


def test_royal_guard_tactic_2018_moves_one_hex_anywhere_empty():
    armies = [side("royal_guard", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "royal_guard"}, hands={0: ["royal"], **KEEP}, royal_guard="2018")
    tactics = {n.split(":")[2] for n in legal(state) if ":tactic:" in n}
    assert tactics == {"F4-F3", "F4-G3", "F4-G4", "F4-F5", "F4-E4", "F4-E3"}


# Scout ------------------------------------------------------------------------------------------------

def test_scout_deploys_next_to_its_owners_units():
    armies = [side("scout", "knight", "archer", "footman"), side("cavalry", "lancer", "ensign", "marshall")]
    board = {"F4": "knight", "C1": "cavalry"}
    state = build(armies, board=board, hands={0: ["scout"], **KEEP})
    deploys = {n.split(":")[2] for n in legal(state) if ":deploy:" in n}
    assert deploys == {"E1", "H1", "F3", "G3", "G4", "F5", "E4", "E3"}


# Swordsman --------------------------------------------------------------------------------------------

def test_swordsman_may_step_into_the_hex_its_target_left():
    armies = [side("swordsman", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "swordsman", "F5": "cavalry"}, hands={0: ["swordsman"], **KEEP})
    state, _ = play(state, "swordsman:attack:F4-F5")
    assert "move:F4-F5" in legal(state) and "skip" in legal(state)
    state, events = play(state, "move:F4-F5")
    assert state["board"]["F5"]["unit"] == "swordsman" and awaited(state) == 1
    last = last_action(events)
    assert last["kind"] == "move" and last["path"] == ["F4", "F5"]


def test_swordsman_move_is_optional_and_lost_if_a_pikeman_removes_it():
    armies = [side("swordsman", "knight", "scout", "footman"), side("pikeman", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "swordsman", "F5": ("pikeman", 2)}, hands={0: ["swordsman"], **KEEP})
    state, _ = play(state, "swordsman:attack:F4-F5")
    assert "F4" not in state["board"] and state["followups"] == [] and awaited(state) == 1
    state = build(armies, board={"F4": ("swordsman", 2), "F5": ("pikeman", 2)}, hands={0: ["swordsman"], **KEEP})
    state, _ = play(state, "swordsman:attack:F4-F5", "skip")
    assert state["board"]["F4"]["height"] == 1 and awaited(state) == 1


def test_swordsman_moves_after_a_marshall_granted_attack():
    armies = [side("swordsman", "marshall", "scout", "footman"), side("cavalry", "archer", "ensign", "knight")]
    board = {"F4": "marshall", "F5": "swordsman", "F6": "cavalry"}
    state = build(armies, board=board, hands={0: ["marshall"], **KEEP})
    state, _ = play(state, "marshall:tactic:F5-F6")
    assert state["followups"][-1] == {"kind": "swordsman", "seat": 0, "hex": "F5"}
    assert "move:F5-F6" in legal(state)


# Warrior Priest ---------------------------------------------------------------------------------------

def test_warrior_priest_draws_a_coin_to_use_at_once_after_attacking():
    armies = [side("warrior_priest", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "warrior_priest", "F5": ("cavalry", 2), "E1": "knight"},
                  hands={0: ["warrior_priest", "scout"], **KEEP}, bags={0: ["knight"], 1: ["royal"]})
    state, events = play(state, "warrior_priest:attack:F4-F5")
    assert state["seats"][0]["drawn"] == ["knight"] and state["seats"][0]["hand"] == ["scout"]
    assert GAME.pending(state)[0].seat == 0
    options = legal(state)
    assert options and all(n.startswith("knight:") for n in options), "only the drawn coin, not the hand"
    assert "knight:pass" in options
    private = [e for e in events if e.seat == 0]
    assert private and private[0].data == {"drawn": "knight"} and not private[0].data.get("dm")
    assert "drew Knight" in private[0].text.en
    assert "must use" in GAME.explain_illegal(state, 0, "scout:pass").en
    state, _ = play(state, "knight:move:E1-E2")
    assert state["seats"][0]["drawn"] == [] and awaited(state) == 1


def test_warrior_priest_draws_after_control_and_chains():
    armies = [side("warrior_priest", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"E4": "warrior_priest", "F5": "cavalry"},
                  hands={0: ["warrior_priest"], **KEEP}, bags={0: ["warrior_priest", "warrior_priest"], 1: ["royal"]})
    state, _ = play(state, "warrior_priest:control:E4")
    assert state["seats"][0]["drawn"] == ["warrior_priest"]
    state, _ = play(state, "warrior_priest:attack:E4-F5")
    assert state["seats"][0]["drawn"] == ["warrior_priest"], "the chain goes on"
    assert state["followups"] == [{"kind": "priest", "seat": 0}]


def test_warrior_priest_refills_an_empty_bag_and_may_find_nothing():
    armies = [side("warrior_priest", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "warrior_priest", "F5": ("cavalry", 3)},
                  hands={0: ["warrior_priest"], **KEEP}, bags={0: [], 1: ["royal"]}, discards_down={0: ["scout"]})
    state, _ = play(state, "warrior_priest:attack:F4-F5")
    assert state["seats"][0]["drawn"] in (["scout"], ["warrior_priest"]), "the whole discard pile refilled the bag"
    empty = build(armies, board={"F4": "warrior_priest", "F5": ("cavalry", 3)},
                  hands={0: ["warrior_priest"], **KEEP}, bags={0: [], 1: ["royal"]})
    empty["seats"][0]["up"] = []
    empty, _ = play(empty, "warrior_priest:attack:F4-F5")
    assert empty["seats"][0]["drawn"] == ["warrior_priest"], "the coin just discarded face up is in the pile"


def test_warrior_priest_removed_by_a_pikeman_draws_nothing():
    armies = [side("warrior_priest", "knight", "scout", "footman"), side("pikeman", "archer", "ensign", "marshall")]
    state = build(armies, board={"F4": "warrior_priest", "F5": ("pikeman", 2)},
                  hands={0: ["warrior_priest"], **KEEP}, bags={0: ["knight"], 1: ["royal"]})
    state, _ = play(state, "warrior_priest:attack:F4-F5")
    assert state["seats"][0]["drawn"] == [] and state["seats"][0]["bag"] == ["knight"] and awaited(state) == 1


def test_warrior_priest_draws_nothing_when_its_control_wins():
    armies = [side("warrior_priest", "knight", "scout", "footman"), side("cavalry", "archer", "ensign", "marshall")]
    control = {"E1": 0, "H1": 0, "C3": 0, "D2": 0, "E4": 0, "D5": 1, "G6": 1}
    state = build(armies, board={"G3": "warrior_priest"}, hands={0: ["warrior_priest"], **KEEP},
                  bags={0: ["knight"], 1: ["royal"]}, control=control)
    state, _ = play(state, "warrior_priest:control:G3")
    assert state["phase"] == "over" and state["seats"][0]["bag"] == ["knight"]
