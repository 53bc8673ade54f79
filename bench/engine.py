"""Engine throughput: random legal self-play of every registered game at every player count."""

from __future__ import annotations

from engine import registry
from engine.selfplay import run as selfplay

GAMES_PER_CASE = 30


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for game in registry.games().values():
        for players in game.player_counts:
            report = selfplay(game, players, GAMES_PER_CASE, seed=1)
            rows.append((f"{game.id} {players}p actions/s", report.actions / report.seconds, "actions/s"))
            rows.append((f"{game.id} {players}p mean actions/game", report.actions / report.games, "actions"))
    return rows
