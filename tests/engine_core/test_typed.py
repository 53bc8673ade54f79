"""What players type: a notation in any case, each game's word for passing in English or Japanese, an
action's label; several fits are named, never guessed (engine.core.typed through Match.find)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.errors import AmbiguousAction, IllegalAction
from engine.core.match import Match
from engine.warchest.scenario import build

CHEST = registry.get("warchest")
ARMIES = (("archer", "knight", "cavalry", "lancer"), ("swordsman", "crossbowman", "pikeman", "mercenary"))


def chest(hand: list[str]) -> Match:
    return Match(CHEST, 2, 7, {}, build(ARMIES, hands={0: hand, 1: ["royal"]}, turn=0))


@pytest.mark.parametrize("word", ["pass", "PASS", "パス", "ｐａｓｓ"])
def test_war_chest_passes_with_its_only_coin_when_pass_is_typed(word: str) -> None:
    assert chest(["archer"]).find(0, word).notation == "archer:pass"


def test_war_chest_pass_with_several_coins_names_them_and_picks_none() -> None:
    with pytest.raises(AmbiguousAction) as refused:
        chest(["archer", "knight"]).find(0, "pass")
    assert "archer:pass" in refused.value.reason.en and "knight:pass" in refused.value.reason.en


def test_a_notation_in_another_case_is_the_notation() -> None:
    assert chest(["archer"]).find(0, "ARCHER:PASS").notation == "archer:pass"


@pytest.mark.parametrize("game_id,players,word,notation", [
    ("wallofwar", 3, "パス", "pass"),
    ("wunderkammer", 2, "skip", "done"),
    ("wunderkammer", 2, "パス", "done"),
])
def test_each_games_word_for_passing_in_either_language(game_id: str, players: int, word: str, notation: str) -> None:
    game = registry.get(game_id)
    match = Match.start(game, players, 3, {})
    while not any(action.notation == notation for seat in match.awaited_seats() for action in match.legal_actions(seat)):
        seat = match.awaited_seats()[0]
        match = match.play(seat, match.legal_actions(seat)[0]).match
    seat = next(s for s in match.awaited_seats() if any(a.notation == notation for a in match.legal_actions(s)))
    assert match.find(seat, word).notation == notation


def test_an_actions_label_is_understood_in_either_language() -> None:
    match = chest(["archer"])
    for label in ("パス(裏向き)", "Pass (face down)", "pass (FACE DOWN)"):
        assert match.find(0, label).notation == "archer:pass"
    assert match.find(0, "H1").notation == "archer:deploy:H1", "the last step's label, when only one action has it"


def test_what_fits_nothing_gets_the_games_own_reason() -> None:
    with pytest.raises(IllegalAction) as refused:
        chest(["archer"]).find(0, "wizard:pass")
    assert not isinstance(refused.value, AmbiguousAction) and "no coin called" in refused.value.reason.en
