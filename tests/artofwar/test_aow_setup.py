"""Setup, step by step as the rulebook lists it: KINGs revealed, shuffle, random first player, three
cards with one optional redraw, KING into hand, placement (battlefield, standby, kingdom from the deck
top) by the first player and then the second, and the first turn's draw."""

from engine.artofwar.game import GAME
from engine.artofwar.scenario import census, legal, play


def start(seed=5, **options):
    """A game with open decks (the standard one unless given), so setup starts at the redraw choice."""
    return GAME.new_state(2, seed, GAME.validate_options(2, {"deck1": "standard", "deck2": "standard"} | options))


def test_kings_are_revealed_and_three_cards_are_dealt_from_the_shuffled_twenty():
    state = start(deck1="k03", deck2="k07")
    view = GAME.view(state, None)
    assert [seat["king"]["id"] for seat in view["seats"]] == ["k03", "k07"]
    assert [len(hand) for hand in state["hand"]] == [3, 3] and [len(deck) for deck in state["deck"]] == [17, 17]
    assert "king" not in state["hand"][0] + state["deck"][0]
    assert state["phase"] == "mulligan" and census(state) == 42
    orders = {tuple(start(seed)["deck"][0]) for seed in range(5)}
    assert len(orders) == 5


def test_the_first_player_is_random_unless_an_option_fixes_it():
    firsts = {start(seed)["first"] for seed in range(20)}
    assert firsts == {0, 1}
    assert start(first="2")["first"] == 1 and start(first="1")["first"] == 0


def test_each_player_may_redraw_once_first_player_first():
    state = start(first="2")
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.kind, decision.public) == (1, "setup", True)
    assert legal(state) == {"keep", "redraw"}
    before = sorted(state["hand"][1] + state["deck"][1])
    state, events = play(state, "redraw")
    assert len(state["hand"][1]) == 3 and sorted(state["hand"][1] + state["deck"][1]) == before
    assert [e.seat for e in events if e.data.get("kind") == "drawn"] == [1]
    assert GAME.pending(state)[0].seat == 0
    state, _ = play(state, "keep")
    assert state["phase"] == "place" and state["mulligan"] == ["keep", "redraw"]
    assert all("king" in hand and len(hand) == 4 for hand in state["hand"])


def test_placement_field_then_standby_then_the_deck_top_into_the_kingdom_first_player_first():
    state, _ = play(start(first="1"), "keep", "keep")
    decision = GAME.pending(state)[0]
    assert (decision.seat, decision.public) == (0, False)
    field_moves = legal(state)
    assert {n.rsplit(":", 1)[1] for n in field_moves} == {"a1", "b1", "c1"}
    assert {n.split(":")[1] for n in field_moves} == set(state["hand"][0])
    top = state["deck"][0][0]
    state, _ = play(state, "field:king:b1")
    assert state["field"][0] == {"b1": {"card": "king", "side": False, "dmg": 0}}
    card = state["hand"][0][0]
    state, _ = play(state, f"standby:{card}")
    assert state["standby"][0] == [card] and state["kingdom"][0][top] == 1
    assert len(state["deck"][0]) == 16 and len(state["hand"][0]) == 2
    assert GAME.pending(state)[0].seat == 1 and state["phase"] == "place"
    second_top = state["deck"][1][0]
    hand = state["hand"][1]
    state, _ = play(state, f"field:{hand[0]}:a1", f"standby:{hand[1]}")
    assert state["kingdom"][1][second_top] == 1
    assert state["phase"] == "play" and state["turn"] == 0 and state["turn_no"] == 1
    assert len(state["hand"][0]) == 3 and len(state["deck"][0]) == 15
    assert census(state) == 42


def test_the_opening_hand_is_private():
    state = start()
    for seat in (0, 1):
        assert GAME.view(state, seat)["private"]["hand"] == state["hand"][seat]
        assert "private" not in GAME.view(state, None)
        assert GAME.view(state, None)["seats"][seat]["hand"] == 3
