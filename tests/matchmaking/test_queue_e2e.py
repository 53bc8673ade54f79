"""The ranked queue through the offline harness with a fake clock: 20 players of mixed ratings matched
within the widening rule, each in exactly one game opened in the queue channel (thread, first board, only
its players pinged); a fitting opponent already waiting matched at join, a wider gap left to the pass; a
table of three; refusals; the expiry DM; the practice game against the AI; a match whose game a dying join
or pass did not start, started by a later pass."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.play.ai_seats import is_ai
from tabletop.leagues.results import RATED_OPTION
from tabletop.runtime.leases import LEASE_SECONDS
from tabletop.matchmaking.post import queue_pass
from tabletop.matchmaking.service import QUEUE_AI_MINUTES, QUEUE_HOURS
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.leagues.harness import reply
from tests.matchmaking.harness import QUEUE_CHANNEL, MatchLog, add_players, pass_now, queue_channel, rate, slash

MINUTE = 60.0


def intros(table: Table, game_id: int) -> list:
    latest = {m.id: m for m in table.world.records if m.channel_id == QUEUE_CHANNEL and not m.ephemeral and f"#{game_id}\n" in m.text}
    return list(latest.values())


async def test_twenty_players_of_mixed_ratings_are_matched_within_the_widening_rule(table: Table) -> None:
    rng = random.Random(27)
    players = add_players(table, 20)
    ratings = {user: rng.randrange(1000, 1520) for user in players}
    await rate(table, "warchest", ratings)
    await queue_channel(table)
    log = MatchLog()
    order = players[:]
    rng.shuffle(order)
    for user in order:  # one joins every 30 seconds; the scheduler's pass runs every minute
        joined = await slash(table, user, "queue join", {"game": "warchest"})
        assert str(ratings[user]) in reply(joined) and joined.messages[-1].ephemeral
        await log.after_pass(table.bot, table.clock.now(), players)  # a fitting opponent waiting: matched at join
        table.clock.advance(30)
        if table.clock.now() % MINUTE < 30:
            await pass_now(table)
            await log.after_pass(table.bot, table.clock.now(), players)
    for _ in range(30):  # the window reaches its cap after 25 minutes: everyone is matched by then
        table.clock.advance(MINUTE)
        await pass_now(table)
        await log.after_pass(table.bot, table.clock.now(), players)
    assert log.violations == []
    assert len(log.games) == 10
    seen: Counter[int] = Counter()
    for game_id in log.games:
        record = await table.record(game_id)
        assert record.status == "active" and len(record.players) == 2
        assert record.channel_id == QUEUE_CHANNEL and record.thread_id is not None and record.board_message_id is not None
        assert record.options.get(RATED_OPTION) == "on"
        seen.update(record.players)
        [intro] = intros(table, game_id)
        assert {int(u) for u in intro.payload["allowed_mentions"]["users"]} == set(record.players), "only its players pinged"
        assert intro.payload["allowed_mentions"].get("parse", []) == []
        assert any(table.world.dms_to(user) for user in record.players), "the turn notice (or starting hand) went out"
    assert seen == Counter({user: 1 for user in players}), "each player in exactly one game"
    for user in players:
        assert [g.id for g in await table.bot.store.user_games(user, statuses=("lobby", "active"))] == \
            [(await table.bot.store.queue_entry(GUILD, user)).game_id]  # type: ignore[union-attr]
    gaps = [abs(ratings[a] - ratings[b]) for a, b in [(await table.record(game_id)).players for game_id in log.games]]
    assert max(gaps) > 100, f"some match needed a wider window: {gaps}"


async def test_a_multiplayer_table_fills_to_its_size(table: Table) -> None:
    players = add_players(table, 4)
    await queue_channel(table)
    for user in players:
        await slash(table, user, "queue join", {"game": "wallofwar", "players": 3})
    await pass_now(table)
    matched = [await table.bot.store.queue_entry(GUILD, user) for user in players]
    games = {entry.game_id for entry in matched if entry is not None and entry.status == "matched"}
    assert len(games) == 1
    record = await table.record(games.pop())  # type: ignore[arg-type]
    assert len(record.players) == 3 and record.status == "active"
    waiting = [entry for entry in matched if entry is not None and entry.status == "waiting"]
    assert len(waiting) == 1 and waiting[0].user_id == players[3], "the latest waits for the next table"
    status = await slash(table, players[3], "queue status")
    assert "1 waiting" in reply(status) or "1人が待機中" in reply(status)


async def test_refusals_are_short_private_and_localized(table: Table) -> None:
    en, ja = add_players(table, 2)  # player1 English, player2 Japanese
    from_dm = await table.world.slash(en, "queue join", {"game": "warchest"})
    assert "inside a server" in reply(from_dm) and from_dm.messages[-1].ephemeral
    unknown = await slash(table, ja, "queue join", {"game": "chess"})
    assert "そのゲームはありません" in reply(unknown)
    too_many = await slash(table, en, "queue join", {"game": "warchest", "players": 3})
    assert "cannot be played with that many players (2/4)" in reply(too_many)
    assert (await slash(table, en, "queue join", {"game": "warchest"})).messages[-1].ephemeral
    again = await slash(table, en, "queue join", {"game": "wallofwar", "players": 3})
    assert "already waiting in the queue (War Chest)" in reply(again) and again.messages[-1].ephemeral
    not_queued = await slash(table, ja, "queue leave")
    assert "キューで待っていません" in reply(not_queued)
    left = await slash(table, en, "queue leave")
    assert "You left the queue" in reply(left)
    assert all(message.ephemeral for record in (unknown, too_many, again, not_queued, left) for message in record.messages)
    assert all(len(reply(record)) < 200 for record in (from_dm, unknown, too_many, again, not_queued))


async def test_an_entry_expires_with_one_dm(table: Table) -> None:
    [user] = add_players(table, 1)
    await queue_channel(table, queue_hours=2)
    assert (await table.bot.store.get_guild_settings(GUILD))[QUEUE_HOURS] == 2
    await slash(table, user, "queue join", {"game": "warchest"})
    table.clock.advance(2 * 3600 - 1)
    await pass_now(table)
    assert table.world.dms_to(user) == []
    table.clock.advance(2)
    await pass_now(table)
    await pass_now(table)
    dms = [m for m in table.world.dms_to(user) if "expired" in m.text]
    assert len(dms) == 1 and "2 hours" in dms[0].text and "War Chest" in dms[0].text
    assert (await table.bot.store.queue_entry(GUILD, user)).status == "expired"  # type: ignore[union-attr]
    assert "You are not in the queue" in reply(await slash(table, user, "queue status"))


async def test_without_a_match_an_unrated_practice_game_against_the_ai_starts(table: Table) -> None:
    lonely, high = add_players(table, 2)
    await rate(table, "warchest", {lonely: 1000, high: 1900})
    await queue_channel(table, queue_ai_minutes=5)
    assert (await table.bot.store.get_guild_settings(GUILD))[QUEUE_AI_MINUTES] == 5
    joined = await slash(table, lonely, "queue join", {"game": "warchest"})
    assert "practice game against the AI" in reply(joined)
    await slash(table, high, "queue join", {"game": "warchest"}, channel=CHANNEL)
    table.clock.advance(4 * MINUTE)
    await pass_now(table)
    assert (await table.bot.store.queue_entry(GUILD, lonely)).status == "waiting"  # type: ignore[union-attr]
    table.clock.advance(2 * MINUTE)
    await pass_now(table)
    entries = [await table.bot.store.queue_entry(GUILD, user) for user in (lonely, high)]
    games = [entry.game_id for entry in entries if entry is not None]
    assert len(set(games)) == 2, "the gap of 900 is never allowed in six minutes: each plays the AI"
    for game_id, user in zip(games, (lonely, high)):
        record = await table.record(game_id)  # type: ignore[arg-type]
        assert record.status == "active" and user in record.players and sum(is_ai(p) for p in record.players) == 1
        assert record.options[RATED_OPTION] == "off"
        [intro] = intros(table, record.id)
        assert "Practice game (unrated)" in intro.text or "練習対局" in intro.text
        assert [int(u) for u in intro.payload["allowed_mentions"]["users"]] == [user]


async def test_a_fitting_opponent_already_waiting_is_matched_at_join(table: Table) -> None:
    first, second, third, far = add_players(table, 4)
    await rate(table, "warchest", {first: 1200, second: 1260, third: 1230, far: 1400})
    await queue_channel(table)
    waits = await slash(table, first, "queue join", {"game": "warchest"})
    assert "Matched at once" not in reply(waits) and (await table.bot.store.queue_entry(GUILD, first)).status == "waiting"  # type: ignore[union-attr]
    table.clock.advance(5)
    joined = await slash(table, second, "queue join", {"game": "warchest"})
    entry = await table.bot.store.queue_entry(GUILD, second)
    assert entry is not None and entry.status == "matched" and entry.game_id is not None, "no pass ran: matched at join"
    assert f"すぐに相手が見つかりました: ゲーム #{entry.game_id}" in reply(joined) and f"<#{QUEUE_CHANNEL}>" in reply(joined)
    assert joined.messages[-1].ephemeral
    record = await table.record(entry.game_id)
    assert record.status == "active" and set(record.players) == {first, second} and record.thread_id is not None
    assert record.options.get(RATED_OPTION) == "on"
    [intro] = intros(table, record.id)
    assert {int(u) for u in intro.payload["allowed_mentions"]["users"]} == {first, second}
    assert "Rating gap 60 (allowed 100)" in intro.text or "レーティング差 60(許容 100)" in intro.text
    log = MatchLog()
    for user in (third, far):  # 170 apart: beyond the newcomer's 100, so the pass matches them once it widens
        assert "Matched at once" not in reply(await slash(table, user, "queue join", {"game": "warchest"}))
    assert [(await table.bot.store.queue_entry(GUILD, user)).status for user in (third, far)] == ["waiting"] * 2  # type: ignore[union-attr]
    for _ in range(4):
        table.clock.advance(MINUTE)
        await pass_now(table)
        await log.after_pass(table.bot, table.clock.now(), [third, far])
    assert len(log.games) == 1 and log.violations == []
    assert len(intros(table, record.id)) == 1, "the pass does not open the game matched at join again"


async def started_once_the_claim_lapses(table: Table, players: list[int]) -> None:
    """The match whose start failed is still a lobby, held by its claim for a moment; once the claim's lease
    lapses a pass starts it, once."""
    entries = [await table.bot.store.queue_entry(GUILD, user) for user in players]
    [game_id] = {entry.game_id for entry in entries if entry is not None and entry.status == "matched"}
    assert game_id is not None and (await table.record(game_id)).status == "lobby"
    await pass_now(table)
    assert (await table.record(game_id)).status == "lobby", "the claim still holds for a moment"
    table.clock.advance(LEASE_SECONDS + 1)
    await pass_now(table)
    await pass_now(table)
    record = await table.record(game_id)
    assert record.status == "active" and set(record.players) == set(players) and record.thread_id is not None
    assert len(intros(table, game_id)) == 1


async def test_a_match_at_join_whose_start_failed_is_started_by_a_later_pass(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    players = add_players(table, 2)
    await queue_channel(table)
    await slash(table, players[0], "queue join", {"game": "warchest"})
    start = table.bot.service.start

    async def dies(*args: object, **kwargs: object) -> object:
        raise ConnectionError("the process died between the match and the start")

    monkeypatch.setattr(table.bot.service, "start", dies)
    joined = await slash(table, players[1], "queue join", {"game": "warchest"})
    [died] = table.world.take_errors()
    assert "the match at join failed" in str(died)
    assert "キューに入りました" in reply(joined) and "すぐに" not in reply(joined), "queued all the same"
    monkeypatch.setattr(table.bot.service, "start", start)
    await started_once_the_claim_lapses(table, players)


async def test_a_match_whose_start_failed_is_started_by_a_later_pass(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    players = add_players(table, 2)
    await rate(table, "warchest", {players[0]: 1000, players[1]: 1250})
    await queue_channel(table)
    for user in players:  # 250 apart: no match at join; the pass matches them once the newer waited 7.5 minutes
        await slash(table, user, "queue join", {"game": "warchest"})
    table.clock.advance(8 * MINUTE)
    start = table.bot.service.start

    async def dies(*args: object, **kwargs: object) -> object:
        raise ConnectionError("the process died between the match and the start")

    monkeypatch.setattr(table.bot.service, "start", dies)
    with pytest.raises(ConnectionError):
        await table.world.run(queue_pass(table.bot))
    monkeypatch.setattr(table.bot.service, "start", start)
    await started_once_the_claim_lapses(table, players)
