"""Every FAQ question of the rulebook, as a scenario with the exact outcome the answer gives."""

import pytest

from engine.wallofwar import GAME
from engine.wallofwar.abilities import STOPPED_BY_INSPECTION
from engine.wallofwar.board import price
from engine.wallofwar.scenario import allow_all, build, card_of, legal, lines, play, waiting

FILLERS = ["c02", "c03", "c05", "c07"]


def row(*line_seats):
    return [(FILLERS[index], seats) for index, seats in enumerate(line_seats)]


def abilities_of(state, seat):
    return {notation for notation in legal(state, seat) if notation.startswith("ab:")}


def test_line_collapse_may_swap_only_other_players_cards():
    """Q.【列崩壊】自分の購入者カードを含む必要はありますか? A.いいえ。"""
    card = card_of("retsu_houkai")
    state = build(4, circles=row([1, 2], [3, 0]), cards={0: [card]})
    state, _ = play(state, (0, f"ab:{card}:1.1:1.2"))
    assert lines(state) == [[2, 1], [3, 0]]


@pytest.mark.parametrize("has,gives", [(1, 1), (0, 0)])
def test_surprise_zine_takes_what_the_target_has(has, gives):
    """Q.【突発本】手持ちの軍資金が①しかありません。もしくはゼロです。 A.①なら①を渡す。ゼロなら渡さない。"""
    card = card_of("toppatsu")
    state = build(4, circles=row([0]), cards={0: [card]}, medals=[5, has, 5, 5])
    state, _ = play(state, (0, f"ab:{card}:p2"))
    assert state["medals"][:2] == [5 - 1 + gives, has - gives]


def test_one_per_person_the_owner_picks_the_earlier_or_later_card():
    """Q.【一限】誰が、どちらの購入者カードを取り除きますか? A.置いたプレイヤーが、先か後かを選んで取り除く。"""
    card = card_of("ichigen")
    state = build(4, circles=row([2, 1, 2, 3, 1]), cards={0: [card]})
    state, _ = play(state, (0, f"ab:{card}:1"))
    assert waiting(state) == [1]
    state, _ = play(state, (1, "drop:front"))
    assert waiting(state) == [2]
    state, _ = play(state, (2, "drop:back"))
    assert lines(state)[0] == [2, 3, 1]


def test_paper_bag_charges_every_tied_player_including_its_user():
    """Q.【紙袋】一番多く獲得しているプレイヤーが複数人います。 A.全員が支払う。使用した本人も含まれれば本人も。"""
    card = card_of("kamibukuro")
    state = build(4, circles=row([0]), cards={0: [card, "c08"], 2: ["c10", "c11"], 3: ["c12"]})
    state, _ = play(state, (0, f"ab:{card}"))
    state, _ = allow_all(state)
    assert state["medals"] == [5 - 1 - 2, 5, 3, 5]


def test_third_bridge_heading_two_lines_costs_two():
    """Q.【第3艦橋配備】複数列で先頭にいた場合? A.2つのサークルの先頭なら合計で軍資金②を失う。"""
    card = card_of("dai3_kankyo")
    state = build(4, circles=row([2, 0], [2, 1], [3]), cards={0: [card]})
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["medals"] == [4, 5, 3, 4]


def test_floor_inspection_undoes_nothing_already_resolved():
    """Q.【一斉点検】使用前に既に動いてしまった場合は? A.発動済みの効果は巻き戻さない。"""
    collapse, walk, inspect = card_of("retsu_houkai"), card_of("gyuuho"), card_of("tenken")
    state = build(4, circles=row([1, 2], [3, 0]), cards={0: [collapse], 1: [walk], 2: [inspect]}, medals=[5, 5, 5, 1])
    state, _ = play(state, (0, f"ab:{collapse}:1.1:2.2"), (1, "allow"), (2, "allow"))
    state, _ = play(state, (1, f"ab:{walk}:2"), (2, "allow"))
    state, _ = play(state, (2, f"ab:{inspect}"))
    assert state["inspect"]
    assert lines(state) == [[0, 2], [3, 1]]
    assert price(state, state["circles"][1], 3) == 4


STOPPABLE = ["retsu_houkai", "ichigen", "ippou", "shunsatsu", "dai3_kankyo", "gyuuho"]
UNSTOPPABLE = ["toppatsu", "hekigai", "tairyou", "sairoku", "funnel", "saioote", "change", "senrihin"]


def inspected(ability):
    """Seat 1 holds `ability` in a position where it could be used, after seat 0's Floor Inspection."""
    inspect = card_of("tenken")
    card = card_of(ability)
    state = build(
        4,
        circles=row([1, 2, 1], [3, 0], [2]),
        cards={0: [inspect], 1: [card], 2: ["c08", "c09", "c10"]},
        medals=[5, 5, 1, 1],
    )
    before = abilities_of(
        build(4, first=1, circles=row([1, 2, 1], [3, 0], [2]), cards={1: [card], 2: ["c08", "c09", "c10"]}), 1
    )
    state, _ = play(state, (0, f"ab:{inspect}"), (1, "allow"))
    return before, abilities_of(state, 1)


@pytest.mark.parametrize("ability", STOPPABLE)
def test_floor_inspection_stops_these(ability):
    """Q.【一斉点検】防げるもの: 列崩壊・一限・一方通行・瞬殺・第3艦橋配備・牛歩。"""
    before, after = inspected(ability)
    assert before and not after


@pytest.mark.parametrize("ability", UNSTOPPABLE)
def test_floor_inspection_does_not_stop_these(ability):
    """Q.【一斉点検】防げないもの: 突発本・壁外調査・大量購入・再録・ファンネル・最大手・ちぇんじ・戦利品分配。"""
    before, after = inspected(ability)
    assert before and after == before


def test_the_inspection_lists_are_the_engines():
    assert STOPPED_BY_INSPECTION == set(STOPPABLE)
    assert not STOPPED_BY_INSPECTION & set(UNSTOPPABLE)


def test_bulk_buying_never_makes_a_price_negative():
    """Q.【大量購入】購入コストの最小はいくつですか? A.ゼロ。マイナスにはならない。"""
    card = card_of("tairyou")
    state = build(4, circles=row([0], [1]), cards={0: [card]})
    state, _ = play(state, (0, f"ab:{card}"))
    assert price(state, state["circles"][0], 0) == 0
    state, _ = play(state, (0, "buy"))
    assert state["medals"][0] == 4


def test_mid_line_reshuffle_refunds_no_cost_paid_before():
    """Q.【列の途中】使用前に既に支払ったコストは? A.巻き戻さない。"""
    reprint, reshuffle = card_of("sairoku"), card_of("retsu_tochuu")
    state = build(4, circles=row([1, 2], [3, 0]), cards={0: [reprint], 1: [reshuffle]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{reprint}:1"), (1, "allow"))
    state, _ = play(state, (1, f"ab:{reshuffle}"))
    assert state["phase"] == "queue" and state["medals"] == [4, 3, 1, 1]
    assert state["fx"] == [{"op": "set", "v": 2, "card": "c02"}]


def test_reprint_then_slow_walk_costs_four():
    """Q.【再録】コストが②になった後【牛歩】を使用されました。 A.後から上書き。購入コストは④。"""
    reprint, walk = card_of("sairoku"), card_of("gyuuho")
    state = build(4, circles=row([1, 2, 3], [0]), cards={0: [reprint], 1: [walk]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{reprint}:1"), (1, "allow"))
    assert GAME.view(state, None)["circles"][0]["price"] == 2
    state, _ = play(state, (1, f"ab:{walk}:1"))
    assert GAME.view(state, None)["circles"][0]["price"] == 4


def test_funnel_each_purchaser_card_comes_back_only_once():
    """Q.【ファンネル】取り除かれたら何回でも並べ直していいんですか? A.1枚につき1回ずつのみ。"""
    card = card_of("funnel")
    state = build(4, circles=row([0, 1], [2], [3, 0], [1]), cards={0: [card]})
    state, _ = play(state, (0, f"ab:{card}"), (0, "pass"), (0, "fq:2"))
    assert lines(state)[1] == [2, 0]
    state, _ = play(state, (1, "pass"), (2, "pass"))
    assert waiting(state) == [0] and legal(state, 0) == {"buy", "pass"}
    state, _ = play(state, (0, "pass"))
    assert waiting(state) == [3]
    state, _ = play(state, (3, "buy"))
    assert waiting(state) == [0] and legal(state, 0) == {"fq:4", "fq:no"}
    state, _ = play(state, (0, "fq:4"))
    assert lines(state)[3] == [1, 0]
    state, _ = play(state, (1, "pass"), (0, "pass"))
    assert state["turn"] == 2


@pytest.mark.parametrize("use_it", [True, False])
def test_lucky_draw_puts_the_card_back_on_top_either_way(use_it):
    """Q.【一番くじ】オープンした後は? A.使用してもしなくても一番上に戻す。次のターンの1枚目になる。"""
    kuji, top = card_of("ichiban_kuji"), card_of("toppatsu")
    state = build(4, circles=row([0], [1], [2], [3]), cards={0: [kuji]}, deck=[top, "c20", "c21", "c22", "c23"])
    state, _ = play(state, (0, f"ab:{kuji}"))
    state, _ = play(state, (0, f"ab:{top}:p2" if use_it else "skip"))
    assert state["deck"][0] == top
    assert state["medals"][:2] == ([5, 3] if use_it else [4, 5])
    while state["turn"] == 1:
        seat = waiting(state)[0]
        state, _ = play(state, (seat, "pass"))
    assert state["circles"][0]["card"] == top


def test_lucky_draw_cannot_use_a_card_without_a_cost():
    """Q.【一番くじ】オープンしたらコストの無いカードでした。 A.特殊能力は使用できない。"""
    kuji = card_of("ichiban_kuji")
    state = build(4, circles=row([0], [1]), cards={0: [kuji]}, deck=[card_of("doping"), "c20"])
    state, events = play(state, (0, f"ab:{kuji}"))
    assert state["asks"] == [] and state["phase"] == "purchase"
    assert state["deck"][0] == card_of("doping")
    assert any(event.data.get("kind") == "kuji_back" for event in events)


@pytest.mark.parametrize("ability", ["tenbai", "juutan"])
def test_lucky_draw_discards_itself_for_a_discard_this_card_ability(ability):
    """Q.【一番くじ】「このカードを捨てる」と書いてあります。 A.【一番くじ】を捨てる。【転売】【絨毯爆撃】も同様。"""
    kuji, top = card_of("ichiban_kuji"), card_of(ability)
    state = build(4, circles=row([0], [1]), cards={0: [kuji]}, deck=[top, "c20"], discard=["c16"])
    state, _ = play(state, (0, f"ab:{kuji}"))
    follow = {notation for notation in legal(state, 0) if notation != "skip"}
    state, _ = play(state, (0, sorted(follow)[0]))
    assert kuji in state["discard"] and state["deck"][0] == top
    assert kuji not in state["hands"][0]


@pytest.mark.parametrize("order", ["top_first", "skip_first"])
def test_a_skip_removes_the_second_processing_of_a_top_circle(order):
    """Q.【最大手】1回目と2回目、どちらがスキップされますか? A.「2回目」をスキップ。"""
    top, skip = card_of("saioote"), card_of("shunsatsu")
    first, second = (top, skip) if order == "top_first" else (skip, top)
    state = build(4, circles=row([2, 3], [0, 1]), cards={0: [first], 1: [second]})
    state, _ = play(state, (0, f"ab:{first}:1"), (1, "allow"), (1, f"ab:{second}:1"))
    assert state["circles"][0]["runs"] == 1
    state, _ = play(state, (2, "pass"), (3, "buy"))
    assert state["hands"][3] == ["c02"] and state["cur"] == 1


def test_rain_user_may_use_only_rain_that_turn():
    """Q.【雨】使用した際、他のカードの特殊能力は使用できますか? A.使用できない。そのターンは【雨】のみ。"""
    rain, zine, walk = card_of("ame"), card_of("toppatsu"), card_of("gyuuho")
    state = build(4, circles=row([0], [1]), cards={0: [walk, "c10"], 1: [rain, zine]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{walk}:1"), (1, "rain"))
    assert state["rained"][1] and state["medals"][1] == 3
    assert waiting(state) == [0] and state["phase"] == "purchase"


def test_a_player_who_passed_may_still_rain():
    """Q.【雨】自分がパスした後、他のプレイヤーの特殊能力に【雨】を使用できますか? A.可能。"""
    rain, zine = card_of("ame"), card_of("toppatsu")
    state = build(4, circles=row([0], [1]), cards={0: [rain], 1: [zine]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, "pass"), (1, f"ab:{zine}:p1"))
    assert waiting(state) == [0] and legal(state, 0) == {"rain", "allow"}
    state, _ = play(state, (0, "rain"))
    assert state["medals"][:2] == [3, 4]


def test_a_player_who_used_another_ability_cannot_rain():
    rain, zine, reprint = card_of("ame"), card_of("toppatsu"), card_of("sairoku")
    state = build(4, circles=row([0], [1]), cards={0: [rain, reprint], 1: [zine]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{reprint}:1"), (1, "allow"), (1, f"ab:{zine}:p1"))
    assert state["asks"] == [] and state["medals"][:2] == [2, 6]


def test_rain_is_paid_every_time():
    """Q.【雨】「何度でも使用できる」とありますが、コストは? A.使用するたびに支払う。"""
    rain, zine, reprint = card_of("ame"), card_of("toppatsu"), card_of("sairoku")
    state = build(4, circles=row([0], [1]), cards={0: [zine, "c10"], 1: [rain], 2: [reprint]}, medals=[5, 6, 5, 1])
    state, _ = play(state, (0, f"ab:{zine}:p2"), (1, "rain"), (2, "allow"))
    assert state["medals"][1] == 4
    state, _ = play(state, (2, f"ab:{reprint}:1"), (1, "rain"))
    assert state["medals"][1] == 2 and state["fx"] == []


def test_rain_on_a_discard_this_card_ability_rolls_back_all_but_the_cost():
    """Q.【雨】「カードを捨てる」効果を無効にした場合は? A.コスト以外はすべて巻き戻す。"""
    rain, resale = card_of("ame"), card_of("tenbai")
    bomb = card_of("juutan")
    state = build(4, circles=row([0], [1]), cards={0: [bomb], 1: [rain]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{bomb}"), (1, "rain"))
    assert state["hands"][0] == [bomb] and state["discard"] == [] and state["fx"] == []
    assert state["medals"][:2] == [4, 3]
    state = build(4, circles=row([0], [1]), cards={0: [resale], 1: [rain]}, medals=[5, 5, 1, 1], discard=["c16"])
    state, _ = play(state, (0, f"ab:{resale}:c16"), (1, "rain"))
    assert state["hands"][0] == [resale] and state["discard"] == ["c16"]


@pytest.mark.parametrize("ability,target", [("itaku", "2"), ("tenbai", "c16")])
def test_doping_pays_for_cards_gained_without_buying(ability, target):
    """Q.【ドーピング】【委託】や【転売】で獲得した場合、軍資金は増えますか? A.購入以外でも軍資金②を得る。"""
    card = card_of(ability)
    state = build(4, circles=row([1], []), cards={0: [card, card_of("doping")]}, discard=["c16"])
    cost = GAME_COST[ability]
    state, events = play(state, (0, f"ab:{card}:{target}"))
    assert state["medals"][0] == 5 - cost + 2
    assert any(event.data.get("kind") == "doping" for event in events)


GAME_COST = {"itaku": 2, "tenbai": 0}


def test_cash_top_up_remainder_goes_back_to_the_atm():
    """Q.【軍資金補充】あまりが出る場合は? A.ATMに戻す。"""
    card = card_of("hojuu")
    state = build(5, circles=row([0]), cards={0: [card]}, medals=[5, 5, 5, 5, 14])
    assert state["atm"] == 6
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["medals"] == [6, 6, 6, 6, 15] and state["atm"] == 1


def test_lightweight_doubles_its_own_points():
    """Q.【軽量化】このカード自身の点数も2倍になりますか? A.はい。"""
    from engine.wallofwar.scoring import points

    state = build(4, cards={0: [card_of("keiryou")]})
    assert points(state, 0) == 2
