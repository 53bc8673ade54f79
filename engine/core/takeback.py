"""Whether the last action may be taken back, decided once for every game through the shared contract.

Asynchronous play invites misclicks, and undoing one is harmless exactly when nobody learned anything
from it that the actor did not choose to show: no coin or card drawn, no chance used, nothing hidden
shown to another seat, and the game not over. Rather than every game listing its revealing actions, the
generic check asks the contract itself: re-deal everything each seat cannot see (`Game.resample`), apply
the same action, and see whether what that seat sees afterwards could have come out differently. If it
could, the action told that seat something, and undoing it would let the actor act on that knowledge
(or leave another seat knowing more than the restored position admits).

Resamples on which the action is not even legal are skipped: the action itself is public, and what it
shows of the actor's own hand (a coin played face up) is what the actor chose to show. A re-dealt state
on which the game's rules fail outright proves nothing either way, so the takeback is refused.

A game may replace the generic check with its own `takeback_refusal` method (see `Game`); the platform's
own refusals (resign, forfeit, a second takeback, the end of the game) always apply first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol, runtime_checkable

from engine.core.errors import GameError
from engine.core.game import Game
from engine.core.notations import CONCEDE, INTERNAL_PREFIX, TAKEBACK
from engine.core.rng import Rng
from engine.core.types import Event, T, Text

if TYPE_CHECKING:
    from engine.core.match import Match

RNG_KEY = "rng"
"""Where every game keeps its seeded RNG (`engine.core.rng.Rng`) in the state: a changed value means
chance was used, and a takeback would let the actor roll again."""

RESAMPLES = 8
"""Re-deals per seat. Each one that differs proves a reveal; eight keep a missed reveal rare (a draw from
a bag of two kinds in 2:1 goes unnoticed with chance (2/3)^8 ≈ 4%) at a few milliseconds a check."""

RESAMPLE_SEED = 0x7AB1E
"""Fixed, so the same takeback gets the same answer when the log is replayed."""

CONCEDED = T("投了や時間切れ負けは取り消せません。", "A resignation or a forfeit cannot be taken back.")
TWICE = T("取り消しをさらに取り消すことはできません。", "A takeback cannot itself be taken back.")
NOT_A_MOVE = T("この記録は手ではないため、取り消せません。", "That entry is not a move, so it cannot be taken back.")
FINISHED = T("ゲームを終わらせた手は取り消せません。", "The action that ended the game cannot be taken back.")
CHANCE = T(
    "この手では偶然(袋の混ぜ直しや無作為の選択)が使われたため、取り消せません。",
    "This action used chance (a shuffle or a random pick), so it cannot be taken back.",
)
SHOWN_TO_ACTOR = T(
    "この手で新しい情報(引いたコインやカードなど)を知ったため、取り消せません。",
    "This action showed you something new (a coin or a card drawn, say), so it cannot be taken back.",
)
SHOWN_TO_OTHERS = T(
    "この手で他のプレイヤーに隠れていた情報が明かされたため、取り消せません。",
    "This action showed another player something that was hidden, so it cannot be taken back.",
)

UNSURE = T(
    "この手が何も明かさなかったことを確かめられないため、取り消せません。",
    "It cannot be confirmed that this action revealed nothing, so it cannot be taken back.",
)


@runtime_checkable
class TakebackRule(Protocol):
    """A game that decides takebacks itself (the optional `Game.takeback_refusal`)."""

    def takeback_refusal(
        self, before: Mapping[str, Any], after: Mapping[str, Any], seat: int, notation: str
    ) -> Text | None: ...


def refusal(before: "Match", after: "Match", seat: int, notation: str) -> Text | None:
    """None when the log's last entry — `seat` played `notation`, turning `before` into `after` — may be
    taken back; otherwise the bilingual reason it may not."""
    if notation in CONCEDE:
        return CONCEDED
    if notation == TAKEBACK:
        return TWICE
    if notation.startswith(INTERNAL_PREFIX):
        return NOT_A_MOVE
    if after.finished:
        return FINISHED
    game = before.game
    if isinstance(game, TakebackRule):
        return game.takeback_refusal(before.state, after.state, seat, notation)
    return generic_refusal(game, before.state, after.state, seat, notation)


def generic_refusal(
    game: Game, before: Mapping[str, Any], after: Mapping[str, Any], seat: int, notation: str
) -> Text | None:
    """The default decision on two game states: refuse when the RNG moved or the action revealed
    anything to any seat. Public so that a game's own `takeback_refusal` can fall back on it."""
    if before.get(RNG_KEY) != after.get(RNG_KEY):
        return CHANCE
    actual = game.apply(before, seat, notation)
    rng = Rng(RESAMPLE_SEED)
    seats = range(len(game.seat_teams(before)))
    for viewer in (seat, *(other for other in seats if other != seat)):
        seen = _seen(game, actual.state, actual.events, viewer)
        for _ in range(RESAMPLES):
            try:
                imagined = game.apply(game.resample(before, viewer, rng), seat, notation)
            except GameError:
                continue
            except Exception:  # noqa: BLE001 - a re-deal the game's rules cannot follow leaves it open
                return UNSURE
            if _seen(game, imagined.state, imagined.events, viewer) != seen:
                return SHOWN_TO_ACTOR if viewer == seat else SHOWN_TO_OTHERS
    return None


def _seen(game: Game, state: Mapping[str, Any], events: tuple[Event, ...], viewer: int) -> tuple[Any, ...]:
    """Everything `viewer` perceives after an action: its view and the log lines it is shown."""
    lines = [event.to_json() for event in events if event.seat is None or event.seat == viewer]
    return game.view(state, viewer), lines
