"""The ranked queue never starts a game with someone who left the server: without the members intent the
match tried at a join and the pass ask Discord first, and drop the leavers' entries."""

from __future__ import annotations

from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import reply
from tests.matchmaking.harness import add_players, pass_now, queue_channel, slash

MINUTE = 60.0


async def entry_status(table: Table, user: int) -> str:
    entry = await table.bot.store.queue_entry(GUILD, user)
    assert entry is not None
    return entry.status


async def test_the_queue_skips_and_drops_a_player_who_left_the_server(table: Table) -> None:
    gone, second, third, fourth = add_players(table, 4)
    await queue_channel(table)
    await slash(table, gone, "queue join", {"game": "warchest"})
    await table.world.remove_member(GUILD, gone)  # no members intent: the bot hears nothing
    table.clock.advance(MINUTE)
    joined = await slash(table, second, "queue join", {"game": "warchest"})
    assert "すぐに相手が見つかりました" not in reply(joined), "the match at join asked who is still there"
    assert await entry_status(table, gone) == "left" and await entry_status(table, second) == "waiting"
    await slash(table, third, "queue join", {"game": "warchest"})
    entry = await table.bot.store.queue_entry(GUILD, third)
    assert entry is not None and entry.status == "matched" and entry.game_id is not None
    assert set((await table.record(entry.game_id)).players) == {second, third}
    # the pass too: a waiting player leaves before the pass would match them with a newcomer
    waiting = await table.bot.store.queue_entry(GUILD, fourth) if await slash(table, fourth, "queue join", {"game": "warchest"}) \
        else None
    assert waiting is not None and waiting.status == "waiting"
    fifth = add_players(table, 1, first=700)[0]
    now = table.clock.now()
    await table.bot.store.queue_join(guild_id=GUILD, user_id=fifth, game_type="warchest", players=2, time_control="",
                                     rating=waiting.rating, channel_id=CHANNEL, now=now, expires_at=now + 3600,
                                     ai_at=None)  # queued without the match at join: only the pass can match them
    await table.world.remove_member(GUILD, fourth)
    table.clock.advance(MINUTE)
    await pass_now(table)
    assert await entry_status(table, fourth) == "left" and await entry_status(table, fifth) == "waiting"
