"""Two bot processes on one PostgreSQL database, as with SHARD_IDS split across processes: every
interaction goes to either process at random (a game's clicks arrive wherever Discord routes them), and
both run their scheduler passes at the same moments. Nothing is applied twice, no reminder or timeout is
sent twice, and none is lost.

The set-up (tests/e2e/processes.py) is shared with the queue's two-process tests. (tests/storage/
test_claims.py also runs claimers in separate OS processes.)
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter

from engine.core.errors import GameError
from storage.base import LobbyError
from discord_ui.bot import TabletopBot
from tabletop.play.clocks import HOUR
from tabletop.delivery.scheduler import run_pass
from tabletop.play.service import Loaded, match_of
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import GUILD, Table
from tests.e2e.processes import Processes, SharedDiscord, two  # noqa: F401 - the fixture


async def passes_everywhere(world: SharedDiscord, bots: list[TabletopBot]) -> None:
    """Both processes' scheduler passes, at the same moment, interleaved on the database."""
    await asyncio.gather(*(world.run(run_pass(bot)) for bot in bots))
    await world.settle()


def reminders(world: SharedDiscord) -> Counter[tuple[int, str]]:
    return Counter((m.channel_id, m.text) for m in world.records if m.kind == "dm" and m.text.startswith("⏰"))


async def live_games(table: Table, games: list[int]) -> list[int]:
    return [game_id for game_id in games if (await table.record(game_id)).status == "active"]


async def test_two_processes_play_remind_and_time_out_without_duplicates_or_losses(
    two: Processes,  # noqa: F811 - the fixture
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


async def test_the_same_click_on_two_processes_applies_once(two: Processes) -> None:  # noqa: F811 - the fixture
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
