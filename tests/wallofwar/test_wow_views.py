"""Views and the choice tree: hidden cards stay hidden, the picker never shows more than 25 keys."""

from collections import defaultdict

from engine.core.rng import Rng
from engine.wallofwar import GAME
from engine.wallofwar.cards import CARDS
from engine.wallofwar.scenario import build, card_of, play

ROW = [("c02", [0, 1]), ("c03", [2, 3]), ("c05", [1, 0]), ("c07", [3, 2])]


def test_a_seat_sees_its_own_hand_and_only_counts_of_others():
    state = build(4, circles=ROW, cards={0: ["c01", "c18"], 1: ["c08", "c09"]})
    mine = GAME.view(state, 0)
    assert [card["id"] for card in mine["private"]["hand"]] == ["c01"]
    assert [card["id"] for card in mine["seats"][0]["always_on"]] == ["c18"]
    assert mine["seats"][1]["hidden"] == 2 and mine["seats"][1]["cards"] == 2
    assert "c08" not in str(mine) and "c09" not in str(mine)
    spectator = GAME.view(state, None)
    assert "private" not in spectator and "c01" not in str(spectator["seats"])


def test_resampling_keeps_every_view_and_redeals_the_rest():
    state = build(4, circles=ROW, cards={0: ["c01"], 1: ["c08", "c09"], 2: ["c18"]}, deck=["c10", "c11", "c12", "c13"])
    changed = False
    for seed in range(10):
        for seat in (None, 0, 1, 2, 3):
            resampled = GAME.resample(state, seat, Rng(seed))
            assert GAME.view(resampled, seat) == GAME.view(state, seat)
            changed |= resampled["hands"] != state["hands"]
    assert changed


def test_a_revealed_deck_top_stays_put_when_resampling():
    kuji = card_of("ichiban_kuji")
    state = build(4, circles=ROW, cards={0: [kuji], 1: ["c08"]}, deck=["c10", "c11", "c12"], medals=[5, 1, 1, 1])
    state, _ = play(state, (0, f"ab:{kuji}"))
    assert GAME.view(state, 3)["deck_top"] is None and GAME.view(state, 3)["deck"] == 2
    state, _ = play(state, (0, "skip"))
    assert GAME.view(state, 3)["deck_top"]["id"] == "c10"
    for seed in range(10):
        assert GAME.resample(state, 3, Rng(seed))["deck"][0] == "c10"


def tree_is_small(actions):
    children = defaultdict(set)
    for action in actions:
        keys = tuple(step.key for step in action.path)
        for depth in range(len(keys)):
            children[keys[:depth]].add(keys[depth])
    return max(len(keys) for keys in children.values()) <= 25


def test_a_huge_hand_and_discard_pile_still_fit_the_picker():
    hand = [card.id for card in CARDS.cards.values() if not card.always_on][:30]
    rest = [card for card in CARDS.cards if card not in hand]
    state = build(
        5,
        circles=[(rest[0], [0, 1, 2]), (rest[1], [3, 4, 0]), (rest[2], [1, 2, 3, 4])],
        cards={0: hand},
        discard=rest[3:],
        medals=[9, 5, 5, 5, 5],
    )
    actions = GAME.legal_actions(state, 0)
    assert len(actions) > 25 and tree_is_small(actions)
    assert all(not action.notation.startswith("!") for action in actions)


def test_copies_of_one_ability_are_chosen_one_level_down():
    state = build(4, circles=ROW, cards={0: [card_of("toppatsu", 0), card_of("toppatsu", 1)]})
    paths = {action.notation: [step.key for step in action.path] for action in GAME.legal_actions(state, 0)}
    assert paths["ab:c01:p2"] == ["toppatsu", "c01", "p2"]
    assert paths["pass"] == ["pass"]


def test_using_an_ability_reveals_it_to_everyone():
    state = build(4, circles=ROW, cards={0: [card_of("sairoku")]})
    state, events = play(state, (0, f"ab:{card_of('sairoku')}:2"))
    assert events[0].seat is None and "Reprint" in events[0].text.en
    assert events[0].data == {
        "kind": "ability",
        "seat": 0,
        "card": card_of("sairoku"),
        "ability": "sairoku",
        "args": ["2"],
    }
