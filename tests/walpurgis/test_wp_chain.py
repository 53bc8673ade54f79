"""8.3 the chain (速射, B effects, danmaku, interception, D effects, destruction, A effects, chain end)
and 8.4 the interception condition, with the rulebook's interception example."""

from engine.walpurgis.scenario import at, build, legal, play, waiting


def test_rapid_fire_places_face_down_danmaku_on_any_of_its_squares_first() -> None:
    state = build(field={"2c": ["0:M12:up"]}, hands={0: ["M09"]}, decks={0: ["M00x10"]})
    state, _ = play(state, (0, "place M09 3c up"))
    assert state["chain"]["step"] == "rapid"
    assert {"fire none", "fire 3b", "fire 3d", "fire 3b 3d"} == legal(state, 0)
    state, _ = play(state, (0, "fire 3b 3d"))
    assert at(state, "3b") == [(0, "M00", "dm")] and at(state, "3d") == [(0, "M00", "dm")]
    assert state["chain"]["step"] == "barrage" and legal(state, 0) == {"fire none", "fire 4c"}


def test_rapid_destruction_squares_resolve_at_destruction() -> None:
    state = build(field={"2c": ["0:M12:up"], "4c": ["1:S00:act"]}, hands={0: ["M05"]})
    state, _ = play(state, (0, "place M05 3c up"))
    assert state["chain"]["step"] == "barrage"
    state, _ = play(state, (0, "fire none"))
    assert at(state, "4c") == [(1, "S00", "act")], "not destroyed before ⑦"
    state, _ = play(state, (1, "pass"))
    assert at(state, "4c") == [] and state["discard"][1] == ["S00"]


def test_b_effects_resolve_after_rapid_fire_and_before_the_danmaku() -> None:
    state = build(field={"2c": ["0:R12:act"]}, hands={0: ["N01"]}, decks={0: ["R00x5"]})
    state, _ = play(state, (0, "place N01 3c up"))
    assert state["hand"][0] == ["R00"] and state["chain"]["step"] == "barrage"


def test_placing_no_danmaku_is_legal_and_leaves_no_square_to_intercept() -> None:
    base = dict(field={"1c": ["0:R00:up"], "5c": ["1:S12:up"]}, hands={0: ["R00"], 1: ["S00"]})
    state, _ = play(build(**base), (0, "place R00 2c up"))
    assert "fire none" in legal(state, 0)
    quiet, _ = play(state, (0, "fire none"))
    assert legal(quiet, 1) == {"pass"}
    loud, _ = play(state, (0, "fire 3c"))
    assert "place S00 4c up" in legal(loud, 1)


def test_interception_example_no_overlap_no_interception() -> None:
    state = build(field={"1c": ["0:S12:up"], "5a": ["1:S12:up"]}, hands={0: ["S00"], 1: ["S00"]})
    state, _ = play(state, (0, "place S00 2c up"), (0, "fire 3c"))
    assert "place S00 4a up" not in legal(state, 1)


def test_interception_example_overlapping_the_placed_danmaku_allows_a_placement_or_a_flip() -> None:
    state = build(field={"1c": ["0:S12:up"], "5c": ["1:S12:up"]}, hands={0: ["S00"], 1: ["S00"]})
    state, _ = play(state, (0, "place S00 2c up"), (0, "fire 3c"))
    assert "place S00 4c up" in legal(state, 1)
    flip = build(field={"1c": ["0:S12:up"], "5c": ["1:S12:up"], "4c": ["1:S00:act"]}, hands={0: ["S00"]})
    flip, _ = play(flip, (0, "place S00 2c up"), (0, "fire 3c"))
    assert "activate 4c" in legal(flip, 1)


def test_interception_alternates_until_one_side_declines() -> None:
    state = build(
        field={"1c": ["0:R00:up"], "1b": ["0:R00:act"], "5c": ["1:S12:up"]},
        hands={0: ["R00", "R12"], 1: ["S00"]},
    )
    state, _ = play(state, (0, "place R00 2c up"), (0, "fire 3c"), (1, "place S00 4c up"), (1, "fire 3c"))
    assert waiting(state) == [0] and "place R12 2b up" in legal(state, 0)
    state, _ = play(state, (0, "place R12 2b up"), (0, "fire 3a 3c"))
    assert waiting(state) == [1] and "pass" in legal(state, 1)
    assert [link["o"] for link in state["chain"]["links"]] == [0, 1, 0]
    state, _ = play(state, (1, "pass"))
    assert state["chain"] is None, "3c: both strip a face-down danmaku at once; seat 0's second one is left alone"
    assert [(owner, status) for owner, _, status in at(state, "3c")] == [(0, "dm")]


def test_interception_is_checked_against_the_last_card_only() -> None:
    state = build(field={"1c": ["0:R00:up"], "5c": ["1:S12:up"], "5e": ["1:S12:up"]}, hands={0: ["R00"], 1: ["S00", "S00"]})
    state, _ = play(state, (0, "place R00 2c up"), (0, "fire 3c"), (1, "place S00 4c up"), (1, "fire none"))
    assert state["chain"]["step"] == "intercept" and waiting(state) == [0]


def test_d_effects_resolve_alternately_from_the_turn_player_each_choosing_their_order() -> None:
    state = build(
        field={"1e": ["0:R00:up"], "2a": ["0:S06:fire"], "2b": ["0:S13:fire"], "4a": ["1:S06:fire"]},
        hands={0: ["R00"]},
        discard={0: ["R01"], 1: ["S05"]},
        piles={0: ["R02"]},
    )
    state, _ = play(state, (0, "place R00 2e up"), (0, "fire none"), (1, "pass"))
    assert waiting(state) == [0] and legal(state, 0) == {"resolve 2a", "resolve 2b"}
    state, _ = play(state, (0, "resolve 2b"))
    assert state["deck"][0][-1] == "R02", "S13 recovered first"
    assert state["hand"][1] == ["S05"] and state["hand"][0] == ["R01"], "then seat 1's, then seat 0's last"


def test_destruction_discards_the_opponents_jin_on_the_destruction_squares_of_activated_cards() -> None:
    state = build(field={"1c": ["0:S12:up"], "2c": ["0:S12:up"], "4c": ["1:M00:up"], "5c": ["0:R00:act"]}, hands={0: ["S01"]})
    state, _ = play(state, (0, "place S01 3c up"), (0, "fire none"), (1, "pass"))
    assert at(state, "4c") == [] and at(state, "5c") == [(0, "R00", "act")]
    assert state["discard"][1] == ["M00"]


def test_reckless_destruction_hits_its_owners_cards_too() -> None:
    state = build(field={"3b": ["0:S12:up"], "3d": ["0:S12:up"], "4b": ["0:R00:act"], "4d": ["1:M00:act"]}, hands={0: ["S03"]})
    state, _ = play(state, (0, "place S03 3c up"), (1, "pass"))
    assert at(state, "4b") == [] and at(state, "4d") == []
    assert at(state, "2b") == [] and state["discard"] == [["R00"], ["M00"]]


def test_an_activated_card_stripped_in_processing_destroys_nothing() -> None:
    state = build(field={"1c": ["0:S12:up"], "2c": ["0:S12:up"], "5c": ["1:M12:up"]}, hands={0: ["S01"], 1: ["M00"]})
    state, _ = play(state, (0, "place S01 3c up"), (0, "fire none"))
    assert "place M00 4c up" in legal(state, 1), "M00 at 4c reaches 2c, an activation square of S01"
    state, _ = play(state, (1, "place M00 4c up"), (1, "fire 3c"), (0, "pass"))
    assert at(state, "3c") == [(0, "S01", "dor")], "the activated jin was stripped to dormant"
    assert at(state, "5c") == [(1, "M12", "up")], "so its destruction square 5c is spared"


def test_a_effects_turn_activated_cards_upright_and_persist_may_stay_sideways() -> None:
    state = build(field={"1b": ["0:R00:up"], "1d": ["0:R00:up"], "1c": ["0:R00:up"]}, hands={0: ["R01"]}, decks={0: ["R00x5"]})
    state, _ = play(state, (0, "place R01 2c up"), (0, "fire none"), (1, "pass"))
    assert at(state, "2c") == [(0, "R01", "up")] and len(state["hand"][0]) == 1, "A: draw 1"
    persist = build(field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "1c": ["0:R00:act"], "3c": ["1:S00:act"]}, hands={0: ["R05"]})
    persist, _ = play(persist, (0, "place R05 2c up"), (1, "pass"))
    assert legal(persist, 0) == {"upright 2c", "hold"}
    persist, _ = play(persist, (0, "hold"))
    assert at(persist, "2c") == [(0, "R05", "fire")] and persist["stage"] == "main"


def test_a_persisting_card_destroys_again_in_the_next_chain_and_turns_upright_at_the_end_phase() -> None:
    state = build(
        field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "1c": ["0:R00:act"], "2c": ["0:R05:fire"], "1e": ["0:R00:up"], "3b": ["1:S00:act"]},
        hands={0: ["R00"]},
    )
    state, _ = play(state, (0, "place R00 2e up"), (0, "fire none"), (1, "pass"), (0, "upright 2e"), (0, "hold"))
    assert at(state, "3b") == [] and state["discard"][1] == ["S00"]
    state, _ = play(state, (0, "end"))
    assert at(state, "2c") == [(0, "R05", "up")]


def test_chain_end_effects_resolve_for_cards_of_this_chain() -> None:
    state = build(field={"1b": ["0:R00:up"], "1d": ["0:R00:up"]}, hands={0: ["R10"]}, decks={0: ["R00x5"]}, piles={0: ["R05"]})
    state, _ = play(state, (0, "place R10 2c up"), (1, "pass"))
    assert state["chain"] is None and state["deck"][0][-1] == "R05" and state["pile"][0] == []


def test_a_card_activated_without_the_activation_check_has_no_destruction_squares() -> None:
    state = build(field={"1e": ["0:R00:up"], "2c": ["0:S01:fire"], "3c": ["1:M00:act"]}, hands={0: ["R00"]})
    del state["field"][7][0]["m"]
    state, _ = play(state, (0, "place R00 2e up"), (0, "fire none"), (1, "pass"))
    assert at(state, "3c") == [(1, "M00", "act")]


def test_an_interception_reaching_only_through_its_danmaku_squares_may_still_place_none() -> None:
    state = build(field={"1c": ["0:S12:up"], "5d": ["1:N01:up"]}, hands={0: ["S00"], 1: ["R12"]})
    state, _ = play(state, (0, "place S00 2c up"), (0, "fire 3c"))
    assert "place R12 4d up" in legal(state, 1), "R12 at 4d targets 3c and 3e; 3c holds S00's danmaku"
    state, _ = play(state, (1, "place R12 4d up"))
    assert "fire none" in legal(state, 1)
