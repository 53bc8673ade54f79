"""Components (用具) and this project's edition: 16 item kinds, 9 characters, validated at load."""

import copy
import json

import pytest

from engine.wunderkammer.cards import DATA, EDITION, EditionError, load, parse
from engine.wunderkammer.effects import EFFECTS


def raw():
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_sixteen_kinds_each_a_mark_and_a_number():
    assert len(EDITION.items) == 16
    assert {item.mark for item in EDITION.items.values()} == {"S", "H", "D", "C"}
    assert all(1 <= item.number <= 9 for item in EDITION.items.values())


def test_kinds_2_3_4_are_the_starting_kinds_with_18_cards_the_others_6():
    starts = {EDITION.item(kind).number for kind in EDITION.start_kinds}
    assert starts == {2, 3, 4}
    assert all(item.copies == (18 if item.start else 6) for item in EDITION.items.values())
    assert sum(item.copies for item in EDITION.items.values()) == 3 * 18 + 13 * 6


def test_nine_characters_with_four_items_and_one_ability_1_to_4_at_play():
    assert sorted(c.number for c in EDITION.characters.values()) == list(range(1, 10))
    for character in EDITION.characters.values():
        assert len(set(character.items)) == 4 and set(character.items) <= set(EDITION.items)
        assert character.ability.effect in EFFECTS
        assert (character.ability.timing == "play") == (character.number <= 4)
        assert character.text.ja and character.text.en


def test_every_item_kind_is_favoured_or_can_be_put():
    favoured = {kind for character in EDITION.characters.values() for kind in character.items}
    assert EDITION.start_kinds and set(EDITION.start_kinds) <= favoured


@pytest.mark.parametrize(
    "edit,field",
    [
        (lambda d: d["items"][0].update(number=12), "items[0].number"),
        (lambda d: d["items"][3].update(copies=18), "items[3].copies"),
        (lambda d: d["items"].pop(), "items:"),
        (lambda d: d["characters"][2].update(items=["S2", "S2", "H3", "D4"]), "characters[2].items"),
        (lambda d: d["characters"][0]["ability"].update(effect="fly"), "characters[0].ability.effect"),
        (lambda d: d["characters"][0]["ability"].update(timing="scoring"), "characters[0].ability.timing"),
        (lambda d: d["characters"][4]["ability"].update(amount=0), "characters[4].ability.amount"),
        (lambda d: d["characters"][1]["name"].pop("en"), "characters[1].name"),
    ],
)
def test_a_malformed_edition_names_the_file_and_the_field(edit, field):
    data = copy.deepcopy(raw())
    edit(data)
    with pytest.raises(EditionError) as refused:
        parse(data, "data/wunderkammer/cards.json")
    assert str(refused.value).startswith("data/wunderkammer/cards.json: ")
    assert field in str(refused.value)


def test_the_shipped_file_parses_to_the_loaded_edition():
    assert parse(raw()) == EDITION


def test_a_file_that_is_not_json_or_has_a_bad_field_is_refused_at_load_naming_it(tmp_path):
    """A group typing in its own cards edits the file by hand; load, not the first game, must say what is wrong."""
    broken = tmp_path / "cards.json"
    broken.write_text('{"marks": ', encoding="utf-8")
    with pytest.raises(EditionError) as refused:
        load(broken)
    assert str(refused.value).startswith(f"{broken}: cannot be read as JSON")
    data = raw()
    data["items"][0]["number"] = 10
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EditionError) as refused:
        load(bad)
    assert str(refused.value).startswith(f"{bad}: items[0].number")
