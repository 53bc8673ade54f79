"""Walpurgis's Discord half without Discord: the deck builder's parsing and checks (every problem named),
deck codes both ways, the declared package, and the pickers every kind of decision opens (placement card
→ face → square, activation, danmaku squares, interception, stripping for both players at once, the
mulligan, the end phase) walked through the platform's picker to a complete action."""

from __future__ import annotations

import pytest

from cogs.walpurgis import PACKAGE, book_of, built_deck, deck_choice, edited, entries, read_cards, saved_summary, summary
from engine.core.errors import BadOptions
from engine.core.match import Match
from engine.core.types import Decision
from engine.walpurgis import GAME
from engine.walpurgis.decks import STARTERS, code_of, parse_code
from engine.walpurgis.scenario import build, play
from tabletop.runtime import packages
from tabletop.presentation.picker import SELECT_LIMIT, build as tree, menu
from tests.walpurgis.test_wp_render import contested


def refusal(error: pytest.ExceptionInfo[BadOptions]) -> str:
    return error.value.reason.en


def test_card_lists_read_ids_names_counts_and_codes() -> None:
    assert read_cards("R00x4, Fantasy Seal x2, 2 夢想封印") == ["R00"] * 4 + ["R01"] * 4
    assert read_cards("r00×2、陰陽玉") == ["R00", "R00", "R02"]
    assert read_cards("R00x4.R01x3") == ["R00"] * 4 + ["R01"] * 3
    assert read_cards("R00 R01x2") == ["R00", "R01", "R01"]
    assert read_cards("Nothing x2") == ["Nothing", "Nothing"], "unknown names stay, for the check to name"
    assert entries("a, b\nc; d") == ["a", "b", "c", "d"]
    with pytest.raises(BadOptions):
        entries("R00x1, " * 400)


def test_every_problem_of_a_deck_is_named_at_once() -> None:
    with pytest.raises(BadOptions) as error:
        built_deck("R00x5, Ghost x2, S01x9", None, None)
    text = refusal(error)
    assert "There is no card called “Ghost”" in text
    assert "Basic Shot (Reimu) appears 5 times" in text and "Spear the Gungnir appears 9 times" in text
    assert text.count("\n") == 2, "one line per problem"
    with pytest.raises(BadOptions) as error:
        built_deck(", ".join(f"{cid}x4" for cid in sorted(set(STARTERS["reimu"].cards + STARTERS["remilia"].cards))[:16]), None, None)
    assert "at most 60 cards (this one has 64)" in refusal(error)
    with pytest.raises(BadOptions) as error:
        built_deck(None, None, None)
    assert "Give a card list" in refusal(error)
    with pytest.raises(BadOptions):
        built_deck("R00", "R00x1", None)
    with pytest.raises(BadOptions) as error:
        built_deck(None, None, "nobody")
    assert "no starter deck" in refusal(error)


def test_deck_codes_round_trip_and_starters_build() -> None:
    for starter in STARTERS.values():
        made = built_deck(None, None, starter.key)
        assert parse_code(code_of(made)) == tuple(sorted(made)) and 40 <= len(made) <= 60
        assert built_deck(None, code_of(made).lower(), None) == tuple(sorted(made))


def test_editing_adds_removes_and_names_what_it_cannot_remove() -> None:
    base = read_cards("R00x4, R01x2")
    assert edited(base, "R02x2", "R01") == tuple(sorted(read_cards("R00x4, R01, R02x2")))
    with pytest.raises(BadOptions) as error:
        edited(base, None, "R12, R01x3")
    assert "holds no more “Ofuda”" in refusal(error) and "holds no more “Fantasy Seal”" in refusal(error)
    with pytest.raises(BadOptions) as error:
        edited(base, "R00", None)
    assert "appears 5 times" in refusal(error)


def test_a_deck_without_a_basic_shot_is_saved_with_a_warning() -> None:
    assert "⚠" in summary(read_cards("R01x4"), "en") and "⚠" not in summary(read_cards("R00, R01"), "en")
    assert summary(STARTERS["marisa"].cards, "ja").startswith("40枚(通常弾 4)")


def test_deck_use_names_saved_decks_starters_and_codes() -> None:
    book = {"My Deck": "R00x4.R01x2"}
    assert deck_choice("my deck", book) == "R00x4.R01x2"
    assert deck_choice("reimu", book) == "reimu"
    assert deck_choice("R00x2.R01", book) == "R00x2.R01"
    with pytest.raises(BadOptions) as error:
        deck_choice("Other", book)
    assert "Saved: My Deck" in refusal(error)
    assert book_of({"walpurgis_decks": {"a": "R00x4", "b": 3}}) == {"a": "R00x4"}
    assert book_of({"walpurgis_decks": "junk"}) == {}


def test_the_package_is_declared_and_complete() -> None:
    declared = packages.get("walpurgis")
    assert declared is not None and declared.renderer is PACKAGE.renderer and declared.game is PACKAGE.game
    assert packages.problems(declared) == []


def walk(actions: tuple, notation: str) -> list[int]:
    """Follow the picker from the top to `notation`, menu by menu, as a player taps; returns the largest
    group (buttons or one select) each menu showed."""
    target = next(action for action in actions if action.notation == notation)
    node, path, shown = tree(actions), [], []
    for step in target.path:
        found = menu(actions, path)
        assert found is not None
        if found.action is not None:
            break
        shown.append(max(len(group.entries) for group in found.groups))
        path.append(list(node.children).index(step.key))
        node = node.children[step.key]
    found = menu(actions, path)
    assert found is not None and found.action is not None and found.action.notation == notation
    return shown


def decision_of(state: dict, seat: int) -> Decision:
    return next(decision for decision in GAME.pending(state) if decision.seat == seat)


def test_every_decision_opens_a_picker_that_reaches_its_moves() -> None:
    state = build(field={"1b": ["0:R00:act"], "1d": ["0:R00:act"], "2c": ["0:R01:act"], "4c": ["1:S00:up"],
                         "3d": ["1:S01:act"]},
                  hands={0: ["R01", "R03", "R05", "R07"], 1: ["S02", "S03"]}, turn=0)
    actions = GAME.legal_actions(state, 0)
    assert all(count <= SELECT_LIMIT for count in walk(actions, "place R03 4e down")), "card, face, square"
    walk(actions, "activate 2c")
    walk(actions, "end")
    state, _ = play(state, (0, "activate 2c"))
    fire = GAME.legal_actions(state, 0)
    assert {"fire none", "fire 3b 3c 3d"} <= {action.notation for action in fire} and len(fire) <= SELECT_LIMIT
    walk(fire, "fire 3b 3c 3d")
    state, _ = play(state, (0, "fire 3c 3d"))
    offer = decision_of(state, 1)
    assert offer.kind == "reaction", "interception is the other player's decision"
    walk(GAME.legal_actions(state, 1), "pass")
    both = contested()
    for seat in (0, 1):
        assert decision_of(both, seat).kind == "simultaneous"
        for action in GAME.legal_actions(both, seat):
            walk(GAME.legal_actions(both, seat), action.notation)


def test_the_mulligan_and_the_end_phase_pick_through_the_picker() -> None:
    match = Match.start(GAME, 2, 3, {})
    match = match.play(0, "deck:reimu").match.play(1, "deck:marisa").match
    for seat in (0, 1):
        actions = match.legal_actions(seat)
        assert decision_of(match.state, seat).kind == "simultaneous"
        chosen = max(actions, key=lambda action: len(action.notation))
        assert all(count <= SELECT_LIMIT for count in walk(actions, chosen.notation))
        walk(actions, "keep")
    state = build(field={"2c": ["0:R01:fire"], "2b": ["0:R08:fire"]}, hands={0: ["R01"] * 4 + ["R03"] * 4}, turn=0,
                  placed=True, activated=True)
    state, _ = play(state, (0, "end"))
    actions = GAME.legal_actions(state, 0)
    notations = {action.notation for action in actions}
    assert {"upright 2c", "upright 2c skip"} <= notations
    walk(actions, "upright 2c skip")


def test_a_saved_deck_the_edition_no_longer_allows_is_listed_with_its_problem() -> None:
    assert saved_summary("R00x4.R01x2", "en").startswith("6 cards (4 通常弾)")
    assert "no longer valid: There is no card called “Z99”" in saved_summary("R00x4.Z99", "en")
