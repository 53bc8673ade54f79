"""The card set: 38 circle cards as data, every FAQ ability present, CARDS.md and VIEW.md in step."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.wallofwar import GAME
from engine.wallofwar.cards import ALWAYS_ON, CARDS, DATA, parse
from engine.wallofwar.scenario import build

ROOT = Path(__file__).resolve().parents[2]
FAQ_ABILITIES = (
    "列崩壊 突発本 一限 紙袋 第3艦橋配備 一斉点検 大量購入 列の途中 再録 牛歩 ファンネル 一番くじ "
    "転売 絨毯爆撃 最大手 雨 ドーピング 委託 軍資金補充 軽量化 一方通行 瞬殺 壁外調査 ちぇんじ 戦利品分配"
).split()


def test_thirty_eight_circle_cards_23_space_15_venue():
    assert len(CARDS.cards) == 38
    assert Counter(card.kind for card in CARDS.cards.values()) == {"space": 23, "venue": 15}
    assert sorted(CARDS.cards) == [f"c{i:02d}" for i in range(1, 39)]


def test_every_ability_the_faq_names_is_on_a_card():
    names = {ability.name.ja: key for key, ability in CARDS.abilities.items()}
    assert set(FAQ_ABILITIES) == set(names)
    for name in FAQ_ABILITIES:
        assert CARDS.with_ability(names[name]), name


def test_costs_and_always_on_cards():
    for card in CARDS.cards.values():
        assert card.cost in (0, 1, 2, 3, None)
        assert card.always_on == (card.ability in ALWAYS_ON)
        assert card.name.ja and card.name.en and 0 <= card.vp <= 5
    assert {card.cost for card in CARDS.cards.values()} == {0, 1, 2, 3, None}


def test_some_abilities_appear_on_several_cards():
    counts = Counter(card.ability for card in CARDS.cards.values())
    assert max(counts.values()) >= 2 and len(counts) == 25


def test_a_broken_card_file_fails_loudly():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["cards"][0]["cost"] = None
    with pytest.raises(ValueError, match="no cost icon"):
        parse(data)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["cards"][1]["id"] = data["cards"][0]["id"]
    with pytest.raises(ValueError, match="duplicate"):
        parse(data)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["cards"].pop()
    with pytest.raises(ValueError, match="38"):
        parse(data)


def test_cards_page_lists_every_card_as_this_projects_edition():
    page = (ROOT / "data" / "wallofwar" / "CARDS.md").read_text(encoding="utf-8")
    assert "THIS PROJECT'S EDITION" in page and "このプロジェクト版" in page
    for card in CARDS.cards.values():
        ability = CARDS.abilities[card.ability]
        cost = "なし / none" if card.cost is None else str(card.cost)
        row = f"| {card.id} | {card.name.ja}<br>{card.name.en} |"
        assert row in page, card.id
        line = next(line for line in page.splitlines() if line.startswith(row))
        assert f"| {card.vp} | {cost} | {ability.name.ja} / {ability.name.en} |" in line
    for ability in CARDS.abilities.values():
        assert ability.text.ja in page and ability.text.en in page
    total = sum(card.vp for card in CARDS.cards.values())
    assert f"勝利点の合計は{total}" in page and f"{total} victory points in all" in page


def test_view_schema_documents_every_public_key():
    doc = (ROOT / "engine" / "wallofwar" / "VIEW.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z_]+)`", doc))
    view = GAME.view(build(4, circles=[("c02", [0, 1])], cards={0: ["c01"]}), 0)
    keys = (
        set(view)
        | set(view["circles"][0])
        | set(view["seats"][0])
        | set(view["private"])
        | set(view["circles"][0]["card"])
    )
    assert keys <= documented, keys - documented
