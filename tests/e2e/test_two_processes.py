"""Two bot processes on one PostgreSQL database, as with SHARD_IDS split across processes: every
interaction goes to either process at random (a game's clicks arrive wherever Discord routes them), and
both run their scheduler passes at the same moments. Nothing is applied twice, no reminder or timeout is
sent twice, and none is lost.

Both bots are complete `TabletopBot`s, each with its own store (its own connection pool), on one
simulated Discord: `SharedDiscord` lets every attached process call Discord's REST API and hands each
incoming interaction to one of them. (tests/storage/test_claims.py also runs claimers in separate OS
processes.)
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from engine.core.errors import GameError
from storage.base import LobbyError
from storage.postgres import PostgresStore
from discord_ui.bot import TabletopBot
from tabletop.play.clocks import HOUR
from tabletop.runtime.config import Config
from discord_ui.courier import Courier
from tabletop.delivery.scheduler import run_pass
from tabletop.play.service import Loaded, match_of
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN, RATE_LIMIT_SCALE
from tests.e2e.driver import CHANNEL, GUILD, FakeClock, Table
from tests.fakediscord import FakeDiscord

PLAYERS = (ALICE, CAROL, DAVE, ERIN)


class SharedDiscord(FakeDiscord):
    """One Discord for several bot processes: each may call the REST API; each interaction is delivered
    to one process chosen at random (harder for exactly-once than Discord's routing by shard)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rate_limit_scale=RATE_LIMIT_SCALE)
        self.processes: list[Any] = []
        self.rng = rng
        self.served: Counter[int] = Counter()

    async def attach_process(self, bot: Any) -> None:
        self.bot = None  # attach() would otherwise close the process already attached, as a restart does
        await self.attach(bot)
        self.processes.append(bot)

    def _serves(self, bot: Any) -> bool:
        return bot in self.processes or super()._serves(bot)

    async def _deliver(self, rec: Any) -> Any:
        index = self.rng.randrange(len(self.processes))
        self.served[index] += 1
        self.bot = self.processes[index]
        return await super()._deliver(rec)

    async def close(self) -> None:
        for bot in self.processes:
            self.bot = bot
            await self.detach()
        await super().close()


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[Table, SharedDiscord, list[TabletopBot]]]:
    rng = random.Random(16)
    async with SharedDiscord(rng) as world:
        world.add_guild(GUILD, "Doujin Games", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        for user, name in zip(PLAYERS, ("アリス", "carol", "dave", "erin")):
            world.add_user(user, name)
        clock = FakeClock()
        config = Config(token=None, database_path=postgres_url, dev_guild_id=None, log_level="INFO", channel_pace=RATE_LIMIT_SCALE)
        bots = [TabletopBot(config, PostgresStore(postgres_url), now=clock.now) for _ in range(2)]
        world.paces_itself(*Courier.pacing())
        for bot in bots:
            await world.attach_process(bot)
        table = Table(world, Path("unused"), clock=clock)
        table.bot = bots[0]  # the driver reads the shared database through it
        yield table, world, bots


async def passes_everywhere(world: SharedDiscord, bots: list[TabletopBot]) -> None:
    """Both processes' scheduler passes, at the same moment, interleaved on the database."""
    await asyncio.gather(*(world.run(run_pass(bot)) for bot in bots))
    await world.settle()


def reminders(world: SharedDiscord) -> Counter[tuple[int, str]]:
    return Counter((m.channel_id, m.text) for m in world.records if m.kind == "dm" and m.text.startswith("⏰"))


async def live_games(table: Table, games: list[int]) -> list[int]:
    return [game_id for game_id in games if (await table.record(game_id)).status == "active"]


async def test_two_processes_play_remind_and_time_out_without_duplicates_or_losses(
    two: tuple[Table, SharedDiscord, list[TabletopBot]],
) -> None:
    table, world, bots = two
    await table.bot.store.update_guild_settings(GUILD, {"time_control": "move:86400", "timeout_policy": "forfeit",
                                                        "grace_hours": 0})
    rng = random.Random(3)
    games = [await table.start_game(host, [guest], "highcard") for host, guest in ((ALICE, CAROL), (DAVE, ERIN), (CAROL, DAVE))]
    expected = 0
    for wait in (13 * HOUR, 2 * HOUR, 13 * HOUR, 13 * HOUR):
        table.clock.advance(wait)
        live = await live_games(table, games)
        await passes_everywhere(world, bots)
        expected += len(live) if wait >= 12 * HOUR else 0  # the half-time reminder of each waiting player, once
        assert sum(reminders(world).values()) == expected, "no reminder lost"
        for game_id in live:
            record = await table.record(game_id)
            await table.take_turn(record.players[match_of(record).awaited_seats()[0]], game_id, rng)
    sent = reminders(world)
    assert max(sent.values()) == 1, f"a reminder went out twice: {sent.most_common(3)}"

    live = await live_games(table, games)
    assert live, "some game is still running to time out"
    table.clock.advance(25 * HOUR)
    await passes_everywhere(world, bots)
    await passes_everywhere(world, bots)
    for game_id in games:
        actions = await table.bot.store.actions(game_id)
        assert [a.seq for a in actions] == list(range(1, len(actions) + 1)), "one history, no step applied twice"
        forfeits = [a for a in actions if a.action == "!forfeit"]
        assert len(forfeits) == (1 if game_id in live else 0), f"game {game_id}: the timeout applied exactly once"
        assert (await table.record(game_id)).status == "finished"
    assert min(world.served[index] for index in range(len(bots))) > 5, f"both processes served clicks: {world.served}"


async def test_the_same_click_on_two_processes_applies_once(two: tuple[Table, SharedDiscord, list[TabletopBot]]) -> None:
    """A double click whose two halves reach different processes: one step, the other refused."""
    table, world, bots = two
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = match_of(record)
    seat = match.awaited_seats()[0]
    notation = match.legal_actions(seat)[0].notation

    async def click(bot: TabletopBot) -> bool:
        try:
            await bot.service.play(Loaded(record, match), seat, notation, decision_id=match.decisions[seat])
        except (GameError, LobbyError):
            return False
        return True

    outcomes = await asyncio.gather(*(click(bot) for bot in bots))
    assert sorted(outcomes) == [False, True]
    assert [a.seq for a in await table.bot.store.actions(game_id)] == [1]
