"""2. winning and losing: a field full of 陣 after a chain (2.1), the comparison's order, the losses of
2.2.1 (tested with setup and prepare in their own files) and resigning (2.2.2)."""

from engine.core.match import Match
from engine.walpurgis import GAME, victory
from engine.walpurgis.scenario import build, play

SQUARES = [f"{row}{col}" for row in "12345" for col in "abcde"]


def full_but_5e(mine: int) -> dict:
    """24 squares of 陣, `mine` of them seat 0's (4e among them), the rest seat 1's."""
    field = {"4e": ["0:R00:up"]}
    others = [sq for sq in SQUARES if sq not in ("4e", "5e")]
    for index, square in enumerate(others):
        field[square] = ["0:R01:act"] if index < mine - 1 else ["1:S01:act"]
    return field


def test_a_chain_that_ends_with_every_square_holding_a_jin_ends_the_game_more_jin_wins() -> None:
    state = build(field=full_but_5e(12), hands={0: ["R00"]})
    state, events = play(state, (0, "place R00 5e up"), (1, "pass"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "field" and outcome.winners == (0,)
    assert "13-12" in outcome.summary.en


def test_the_player_completing_the_field_may_still_lose_on_the_count() -> None:
    state = build(field=full_but_5e(11), hands={0: ["R00"]})
    state, _ = play(state, (0, "place R00 5e up"), (1, "pass"))
    assert GAME.outcome(state).winners == (1,)


def test_a_face_down_placement_filling_the_field_ends_nothing_until_a_chain_ends() -> None:
    state = build(field=full_but_5e(12), hands={0: ["R02"]})
    state, _ = play(state, (0, "place R02 5e down"))
    assert state["result"] is None


def test_the_comparison_goes_jin_then_face_up_jin_then_deck() -> None:
    base = {"2a": ["0:R01:up"], "2b": ["1:S01:act"]}
    state = build(field=base, decks={0: ["R00"], 1: ["S00x3"]})
    victory.score(state, "cap", [])
    assert state["result"]["ranks"] == [1, 2], "equal jin, more face-up jin wins"
    level = build(field={"2a": ["0:R01:act"], "2b": ["1:S01:act"]}, decks={0: ["R00"], 1: ["S00x3"]})
    victory.score(level, "cap", [])
    assert level["result"]["ranks"] == [2, 1], "then more cards in the deck"
    even = build(field={"2a": ["0:R01:act"], "2b": ["1:S01:act"]}, decks={0: ["R00"], 1: ["S00"]})
    victory.score(even, "cap", [])
    assert even["result"]["ranks"] == [1, 1] and GAME.outcome(even).is_draw


def test_resigning_loses_at_once() -> None:
    match = Match.start(GAME, 2, 5, {"deck1": "reimu", "deck2": "marisa"})
    step = match.concede(0)
    assert step.match.outcome.reason == "resign" and step.match.outcome.winners == (1,)
