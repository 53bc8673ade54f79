"""Text notation for every action, the picker's choice tree, and the bilingual refusals."""

import pytest

from engine.core.errors import IllegalAction
from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, play


def test_notation_is_case_insensitive():
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]})
    assert GAME.parse(state, 0, "PLAY:1:h3").notation == "play:1:H3"


def test_the_play_step_reads_play_line_card():
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]})
    action = GAME.parse(state, 0, "play:1:H3")
    assert [step.key for step in action.path] == ["play", "1", "H3"]
    assert action.label("en") == "Play onto a line › Line 1 (♥3 ×2) › ♥3 Conch Shell"
    assert action.label("ja") == "ラインにプレイする › ライン1(♥3×2) › ♥3「巻貝」"


def test_take_targets_show_the_sum():
    state, _ = play(build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]}), (0, "play:1:H3"), (0, "done"))
    label = GAME.parse(state, 0, "take:S2").label("en")
    assert label == "♠2 Ammonite (2 ≤ sum 2)"


@pytest.mark.parametrize(
    "notation,reason",
    [
        ("play:7:H3", "Lines are numbered 1 to 5."),
        ("play:1:S2", "Line 1 holds ♥3 Conch Shell: a different item cannot be played onto it."),
        ("play:1:XX", "There is no item “XX”."),
        ("take:H3", "It is the “Play” step now"),
        ("char:c1", "It is the “Play” step now"),
    ],
)
def test_refusals_say_which_rule(notation, reason):
    state = build(2, hands={0: ["H3"]}, lines={0: ["H3x2"]})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, notation)
    assert refused.value.reason.en.startswith(reason)
    assert refused.value.reason.ja


def test_only_the_turn_player_decides():
    state = build(2, hands={0: ["H3"]})
    assert GAME.legal_actions(state, 1) == ()
    assert "turn" in GAME.explain_illegal(state, 1, "done").en
