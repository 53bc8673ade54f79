"""The match envelope: one game's state plus what the platform adds for every game.

The platform, not each game, owns the state version (boardgame.io style: every action names the version
it was chosen against), resignation and forfeit, and the action log that replays the match from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from engine.core.errors import GameOver, IllegalAction, NotYourDecision, StaleVersion
from engine.core.game import Game
from engine.core.types import Action, Decision, Event, Outcome, T, Text

RESIGN = "!resign"
FORFEIT = "!forfeit"
CONCEDE = {RESIGN: "resign", FORFEIT: "forfeit"}


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one accepted input: the new match, the events, and the log entry to store."""

    match: "Match"
    events: tuple[Event, ...]
    seat: int
    notation: str


@dataclass(frozen=True, slots=True)
class Match:
    """Immutable: every accepted action yields a new Match with `version + 1`."""

    game: Game
    players: int
    seed: int
    options: Mapping[str, str]
    state: Mapping[str, Any]
    version: int = 0
    concluded: Outcome | None = field(default=None)

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: Mapping[str, Any]) -> "Match":
        valid = game.validate_options(players, options)
        return cls(game, players, seed, valid, game.new_state(players, seed, valid))

    @property
    def outcome(self) -> Outcome | None:
        return self.concluded or self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def pending(self) -> tuple[Decision, ...]:
        return () if self.finished else self.game.pending(self.state)

    def awaited_seats(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(decision.seat for decision in self.pending()))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return () if self.finished else self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def play(self, seat: int, notation: str, expected_version: int | None = None) -> Step:
        """Apply one input from `seat`. Raises a GameError and changes nothing when it is refused."""
        if self.finished:
            raise GameOver(T("このゲームは終了しています。", "This game is over."))
        if expected_version is not None and expected_version != self.version:
            raise StaleVersion(
                T("盤面が更新されています。最新のボードから操作してください。", "The board has moved on; act from the latest board.")
            )
        if not 0 <= seat < self.players:
            raise NotYourDecision(T("このゲームの参加者ではありません。", "You are not playing in this game."))
        if notation in CONCEDE:
            return self._concede(seat, notation)
        if seat not in self.awaited_seats():
            raise NotYourDecision(T("今はあなたの番ではありません。", "It is not your turn."))
        if notation.startswith("!"):
            raise IllegalAction(T(f"「{notation}」は使えません。", f"“{notation}” is not available."))
        transition = self.game.apply(self.state, seat, notation)
        return Step(replace(self, state=transition.state, version=self.version + 1), transition.events, seat, notation)

    def _concede(self, seat: int, notation: str) -> Step:
        outcome = self.game.concede_outcome(self.state, seat, CONCEDE[notation])
        event = Event(outcome.summary)
        return Step(replace(self, version=self.version + 1, concluded=outcome), (event,), seat, notation)

    @classmethod
    def replay(
        cls, game: Game, players: int, seed: int, options: Mapping[str, Any], log: list[tuple[int, str]]
    ) -> "Match":
        """Rebuild a match from its seed and action log; raises if any logged action is now illegal."""
        match = cls.start(game, players, seed, options)
        for seat, notation in log:
            match = match.play(seat, notation).match
        return match

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "state": self.state,
            "version": self.version,
            "concluded": self.concluded.to_json() if self.concluded else None,
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping[str, Any]) -> "Match":
        concluded = data.get("concluded")
        return cls(
            game,
            data["players"],
            data["seed"],
            data["options"],
            data["state"],
            data["version"],
            Outcome.from_json(concluded) if concluded else None,
        )

    def cancelled(self) -> "Match":
        """The match ended without a result (host cancelled)."""
        summary = Text("ゲームは中止されました。", "The game was cancelled.")
        outcome = Outcome(tuple(1 for _ in range(self.players)), "cancel", summary)
        return replace(self, version=self.version + 1, concluded=outcome)
