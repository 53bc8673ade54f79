"""Two bot processes on one database running the queue's pass at the same moments (the set-up of
tests/e2e/processes.py: each interaction goes to either process at random): on PostgreSQL, where the
passes and the matches tried at join claim entries with FOR UPDATE SKIP LOCKED, and on SQLite, whose
writers take turns. Twenty players of mixed ratings are matched within the widening rule, each into
exactly one started game, each game introduced once; leaving while both passes run never seats the
player; players joining at once on both processes while both passes run are matched at join or by a
pass, each exactly once."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import AsyncIterator

import pytest

from discord_ui.bot import TabletopBot
from tabletop.matchmaking.post import queue_pass
from tests.e2e.driver import GUILD, Table
from tests.fakediscord.world import InteractionRecord
from tests.e2e.processes import Processes, SharedDiscord, processes
from tests.leagues.harness import reply
from tests.matchmaking.harness import QUEUE_CHANNEL, MatchLog, add_players, queue_channel, rate, slash

MINUTE = 60.0


@pytest.fixture(params=["postgresql", "sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One database both processes open: a fresh PostgreSQL schema, or a SQLite file."""
    return request.getfixturevalue("postgres_url") if request.param == "postgresql" else str(tmp_path / "bot.sqlite3")


@pytest.fixture
async def two(database: str) -> AsyncIterator[Processes]:
    async with processes(database, 27) as made:
        yield made


async def passes_everywhere(world: SharedDiscord, bots: list[TabletopBot]) -> None:
    """Both processes' queue passes at the same moment, interleaved on the database."""
    await asyncio.gather(*(world.run(queue_pass(bot)) for bot in bots))
    await world.settle()


async def test_two_processes_match_every_player_exactly_once(two: Processes) -> None:
    table, world, bots = two
    rng = random.Random(5)
    players = add_players(table, 22)
    quitter, partner = players.pop(), players.pop()
    ratings = {user: rng.randrange(1000, 1520) for user in players}
    await rate(table, "warchest", ratings | {quitter: 2500, partner: 2640})  # 140 apart, beyond anyone else's reach
    await queue_channel(table)
    log = MatchLog()
    everyone = [*players, quitter, partner]
    for user in [*players[:10], partner, quitter, *players[10:]]:
        await slash(table, user, "queue join", {"game": "warchest"})
        await log.after_pass(table.bot, table.clock.now(), everyone)  # matched at join when a fitting opponent waits
        table.clock.advance(20)
    assert (await table.bot.store.queue_entry(GUILD, quitter)).status == "waiting", "140 apart: not at join"  # type: ignore[union-attr]
    # both have waited long enough for 140 now: the quitter leaves while both passes may match the two
    left, *_ = await asyncio.gather(slash(table, quitter, "queue leave"), *(world.run(queue_pass(bot)) for bot in bots))
    await world.settle()
    assert "キューから抜けました" in reply(left) or "もう対戦が決まっています" in reply(left)
    for _ in range(30):
        table.clock.advance(MINUTE)
        await passes_everywhere(world, bots)
        await log.after_pass(table.bot, table.clock.now(), everyone)
    assert log.violations == []
    for user in everyone:
        assert all(record.channel_id == QUEUE_CHANNEL for record in await table.bot.store.user_games(user, statuses=("active",)))
    if (await table.bot.store.queue_entry(GUILD, quitter)).status == "left":  # type: ignore[union-attr]
        assert await table.bot.store.user_games(quitter, statuses=("active",)) == [], "a player who left is never seated"
        assert (await table.bot.store.queue_entry(GUILD, partner)).status == "waiting"  # type: ignore[union-attr]
    else:
        players += [quitter, partner]
    await each_in_one_game_introduced_once(table, world, players)


async def each_in_one_game_introduced_once(table: Table, world: SharedDiscord, players: list[int]) -> None:
    seated = {user: len(await table.bot.store.user_games(user, statuses=("active",))) for user in players}
    assert seated == {user: 1 for user in players}, "each player in exactly one game"
    games = {entry.game_id for user in players if (entry := await table.bot.store.queue_entry(GUILD, user)) is not None}
    for game_id in games:
        intro = {m.id for m in world.records if m.channel_id == QUEUE_CHANNEL and not m.ephemeral and f"#{game_id}\n" in m.text}
        assert len(intro) == 1, f"game {game_id} introduced {len(intro)} times"
    assert all(count == 1 for count in Counter(m.text for m in world.records if "**Ranked queue**" in m.text
                                                  or "**ランク戦**" in m.text).values())


def matched_at_join(record: InteractionRecord) -> bool:
    return "Matched at once" in reply(record) or "すぐに相手が見つかりました" in reply(record)


async def test_joins_on_both_processes_match_at_once_and_exactly_once(two: Processes) -> None:
    """One at a time, every second join finds its opponent waiting, whichever process serves it; then
    players join four at a time on both processes while both passes run, and each is seated once."""
    table, world, bots = two
    rng = random.Random(8)
    players = add_players(table, 24)
    ratings = {user: 1200 for user in players[:8]} | {user: rng.randrange(1150, 1300) for user in players[8:]}
    await rate(table, "warchest", ratings)
    await queue_channel(table)
    log = MatchLog()
    for user in players[:8]:
        joined = await slash(table, user, "queue join", {"game": "warchest"})
        assert matched_at_join(joined) == (players.index(user) % 2 == 1)
        await log.after_pass(table.bot, table.clock.now(), players)
    assert len(log.games) == 4 and len(world.served) == 2, f"both processes served joins: {world.served}"
    for batch in range(4):
        group = players[8 + 4 * batch:12 + 4 * batch]
        await asyncio.gather(*(slash(table, user, "queue join", {"game": "warchest"}) for user in group),
                             *(world.run(queue_pass(bot)) for bot in bots))
        await world.settle()
        await log.after_pass(table.bot, table.clock.now(), players)
        table.clock.advance(20)
    for _ in range(10):
        table.clock.advance(MINUTE)
        await passes_everywhere(world, bots)
        await log.after_pass(table.bot, table.clock.now(), players)
    assert log.violations == [] and len(log.games) == 12
    await each_in_one_game_introduced_once(table, world, players)
