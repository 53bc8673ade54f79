"""A post-game review (issue 28): each seat's estimated chance of winning after every step, as one viewer
could have estimated it, and the viewer's own moves that cost the most chance.

The estimate at a position is the hint's (engine.ai.hint): the AI's information-set search from the
viewer's information only (engine.ai.worlds forgets every other seat's secrets; a spectator, viewer None,
knows only what is public), read as each seat's mean share of first place over the search's iterations.
One search per position serves twice: its root mean is the curve's point, and where the viewer chose
next, its root children rank the viewer's choices (the AI's pick and its chance). A move's cost is the
chance of the AI's pick minus the chance after the move played (the next position's own estimate, which
had a full search of its own instead of the few iterations UCT leaves for a poor child).

Reproducible: every position's search has its own RNG, seeded from `salt` (the platform's game id),
the viewer and the step, never from the match seed (which would replay every secret), and the iteration
cap ends each search (`REVIEW_ITERATIONS`, sized in bench/review.py; the time guard only protects a
loaded machine). A finished position needs no search: its outcome is the chance.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from engine import registry
from engine.ai.hint import HINT, HintSearch, first_from_places
from engine.ai.worlds import Worlds
from engine.core.game import Game
from engine.core.match import Match
from engine.core.types import Outcome

REVIEW_ITERATIONS: dict[str, int] = {"artofwar": 600, "wallofwar": 150, "walpurgis": 200, "warchest": 400, "wunderkammer": 400}
"""Iterations per position: about 0.25 s of one core each, so a 150-decision review takes about 40 s of
CPU (bench/review.py: 37 to 45 s per game, the two runs of a position 0.6 to 2 points apart on average)."""
DEFAULT_ITERATIONS = 300
POSITION_BUDGET_S = 10.0
"""Time guard per position (then that point is no longer reproducible)."""
TOP = 3
"""Costly moves shown per player."""
NOTICEABLE = 0.02
"""A move costing less chance than this is within the estimate's noise and never listed."""


class ReviewSearch(HintSearch):
    """The hint's search, also summing every seat's share of first place over all its playouts."""

    def __init__(self, game: Game, worlds: Worlds, seat: int, rng: random.Random, iterations: int, budget_s: float) -> None:
        super().__init__(game, worlds, seat, HINT.bounded(budget_s, iterations), rng)
        self.sums = [0.0] * len(self.teams)
        self.played = 0

    def playout(self, state: dict[str, Any]) -> list[float]:
        rewards = super().playout(state)
        for seat, share in enumerate(shares(self.game.outcome(state), rewards, self.teams, self.sides)):
            self.sums[seat] += share
        self.played += 1
        return rewards

    def chances(self) -> list[float]:
        if not self.played:
            return [1.0 / len(set(self.teams))] * len(self.teams)
        return [round(total / self.played, 4) for total in self.sums]


def shares(outcome: Outcome | None, rewards: list[float], teams: list[int], sides: int) -> list[float]:
    """Each seat's share of first place in one playout (its reward between two sides), as the hint reads it."""
    if sides <= 2:
        return [min(1.0, max(0.0, reward)) for reward in rewards]
    if outcome is None:
        return [first_from_places(rewards, seat, sides) for seat in range(len(rewards))]
    first = {teams[seat] for seat, rank in enumerate(outcome.ranks) if rank == 1}
    return [1.0 / len(first) if teams[seat] in first else 0.0 for seat in range(len(rewards))]


def final_chances(match: Match) -> list[float]:
    """A finished game's chances: 1 to the winners' side (shared when sides tie for first), else 0."""
    outcome = match.outcome
    assert outcome is not None
    teams = match.game.seat_teams(match.state)
    return shares(outcome, [0.0] * match.players, teams, 3)


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the viewer's own choices: the move played at `step` (1-based, the replay's step after it),
    the AI's pick from the position before it with that pick's chance, and the chance after the move."""

    step: int
    played: str
    best: str
    best_chance: float
    after: float

    @property
    def cost(self) -> float:
        return 0.0 if self.played == self.best else round(max(0.0, self.best_chance - self.after), 4)

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played, "best": self.best, "best_chance": self.best_chance,
                "after": self.after, "cost": self.cost}


def replayed(game_id: str, players: int, seed: int, options: Mapping[str, str],
             log: Sequence[Sequence[Any]]) -> tuple[list[Match], list[tuple[int, str]]]:
    """Every position of the game from its seed and log (`positions[k]`: after k entries), and the log."""
    entries = [(int(seat), str(notation)) for seat, notation in log]
    start = Match.start(registry.get(game_id), players, seed, options)
    return [start, *(step.match for step in start.replay_steps(entries))], entries


def review(game_id: str, players: int, seed: int, options: Mapping[str, str], log: Sequence[Sequence[Any]],
           viewer: int | None, salt: int, iterations: int | None = None,
           budget_s: float = POSITION_BUDGET_S) -> dict[str, Any]:
    """The whole review as JSON (see `review_positions`), from the game's seed and log."""
    positions, entries = replayed(game_id, players, seed, options, log)
    return review_positions(positions, entries, viewer, salt, iterations, budget_s)


def review_span(game_id: str, players: int, seed: int, options: Mapping[str, str], log: Sequence[Sequence[Any]],
                viewer: int | None, salt: int, first: int, last: int, iterations: int | None = None,
                budget_s: float = POSITION_BUDGET_S) -> dict[str, Any]:
    """Positions `first` to `last - 1` of a review (`points`): one job of the worker pool, so a long review
    is many short jobs and a turn never waits behind a whole one. JSON-able in and out."""
    positions, entries = replayed(game_id, players, seed, options, log)
    return points(positions, entries, viewer, salt, range(first, min(last, len(positions))),
                  iterations_for(positions[0].game.id, iterations), budget_s)


def iterations_for(game_id: str, iterations: int | None = None) -> int:
    return iterations if iterations is not None else REVIEW_ITERATIONS.get(game_id, DEFAULT_ITERATIONS)


def review_positions(positions: Sequence[Match], log: Sequence[tuple[int, str]], viewer: int | None, salt: int,
                     iterations: int | None = None, budget_s: float = POSITION_BUDGET_S) -> dict[str, Any]:
    """`positions[k]` is the match after `k` log entries. The viewer's log entries are read (their own
    moves); another seat's only for who acted, which every seat sees."""
    cap = iterations_for(positions[0].game.id, iterations)
    found = points(positions, log, viewer, salt, range(len(positions)), cap, budget_s)
    return assemble(positions[0].game.id, log, viewer, cap, found)


def points(positions: Sequence[Match], log: Sequence[tuple[int, str]], viewer: int | None, salt: int,
           indexes: Iterable[int], cap: int, budget_s: float) -> dict[str, Any]:
    """The curve's points at `indexes` and the AI's picks where the viewer chose next, by position index."""
    game = positions[0].game
    curve: dict[int, list[float]] = {}
    picks: dict[int, list[Any]] = {}
    for index in indexes:
        match = positions[index]
        if match.outcome is not None:
            curve[index] = final_chances(match)
            continue
        awaited = match.awaited_seats()
        root = viewer if viewer in awaited else awaited[0]
        choices = tuple(action.notation for action in match.legal_actions(root)) if root == viewer else ()
        rng = random.Random(f"review:{salt}:{viewer}:{index}")
        search = ReviewSearch(game, Worlds(game, match.state, viewer, rng), root, rng, cap, budget_s)
        search.run(choices or ("",), time.perf_counter() + budget_s)
        curve[index] = search.chances()
        if index < len(log) and log[index][0] == viewer and log[index][1] in choices and len(choices) > 1:
            best = search.ranked(choices, 1)[0]
            picks[index] = [best.notation, round(best.chance, 4)]
    return {"curve": curve, "picks": picks}


def assemble(game_id: str, log: Sequence[tuple[int, str]], viewer: int | None, cap: int,
             found: Mapping[str, Mapping[int, Any]]) -> dict[str, Any]:
    """The review from every position's point and pick (`points`, in one piece or many)."""
    curve = [found["curve"][index] for index in range(len(found["curve"]))]
    decisions = [Decision(index + 1, log[index][1], best, chance, curve[index + 1][viewer]).to_json()
                 for index, (best, chance) in sorted(found["picks"].items()) if viewer is not None and index + 1 < len(curve)]
    return {"game": game_id, "viewer": viewer, "iterations": cap, "actors": [seat for seat, _ in log],
            "curve": curve, "decisions": decisions}


def costly(result: Mapping[str, Any], top: int = TOP) -> list[dict[str, Any]]:
    """The viewer's `top` most costly decisions (above the noise), the costliest first."""
    found = [decision for decision in result["decisions"] if decision["cost"] >= NOTICEABLE]
    return sorted(found, key=lambda decision: (-decision["cost"], decision["step"]))[:top]


def drops(result: Mapping[str, Any], seat: int, top: int = TOP) -> list[dict[str, Any]]:
    """Another seat's `top` moves after which its chance fell most, as the viewer estimates it: all a
    review may say about someone else's choice without knowing what they knew."""
    curve = result["curve"]
    found = [{"step": index + 1, "before": curve[index][seat], "after": curve[index + 1][seat],
              "cost": round(curve[index][seat] - curve[index + 1][seat], 4)}
             for index, actor in enumerate(result["actors"]) if actor == seat and index + 1 < len(curve)]
    found = [entry for entry in found if entry["cost"] >= NOTICEABLE]
    return sorted(found, key=lambda entry: (-entry["cost"], entry["step"]))[:top]
