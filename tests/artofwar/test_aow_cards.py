"""The cards as the rulebook prints them, the KING edition's data checks, and decks as data."""

import json

import pytest

from engine.core.errors import BadOptions
from engine.artofwar import decks
from engine.artofwar.cards import BASIC, BASIC_UNITS, EDITION, EditionError, load, parse
from engine.artofwar.game import GAME


def test_basic_units_have_the_printed_numbers():
    printed = {
        "soldier": (None, (2, 1)),
        "archier": (1, (2, 1)),
        "priest": (1, (2, 2)),
        "guardian": (1, (3, 2)),
        "wizard": (1, (2, 1)),
    }
    assert BASIC == ("soldier", "archier", "priest", "guardian", "wizard")
    for kind, (attack, defence) in printed.items():
        assert (BASIC_UNITS[kind].attack, BASIC_UNITS[kind].defence) == (attack, defence)
        assert BASIC_UNITS[kind].support == kind


def test_the_edition_has_ten_kings_each_with_a_twenty_card_recommended_deck():
    assert len(EDITION.kings) == 10
    for king_id, king in EDITION.kings.items():
        assert king.support is None and king.name.ja and king.name.en
        assert sum(decks.recommended(king_id).counts) == 20


def edition_with(**changes):
    data = {"kings": [{"id": "k01", "name": {"ja": "王", "en": "King"}, "reach": [[0, 1]], "attack": 2,
                       "defence": [3, 2], "deck": dict.fromkeys(BASIC, 4)}]}
    data["kings"][0].update(changes)
    return data


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"reach": [[3, 1]]}, "kings[0].reach[0]"),
        ({"reach": [[0, 0]]}, "kings[0].reach[0]"),
        ({"reach": [[0, 1], [0, 1]]}, "kings[0].reach[1]"),
        ({"reach": []}, "kings[0].reach"),
        ({"attack": "2"}, "kings[0].attack"),
        ({"defence": [3]}, "kings[0].defence"),
        ({"defence": [0, 1]}, "kings[0].defence"),
        ({"deck": dict.fromkeys(BASIC, 3)}, "kings[0].deck"),
        ({"deck": {"soldier": 20}}, "kings[0].deck"),
        ({"name": {"ja": "王"}}, "kings[0].name.en"),
        ({"id": "K 1"}, "kings[0].id"),
    ],
)
def test_a_malformed_edition_is_refused_naming_the_file_and_field(changes, field):
    with pytest.raises(EditionError) as refused:
        parse(edition_with(**changes), "kings.json")
    assert str(refused.value).startswith(f"kings.json: {field}")


def test_duplicate_kings_and_bad_json_are_refused(tmp_path):
    data = edition_with()
    data["kings"].append(data["kings"][0])
    with pytest.raises(EditionError, match=r"kings\[1\]\.id"):
        parse(data)
    broken = tmp_path / "kings.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(EditionError, match="kings.json: not valid JSON"):
        load.__wrapped__(broken)
    fine = tmp_path / "ok.json"
    fine.write_text(json.dumps(edition_with()), encoding="utf-8")
    assert list(load.__wrapped__(fine).kings) == ["k01"]


def test_deck_codes_round_trip_and_are_case_and_space_tolerant():
    deck = decks.parse_code("k03:S5A5P4G3W3")
    assert deck.king == "k03" and deck.counts == (5, 5, 4, 3, 3)
    assert deck.code == "k03:S5A5P4G3W3"
    assert decks.parse_code(" K03 : s5 a5 p4 g3 w3 ") == deck
    assert decks.parse_code("k01:S20").counts == (20, 0, 0, 0, 0)
    assert decks.parse_code("k01:S20").code == "k01:S20"


@pytest.mark.parametrize(
    "code,reason",
    [
        ("k99:S4A4P4G4W4", "There is no KING"),
        ("k01:S4A4P4G4W3", "exactly 20 basic units"),
        ("k01:S4A4P4G4W5", "exactly 20 basic units"),
        ("k01:S4A4P4G4X4", "There is no unit “X”"),
        ("k01:S4S4P4G4W4", "given twice"),
        ("k01S4A4P4G4W4", "Cannot read the deck code"),
        ("garbage", "Cannot read the deck code"),
        ("", "Cannot read the deck code"),
    ],
)
def test_every_deck_mistake_is_refused_with_its_reason(code, reason):
    with pytest.raises(BadOptions) as refused:
        decks.parse_code(code)
    assert reason in refused.value.reason.en and refused.value.reason.ja


def test_options_take_starters_king_ids_and_codes_for_each_seat():
    options = GAME.validate_options(2, {"deck1": "k05", "deck2": "k02:s10w10"})
    assert options == {"deck1": "k05", "deck2": "k02:S10W10", "first": "random"}
    state = GAME.new_state(2, 3, options)
    assert state["kings"] == ["k05", "k02"]
    assert GAME.validate_options(2, {})["deck1"] == "choose"
    with pytest.raises(BadOptions):
        GAME.validate_options(2, {"deck1": "k01:S19"})


def test_a_custom_deck_is_the_country_dealt():
    state = GAME.new_state(2, 11, GAME.validate_options(2, {"deck1": "k01:W20", "deck2": "k04:G10P10"}))
    zero = state["deck"][0] + state["hand"][0]
    one = state["deck"][1] + state["hand"][1]
    assert sorted(zero) == ["wizard"] * 20
    assert sorted(one) == ["guardian"] * 10 + ["priest"] * 10
