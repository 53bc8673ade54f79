"""Phase 4, purchase, and phase 5, income (rulebook 4.購入 and 5.ターンの終了)."""

from engine.wallofwar import GAME
from engine.wallofwar.board import medal_total
from engine.wallofwar.scenario import build, legal, lines, play, waiting

ROW = [("c01", [1, 2, 3]), ("c02", [0, 3]), ("c03", [2, 0]), ("c04", [1])]


def purchase_state(**kwargs):
    kwargs.setdefault("circles", ROW)
    return build(4, phase="purchase", **kwargs)


def test_head_of_the_first_circle_decides_at_the_line_length():
    state = purchase_state()
    assert waiting(state) == [1]
    assert legal(state, 1) == {"buy", "pass"}
    view = GAME.view(state, None)
    assert [circle["price"] for circle in view["circles"]] == [3, 2, 2, 1]
    assert view["current_circle"] == 1


def test_buying_pays_the_atm_and_sends_the_whole_line_home():
    state = purchase_state()
    atm = state["atm"]
    state, events = play(state, (1, "buy"))
    assert state["medals"][1] == 2 and state["atm"] == atm + 3
    assert state["hands"][1] == ["c01"]
    assert lines(state)[0] == []
    assert any(event.seat == 1 and event.data.get("dm") for event in events)
    assert waiting(state) == [0]
    assert GAME.view(state, None)["circles"][0]["log"] == [{"run": 1, "buyer": 1, "price": 3}]


def test_pass_hands_the_right_to_the_next_card_one_cheaper():
    state = purchase_state()
    state, _ = play(state, (1, "pass"))
    assert waiting(state) == [2]
    assert GAME.view(state, None)["circles"][0]["price"] == 2
    state, _ = play(state, (2, "buy"))
    assert state["medals"][2] == 3 and state["hands"][2] == ["c01"]


def test_a_circle_nobody_buys_is_discarded():
    state = purchase_state()
    state, events = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert state["discard"] == ["c01"]
    assert any(event.data.get("kind") == "unsold" for event in events)
    assert state["cur"] == 1


def test_a_head_without_the_medals_must_pass():
    state = purchase_state(medals=[5, 2, 1, 5])
    assert waiting(state) == [3]
    assert lines(state)[0] == [3]
    assert state["medals"][1:3] == [2, 1]
    assert "buy" in legal(state, 3)


def test_forced_pass_is_announced_and_drops_the_price():
    state = purchase_state(medals=[5, 1, 5, 5], circles=[("c01", [0]), ("c02", [1, 2])])
    state, events = play(state, (0, "pass"))
    forced = [event for event in events if event.data.get("forced")]
    assert [event.data["seat"] for event in forced] == [1]
    assert "cannot pay 2" in forced[0].text.en
    assert waiting(state) == [2] and GAME.view(state, None)["circles"][1]["price"] == 1


def test_circles_are_bought_in_the_order_they_were_opened():
    state = purchase_state()
    seats = []
    while state["phase"] == "purchase":
        seat = waiting(state)[0]
        seats.append((state["cur"], seat))
        state, _ = play(state, (seat, "buy"))
    assert seats == [(0, 1), (1, 0), (2, 2), (3, 1)]


def test_income_one_after_buying_two_otherwise_in_turn_order():
    state = build(4, first=2, phase="purchase", circles=[("c01", [1])], medals=[5, 5, 5, 5])
    state, events = play(state, (1, "buy"))
    incomes = [(event.data["seat"], event.data["medals"]) for event in events if event.data.get("kind") == "income"]
    assert incomes == [(2, 2), (3, 2), (0, 2), (1, 1)]
    assert state["medals"] == [7, 5, 7, 7]
    assert medal_total(state) == 40


def test_income_stops_when_the_atm_runs_dry():
    state = build(4, first=1, phase="purchase", circles=[("c01", [0])], medals=[10, 13, 7, 7])
    assert state["atm"] == 3
    state, events = play(state, (0, "pass"))
    incomes = [(event.data["seat"], event.data["medals"]) for event in events if event.data.get("kind") == "income"]
    assert incomes == [(1, 2), (2, 1), (3, 0), (0, 0)]
    assert state["atm"] == 0 and medal_total(state) == 40


def test_next_turn_starts_with_the_player_to_the_left():
    state = build(4, first=3, phase="purchase", circles=[("c01", [0])])
    state, events = play(state, (0, "pass"))
    assert state["first"] == 0 and state["turn"] == 2
    assert state["phase"] == "queue" and waiting(state) == [0]
    assert len(state["circles"]) == 4
    assert all(seat["home"] == 2 for seat in GAME.view(state, None)["seats"])


def test_an_always_on_card_bought_lies_face_up():
    state = build(4, phase="purchase", circles=[("c18", [2])])
    state, _ = play(state, (2, "buy"))
    assert state["shown"][2] == ["c18"] and state["hands"][2] == []
    view = GAME.view(state, None)
    assert [card["id"] for card in view["seats"][2]["always_on"]] == ["c18"]
