"""Two bot processes on one PostgreSQL database (tests/e2e/test_two_processes.py): a commit on either one
reaches the live boards the other holds open, through LISTEN/NOTIFY (`tabletop.delivery.live_postgres`), and a
process never hears its own changes twice."""

from __future__ import annotations

from discord_ui.bot import TabletopBot
from tabletop.delivery.publish import after_commit
from tests.e2e.conftest import ALICE, CAROL, DAVE
from tests.e2e.driver import Table
from tests.e2e.processes import SharedDiscord, two  # noqa: F401 - the fixture
from tests.web.live_board import LiveBoard, match_of
from tests.web.test_live import TIMEOUT, heard


async def test_a_commit_on_one_process_reaches_the_boards_of_the_other(
    two: tuple[Table, SharedDiscord, list[TabletopBot]],  # noqa: F811 - the fixture
) -> None:
    table, world, bots = two
    assert all(bot.live_bridge is not None for bot in bots)
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    path = f"/api/games/{game_id}/live"
    on_second, on_first = await LiveBoard(table, bots[1]).start(), await LiveBoard(table, bots[0]).start()
    try:
        async with on_second.client.ws_connect(path, headers=await on_second.auth(DAVE)) as far, \
                on_first.client.ws_connect(path, headers=await on_first.auth(CAROL)) as near:
            start = (await table.record(game_id)).version
            assert await far.receive_json(timeout=TIMEOUT) == {"version": start}
            assert await near.receive_json(timeout=TIMEOUT) == {"version": start}
            loaded = await bots[0].service.load(game_id)
            seat = loaded.match.awaited_seats()[0]
            played = await bots[0].service.play(loaded, seat, loaded.match.legal_actions(seat)[0],
                                                decision_id=loaded.match.decisions[seat])
            world.bot = bots[0]
            await world.run(after_commit(bots[0], played))
            first = (await table.record(game_id)).version
            await heard(far, first)
            await heard(near, first)

            match = await match_of(table, game_id)
            seat = match.awaited_seats()[0]
            user = (await table.record(game_id)).players[seat]
            await on_second.play(game_id, user, match.legal_actions(seat)[0].notation)  # a web move on the other
            second = (await table.record(game_id)).version
            assert second > first
            await heard(near, second)
            await heard(far, second)
            assert bots[0].live.watching(game_id) == 1 and bots[1].live.watching(game_id) == 1
    finally:
        await on_second.close()
        await on_first.close()
