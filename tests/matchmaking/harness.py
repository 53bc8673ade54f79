"""Running the ranked queue through the offline Discord harness: players with ratings of our choosing, the
queue channel, passes on the fake clock, and the check of every match against the widening rule."""

from __future__ import annotations

from dataclasses import dataclass, field

from discord_ui.bot import TabletopBot
from tabletop.leagues.ratings import DISPLAY_BASE, DISPLAY_SCALE, Rating
from tabletop.matchmaking.post import queue_pass
from tabletop.matchmaking.rule import window
from storage.league_records import RatingChange
from tests.e2e.driver import GUILD, Table
from tests.leagues.harness import ADMIN, add_players, slash

QUEUE_CHANNEL = 71
SIGMA = 2.0
__all__ = ["ADMIN", "add_players", "slash"]


def rating_for(display: int) -> tuple[float, float]:
    """(mu, sigma) whose displayed rating is `display`."""
    mu = (display - DISPLAY_BASE) / DISPLAY_SCALE + 3 * SIGMA
    assert Rating(mu, SIGMA).display == display
    return mu, SIGMA


async def rate(table: Table, game: str, ratings: dict[int, int]) -> None:
    """Give players these displayed ratings (as a season reset would store them)."""
    store = table.bot.store
    number = await store.current_season(GUILD, game) + 1
    changes = tuple(RatingChange(user, *rating_for(display)) for user, display in ratings.items())
    assert await store.new_season(GUILD, game, number=number, resets=changes)


async def queue_channel(table: Table, **settings: int) -> None:
    """`/game-settings queue_channel:` (and any other queue setting) by the server's admin."""
    if QUEUE_CHANNEL not in table.world.channels:
        table.world.add_channel(GUILD, QUEUE_CHANNEL, "ranked")
    await slash(table, ADMIN, "game-settings", {"queue_channel": QUEUE_CHANNEL, **settings})


@dataclass
class MatchLog:
    """Every game the queue started, with the moment and the check of the widening rule at that moment."""

    games: dict[int, float] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)

    async def after_pass(self, bot: TabletopBot, now: float, users: list[int]) -> None:
        """Record the games matched since the last look (by a pass or at a join) and check their gaps at `now`."""
        entries = [entry for user in users if (entry := await bot.store.queue_entry(GUILD, user)) is not None]
        tables: dict[int, list] = {}
        for entry in entries:
            if entry.status == "matched" and entry.game_id is not None and entry.game_id not in self.games:
                tables.setdefault(entry.game_id, []).append(entry)
        for game_id, seated in tables.items():
            self.games[game_id] = now
            gap = max(e.rating for e in seated) - min(e.rating for e in seated)
            allowed = min(window(now - e.joined_at) for e in seated)
            if gap > allowed:
                self.violations.append(f"game {game_id}: gap {gap} > {allowed:.0f} at {now}")


async def pass_now(table: Table) -> None:
    await table.world.run(queue_pass(table.bot))
    await table.world.settle()
