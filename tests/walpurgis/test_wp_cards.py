"""1.2 deck limits, 3. the card layout and this project's edition: data validated at load, starters legal,
deck validation for the deck builder."""

import json
from pathlib import Path

import pytest

from engine.walpurgis import cards
from engine.walpurgis.cards import EDITION, EditionError, load, parse
from engine.walpurgis.decks import STARTERS, card_id, code_of, parse_code, refusals


def raw() -> dict:
    return json.loads(cards.DATA.read_text(encoding="utf-8"))


def test_the_edition_has_three_characters_and_forty_or_more_cards_with_the_required_keywords() -> None:
    assert {"reimu", "remilia", "marisa"} <= set(EDITION.characters)
    assert len(EDITION.cards) >= 40
    used = {word for card in EDITION.cards.values() for word in card.keywords}
    assert {"rapid", "persist", "support", "steadfast"} <= used
    timings = {timing for card in EDITION.cards.values() for timing in card.effects}
    assert {"B", "D", "A", "E"} <= timings


def test_every_card_has_both_languages_and_a_matrix_with_its_centre() -> None:
    for card in EDITION.cards.values():
        assert card.name.ja and card.name.en and card.text.ja and card.text.en
        assert card.matrix.rows[2][2] == "o"


def test_basic_shots_are_the_collective_tsujodan_with_a_caster_each() -> None:
    normals = [EDITION.card(cid) for cid in EDITION.normals]
    assert {card.name.ja for card in normals} == {"通常弾(霊夢)", "通常弾(レミリア)", "通常弾(魔理沙)"}
    assert all(card.caster for card in normals)


def test_starter_decks_are_legal_40_to_60_cards_with_a_basic_shot() -> None:
    assert set(STARTERS) == {"reimu", "remilia", "marisa"}
    for starter in STARTERS.values():
        assert 40 <= len(starter.cards) <= 60 and refusals(starter.cards) == []
        assert any(EDITION.card(cid).normal for cid in starter.cards)


def test_a_deck_of_more_than_60_cards_is_refused() -> None:
    deck = [cid for cid in sorted(EDITION.cards) for _ in range(2)][:61]
    assert [p.en for p in refusals(deck)] == ["A deck holds at most 60 cards (this one has 61)."]


def test_more_than_four_of_one_name_is_refused_naming_the_card() -> None:
    problems = refusals(["R00"] * 5 + ["通常弾(レミリア)"] * 4 + ["Master Spark"] * 6)
    assert [p.en for p in problems] == [
        "At most 4 cards of one name: Master Spark appears 6 times.",
        "At most 4 cards of one name: Basic Shot (Reimu) appears 5 times.",
    ]
    assert "通常弾(霊夢)が5枚" in problems[1].ja


def test_basic_shot_variants_are_different_names_and_do_not_share_the_limit() -> None:
    assert refusals(["R00"] * 4 + ["S00"] * 4 + ["M00"] * 4) == []


def test_the_lobby_limit_may_be_stricter_or_absent() -> None:
    assert refusals(["R01"] * 2, limit=1)[0].en == "At most 1 card of one name: Fantasy Seal appears 2 times."
    assert refusals(["R01"] * 4, limit=3)[0].ja == "同じ名前のカードは3枚までです: 夢想封印が4枚。"
    assert refusals(["R01"] * 30, limit=None) == []


def test_unknown_cards_are_named() -> None:
    assert refusals(["R01", "Nope"])[0].en == "There is no card called “Nope”."


def test_deck_codes_round_trip_and_accept_names() -> None:
    code = code_of(STARTERS["reimu"].cards)
    assert parse_code(code) == tuple(sorted(STARTERS["reimu"].cards))
    assert card_id("夢想封印") == "R01" and card_id("fantasy seal") == "R01" and card_id("r01") == "R01"


def test_a_malformed_edition_is_refused_naming_the_field() -> None:
    data = raw()
    data["cards"][3]["matrix"][1] = "..q.."
    with pytest.raises(ValueError, match=r"cards\[3\]\.matrix\[1\]\[2\]"):
        parse(data)
    data = raw()
    data["cards"][0]["effects"] = {"B": [{"op": "teleport"}]}
    with pytest.raises(ValueError, match=r"cards\[0\]\.effects\.B\[0\]\.op"):
        parse(data)
    data = raw()
    data["cards"][1]["icons"] = ["cirno"]
    with pytest.raises(ValueError, match=r"cards\[1\]\.icons"):
        parse(data)


def test_a_broken_file_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "cards.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(EditionError, match="cards.json"):
        load(broken)
