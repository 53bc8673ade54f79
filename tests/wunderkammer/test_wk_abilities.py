"""Character abilities at their timings (○ marks), and シンプルプレイ: only the Play abilities of 1–4."""

from engine.wunderkammer.scenario import build, legal, play


def test_antiquarian_plays_as_one_of_its_own_items():
    state = build(2, hands={0: []}, lines={0: ["D4x2", "H3x3"]}, bench={0: ["c1"]}, decks={0: ["S2"]})
    assert "play:2:c1" in legal(state, 0) and "play:1:c1" not in legal(state, 0), "♦4 is not one of its items"


def test_conjurer_plays_as_any_item():
    state = build(2, hands={0: []}, lines={0: ["D4x2", "H3x3"]}, bench={0: ["c2"]}, decks={0: ["S2"]})
    assert {"play:1:c2", "play:2:c2"} <= legal(state, 0)
    state, _ = play(state, (0, "play:1:c2"), (0, "play:2:J"), (0, "done"))
    assert state["budget"] == 5


def test_naturalist_adds_one_per_played_line_that_held_cards():
    state = build(2, hands={0: ["D4", "H3", "S2"]}, lines={0: ["D4x2", "H3x3"]}, bench={0: ["c3"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "play:1:D4"), (0, "play:2:H3"), (0, "play:3:S2"), (0, "done"))
    assert state["budget"] == 2 + 3 + 2


def test_collector_counts_this_turns_cards_on_lines_of_its_items():
    state = build(2, hands={0: ["H3", "H3", "D4"]}, lines={0: ["H3x3", "D4"]}, bench={0: ["c4"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "play:1:H3"), (0, "play:1:H3"), (0, "play:2:D4"), (0, "done"))
    assert state["budget"] == 3 + 1 + 2, "the two ♥3 count; ♦4 is not the Collector's"


def test_sailor_adds_three_to_the_sum():
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]}, bench={0: ["c5"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "play:1:H3"), (0, "done"))
    assert state["budget"] == 5 and "take:C5" in legal(state, 0)


def test_merchant_takes_two_items_within_the_sum():
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x5"]}, bench={0: ["c6"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "play:1:H3"), (0, "done"), (0, "take:H3"))
    assert state["budget"] == 2 and legal(state, 0) == {"take:SA", "take:HA", "take:DA", "take:CA", "take:S2", "skip"}
    state, _ = play(state, (0, "take:S2"))
    assert state["seats"][0]["trash"] == ["H3", "S2"] and state["step"] != "take"


def test_alchemist_puts_twice_a_turn():
    state = build(2, step="put", hands={0: ["H3", "D4"]}, bench={0: ["c7"]}, decks={0: ["S2"]})
    state, _ = play(state, (0, "put"), (0, "put:c7:H3"))
    assert state["step"] == "put"
    state, _ = play(state, (0, "put"), (0, "put:c7:D4"))
    assert [card["kind"] for card in state["puts"]["c7"]] == ["H3", "D4"] and state["step"] == "refill"


def test_librarian_reveals_five():
    state = build(2, step="refill", bench={0: ["c8"]}, decks={0: ["S2x3", "H3x3", "D4x3"]})
    state, _ = play(state, (0, "shuffle"))
    assert sum(map(len, state["seats"][0]["lines"])) == 5 and len(state["seats"][0]["hand"]) == 4


def test_simple_play_keeps_the_play_abilities_and_ignores_the_others():
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]}, bench={0: ["c5", "c1"]}, decks={0: ["S2"]}, simple=True)
    assert "play:1:c1" in legal(state, 0)
    state, _ = play(state, (0, "play:1:H3"), (0, "done"))
    assert state["budget"] == 2, "the Sailor's +3 is ignored in simple play"
