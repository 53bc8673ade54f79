"""How noisy a whole game is through Discord: thread messages, pings, DMs, handovers, image bytes, clicks.

Each game is played to the end on the e2e tests' simulated server, every seat through the picker with a
random choice at each level, from a fixed engine seed and a fixed picker seed, so a change to the bot's
messages shows up as a change in these figures and not as a different game. Takes a couple of minutes.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import tempfile
from pathlib import Path
from unittest import mock

from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN, simulated_server
from tests.e2e.figures import GameFigures, figures_of, format_figures

SEED = 7
GAMES: tuple[tuple[str, str, int, dict[str, str]], ...] = (
    ("War Chest 2p draft", "warchest", 2, {"mode": "draft"}),
    ("War Chest 2p random deal", "warchest", 2, {"mode": "random"}),
    ("War Chest 4p", "warchest", 4, {}),
    ("Wall of War 3p", "wallofwar", 3, {}),
    ("Wall of War 5p", "wallofwar", 5, {}),
)


async def _play(game_type: str, players: int, options: dict[str, str]) -> GameFigures:
    with tempfile.TemporaryDirectory() as folder:
        async with simulated_server(Path(folder) / "bench.sqlite3") as table:
            await table.bot.render_pool.start()  # warmed before the game: a slow warm-up is no busy bot
            seats = [ALICE, BOB, CAROL, DAVE, ERIN][:players]
            # The bot draws each game's seed from `secrets` at start; pinning it is what makes the game repeatable.
            with mock.patch.object(secrets, "randbits", return_value=SEED):
                game_id = await table.start_game(seats[0], seats[1:], game_type, options)
            assert (await table.record(game_id)).seed == SEED, "the bot no longer seeds games from secrets.randbits"
            await table.play_to_end(game_id, random.Random(SEED))
            return await figures_of(table, game_id)


def run() -> list[tuple[str, float, str]]:
    games = {label: asyncio.run(_play(game_type, players, options)) for label, game_type, players, options in GAMES}
    print(format_figures(games), flush=True)
    rows: list[tuple[str, float, str]] = []
    for label, figures in games.items():
        rows += [
            (f"{label} actions", figures.actions, "count"),
            (f"{label} thread messages", figures.thread_messages, "count"),
            (f"{label} mentions", sum(seat.mentions for seat in figures.seats), "count"),
            (f"{label} DMs", sum(seat.dms for seat in figures.seats), "count"),
            (f"{label} handovers", sum(seat.handovers for seat in figures.seats), "count"),
            (f"{label} image thread", figures.images.thread / 1024, "KiB"),
            (f"{label} image DM", figures.images.dm / 1024, "KiB"),
            (f"{label} image ephemeral", figures.images.ephemeral / 1024, "KiB"),
            (f"{label} clicks per action mean", figures.clicks_mean, "clicks"),
            (f"{label} clicks per action median", figures.clicks_median, "clicks"),
        ]
    return rows
