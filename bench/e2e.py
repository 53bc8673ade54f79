"""End-to-end latency through the offline Discord harness: real discord.py, real SQLite, real renders.

Measures, per game, the wall time from feeding an interaction to the bot until its last outgoing
message (the harness settles every task the interaction started), averaged over a random game.
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
import tempfile
import time
from pathlib import Path

from engine import registry
from engine.core.match import Match
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import FakeDiscord

ACTIONS = 40


async def _measure(game_id: str, players: int) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as world:
            world.add_guild(GUILD, "bench", locale="ja")
            world.add_channel(GUILD, CHANNEL, "games")
            users = [200 + i for i in range(players)]
            for user in users:
                world.add_user(user, f"p{user}")
            table = Table(world, Path(folder) / "bench.sqlite3")
            await table.boot()
            game = await table.start_game(users[0], users[1:], game_id)
            before = len(world.interactions)
            start = time.perf_counter()
            actions = 0
            rng = random.Random(1)
            for _ in range(ACTIONS):
                record = await table.record(game)
                if record.status != "active":
                    break
                match = Match.from_json(registry.get(game_id), record.state or {})
                await table.take_turn(record.players[rng.choice(match.awaited_seats())], game, rng)
                actions += 1
            elapsed = time.perf_counter() - start
            interactions = len(world.interactions) - before
            world.assert_no_errors()
            return elapsed / max(interactions, 1), elapsed / max(actions, 1), interactions


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for game in registry.games().values():
        if importlib.util.find_spec(f"renderers.{game.id}") is None:
            continue
        players = game.player_counts[0]
        per_interaction, per_action, count = asyncio.run(_measure(game.id, players))
        rows.append((f"{game.id} {players}p per interaction", per_interaction * 1000, "ms"))
        rows.append((f"{game.id} {players}p per action (take turn + picks)", per_action * 1000, "ms"))
        rows.append((f"{game.id} {players}p interactions measured", count, "count"))
    return rows
