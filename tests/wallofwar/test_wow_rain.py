"""The Rain window: everyone who could hold Rain by public information is asked, so asking leaks nothing."""

from engine.core.rng import Rng
from engine.wallofwar import GAME
from engine.wallofwar.scenario import build, card_of, legal, play, waiting

RAIN, ZINE, KUJI = card_of("ame"), card_of("toppatsu"), card_of("ichiban_kuji")
ROW = [("c02", [0, 1]), ("c03", [2, 3]), ("c05", [1, 0]), ("c07", [3, 2])]


def test_every_possible_responder_is_asked_at_once_holder_or_not():
    state = build(4, circles=ROW, cards={0: [ZINE], 1: [RAIN], 2: ["c10"], 3: ["c11"]})
    state, _ = play(state, (0, f"ab:{ZINE}:p2"))
    assert waiting(state) == [1, 2, 3]
    assert {decision.kind for decision in GAME.pending(state)} == {"simultaneous"}
    assert legal(state, 1) == {"allow", "rain"}
    assert legal(state, 2) == legal(state, 3) == {"allow"}
    prompts = {decision.prompt for decision in GAME.pending(state)}
    assert len(prompts) == 1


def test_who_is_asked_depends_only_on_public_facts():
    cards = {0: [ZINE], 1: [RAIN], 2: [], 3: ["c11"]}
    state = build(4, circles=ROW, cards=cards, medals=[5, 5, 5, 1])
    state, _ = play(state, (0, f"ab:{ZINE}:p2"))
    assert waiting(state) == [1]
    without = build(4, circles=ROW, cards={0: [ZINE], 1: ["c10"], 2: [], 3: ["c11"]}, medals=[5, 5, 5, 1])
    without, _ = play(without, (0, f"ab:{ZINE}:p2"))
    assert waiting(without) == [1] and legal(without, 1) == {"allow"}


def test_nobody_to_ask_resolves_at_once():
    state = build(4, circles=ROW, cards={0: [ZINE]})
    state, _ = play(state, (0, f"ab:{ZINE}:p2"))
    assert state["asks"] == [] and state["medals"][:2] == [6, 3]


def test_answers_stay_secret_until_everyone_has_answered():
    state = build(4, circles=ROW, cards={0: [ZINE], 1: [RAIN], 2: ["c10"]}, medals=[5, 5, 5, 1])
    state, _ = play(state, (0, f"ab:{ZINE}:p2"), (1, "rain"))
    assert waiting(state) == [2]
    assert GAME.view(state, 1)["private"]["rain_answer"] == "rain"
    for seat in (None, 0, 2, 3):
        view = GAME.view(state, seat)
        assert set(view["ask"]) == {"type", "user", "card", "ability", "args", "waiting"}
        assert view.get("private", {}).get("rain_answer") is None
    assert GAME.view(state, None)["ask"]["waiting"] == [2]
    for seed in range(20):
        resampled = GAME.resample(state, 2, Rng(seed))
        assert GAME.view(resampled, 2) == GAME.view(state, 2)
    state, events = play(state, (2, "allow"))
    assert state["medals"][:3] == [4, 3, 5]
    assert [event.data.get("seat") for event in events if event.data.get("kind") == "rain"] == [1]


def test_when_several_rain_the_first_clockwise_from_the_user_pays():
    rain2 = card_of("ame", 1)
    state = build(4, first=2, circles=ROW, cards={2: [ZINE], 3: [RAIN], 0: [rain2]}, medals=[5, 5, 5, 5])
    state, _ = play(state, (2, f"ab:{ZINE}:p2"), (0, "rain"), (3, "rain"))
    assert state["medals"] == [5, 5, 4, 3]
    assert state["rained"] == [False, False, False, True]


def test_a_player_who_rained_is_skipped_in_the_ability_phase_but_may_rain_again():
    state = build(4, circles=ROW, cards={0: [ZINE], 1: [RAIN, "c10"], 2: [KUJI]}, medals=[5, 5, 5, 1])
    state, _ = play(state, (0, f"ab:{ZINE}:p3"), (1, "rain"), (2, "allow"))
    assert waiting(state) == [2]
    state, _ = play(state, (2, f"ab:{KUJI}"))
    assert waiting(state) == [1] and legal(state, 1) == {"allow", "rain"}
    state, _ = play(state, (1, "rain"))
    assert state["medals"][1] == 1 and not state["top_known"]


def test_rain_cannot_answer_rain():
    state = build(4, circles=ROW, cards={0: [ZINE], 1: [RAIN], 2: [card_of("ame", 1)]}, medals=[5, 5, 5, 1])
    state, events = play(state, (0, f"ab:{ZINE}:p2"), (1, "rain"), (2, "allow"))
    assert state["asks"] == [] and state["rained"][1]


def test_rain_is_refused_without_the_card_with_a_reason():
    state = build(4, circles=ROW, cards={0: [ZINE], 1: ["c10"]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{ZINE}:p2"))
    assert "Rain" in GAME.explain_illegal(state, 1, "rain").en
    assert "interruption" in GAME.explain_illegal(state, 1, "q:1").en
