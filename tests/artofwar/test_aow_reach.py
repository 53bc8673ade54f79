"""Attack ranges as the rulebook draws them, from several squares and from both sides of the table.

Squares: `a1 b1 c1` front, `a2 b2 c2` back; columns are lettered from seat 0's side, so facing squares
share a letter. Targets are listed only where an enemy unit stands; here the enemy side is full.
"""

import pytest

from engine.artofwar import cards
from engine.artofwar.board import reach
from engine.artofwar.scenario import build, legal

FULL = {square: "soldier" for square in ("a1", "b1", "c1", "a2", "b2", "c2")}


def attack_targets(card, square, seat=0, king="k01"):
    own = {square: card}
    if square.endswith("2"):
        own[square[0] + "1"] = "guardian"
    fields = (own, FULL) if seat == 0 else (FULL, own)
    kings = (king, "k01") if seat == 0 else ("k01", king)
    state = build(kings=kings, fields=fields, hands=(["soldier"], ["soldier"]), turn=seat)
    return {n.split("-")[1] for n in legal(state, seat) if n.startswith(f"atk:{square}-")}


@pytest.mark.parametrize(
    "card,square,expected",
    [
        ("soldier", "b1", {"b1"}),
        ("soldier", "a1", {"a1"}),
        ("soldier", "b2", set()),
        ("guardian", "c1", {"c1"}),
        ("guardian", "c2", set()),
        ("archier", "a1", {"b2", "c1"}),
        ("archier", "b1", {"a2", "c2"}),
        ("archier", "c1", {"b2", "a1"}),
        ("archier", "b2", {"a1", "c1"}),
        ("archier", "a2", {"b1"}),
        ("priest", "b1", {"a1", "c1"}),
        ("priest", "a1", {"b1", "c2"}),
        ("priest", "c1", {"b1", "a2"}),
        ("priest", "b2", set()),
        ("priest", "a2", {"c1"}),
        ("wizard", "b1", {"b1", "b2"}),
        ("wizard", "a2", {"a1", "a2"}),
        ("wizard", "c2", {"c1", "c2"}),
    ],
)
def test_basic_unit_reach_from_seat_0(card, square, expected):
    assert attack_targets(card, square) == expected


@pytest.mark.parametrize(
    "card,square,expected",
    [
        ("soldier", "a1", {"a1"}),
        ("archier", "a1", {"b2", "c1"}),
        ("archier", "c2", {"b1"}),
        ("priest", "c1", {"b1", "a2"}),
        ("wizard", "b2", {"b1", "b2"}),
    ],
)
def test_seat_1_faces_the_other_way_and_facing_squares_share_a_letter(card, square, expected):
    assert attack_targets(card, square, seat=1) == expected


def test_only_enemy_units_in_reach_are_targets():
    state = build(fields=({"b1": "wizard"}, {"a1": "soldier", "b2": "guardian", "b1": "priest"}), hands=(["soldier"], []))
    assert {n for n in legal(state) if n.startswith("atk:")} == {"atk:b1-b1", "atk:b1-b2"}
    state = build(fields=({"b1": "wizard"}, {"a1": "soldier"}), hands=(["soldier"], []))
    assert not {n for n in legal(state) if n.startswith("atk:")}


def test_a_king_attacks_with_its_edition_reach():
    assert attack_targets("king", "b1", king="k04") == {"b1", "b2"}
    assert attack_targets("king", "b1", king="k02") == {"b1", "a2", "c2"}
    assert attack_targets("king", "b1", king="k01") == {"a1", "b1", "c1"}


def test_an_asymmetric_reach_is_mirrored_for_seat_1(monkeypatch):
    edition = cards.parse(
        {"kings": [{"id": "k01", "name": {"ja": "右王", "en": "Right King"}, "reach": [[1, 1]], "attack": 1,
                    "defence": [2, 1], "deck": dict.fromkeys(cards.BASIC, 4)}]}
    )
    monkeypatch.setattr(cards, "EDITION", edition)
    assert reach("king", "k01", 0, "a1") == ["b1"]
    assert reach("king", "k01", 1, "a1") == []
    assert reach("king", "k01", 1, "b1") == ["a1"]
