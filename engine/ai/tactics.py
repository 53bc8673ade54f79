"""Moves no level may miss: a move that wins the game at once in every world the seat can imagine.

Search with few iterations can overlook a win among many moves; checking each move directly is cheap
(one application per move and world) and keeps the easy level beatable without being silly.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from engine.ai.rewards import outcome_rewards
from engine.core.game import Game
from engine.core.types import Action

WIN = 1.0


def winning_move(game: Game, worlds: Sequence[Mapping[str, Any]], seat: int, choices: tuple[str, ...]) -> str | None:
    """The first of `choices` that ends the game with `seat`'s team alone in first place in all `worlds`."""
    teams = game.seat_teams(worlds[0])
    listed = [{action.notation: action for action in game.legal_actions(world, seat)} for world in worlds]
    for notation in choices:
        if all(_wins(game, world, seat, legal.get(notation), teams) for world, legal in zip(worlds, listed)):
            return notation
    return None


def _wins(game: Game, world: Mapping[str, Any], seat: int, action: Action | None, teams: list[int]) -> bool:
    if action is None:
        return False
    try:
        after = game.apply_action(world, seat, action).state
    except Exception:  # noqa: BLE001 - a world the game's resample got wrong proves no win (engine.ai.search)
        return False
    outcome = game.outcome(after)
    return outcome is not None and outcome_rewards(outcome, teams)[seat] >= WIN
