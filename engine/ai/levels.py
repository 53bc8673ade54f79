"""The AI's strength levels: how long it may think and how deep its playouts look.

A level caps both iterations and wall-clock time. The iteration cap is what makes a decision
reproducible from its seed; the time budget is the server's guarantee that a decision never takes
longer, whatever the machine's load (when it binds, the result depends on speed and is no longer
reproducible).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class Level:
    """One strength setting.

    `iterations` and `budget_s` bound the search; `rollout_depth` is how many actions a playout runs
    before the position is evaluated by the standings instead of played to the end, and
    `evaluated_depth` the same for a game with an evaluation of its own (the `ai_evaluate` hook);
    `exploration` is the UCT constant for rewards in [0, 1].

    Why hard plays its playouts to the end (`PLAY_OUT`) instead of searching more of the same: a cut-off
    playout is judged by the current standings, which say little about who wins a multiplayer game
    several rounds early. With the easy and normal cut-offs, four times normal's iterations bought
    nothing there (Wall of War 3p: hard ahead of a normal seat in 50% of 30 pairs, the same with a 16
    or 24-action cut-off); played to the end, hard was ahead in 93% of 28 pairs. Each of its playouts
    costs more, so hard is bounded by its time budget more often than by its iteration cap. A game that
    judges its own positions keeps hard's cut-off: War Chest's random games never end, and its
    evaluation counts what decides them.
    """

    name: str
    iterations: int
    budget_s: float
    rollout_depth: int
    evaluated_depth: int
    exploration: float = 0.7

    def bounded(self, budget_s: float | None = None, iterations: int | None = None) -> "Level":
        """This level with a server's time budget or a test's iteration cap in place of the defaults."""
        return replace(
            self,
            budget_s=self.budget_s if budget_s is None else budget_s,
            iterations=self.iterations if iterations is None else iterations,
        )


PLAY_OUT = 1000
"""A playout depth no game reaches before its end: such playouts are judged by the real outcome. The
bound only guards against a game whose random play would never end."""

LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=40, budget_s=0.3, rollout_depth=8, evaluated_depth=8),
    "normal": Level("normal", iterations=250, budget_s=1.0, rollout_depth=16, evaluated_depth=16),
    "hard": Level("hard", iterations=1000, budget_s=3.0, rollout_depth=PLAY_OUT, evaluated_depth=24),
}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise KeyError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}") from None
