"""Forced public decisions under random play: which ones the platform takes at once, and proof that
each such skip would happen on any state a spectator cannot tell from the true one.

The platform answers an awaited decision by itself when it is marked public and offers exactly one
action. A skip whose single option came from a hidden hand or bag would tell the table, by its timing,
something only that seat knows; so every skip is replayed on spectator resamples and must be the same
skip there. Forced choices that stay hidden (and so keep asking) are counted too, for the report.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from engine.core.game import Game
from engine.core.match import Match
from engine.core.rng import Rng
from engine.core.types import Decision
from engine.selfplay import playout

RESAMPLES = 3
Label = Callable[[Mapping[str, Any], Decision], str]
"""Names a decision for the report (prompts carry seat names and card names, so they make poor keys)."""


@dataclass
class Tally:
    """Decisions seen over some playouts; single-option ones counted per label."""

    decisions: int = 0
    public: int = 0
    skipped: Counter = field(default_factory=Counter)
    """Public decisions with a single legal action: the platform takes them without asking."""
    hidden_single: Counter = field(default_factory=Counter)
    """Decisions with a single legal action that stay asked, because the single option is not public."""

    def add(self, other: "Tally") -> None:
        self.decisions += other.decisions
        self.public += other.public
        self.skipped += other.skipped
        self.hidden_single += other.hidden_single

    def line(self, title: str) -> str:
        skipped = sum(self.skipped.values())
        kept = sum(self.hidden_single.values())
        return (
            f"{title}: {self.decisions} decisions, {self.public} public, {skipped} skipped {dict(self.skipped)}, "
            f"{kept} single but hidden (still asked) {dict(self.hidden_single)}"
        )


def forced(game: Game, state: Mapping[str, Any], seat: int) -> str | None:
    """The notation the platform would play for `seat` without asking, if any."""
    for decision in game.pending(state):
        if decision.seat == seat and decision.public:
            legal = game.legal_actions(state, seat)
            return legal[0].notation if len(legal) == 1 else None
    return None


def tally(
    game: Game, players: int, options: Mapping[str, str], seeds: Iterable[int], rng: Rng, label: Label
) -> Tally:
    """Play seeded random games, count decisions and skips, and check each skip on spectator resamples."""
    result = Tally()
    for seed in seeds:
        states = [Match.start(game, players, seed, options).state]
        states += [step.match.state for step in playout(game, players, seed, options)]
        for state in states:
            for decision in game.pending(state):
                result.decisions += 1
                legal = game.legal_actions(state, decision.seat)
                if not decision.public:
                    if len(legal) == 1:
                        result.hidden_single[label(state, decision)] += 1
                    continue
                result.public += 1
                if len(legal) != 1:
                    continue
                result.skipped[label(state, decision)] += 1
                for _ in range(RESAMPLES):
                    resampled = game.resample(state, None, rng)
                    assert forced(game, resampled, decision.seat) == legal[0].notation, (
                        f"seed {seed}: skipping {label(state, decision)} depends on hidden information"
                    )
    return result
