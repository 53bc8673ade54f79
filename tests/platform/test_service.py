"""The orchestration layer with a real SQLite store and the fixture game: no Discord involved."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import AsyncIterator

import pytest

from engine.core.errors import BadOptions, IllegalAction, NotYourDecision, StaleDecision, StaleVersion
from engine.core.match import Match
from storage import open_store
from storage.base import LobbyError, Store
from tabletop.play.service import NotHost
from tabletop.play.clocks import TimeControl, Timing
from tabletop.play.service import GameService, match_of

HOST, GUEST, STRANGER = 11, 22, 33


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store: Store = open_store(str(tmp_path / "s.db"))
    await store.open()
    yield GameService(store)
    await store.close()


async def started(service: GameService) -> int:
    record = await service.create("highcard", guild_id=1, channel_id=2, host_id=HOST, players=2, options={})
    await service.store.add_player(record.id, GUEST)
    record = await service.store.get_game(record.id)
    assert record is not None
    await service.start(record, HOST, False)
    return record.id


async def test_start_requires_the_host_or_a_manager(service: GameService) -> None:
    record = await service.create("highcard", guild_id=1, channel_id=2, host_id=HOST, players=2, options={})
    await service.store.add_player(record.id, GUEST)
    record = await service.store.get_game(record.id)
    assert record is not None
    with pytest.raises(NotHost):
        await service.start(record, GUEST, False)
    loaded = await service.start(record, GUEST, True)
    assert loaded.record.status == "active" and loaded.match.version == 0


async def test_bad_lobby_option_is_refused_without_change(service: GameService) -> None:
    record = await service.create("highcard", guild_id=1, channel_id=2, host_id=HOST, players=2, options={})
    with pytest.raises(BadOptions):
        await service.set_option(record, HOST, False, "hand", "9")
    with pytest.raises(NotHost):
        await service.set_option(record, GUEST, False, "hand", "3")
    assert (await service.store.get_game(record.id)).options == {}  # type: ignore[union-attr]


async def test_play_commits_and_rejects_stale_wrong_turn_and_illegal(service: GameService) -> None:
    game_id = await started(service)
    loaded = await service.load(game_id)
    match = loaded.match
    seat = match.awaited_seats()[0]
    notation = match.legal_actions(seat)[0].notation
    with pytest.raises(NotYourDecision):
        await service.play(loaded, 1 - seat, notation, decision_id=0)
    with pytest.raises(NotYourDecision):
        service.seat(loaded.record, STRANGER)
    with pytest.raises(IllegalAction):
        await service.play(loaded, seat, "play:99", decision_id=0)
    played = await service.play(loaded, seat, notation, decision_id=0)
    assert played.record.version == 1 and played.record.state == (await service.store.get_game(game_id)).state  # type: ignore[union-attr]
    assert (await service.store.get_game(game_id)).version == 1  # type: ignore[union-attr]
    with pytest.raises(StaleDecision):
        await service.play(await service.load(game_id), seat, notation, decision_id=0)
    with pytest.raises(StaleVersion):
        await service.play(loaded, seat, notation, expected_version=0)
    log = await service.store.actions(game_id)
    assert [(a.seat, a.action) for a in log] == [(seat, notation)]


async def test_two_clicks_on_one_button_apply_once(service: GameService) -> None:
    game_id = await started(service)
    loaded = await service.load(game_id)
    seat = loaded.match.awaited_seats()[0]
    notation = loaded.match.legal_actions(seat)[0].notation
    results = await asyncio.gather(
        *(service.play(loaded, seat, notation, decision_id=0) for _ in range(2)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, StaleDecision) for r in results)
    assert len(await service.store.actions(game_id)) == 1


async def test_a_restart_replays_to_the_same_state(service: GameService, tmp_path: Path) -> None:
    game_id = await started(service)
    for _ in range(4):
        loaded = await service.load(game_id)
        match = loaded.match
        seat = match.awaited_seats()[0]
        await service.play(loaded, seat, match.legal_actions(seat)[-1].notation, decision_id=match.decisions[seat])
    await service.store.close()
    reopened = open_store(str(tmp_path / "s.db"))
    await reopened.open()
    record = await reopened.get_game(game_id)
    assert record is not None and record.seed is not None
    log = [(a.seat, a.action) for a in await reopened.actions(game_id)]
    replayed = Match.replay(match_of(record).game, 2, record.seed, record.options, log)
    assert replayed.to_json() == match_of(record).to_json()
    await reopened.close()
    await service.store.open()


async def test_resign_and_cancel(service: GameService) -> None:
    game_id = await started(service)
    loaded = await service.load(game_id)
    played = await service.concede(loaded, loaded.record.seat_of(GUEST) or 0)
    assert played.record.status == "finished"
    assert played.match.outcome is not None and played.match.outcome.reason == "resign"
    lobby = await service.create("highcard", guild_id=1, channel_id=2, host_id=HOST, players=2, options={})
    with pytest.raises(NotHost):
        await service.cancel(lobby, GUEST, False)
    cancelled = await service.cancel(lobby, HOST, False)
    assert cancelled.status == "cancelled"
    with pytest.raises(LobbyError):
        await service.cancel(cancelled, HOST, False)


async def test_the_older_turn_timeout_setting_becomes_a_per_move_clock(service: GameService) -> None:
    await service.store.update_guild_settings(1, {"turn_timeout_hours": 24})
    service.now = lambda: 1000.0
    game_id = await started(service)
    record = (await service.load(game_id)).record
    timing = Timing.from_json(record.timing or {})
    seat = match_of(record).awaited_seats()[0]
    assert timing.control == TimeControl("move", 24 * 3600) and timing.deadline(seat) == 1000.0 + 24 * 3600
    assert record.due_at == 1000.0 + 12 * 3600  # the half-time reminder
    assert [g.id for g in await service.store.due_games(1000.0 + 12 * 3600)] == [game_id]
    assert await service.store.due_games(1000.0 + 12 * 3600 - 1) == []


async def test_a_commit_moves_the_clocks_in_the_same_transaction(service: GameService) -> None:
    await service.store.update_guild_settings(1, {"time_control": "move:3600"})
    service.now = lambda: 0.0
    game_id = await started(service)
    loaded = await service.load(game_id)
    seat = loaded.match.awaited_seats()[0]
    service.now = lambda: 600.0
    played = await service.play(loaded, seat, loaded.match.legal_actions(seat)[0].notation, decision_id=loaded.match.decisions[seat])
    stored = await service.store.get_game(game_id)
    assert stored is not None and stored.timing == played.record.timing and stored.due_at == played.record.due_at
    timing = Timing.from_json(stored.timing or {})
    for asked in played.match.awaited_seats():
        assert timing.deadline(asked) == 600.0 + 3600


async def test_a_forfeit_judged_on_an_old_state_loses_to_a_move_that_landed(service: GameService) -> None:
    game_id = await started(service)
    judged = await service.load(game_id)
    seat = judged.match.awaited_seats()[0]
    await service.play(judged, seat, judged.match.legal_actions(seat)[0].notation, decision_id=judged.match.decisions[seat])
    with pytest.raises(StaleVersion):
        await service.concede(judged, seat, forfeit=True, expected_version=judged.match.version)
    record = await service.store.get_game(game_id)
    assert record is not None and record.status == "active" and record.version == 1


async def test_resign_holds_when_an_unrelated_move_lands_first(service: GameService) -> None:
    game_id = await started(service)
    loaded = await service.load(game_id)
    mover = loaded.match.awaited_seats()[0]
    await service.play(loaded, mover, loaded.match.legal_actions(mover)[0].notation, decision_id=0)
    played = await service.concede(loaded, 1 - mover)
    assert played.match.outcome is not None and played.match.outcome.reason == "resign"
    assert [a.action for a in await service.store.actions(game_id)][-1] == "!resign"


async def test_explicit_ids_and_listings_stay_within_the_server_or_the_players_own(service: GameService) -> None:
    game_id = await started(service)
    assert await service.find_game(explicit=game_id, channel_id=None, user_id=STRANGER, guild_id=999) is None
    assert await service.find_game(explicit=game_id, channel_id=None, user_id=STRANGER, guild_id=1) is not None
    assert await service.find_game(explicit=game_id, channel_id=None, user_id=GUEST, guild_id=None) is not None
    assert await service.visible_games(None, STRANGER, ("active",)) == []
    assert [r.id for r in await service.visible_games(None, GUEST, ("active",))] == [game_id]
