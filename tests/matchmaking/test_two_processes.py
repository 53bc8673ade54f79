"""Two bot processes on one database running the queue's pass at the same moments (the harness of
tests/e2e/test_two_processes.py: each interaction goes to either process at random): on PostgreSQL, where
the passes claim entries with FOR UPDATE SKIP LOCKED, and on SQLite, whose writers take turns. Twenty
players of mixed ratings are matched within the widening rule, each into exactly one started game, each
game introduced once; leaving while both passes run never seats the player."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import AsyncIterator

import pytest

from storage.base import Store
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from discord_ui.bot import TabletopBot
from tabletop.runtime.config import Config
from discord_ui.courier import Courier
from tabletop.matchmaking.post import queue_pass
from tests.e2e.conftest import RATE_LIMIT_SCALE
from tests.e2e.driver import CHANNEL, GUILD, FakeClock, Table
from tests.e2e.test_two_processes import SharedDiscord
from tests.leagues.harness import reply
from tests.matchmaking.harness import QUEUE_CHANNEL, MatchLog, add_players, queue_channel, rate, slash

MINUTE = 60.0


@pytest.fixture(params=["postgresql", "sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One database both processes open: a fresh PostgreSQL schema, or a SQLite file."""
    return request.getfixturevalue("postgres_url") if request.param == "postgresql" else str(tmp_path / "bot.sqlite3")


@pytest.fixture
async def processes(database: str) -> AsyncIterator[tuple[Table, SharedDiscord, list[TabletopBot]]]:
    url = database

    def store() -> Store:
        return PostgresStore(url) if url.startswith("postgresql") else SqliteStore(Path(url))

    async with SharedDiscord(random.Random(27)) as world:
        world.add_guild(GUILD, "Doujin Games", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        clock = FakeClock()
        config = Config(token=None, database_path=url, dev_guild_id=None, log_level="INFO", channel_pace=RATE_LIMIT_SCALE)
        bots = [TabletopBot(config, store(), now=clock.now) for _ in range(2)]
        world.paces_itself(*Courier.pacing())
        for bot in bots:
            await world.attach_process(bot)
        table = Table(world, Path("unused"), clock=clock)
        table.bot = bots[0]  # the test reads the shared database through it
        yield table, world, bots


async def passes_everywhere(world: SharedDiscord, bots: list[TabletopBot]) -> None:
    """Both processes' queue passes at the same moment, interleaved on the database."""
    await asyncio.gather(*(world.run(queue_pass(bot)) for bot in bots))
    await world.settle()


async def test_two_processes_match_every_player_exactly_once(processes: tuple[Table, SharedDiscord, list[TabletopBot]]) -> None:
    table, world, bots = processes
    rng = random.Random(5)
    players = add_players(table, 21)
    quitter = players.pop()
    ratings = {user: rng.randrange(1000, 1520) for user in players}
    await rate(table, "warchest", ratings | {quitter: 1200})
    await queue_channel(table)
    log = MatchLog()
    for user in [*players[:10], quitter, *players[10:]]:
        await slash(table, user, "queue join", {"game": "warchest"})
        table.clock.advance(20)
    left, *_ = await asyncio.gather(slash(table, quitter, "queue leave"), *(world.run(queue_pass(bot)) for bot in bots))
    await world.settle()
    assert "You left the queue" in reply(left) or "already matched" in reply(left)
    for _ in range(30):
        table.clock.advance(MINUTE)
        await passes_everywhere(world, bots)
        await log.after_pass(table.bot, table.clock.now(), [*players, quitter])
    assert log.violations == []
    quitter_entry = await table.bot.store.queue_entry(GUILD, quitter)
    assert quitter_entry is not None
    seated: Counter[int] = Counter()
    for user in [*players, quitter]:
        for record in await table.bot.store.user_games(user, statuses=("active",)):
            seated[user] += 1
            assert record.channel_id == QUEUE_CHANNEL
    if quitter_entry.status == "left":
        assert seated[quitter] == 0, "a player who left is never seated"
    assert {user: seated[user] for user in players} == {user: 1 for user in players}, "each player in exactly one game"
    games = {entry.game_id for user in players if (entry := await table.bot.store.queue_entry(GUILD, user)) is not None}
    for game_id in games:
        intro = {m.id for m in world.records if m.channel_id == QUEUE_CHANNEL and not m.ephemeral and f"#{game_id}\n" in m.text}
        assert len(intro) == 1, f"game {game_id} introduced {len(intro)} times"
    assert all(count == 1 for count in Counter(m.text for m in world.records if "**Ranked queue**" in m.text
                                                  or "**ランク戦**" in m.text).values())
