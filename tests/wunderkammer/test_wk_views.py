"""Hidden information: hands and deck order private; lines, trash, bench, field public; put cards seen
only by the bench's owner and whoever saw them; the views survive resampling."""

from engine.core.rng import Rng
from engine.selfplay import playout
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build
from engine.wunderkammer.views import catalog


def test_a_seat_sees_its_hand_and_deck_contents_others_see_counts():
    state = build(2, hands={0: ["H3", "S2"]}, decks={0: ["D4", "SA"]}, lines={0: ["H3"]}, trash={0: ["HA"]})
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine["private"]["hand"] == ["S2", "H3"] and mine["private"]["deck"] == ["SA", "D4"]
    seat = theirs["seats"][0]
    assert seat["hand"] == 2 and seat["deck"] == 2 and seat["trash"] == ["HA"] and seat["lines"][0]["kind"] == "H3"
    assert "private" not in GAME.view(state, None) and "H3" not in str(theirs["private"]["hand"])


def test_resampling_keeps_every_view():
    state = build(3, hands={0: ["H3", "S2"], 1: ["D4"]}, decks={0: ["D4", "SA"], 1: ["S2x3"]},
                  bench={1: ["c2"]}, puts={"c2": ["S2"]}, seen={"c2": [2]})
    rng = Rng(3)
    for seat in [None, 0, 1, 2]:
        for _ in range(5):
            assert GAME.view(GAME.resample(state, seat, rng), seat) == GAME.view(state, seat)


def test_put_cards_seen_by_a_former_owner_stay_known_to_them_only():
    state = build(3, bench={1: ["c2"]}, puts={"c2": ["S2"]}, seen={"c2": [2]})
    kinds = [GAME.view(state, seat)["characters"][1]["puts"][0]["kind"] for seat in (None, 0, 1, 2)]
    assert kinds == [None, None, "S2", "S2"]


def test_the_public_value_counts_printed_items_and_the_owner_adds_seen_puts():
    state = build(2, bench={1: ["c2"]}, puts={"c2": ["C6"]}, trash={0: ["C6x5"]})
    assert next(item for item in GAME.view(state, 0)["items"] if item["id"] == "C6")["value"] == 0
    assert GAME.view(state, 1)["private"]["values"]["C6"] == 1


def test_the_final_view_shows_everything():
    state = build(2, step="refill", bench={1: ["c2"]}, puts={"c2": ["S2"]}, hands={0: ["H3"]})
    state["step"] = "over"
    state["result"] = [1, 0]
    view = GAME.view(state, None)
    assert view["characters"][1]["puts"] == [{"kind": "S2", "by": 1}]
    assert view["final"]["counts"][0]["H3"] == 1 and view["final"]["points"] == [1, 0]


def test_the_catalog_holds_the_printed_cards():
    data = catalog()
    assert len(data["items"]) == 16 and len(data["characters"]) == 9
    assert data["items"][0]["label"] == "♠A"


def test_random_play_views_survive_resampling():
    rng = Rng(9)
    for index, step in enumerate(playout(GAME, 3, 5)):
        if index % 7:
            continue
        state = step.match.state
        for seat in [None, 0, 1, 2]:
            assert GAME.view(GAME.resample(state, seat, rng), seat) == GAME.view(state, seat)
