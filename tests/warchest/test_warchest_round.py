"""Round flow: drawing, refilling, shortage, turn order, initiative, and the project's draw rules."""

from collections import Counter

from engine.warchest import GAME
from engine.warchest.scenario import awaited, build, last_action, legal, play

ARMIES = [["archer", "knight", "pikeman", "scout"], ["cavalry", "lancer", "footman", "ensign"]]


def test_each_player_draws_three_and_is_told_privately():
    state = build(
        ARMIES,
        hands={0: ["royal"]},
        bags={0: ["archer", "archer", "knight", "knight"], 1: ["royal", "cavalry", "cavalry", "lancer"]},
    )
    state, events = play(state, "royal:pass")
    assert state["round"] == 2
    assert [len(p["hand"]) for p in state["seats"]] == [3, 3]
    assert [len(p["bag"]) for p in state["seats"]] == [1, 1]
    dms = [e for e in events if e.data.get("dm")]
    assert [e.seat for e in dms] == [0, 1]
    assert [e.data["hand"] for e in dms] == [p["hand"] for p in state["seats"]]
    assert "you drew" in dms[0].text.en and "引いたコイン" in dms[0].text.ja


def test_discards_stay_out_while_the_bag_has_coins():
    state = build(
        ARMIES,
        hands={0: ["royal"]},
        bags={0: ["archer", "archer", "knight"], 1: ["royal"]},
        discards_up={0: ["pikeman"]},
    )
    state, _ = play(state, "royal:pass")
    purse = state["seats"][0]
    assert sorted(purse["hand"]) == ["archer", "archer", "knight"]
    assert purse["bag"] == [] and purse["up"] == ["pikeman"] and purse["down"] == ["royal"]


def test_empty_bag_is_refilled_from_the_whole_discard_pile_mid_draw():
    state = build(
        ARMIES,
        hands={0: ["royal"]},
        bags={0: ["archer"], 1: ["royal"]},
        discards_up={0: ["knight", "knight"]},
        discards_down={0: ["scout"]},
    )
    state, _ = play(state, "royal:pass")
    purse = state["seats"][0]
    assert "archer" in purse["hand"] and len(purse["hand"]) == 3
    assert purse["up"] == [] and purse["down"] == []
    assert Counter(purse["hand"] + purse["bag"]) == Counter(["archer", "knight", "knight", "scout", "royal"])


def test_shortage_draws_what_there_is_and_the_other_player_acts_alone():
    state = build(
        ARMIES,
        hands={1: ["cavalry"]},
        bags={0: ["archer"], 1: []},
        discards_up={0: ["knight"]},
        turn=1,
    )
    state, _ = play(state, "cavalry:deploy:D5")
    assert state["round"] == 2
    assert sorted(state["seats"][0]["hand"]) == ["archer", "knight"]
    assert state["seats"][1]["hand"] == []
    assert state["initiative"] == 1 and awaited(state) == 0
    state, _ = play(state, "archer:pass")
    assert awaited(state) == 0 and state["round"] == 2
    state, _ = play(state, "knight:pass")
    assert state["round"] == 3


def test_players_alternate_from_the_initiative_holder_and_empty_hands_are_skipped():
    state = build(ARMIES, hands={0: ["archer", "knight"], 1: ["cavalry"]}, turn=0)
    state, _ = play(state, "archer:pass")
    assert awaited(state) == 1
    state, _ = play(state, "cavalry:pass")
    assert awaited(state) == 0
    state, _ = play(state, "knight:pass")
    assert state["round"] == 2 and awaited(state) == 0


def test_claiming_the_initiative_takes_effect_next_round():
    state = build(ARMIES, hands={0: ["archer", "knight"], 1: ["cavalry", "lancer"]}, turn=0)
    state, _ = play(state, "archer:pass")
    assert "cavalry:initiative" in legal(state)
    state, events = play(state, "cavalry:initiative")
    assert state["initiative"] == 1 and state["init_changed"]
    last = last_action(events)
    assert last["kind"] == "initiative" and last["unit"] is None
    assert awaited(state) == 0, "the current round keeps its order"
    state, _ = play(state, "knight:pass", "lancer:pass")
    assert state["round"] == 2 and awaited(state) == 1 and not state["init_changed"]


def test_initiative_cannot_be_claimed_by_its_holder_or_twice_in_a_round():
    state = build(ARMIES, hands={0: ["archer", "knight"], 1: ["cavalry", "lancer"]}, turn=0)
    assert not any(n.endswith(":initiative") for n in legal(state))
    state, _ = play(state, "archer:pass", "cavalry:initiative")
    assert not any(n.endswith(":initiative") for n in legal(state)), "it already changed hands this round"
    assert "initiative" in GAME.explain_illegal(state, 0, "knight:initiative").en


def test_the_game_is_a_draw_after_100_rounds():
    state = build(ARMIES, hands={0: ["royal"]}, round_number=100)
    state, events = play(state, "royal:pass")
    assert GAME.pending(state) == ()
    outcome = GAME.outcome(state)
    assert outcome.reason == "draw" and outcome.ranks == (1, 1) and outcome.is_draw
    assert state["result"] == {"winner": None, "reason": "rounds"}


def test_round_99_ending_still_starts_round_100():
    state = build(ARMIES, hands={0: ["royal"]}, round_number=99)
    state, _ = play(state, "royal:pass")
    assert state["round"] == 100 and GAME.outcome(state) is None


def test_the_game_is_a_draw_when_a_round_begins_and_nobody_can_draw():
    state = build(ARMIES, hands={0: ["archer"]}, bags={0: [], 1: []})
    state, _ = play(state, "archer:deploy:E1")
    assert state["result"] == {"winner": None, "reason": "no_coins"}
    assert GAME.outcome(state).is_draw and GAME.pending(state) == ()
