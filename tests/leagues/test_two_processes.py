"""Two bot processes on one PostgreSQL database running the league loop at the same moments (the harness
of tests/e2e/test_two_processes.py: each interaction goes to either process at random). At the sign-up
deadline and at a round's deadline every league announcement goes out once, each table is decided once,
and the next round is paired once, its games opened once."""

from __future__ import annotations

import asyncio
from collections import Counter

from discord_ui.bot import TabletopBot
from tabletop.play.clocks import HOUR
from tabletop.leagues.post import league_pass
from storage.league_records import LeagueRecord
from tests.e2e.driver import CHANNEL, Table
from tests.e2e.processes import SharedDiscord, two  # noqa: F401 - the fixture
from tests.leagues.harness import ADMIN, add_players, resign, round_tables, slash, the_league

ROUND_HOURS = 24


async def passes_everywhere(world: SharedDiscord, bots: list[TabletopBot]) -> None:
    """Both processes' league passes at the same moment, interleaved on the database."""
    await asyncio.gather(*(world.run(league_pass(bot)) for bot in bots))
    await world.settle()


def posted(world: SharedDiscord, text: str) -> Counter[str]:
    """Messages in the league channel containing `text`, counted by content (each id once: edits are
    snapshots of the same message)."""
    latest = {m.id: m.text for m in world.records if m.channel_id == CHANNEL and not m.ephemeral and text in m.text}
    return Counter(latest.values())


async def create(table: Table, name: str, members: list[int], policy: str) -> LeagueRecord:
    await slash(table, ADMIN, "league create", {"name": name, "game": "warchest", "format": "swiss", "rounds": 2,
                                                "round_hours": ROUND_HOURS, "policy": policy, "signup_hours": 1})
    league = await the_league(table, name)
    for user in members:
        await slash(table, user, "league join", {"league": league.id})
    return await the_league(table, name)


async def test_league_passes_on_two_processes_announce_decide_and_pair_once(
    two: tuple[Table, SharedDiscord, list[TabletopBot]],  # noqa: F811 - the fixture
) -> None:
    table, world, bots = two
    players = add_players(table, 10)
    clock = await create(table, "Clock", players[:5], "clock")
    double = await create(table, "Double", players[5:9], "double")
    short = await create(table, "Short", players[9:], "clock")
    assert clock.members == tuple(players[:5]) and double.members == tuple(players[5:9]) and short.members == (players[9],)

    table.clock.advance(HOUR + 1)  # every sign-up deadline passes
    await passes_everywhere(world, bots)
    await passes_everywhere(world, bots)
    assert list(posted(world, "sign-up closed with").values()) == [1], "the short sign-up notice once"
    for league in (clock, double):
        assert list(posted(world, f"**{league.name}** round 1 is paired").values()) == [1], f"{league.name}: round 1 announced once"
        tables = await round_tables(table, league, 1)
        assert len(tables) == 2 and all(entry.game_id for entry in tables)
        for entry in tables:
            assert list(posted(world, f"#{entry.game_id}\n").values()) == [1], "each table's game introduced once"

    clock_tables = await round_tables(table, clock, 1)
    await resign(table, clock_tables[0].game_id, clock_tables[0].players[0])  # the other is left to the deadline
    table.clock.advance(ROUND_HOURS * HOUR + 1)
    await passes_everywhere(world, bots)
    await passes_everywhere(world, bots)

    forced = clock_tables[1].game_id
    assert [a.action for a in await table.bot.store.actions(forced)].count("!forfeit") == 1, "the deadline forfeit applied once"
    assert (await table.record(forced)).status == "finished"
    voids = posted(world, "counts as a double forfeit")
    assert len(voids) == 2 and set(voids.values()) == {1}, f"each double forfeit announced once: {voids}"
    for league in (clock, double):
        assert all(entry.status != "open" for entry in await round_tables(table, league, 1)), "every round-1 table decided"
        assert [r.number for r in await table.bot.store.league_rounds(league.id)] == [1, 2], "round 2 paired once"
        assert list(posted(world, f"**{league.name}** round 2 is paired").values()) == [1], f"{league.name}: round 2 announced once"
        tables = await round_tables(table, league, 2)
        assert tables and all(entry.game_id for entry in tables)
        for entry in tables:
            assert list(posted(world, f"#{entry.game_id}\n").values()) == [1], "each round-2 game introduced once"
            assert (await table.record(entry.game_id)).status == "active"
        assert (await the_league(table, league.name)).round == 2
    assert list(posted(world, "sign-up closed with").values()) == [2], "the short league's next look (24 hours on): once more"


async def test_a_tournament_on_two_processes_opens_each_next_game_and_posts_each_bracket_once(
    two: tuple[Table, SharedDiscord, list[TabletopBot]],  # noqa: F811 - the fixture
) -> None:
    table, world, bots = two
    players = add_players(table, 4)
    await slash(table, ADMIN, "league create", {"name": "Cup", "game": "warchest", "format": "single_elim", "best_of": 3,
                                                "signup_hours": 1})
    league = await the_league(table, "Cup")
    for user in players:
        await slash(table, user, "league join", {"league": league.id})
    table.clock.advance(HOUR + 1)
    await passes_everywhere(world, bots)
    await passes_everywhere(world, bots)
    first = await round_tables(table, league, 1)
    assert len(first) == 2 and all(entry.game_id for entry in first)
    for entry in first:
        await resign(table, entry.game_id, entry.players[0])
    await passes_everywhere(world, bots)
    await passes_everywhere(world, bots)
    tables = await round_tables(table, league, 1)
    assert sorted(entry.table for entry in tables) == [0, 1, 16, 17], "each match's game 2 added once"
    for entry in tables:
        assert entry.game_id and list(posted(world, f"#{entry.game_id}\n").values()) == [1], "each game introduced once"
    brackets = posted(world, "**Cup — ")
    assert brackets and set(brackets.values()) == {1}, f"each bracket posted once: {brackets}"
