"""8.1 activation condition and 8.2 activation check: the seven placement cases of the rulebook's
example (通常弾(レミリア), whose activation square is the one just behind it), relative squares seen
from the owner's side, wildcards (face-down 陣, 『サポート』) and the card's own condition."""

from engine.walpurgis.scenario import build, legal, play, at


def test_case_1_an_own_same_icon_jin_one_square_away_allows_a_face_up_placement() -> None:
    state = build(field={"2c": ["0:S12:up"]}, hands={0: ["S00"]})
    assert "place S00 3c up" in legal(state, 0)


def test_case_2_an_own_face_down_jin_upright_or_sideways_counts_as_every_icon() -> None:
    for status in ("act", "dor"):
        state = build(field={"2c": [f"0:R05:{status}"]}, hands={0: ["S00"]})
        assert "place S00 3c up" in legal(state, 0)


def test_case_3_a_square_holding_a_jin_takes_no_card_from_hand_but_its_own_active_card_may_activate() -> None:
    state = build(field={"2c": ["0:S12:up"], "3c": ["0:S00:act"]}, hands={0: ["S00"]})
    assert not {"place S00 3c up", "place S00 3c down"} & legal(state, 0)
    assert "activate 3c" in legal(state, 0)
    dormant = build(field={"2c": ["0:S12:up"], "3c": ["0:S00:dor"]}, hands={0: ["S00"]})
    assert "activate 3c" not in legal(dormant, 0)


def test_case_4_danmaku_do_not_satisfy_the_condition() -> None:
    for status in ("dm", "du"):
        state = build(field={"2c": [f"0:S12:{status}"]}, hands={0: ["S00"]})
        assert "place S00 3c up" not in legal(state, 0)


def test_case_5_the_opponents_jin_does_not_satisfy_the_condition() -> None:
    for status in ("up", "act"):
        state = build(field={"2c": [f"1:S12:{status}"]}, hands={0: ["S00"]})
        assert "place S00 3c up" not in legal(state, 0)


def test_case_6_an_own_jin_with_another_icon_does_not_satisfy_the_condition() -> None:
    state = build(field={"2c": ["0:R00:up"]}, hands={0: ["S00"]})
    assert "place S00 3c up" not in legal(state, 0)


def test_case_7_a_square_with_only_danmaku_of_either_player_takes_a_card() -> None:
    state = build(field={"2c": ["0:S12:up"], "3c": ["1:R00:dm", "0:S01:du"]}, hands={0: ["S00"]})
    assert {"place S00 3c up", "place S00 3c down"} <= legal(state, 0)


def test_a_face_up_support_jin_counts_as_every_icon() -> None:
    state = build(field={"2c": ["0:N01:up"]}, hands={0: ["S00"]})
    assert "place S00 3c up" in legal(state, 0)


def test_the_matrix_is_read_from_the_owners_side_so_the_second_seat_sees_it_mirrored() -> None:
    state = build(field={"4c": ["1:S12:up"]}, hands={1: ["S00"]}, turn=1)
    assert "place S00 3c up" in legal(state, 1)
    assert "place S00 5c up" not in legal(state, 1)
    placed, _ = play(state, (1, "place S00 3c up"))
    link = placed["chain"]["links"][0]
    assert link["dm"] == [7]  # 2c: one step "forward" for seat 1 is down the board


def test_an_activation_square_off_the_field_fails_the_condition() -> None:
    state = build(field={}, hands={0: ["S00"]})
    assert not any(action.startswith("place S00 1") and action.endswith("up") for action in legal(state, 0))


def test_the_activation_check_repeats_the_cards_own_condition() -> None:
    field = {"2b": ["0:R00:act"], "2c": ["0:R00:act"], "2d": ["0:R00:act"]}
    three = build(field=field, hands={0: ["M08"]}, decks={0: ["M00x9"]})
    assert "place M08 3c up" not in legal(three, 0)
    ten = build(field=field, hands={0: ["M08"]}, decks={0: ["M00x10"]})
    assert "place M08 3c up" in legal(ten, 0)


def test_a_face_down_placement_needs_no_condition_but_a_square_without_a_jin() -> None:
    state = build(field={"3c": ["1:S00:up"], "3d": ["1:S00:dm"]}, hands={0: ["M08"]})
    actions = legal(state, 0)
    assert "place M08 3d down" in actions and "place M08 3c down" not in actions
    after, _ = play(state, (0, "place M08 5e down"))
    assert at(after, "5e") == [(0, "M08", "act")]
