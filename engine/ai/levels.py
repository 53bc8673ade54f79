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

    `iterations` and `budget_s` bound the search. How many actions a playout runs before the position is
    judged instead of played on depends on the game (`depth`): `rollout_depth` for a game of two sides,
    judged by its standings; `multiplayer_depth` for three sides or more; `evaluated_depth` for a game
    with an evaluation of its own (the `ai_evaluate` hook). `exploration` is the UCT constant for rewards
    in [0, 1].

    Why hard plays multiplayer playouts to the end (`PLAY_OUT`) and cuts two-sided ones off: a cut-off
    playout is judged by the current standings. With three players or more, the standings several rounds
    early say little about the final places, and four times normal's iterations bought nothing (Wall of
    War 3p: hard ahead of a normal seat in 50% of 30 pairs with a 16 or 24-action cut-off; played to the
    end, in 94% of 36 pairs). Between two sides, the lead is a fair guide, and playing out costs
    iterations: ART OF WAR's hard won 65% of 40 games against normal with a 24-action cut-off, 55% of 40
    when it played out. A game that judges its own positions keeps the cut-off too: War Chest's random
    games run for hundreds of actions, and its evaluation counts what decides them; Wunderkammer's hard
    judges its collections the way the final scoring will (engine/ai/heuristics).
    """

    name: str
    iterations: int
    budget_s: float
    rollout_depth: int
    multiplayer_depth: int
    evaluated_depth: int
    exploration: float = 0.7

    def depth(self, sides: int, evaluates: bool) -> int:
        """Playout actions before judging, for a game of `sides` sides (teams count once) that does or does
        not evaluate its own positions."""
        if evaluates:
            return self.evaluated_depth
        return self.multiplayer_depth if sides > 2 else self.rollout_depth

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
    "easy": Level("easy", iterations=40, budget_s=0.3, rollout_depth=8, multiplayer_depth=8, evaluated_depth=8),
    "normal": Level("normal", iterations=250, budget_s=1.0, rollout_depth=16, multiplayer_depth=16, evaluated_depth=16),
    "hard": Level("hard", iterations=1000, budget_s=3.0, rollout_depth=24, multiplayer_depth=PLAY_OUT, evaluated_depth=24),
}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise KeyError(f"unknown AI level {name!r}; choose one of {', '.join(LEVELS)}") from None
