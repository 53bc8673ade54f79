"""Every image besides the boards (card lists, unit sheets, league standings and rating charts) is drawn in
the bot's render pool like the boards, never in a thread of the bot's own process: each job is a top-level
function with picklable arguments, so it can cross to a worker process (production) as it is submitted here
(threads under test, where each job is pickled and the copy is what runs)."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from renderers.standings import rating_chart, standings_image
from renderers.worker import encoded_pages
from tabletop.presentation import pictures
from tabletop.leagues.post import standings_payload
from tabletop.runtime.throttle import STATIC_LANE
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN, simulated_server
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import ADMIN, add_players, resign, slash, the_league

Job = tuple[Any, Any, tuple[Any, ...]]
"""(lane, drawing function, its arguments) of one `encoded_pages` job."""

STATIC_COMMANDS: list[tuple[int, str, dict[str, str]]] = [
    (DAVE, "wunderkammer cards", {}),
    (ERIN, "walpurgis cards", {"character": "reimu"}),
    (CAROL, "walpurgis cards", {"card": "夢想封印"}),
    (ERIN, "wallofwar cards", {}),
    (DAVE, "artofwar cards", {}),
    (ALICE, "warchest rules", {}),
]


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with simulated_server(tmp_path / "bot.sqlite3") as table:
        yield table


@pytest.fixture
def jobs(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[Job]:
    """The image jobs the bot submits to its render pool; each is pickled, and the unpickled copy runs."""
    pool = table.bot.render_pool
    original = pool.run
    submitted: list[Job] = []

    async def run(key: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        copied_fn, copied_args = pickle.loads(pickle.dumps((fn, args)))
        if fn is encoded_pages:
            submitted.append((key, args[0], args[1:]))
        return await original(key, copied_fn, *copied_args, **kwargs)

    monkeypatch.setattr(pool, "run", run)
    return submitted


async def test_card_lists_and_unit_sheets_are_pickled_jobs_of_the_pool_drawn_once(table: Table, jobs: list[Job]) -> None:
    for user, command, options in STATIC_COMMANDS:
        record = await table.world.slash(user, command, options, channel_id=CHANNEL, guild_id=GUILD)
        assert record.messages[-1].attachments, command
    assert len(jobs) == len(STATIC_COMMANDS)
    assert {lane for lane, _, _ in jobs} == {STATIC_LANE}
    again = await table.world.slash(ALICE, "wunderkammer cards", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert again.messages[-1].attachments and len(jobs) == len(STATIC_COMMANDS), "served from memory"


async def test_league_standings_and_rating_charts_are_pickled_jobs_of_the_pool(table: Table, jobs: list[Job]) -> None:
    players = add_players(table, 2)
    game_id = await table.start_game(players[0], [players[1]], "warchest", options={"tt_rated": "on"})
    await resign(table, game_id, players[1])
    stats = await slash(table, players[0], "stats")
    assert stats.messages[-1].attachments, "the rating history chart"
    await slash(table, ADMIN, "league create", {"name": "Winter", "game": "warchest", "format": "swiss", "rounds": 3})
    for user in players:
        await slash(table, user, "league join")
    _, file = await standings_payload(table.bot, await the_league(table, "Winter"), "en")
    assert file.fp.read()
    assert [(lane, draw) for lane, draw, _ in jobs] == [(GUILD, rating_chart), (GUILD, standings_image)]


async def test_the_render_pool_draws_only_known_image_kinds() -> None:
    """Boards and private views (`render_image`) and registered kinds (`encoded_pages`) only: any other
    drawing would reach Discord without the legibility test having seen it."""
    with pytest.raises(ValueError, match="no known image kind"):
        await pictures.render_job(STATIC_LANE, rating_chart, "title", [1000.0], "caption")
