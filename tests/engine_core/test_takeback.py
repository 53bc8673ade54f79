"""Takeback through the shared contract, for every registered game.

Random games take back whatever the rules allow (now and then) and still replay, from the log, to the
same final state; the log's structure (a takeback follows its own seat's move, never another takeback)
is enforced live and on replay alike; old pickers are refused; a game can decide takebacks itself.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

import pytest

from engine import registry
from engine.core.notations import RESIGN, TAKEBACK
from engine.core.errors import GameError, IllegalLog, StaleDecision, StaleVersion, TakebackRefused
from engine.core.export import export_match, verify_export
from engine.core.game import Game
from engine.core.match import Match
from engine.core.takeback import CONCEDED, FINISHED, TWICE, refusal
from engine.core.types import T, Text
from tests.engine_core.helpers import canonical, with_takebacks
from tests.fixtures.highcard import HighCard

CASES = [
    pytest.param(game, players, id=f"{game.id}-{players}p")
    for game in registry.games().values()
    for players in game.player_counts
]


@pytest.mark.parametrize("game,players", CASES)
def test_random_games_with_takebacks_replay_identically(game: Game, players: int) -> None:
    match, log, taken = with_takebacks(game, players, seed=21)
    assert taken > 0, "no move of a whole random game could be taken back"
    assert sum(1 for _, notation in log if notation == TAKEBACK) == taken
    replayed = Match.replay(game, players, 21, {}, log)
    assert canonical(replayed.to_json()) == canonical(match.to_json())
    data = json.loads(json.dumps(export_match(match, log, [str(seat) for seat in range(players)])))
    assert canonical(verify_export(data).state) == canonical(match.state)


HIGHCARD = HighCard()


def highcard_opening() -> tuple[Match, Match, tuple[int, str]]:
    """Seat 0 plays a low card: nothing hidden moves, so it may be taken back."""
    before = Match.start(HIGHCARD, 2, 1, {})
    card = min(before.state["hands"][0])
    assert card < 10
    step = before.play(0, f"play:{card}")
    return before, step.match, (0, step.notation)


def test_a_takeback_restores_the_state_under_a_new_version_with_every_decision_moved_on() -> None:
    before, after, last = highcard_opening()
    assert refusal(before, after, *last) is None
    step = after.take_back(before, 0, last)
    restored = step.match
    assert restored.state == before.state and restored.version == after.version + 1
    assert all(new > old >= older for new, old, older in zip(restored.decisions, after.decisions, before.decisions))
    assert step.notation == TAKEBACK and step.seat == 0
    assert restored.recent == step.events and len(step.events) == 1 and step.events[0].seat is None
    assert step.events[0].text.render("en", {0: "Ann"}) == "Ann took back their last action."
    assert step.events[0].text.render("ja", {0: "Ann"}) == "Annが直前の手を取り消しました。"
    with pytest.raises(StaleDecision):
        restored.play(0, last[1], decision_id=before.decisions[0])
    with pytest.raises(StaleDecision):
        restored.check_decision(0, after.decisions[0])
    assert restored.play(0, last[1], decision_id=restored.decisions[0]).match.state == after.state


def test_takebacks_out_of_turn_or_twice_are_refused() -> None:
    before, after, last = highcard_opening()
    with pytest.raises(TakebackRefused):
        after.take_back(before, 1, last)
    with pytest.raises(TakebackRefused):
        after.take_back(before, 0, None)
    with pytest.raises(StaleVersion):
        after.take_back(before, 0, last, expected_version=before.version)
    restored = after.take_back(before, 0, last).match
    with pytest.raises(TakebackRefused) as twice:
        restored.take_back(after, 0, (0, TAKEBACK))
    assert twice.value.reason == TWICE
    with pytest.raises(TakebackRefused):
        restored.take_back(before, 0, last)


@pytest.mark.parametrize("log,refused_at", [
    ([(0, TAKEBACK)], 1),
    ([(0, "{m0}"), (1, TAKEBACK)], 2),
    ([(0, "{m0}"), (0, TAKEBACK), (0, TAKEBACK)], 3),
    ([(0, "{m0}"), (0, TAKEBACK), (0, "{m0}"), (0, TAKEBACK), (0, TAKEBACK)], 5),
], ids=["nothing before", "another seat's move", "twice in a row", "twice after a replay"])
def test_replay_enforces_the_takeback_rules(log: list[tuple[int, str]], refused_at: int) -> None:
    """`{m0}` stands for seat 0's opening move; the export's replay names the entry refused."""
    _, _, last = highcard_opening()
    filled = [(seat, last[1] if notation == "{m0}" else notation) for seat, notation in log]
    with pytest.raises(TakebackRefused):
        Match.replay(HIGHCARD, 2, 1, {}, filled)
    accepted = Match.replay(HIGHCARD, 2, 1, {}, filled[: refused_at - 1])
    data = export_match(accepted, filled, ["a", "b"])
    with pytest.raises(IllegalLog) as refused:
        verify_export(data)
    assert refused.value.seq == refused_at


def test_resignations_and_game_ending_moves_cannot_be_taken_back() -> None:
    before, after, last = highcard_opening()
    resigned = after.concede(1)
    with pytest.raises(TakebackRefused) as refused:
        resigned.match.take_back(after, 1, (1, RESIGN))
    assert refused.value.reason == CONCEDED
    match = previous = Match.start(HIGHCARD, 2, 1, {})
    while not match.finished:
        seat = match.awaited_seats()[0]
        step = match.play(seat, match.legal_actions(seat)[-1].notation)
        previous, match = match, step.match
    assert refusal(previous, match, step.seat, step.notation) == FINISHED


def test_revealing_the_top_of_the_deck_is_refused_for_the_actor() -> None:
    before = Match.start(HIGHCARD, 2, 1, {})
    after = before.play(0, "draw").match
    reason = refusal(before, after, 0, "draw")
    assert reason is not None and "something new" in reason.en and reason.ja


class Undoable(HighCard):
    """High Card with a table rule: everything may be taken back except drawing."""

    id = "undoable"

    def takeback_refusal(self, before: Mapping[str, Any], after: Mapping[str, Any], seat: int, notation: str) -> Text | None:
        return T("引いたら戻せません。", "No taking back a draw.") if notation == "draw" else None


def test_a_game_can_decide_takebacks_itself() -> None:
    game = Undoable()
    before = Match.start(game, 2, 1, {})
    drawn = before.play(0, "draw").match
    assert refusal(before, drawn, 0, "draw") == T("引いたら戻せません。", "No taking back a draw.")
    card = max(before.state["hands"][0])
    played = before.play(0, f"play:{card}").match
    assert refusal(before, played, 0, f"play:{card}") is None
    assert refusal(before, played.concede(0).match, 0, RESIGN) == CONCEDED


def test_every_refusal_is_a_game_error_with_both_languages() -> None:
    before, after, last = highcard_opening()
    for attempt in (lambda: after.take_back(before, 1, last), lambda: after.concede(0).match.take_back(after, 0, (0, RESIGN))):
        with pytest.raises(GameError) as refused:
            attempt()
        assert refused.value.reason.ja and refused.value.reason.en
