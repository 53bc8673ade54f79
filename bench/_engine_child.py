"""Timing of one source tree's engine: the engine bench runs this file's text with `python -c` in that
tree's folder (so `engine` is that tree's package) and sends it one case at a time on stdin.

It uses only what every commit of the engine offers (the registry, `engine.selfplay.run`, `new_state`,
`pending`, `legal_actions`, `apply_action`), so the same file times the tree before a change and after
it. Answers each case with one JSON line:
- `selfplay`: that tree's own random play (`python -m bench engine`'s figure), actions per second;
- `contract`: a fixed driver through the public contract with a copy per step (`apply_action`), the
  same loop on every tree, so it isolates the engine from changes to the driver;
- `digest`: the contract driver's action logs and final states, which must match between trees.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from typing import Any

from engine import registry
from engine.selfplay import run as selfplay


def contract_games(game: Any, players: int, games: int, seed: int) -> tuple[int, float, str]:
    """Actions, seconds and digest of `games` random games played through `apply_action`."""
    digest = hashlib.sha256()
    actions = 0
    start = time.perf_counter()
    for index in range(games):
        agent = random.Random(seed + index)
        state = game.new_state(players, seed + index, game.validate_options(players, {}))
        while game.outcome(state) is None:
            decisions = game.pending(state)
            if not decisions:
                break
            seat = agent.choice(tuple(dict.fromkeys(decision.seat for decision in decisions)))
            action = agent.choice(game.legal_actions(state, seat))
            state = game.apply_action(state, seat, action).state
            digest.update(f"{seat}:{action.notation}\n".encode())
            actions += 1
        digest.update(json.dumps(state, sort_keys=True).encode())
    return actions, time.perf_counter() - start, digest.hexdigest()[:16]


def main(argv: list[str]) -> int:
    """Print the cases this tree knows, then time each case named on stdin ("warchest 2 30 1": game,
    players, games, seed) as it comes, so that the parent can alternate trees case by case."""
    games = registry.games()
    print(json.dumps([f"{game.id} {players}p" for game in games.values() for players in game.player_counts]), flush=True)
    for line in sys.stdin:
        game_id, players, count, seed = line.split()
        game = games[game_id]
        report = selfplay(game, int(players), int(count), seed=int(seed))
        actions, seconds, digest = contract_games(game, int(players), int(count), int(seed))
        print(json.dumps({
            "selfplay": report.actions / report.seconds,
            "contract": actions / seconds,
            "digest": digest,
        }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
