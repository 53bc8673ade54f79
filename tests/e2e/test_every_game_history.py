"""Every declared game, played to the end through Discord, can be replayed step by step, read as a log and
exported to a file that `python -m engine.replay` verifies: a game added later is covered without edits."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.runtime import packages
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.e2e.test_afterplay import exported, replays
from tests.e2e.test_history import button_to, position

PLAYERS = (ALICE, CAROL, ERIN, DAVE)
GAMES = sorted(game_id for game_id, package in packages.declared().items() if type(package.game).__module__.startswith("engine."))
"""Games of the bot itself (the test fixture game lives outside `engine/`, where the replay tool looks)."""


async def play_quietly_to_end(table: Table, game_id: int, rng: random.Random) -> None:
    """Random legal moves committed through the service alone: the history features only need the stored
    log of a finished game, and skipping hundreds of board renders keeps the test quick."""
    service = table.bot.service
    while True:
        loaded = await service.load(game_id)
        seat = loaded.match.awaited_seats()[0]
        played = await service.play(loaded, seat, rng.choice(loaded.match.legal_actions(seat)),
                                    decision_id=loaded.match.decisions[seat])
        if played.record.status != "active":
            return


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_replays_logs_and_exports(table: Table, tmp_path: Path, game: str) -> None:
    players = min(packages.declared()[game].game.player_counts)
    game_id = await table.start_game(ALICE, list(PLAYERS[1:players]), game)
    await play_quietly_to_end(table, game_id, random.Random(1))
    record = await table.record(game_id)
    assert record.status == "finished"
    steps = len(await table.bot.store.actions(game_id))
    replay = (await table.world.slash(CAROL, "game replay", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert replay.ephemeral and position(replay) == (0, steps)
    await table.world.click(CAROL, replay, button_to(replay, "l"))
    replay = table.world.message(replay.id)
    assert position(replay) == (steps, steps) and replay.attachments[0].image().width > 0
    log = (await table.world.slash(ALICE, "game log", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert log.ephemeral and log.embeds and log.embeds[0].get("description")
    replays(await exported(table, ALICE, game_id, tmp_path))
