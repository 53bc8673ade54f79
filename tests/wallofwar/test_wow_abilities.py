"""Each ability on its own, exactly as data/wallofwar/CARDS.md words it."""

from engine.wallofwar import GAME
from engine.wallofwar.board import medal_total, price
from engine.wallofwar.cards import CARDS
from engine.wallofwar.scenario import allow_all, build, card_of, legal, lines, play, waiting
from engine.wallofwar.scoring import points

FILLERS = ["c02", "c03", "c05", "c07"]


def row(*line_seats):
    return [(FILLERS[index], seats) for index, seats in enumerate(line_seats)]


def use(ability, circles, *, seat=0, extra=None, **kwargs):
    """A state in the ability phase where `seat` holds one card with `ability` and acts first."""
    card = card_of(ability)
    cards = {seat: [card], **(extra or {})}
    return card, build(4, first=seat, circles=circles, cards=cards, **kwargs)


def test_line_collapse_swaps_two_purchaser_cards_of_different_players():
    card, state = use("retsu_houkai", row([1, 1], [3, 0], [2, 3]))
    options = {n for n in legal(state, 0) if n.startswith("ab:")}
    assert f"ab:{card}:1.1:2.1" in options
    assert f"ab:{card}:1.1:1.2" not in options
    state, _ = play(state, (0, f"ab:{card}:1.1:2.1"))
    assert lines(state)[:2] == [[3, 1], [1, 0]]
    assert state["medals"][0] == 4


def test_surprise_zine_takes_two_medals():
    card, state = use("toppatsu", row([0]), medals=[5, 7, 5, 5])
    assert {f"ab:{card}:p2", f"ab:{card}:p3", f"ab:{card}:p4"} <= legal(state, 0)
    state, _ = play(state, (0, f"ab:{card}:p2"))
    assert state["medals"][:2] == [6, 5]


def test_one_per_person_lets_the_owner_choose_which_card_leaves():
    card, state = use("ichigen", row([1, 2, 1], [3]))
    assert legal(state, 0) >= {f"ab:{card}:1"} and f"ab:{card}:2" not in legal(state, 0)
    state, _ = play(state, (0, f"ab:{card}:1"))
    assert waiting(state) == [1] and legal(state, 1) == {"drop:front", "drop:back"}
    back, _ = play(state, (1, "drop:back"))
    front, _ = play(state, (1, "drop:front"))
    assert lines(back)[0] == [1, 2] and lines(front)[0] == [2, 1]


def test_paper_bag_charges_everyone_tied_for_most_cards():
    card, state = use(
        "kamibukuro", row([0]), extra={1: ["c08", "c09"], 2: ["c10", "c11"], 3: ["c12"]}, medals=[5, 5, 1, 5]
    )
    state, _ = play(state, (0, f"ab:{card}"))
    state, _ = allow_all(state)
    assert state["medals"] == [4, 3, 0, 5]
    assert medal_total(state) == 40


def test_third_bridge_charges_one_per_line_headed():
    card, state = use("dai3_kankyo", row([1, 0], [1], [0, 2], [3]))
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["medals"] == [5 - 1 - 1, 3, 5, 4]


def test_floor_inspection_stops_the_six_for_the_rest_of_the_turn():
    card, state = use("tenken", row([1, 2], [3, 0]), extra={1: [card_of("gyuuho"), card_of("toppatsu")]})
    state, _ = play(state, (0, f"ab:{card}"), (1, "allow"))
    assert state["inspect"] and waiting(state) == [1]
    assert not any(n.startswith(f"ab:{card_of('gyuuho')}") for n in legal(state, 1))
    assert f"ab:{card_of('toppatsu')}:p1" in legal(state, 1)
    assert "Floor Inspection" in GAME.explain_illegal(state, 1, f"ab:{card_of('gyuuho')}:1").en


def test_bulk_buying_lowers_only_its_users_prices():
    card, state = use("tairyou", row([0, 1, 2], [1, 0], [3]))
    state, _ = play(state, (0, f"ab:{card}"))
    circles = state["circles"]
    assert [price(state, circles[i], 0) for i in range(3)] == [1, 0, 0]
    assert price(state, circles[1], 1) == 2


def test_mid_line_reshuffle_forms_the_lines_again_and_continues_the_ability_phase():
    card, state = use(
        "retsu_tochuu", row([0, 1], [2, 3], [1], [0, 2, 3]), extra={1: ["c10"], 2: ["c11"]}, medals=[5, 5, 1, 1]
    )
    state, _ = play(state, (0, f"ab:{card}"), (1, "allow"))
    assert state["phase"] == "queue" and lines(state) == [[], [], [], []]
    assert state["medals"][0] == 3
    order = []
    while state["phase"] == "queue":
        seat = waiting(state)[0]
        order.append(seat)
        state, _ = play(state, (seat, "q:2"))
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert state["phase"] == "ability" and waiting(state) == [1]


def test_reprint_fixes_the_price_at_two_even_after_a_pass():
    card, state = use("sairoku", row([1, 2, 3, 1], [0]))
    state, _ = play(state, (0, f"ab:{card}:1"))
    assert GAME.view(state, None)["circles"][0]["price"] == 2
    state, _ = play(state, (1, "pass"))
    assert waiting(state) == [2] and GAME.view(state, None)["circles"][0]["price"] == 2


def test_slow_walk_fixes_the_price_at_four():
    card, state = use("gyuuho", row([1], [0]))
    state, _ = play(state, (0, f"ab:{card}:1"))
    assert GAME.view(state, None)["circles"][0]["price"] == 4


def test_funnel_sends_a_card_that_left_a_line_to_the_back_of_a_later_one():
    card, state = use("funnel", row([0, 1], [2], [3, 1], [0]))
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["phase"] == "purchase" and waiting(state) == [0]
    state, _ = play(state, (0, "pass"))
    assert waiting(state) == [0] and legal(state, 0) == {"fq:2", "fq:3", "fq:4", "fq:no"}
    state, _ = play(state, (0, "fq:3"))
    assert lines(state)[2] == [3, 1, 0]
    assert waiting(state) == [1]


def test_funnel_also_answers_another_players_purchase():
    card, state = use("funnel", row([1, 0], [2]))
    state, _ = play(state, (0, f"ab:{card}"), (1, "buy"))
    assert waiting(state) == [0] and legal(state, 0) == {"fq:2", "fq:no"}
    state, _ = play(state, (0, "fq:no"))
    assert lines(state)[1] == [2]


def test_lucky_draw_reveals_the_top_and_may_use_its_ability():
    card, state = use("ichiban_kuji", row([1, 2, 3], [0]), deck=[card_of("sairoku"), "c20"])
    state, _ = play(state, (0, f"ab:{card}"))
    assert GAME.view(state, 2)["ask"]["card"]["id"] == card_of("sairoku")
    assert legal(state, 0) == {"skip", f"ab:{card_of('sairoku')}:1", f"ab:{card_of('sairoku')}:2"}
    state, _ = play(state, (0, f"ab:{card_of('sairoku')}:1"))
    assert state["medals"][0] == 3
    assert GAME.view(state, None)["circles"][0]["price"] == 2
    assert state["deck"][0] == card_of("sairoku") and state["top_known"]
    assert GAME.view(state, 2)["deck_top"]["id"] == card_of("sairoku")


def test_beyond_the_wall_through_lucky_draw_opens_the_card_underneath():
    kuji, wall = card_of("ichiban_kuji"), card_of("hekigai")
    _, state = use("ichiban_kuji", row([1, 0], [2]), deck=[wall, "c20", "c22"])
    state, _ = play(state, (0, f"ab:{kuji}"), (0, f"ab:{wall}:stay"))
    assert [circle["card"] for circle in state["circles"]] == ["c02", "c03", "c20"]
    assert state["deck"] == [wall, "c22"] and state["top_known"]


def test_resale_discards_itself_and_takes_another_discarded_card():
    card, state = use("tenbai", row([0]), discard=["c16", "c20"])
    assert legal(state, 0) >= {f"ab:{card}:c16", f"ab:{card}:c20"}
    state, events = play(state, (0, f"ab:{card}:c16"))
    assert state["hands"][0] == ["c16"] and state["discard"] == ["c20", card]
    assert any(event.seat == 0 and event.data.get("dm") for event in events)


def test_resale_groups_a_long_discard_pile_without_changing_the_notation():
    pile = [c for c in sorted(CARDS.cards) if c not in {"c02", "c14"}][:30]
    card, state = use("tenbai", row([0]), discard=pile)
    actions = [action for action in GAME.legal_actions(state, 0) if action.notation == f"ab:{card}:{pile[0]}"]
    assert len(actions) == 1 and len(actions[0].path) == 3


def test_carpet_bombing_discards_itself_and_makes_every_purchase_cost_one():
    card, state = use("juutan", row([0, 1, 2, 3], [1, 2, 0], [3]))
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["discard"] == [card] and state["hands"][0] == []
    state, _ = play(state, (0, "buy"))
    assert state["medals"][0] == 5 - 1 - 1
    state, _ = play(state, (1, "pass"), (2, "pass"), (0, "buy"))
    assert state["medals"][0] == 5 - 1 - 1 - 1


def test_top_circle_sells_the_deck_top_in_a_second_processing():
    card, state = use("saioote", row([1, 2, 3], [0]), deck=["c20", "c21"])
    state, _ = play(state, (0, f"ab:{card}:1"), (1, "buy"))
    assert state["hands"][1] == ["c02"] and state["medals"][1] == 2
    assert waiting(state) == [2] and lines(state)[0] == [2, 3]
    assert GAME.view(state, None)["circles"][0]["run"] == 2
    state, events = play(state, (2, "buy"))
    assert state["hands"][2] == ["c20"] and state["medals"][2] == 3 and state["deck"] == ["c21"]
    public = [event for event in events if event.seat is None and event.data.get("kind") == "buy"]
    assert "card" not in public[0].data
    assert lines(state)[0] == [] and waiting(state) == [0]


def test_doping_pays_two_for_every_card_gained_after_it():
    state = build(4, phase="purchase", circles=[("c02", [0]), (card_of("doping"), [1]), ("c03", [1]), ("c05", [0])])
    state, _ = play(state, (0, "buy"), (1, "buy"))
    assert state["medals"][1] == 4 and state["shown"][1] == [card_of("doping")]
    state, events = play(state, (1, "buy"))
    assert state["medals"][1] == 4 - 1 + 2
    assert any(event.data.get("kind") == "doping" for event in events)


def test_consignment_takes_a_circle_nobody_queued_for_without_buying():
    card, state = use("itaku", row([1, 2], [], [3]))
    assert {n for n in legal(state, 0) if n.startswith("ab:")} == {f"ab:{card}:2"}
    state, _ = play(state, (0, f"ab:{card}:2"))
    assert state["hands"][0] == [card, "c03"] and len(state["circles"]) == 2
    assert not state["bought"][0]


def test_cash_top_up_shares_six_and_returns_the_remainder():
    card, state = use("hojuu", row([0]), medals=[5, 5, 5, 9])
    assert state["atm"] == 16
    state, _ = play(state, (0, f"ab:{card}"))
    assert state["medals"] == [6, 6, 6, 10] and state["atm"] == 12


def test_cash_top_up_needs_at_least_one_medal_each():
    card, state = use("hojuu", row([0]), medals=[9, 9, 9, 10])
    assert state["atm"] == 3 and not any(n.startswith("ab:") for n in legal(state, 0))


def test_lightweight_doubles_one_point_cards_including_itself():
    state = build(4, cards={0: [card_of("keiryou"), "c01", "c06", "c16"], 1: ["c03"]})
    assert points(state, 0) == 2 + 2 + 2 + 4


def test_one_way_reverses_a_line():
    card, state = use("ippou", row([1, 2, 3], [0, 0], [3], [1, 2]))
    assert {n for n in legal(state, 0) if n.startswith("ab:")} == {f"ab:{card}:1", f"ab:{card}:4"}
    state, _ = play(state, (0, f"ab:{card}:1"))
    assert lines(state)[0] == [3, 2, 1]


def test_instant_sell_out_discards_the_circle_when_its_turn_comes():
    card, state = use("shunsatsu", row([1], [2, 0], [3]))
    state, _ = play(state, (0, f"ab:{card}:2"))
    assert GAME.view(state, None)["circles"][1]["runs"] == 0
    state, events = play(state, (1, "buy"))
    assert "c03" in state["discard"] and waiting(state) == [3]
    assert any(event.data.get("kind") == "skipped" for event in events)


def test_beyond_the_wall_opens_an_extra_circle_and_may_move_a_card_there():
    card, state = use("hekigai", row([1, 0], [2]), deck=["c20", "c22"])
    assert {f"ab:{card}:stay", f"ab:{card}:1.2"} <= legal(state, 0)
    state, _ = play(state, (0, f"ab:{card}:1.2"))
    assert [circle["card"] for circle in state["circles"]] == ["c02", "c03", "c20"]
    assert lines(state) == [[1], [2], [0]] and state["deck"] == ["c22"]


def test_change_swaps_two_circle_cards_with_their_effects_but_not_the_lines():
    card, state = use("change", row([1], [2, 3]), extra={1: [card_of("sairoku")]})
    state["fx"] = [{"op": "set", "v": 2, "card": "c02"}]
    state, _ = play(state, (0, f"ab:{card}:1:2"), (1, "allow"))
    assert [circle["card"] for circle in state["circles"]] == ["c03", "c02"]
    assert lines(state) == [[1], [2, 3]]
    assert [circle["price"] for circle in GAME.view(state, None)["circles"]] == [1, 2]


def test_sharing_the_loot_takes_a_random_face_down_card_from_a_richer_player():
    card, state = use("senrihin", row([0]), extra={1: ["c08", "c09"], 2: [card_of("keiryou")], 3: ["c10"]})
    assert {n for n in legal(state, 0) if n.startswith("ab:")} == {f"ab:{card}:p2"}
    state, events = play(state, (0, f"ab:{card}:p2"), (1, "allow"), (3, "allow"))
    assert len(state["hands"][1]) == 1 and len(state["hands"][0]) == 2
    taken = state["hands"][0][1]
    assert taken in {"c08", "c09"}
    assert [event.seat for event in events if event.data.get("dm")] == [1, 0]
    public = " ".join(event.text.en for event in events if event.seat is None)
    assert CARDS.cards[taken].name.en not in public


def test_funnel_offers_nothing_to_a_player_who_bought_at_that_circle():
    funnel, top = card_of("funnel"), card_of("saioote")
    state = build(
        4, circles=row([0, 0, 2], [1]), cards={0: [funnel], 1: [top]}, deck=["c20", "c21"], medals=[9, 5, 5, 5]
    )
    state, _ = play(state, (0, f"ab:{funnel}"), (1, "allow"), (1, f"ab:{top}:1"), (0, "buy"))
    assert lines(state)[0] == [0, 2] and waiting(state) == [0]
    state, _ = play(state, (0, "pass"))
    assert state["asks"] == [] and waiting(state) == [2]
    state, _ = play(state, (2, "buy"))
    assert state["asks"] == [] and waiting(state) == [1]
