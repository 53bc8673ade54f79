"""The behaviour every `Store` backend must have, written against the protocol only."""

from __future__ import annotations

import asyncio
import inspect
import math
import time
from typing import Any, Callable

import pytest

from storage.base import GameRecord, LobbyError, Store, StoreError, UserRecord

HOST, ALICE, BOB, CAROL = 100, 101, 102, 103
GUILD, CHANNEL = 7, 70
StoreFactory = Callable[[], Store]
PROTOCOL_METHODS = {
    "open", "close", "create_game", "get_game", "list_games", "game_for_thread", "add_player", "remove_player",
    "update_lobby", "start_game", "commit_action", "cancel_game", "set_messages", "actions", "get_user",
    "update_user", "get_guild_settings", "update_guild_settings", "pending_outbox",
    "outbox_advance", "update_timing", "due_games", "user_games", "set_user_due", "due_users",
    "claim_due_games", "claim_due_users", "claim_outbox", "renew", "release", "end_foreign_claims", "schema_version",
    "merge_options",
}


async def make_lobby(
    store: Store, *joiners: int, capacity: int = 4, guild_id: int | None = GUILD, channel_id: int = CHANNEL
) -> GameRecord:
    game = await store.create_game(
        game_type="war_chest", guild_id=guild_id, channel_id=channel_id, host_id=HOST, options={"mode": "1v1"}, capacity=capacity
    )
    for user in joiners:
        game = await store.add_player(game.id, user)
    return game


async def make_active(store: Store, *joiners: int, **lobby: Any) -> GameRecord:
    game = await make_lobby(store, *joiners, **lobby)
    return await store.start_game(game.id, players=list(game.players), seed=42, state=envelope(0), version=0)


def envelope(version: int, **extra: Any) -> dict[str, Any]:
    """A stand-in for Match.to_json(): the state records its own version so torn writes are visible."""
    return {"game": "war_chest", "version": version, "state": {"players": 2, "rng": 5, **extra}}


async def play(store: Store, game: GameRecord, seat: int = 0, status: str = "active") -> bool:
    current = await store.get_game(game.id)
    assert current is not None
    return await store.commit_action(
        game.id,
        expected_version=current.version,
        seat=seat,
        action=f"m{current.version + 1}",
        state=envelope(current.version + 1),
        version=current.version + 1,
        status=status,
    )


# -- the protocol itself -----------------------------------------------------------------------------


async def test_backend_implements_the_protocol_with_identical_signatures(store: Store) -> None:
    assert isinstance(store, Store)
    members = {name for name, value in vars(Store).items() if inspect.iscoroutinefunction(value)}
    assert members == PROTOCOL_METHODS
    for name in members:
        assert inspect.iscoroutinefunction(getattr(type(store), name)), name
        assert inspect.signature(getattr(type(store), name)) == inspect.signature(getattr(Store, name)), name


# -- options kept with a game ----------------------------------------------------------------------------


async def test_merge_options_rewrites_a_running_games_options_or_leaves_them(store: Store) -> None:
    game = await make_active(store, ALICE)
    merged = await store.merge_options(game.id, lambda options: {**options, "tt_tips": {"0": {"turn": 3}}})
    assert merged == {"mode": "1v1", "tt_tips": {"0": {"turn": 3}}}
    assert (await store.get_game(game.id)).options == merged  # type: ignore[union-attr]
    assert await store.merge_options(game.id, lambda options: None) == merged
    with pytest.raises(LobbyError):
        await store.merge_options(10**9, lambda options: options)


# -- lobby → active → finished -------------------------------------------------------------------------


async def test_lifecycle_lobby_active_finished(store: Store) -> None:
    lobby = await make_lobby(store, capacity=2)
    assert (lobby.status, lobby.version, lobby.players, lobby.capacity) == ("lobby", 0, (HOST,), 2)
    assert (lobby.game_type, lobby.guild_id, lobby.channel_id, lobby.host_id) == ("war_chest", GUILD, CHANNEL, HOST)
    assert (lobby.state, lobby.seed, lobby.thread_id, lobby.finished_at) == (None, None, None, None)
    assert lobby.options == {"mode": "1v1"} and lobby.created_at == lobby.updated_at
    assert await store.get_game(lobby.id) == lobby

    joined = await store.add_player(lobby.id, ALICE)
    assert joined.players == (HOST, ALICE) and joined.updated_at >= lobby.updated_at

    active = await store.start_game(lobby.id, players=[ALICE, HOST], seed=1234, state=envelope(0), version=0)
    assert (active.status, active.players, active.seed, active.version) == ("active", (ALICE, HOST), 1234, 0)
    assert (active.seat_of(ALICE), active.seat_of(HOST), active.seat_of(BOB)) == (0, 1, None)
    assert active.state == envelope(0)
    assert await store.get_game(lobby.id) == active

    assert await store.commit_action(
        lobby.id, expected_version=0, seat=0, action="b1 deploy", state=envelope(1), version=1, status="active"
    )
    assert await store.commit_action(
        lobby.id, expected_version=1, seat=1, action="!resign", state=envelope(2), version=2, status="finished"
    )
    finished = await store.get_game(lobby.id)
    assert finished is not None
    assert (finished.status, finished.version, finished.state) == ("finished", 2, envelope(2))
    assert finished.finished_at is not None and finished.finished_at == finished.updated_at
    assert [(a.game_id, a.seq, a.seat, a.action) for a in await store.actions(lobby.id)] == [
        (lobby.id, 1, 0, "b1 deploy"),
        (lobby.id, 2, 1, "!resign"),
    ]
    assert not await play(store, finished)
    assert not await store.cancel_game(lobby.id)


async def test_get_game_and_actions_of_unknown_game(store: Store) -> None:
    assert await store.get_game(999) is None
    assert await store.actions(999) == []


async def test_lobby_players_are_in_join_order_and_a_rejoin_goes_last(store: Store) -> None:
    game = await make_lobby(store, ALICE, BOB)
    assert game.players == (HOST, ALICE, BOB)
    game = await store.remove_player(game.id, ALICE)
    assert game.players == (HOST, BOB)
    game = await store.add_player(game.id, ALICE)
    assert game.players == (HOST, BOB, ALICE)


async def test_start_assigns_seats_in_the_given_order_and_keeps_it(store: Store) -> None:
    game = await make_lobby(store, ALICE, BOB)
    started = await store.start_game(game.id, players=[BOB, HOST, ALICE], seed=9, state=envelope(0), version=0)
    assert started.players == (BOB, HOST, ALICE)
    assert await play(store, started)
    again = await store.get_game(game.id)
    assert again is not None and again.players == (BOB, HOST, ALICE)


# -- lobby errors ---------------------------------------------------------------------------------------


async def expect_lobby_error(code: str, operation: Any) -> None:
    with pytest.raises(LobbyError) as caught:
        await operation
    assert caught.value.code == code


async def test_lobby_errors_on_a_missing_game(store: Store) -> None:
    await expect_lobby_error("not_found", store.add_player(999, ALICE))
    await expect_lobby_error("not_found", store.remove_player(999, ALICE))
    await expect_lobby_error("not_found", store.update_lobby(999, capacity=3))
    await expect_lobby_error("not_found", store.start_game(999, players=[HOST], seed=1, state={}, version=0))
    await expect_lobby_error("not_found", store.set_messages(999, thread_id=5))


async def test_join_errors(store: Store) -> None:
    game = await make_lobby(store, ALICE, capacity=2)
    await expect_lobby_error("already_joined", store.add_player(game.id, ALICE))
    await expect_lobby_error("already_joined", store.add_player(game.id, HOST))
    await expect_lobby_error("full", store.add_player(game.id, BOB))
    assert await store.get_game(game.id) == game


async def test_leave_errors(store: Store) -> None:
    game = await make_lobby(store, ALICE)
    await expect_lobby_error("not_joined", store.remove_player(game.id, BOB))
    await expect_lobby_error("host_cannot_leave", store.remove_player(game.id, HOST))
    assert await store.get_game(game.id) == game


async def test_lobby_operations_after_start_are_not_lobby(store: Store) -> None:
    game = await make_active(store, ALICE)
    await expect_lobby_error("not_lobby", store.add_player(game.id, BOB))
    await expect_lobby_error("not_lobby", store.remove_player(game.id, ALICE))
    await expect_lobby_error("not_lobby", store.update_lobby(game.id, capacity=3))
    await expect_lobby_error("not_lobby", store.start_game(game.id, players=[HOST, ALICE], seed=1, state={}, version=0))
    assert await store.get_game(game.id) == game


async def test_join_a_cancelled_lobby_is_not_lobby(store: Store) -> None:
    game = await make_lobby(store)
    assert await store.cancel_game(game.id)
    await expect_lobby_error("not_lobby", store.add_player(game.id, ALICE))


async def test_concurrent_joins_never_overfill(store: Store) -> None:
    game = await make_lobby(store, capacity=3)
    results = await asyncio.gather(*(store.add_player(game.id, 200 + i) for i in range(6)), return_exceptions=True)
    assert sum(isinstance(r, GameRecord) for r in results) == 2
    assert all(isinstance(r, GameRecord) or (isinstance(r, LobbyError) and r.code == "full") for r in results)
    final = await store.get_game(game.id)
    assert final is not None and len(final.players) == 3


async def test_update_lobby_replaces_options_and_capacity(store: Store) -> None:
    game = await make_lobby(store, ALICE)
    updated = await store.update_lobby(game.id, options={"mode": "2v2", "draft": "on"})
    assert (updated.options, updated.capacity) == ({"mode": "2v2", "draft": "on"}, 4)
    updated = await store.update_lobby(game.id, capacity=2)
    assert (updated.options, updated.capacity) == ({"mode": "2v2", "draft": "on"}, 2)
    await expect_lobby_error("full", store.add_player(game.id, BOB))


async def test_capacity_cannot_drop_below_the_joined_players(store: Store) -> None:
    game = await make_lobby(store, ALICE, BOB)
    with pytest.raises(StoreError) as caught:
        await store.update_lobby(game.id, options={"mode": "x"}, capacity=2)
    assert caught.value.code == "capacity_below_players"
    assert await store.get_game(game.id) == game
    with pytest.raises(ValueError):
        await store.update_lobby(game.id, capacity=0)
    with pytest.raises(ValueError):
        await make_lobby(store, capacity=0)


@pytest.mark.parametrize("players", [[HOST], [HOST, ALICE, BOB], [HOST, HOST, ALICE], [ALICE, BOB]])
async def test_start_refuses_players_other_than_the_joined_ones(store: Store, players: list[int]) -> None:
    game = await make_lobby(store, ALICE)
    with pytest.raises(StoreError) as caught:
        await store.start_game(game.id, players=players, seed=1, state=envelope(0), version=0)
    assert caught.value.code == "players_changed"
    assert await store.get_game(game.id) == game


async def test_two_concurrent_starts_exactly_one_wins(store: Store) -> None:
    game = await make_lobby(store, ALICE)
    results = await asyncio.gather(
        store.start_game(game.id, players=[HOST, ALICE], seed=1, state=envelope(0, who="first"), version=0),
        store.start_game(game.id, players=[ALICE, HOST], seed=2, state=envelope(0, who="second"), version=0),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, GameRecord)]
    losers = [r for r in results if isinstance(r, LobbyError)]
    assert len(winners) == 1 and len(losers) == 1 and losers[0].code == "not_lobby"
    assert await store.get_game(game.id) == winners[0]


# -- compare-and-set on the version ---------------------------------------------------------------------


async def test_stale_version_is_rejected_and_changes_nothing(store: Store) -> None:
    game = await make_active(store, ALICE)
    assert await play(store, game)
    before = await store.get_game(game.id)
    stale = await store.commit_action(
        game.id, expected_version=0, seat=0, action="late", state=envelope(99), version=1, status="active"
    )
    assert stale is False
    assert await store.get_game(game.id) == before
    assert [a.action for a in await store.actions(game.id)] == ["m1"]


async def test_commit_needs_an_active_game(store: Store) -> None:
    lobby = await make_lobby(store, ALICE)
    assert not await store.commit_action(lobby.id, expected_version=0, seat=0, action="x", state={}, version=1, status="active")
    assert not await store.commit_action(999, expected_version=0, seat=0, action="x", state={}, version=1, status="active")
    assert await store.get_game(lobby.id) == lobby


async def test_commit_argument_errors(store: Store) -> None:
    game = await make_active(store, ALICE)
    with pytest.raises(ValueError):
        await store.commit_action(game.id, expected_version=0, seat=0, action="x", state={}, version=1, status="lobby")
    with pytest.raises(ValueError):
        await store.commit_action(game.id, expected_version=0, seat=0, action="x", state={}, version=0, status="active")
    assert await store.get_game(game.id) == game


async def test_two_concurrent_commits_with_the_same_version_exactly_one_succeeds(store: Store) -> None:
    game = await make_active(store, ALICE)
    results = await asyncio.gather(
        *(
            store.commit_action(
                game.id, expected_version=0, seat=i % 2, action=f"click{i}", state=envelope(1, click=i), version=1, status="active"
            )
            for i in range(2)
        )
    )
    assert sorted(results) == [False, True]
    winner = results.index(True)
    final = await store.get_game(game.id)
    assert final is not None and final.version == 1 and final.state == envelope(1, click=winner)
    assert [a.action for a in await store.actions(game.id)] == [f"click{winner}"]


async def test_a_commit_that_fails_to_serialize_changes_nothing(store: Store) -> None:
    game = await make_active(store, ALICE)
    with pytest.raises(ValueError):
        await store.commit_action(
            game.id, expected_version=0, seat=0, action="x", state={"bad": math.nan}, version=1, status="active"
        )
    assert await store.get_game(game.id) == game
    assert await store.actions(game.id) == []
    assert await play(store, game)


# -- cancel ---------------------------------------------------------------------------------------------


async def test_cancel_a_lobby(store: Store) -> None:
    game = await make_lobby(store, ALICE)
    assert await store.cancel_game(game.id)
    cancelled = await store.get_game(game.id)
    assert cancelled is not None
    assert (cancelled.status, cancelled.version, cancelled.state) == ("cancelled", 0, None)
    assert cancelled.finished_at is not None
    assert not await store.cancel_game(game.id)
    assert not await store.cancel_game(999)


async def test_cancel_an_active_game_with_version_check(store: Store) -> None:
    game = await make_active(store, ALICE)
    assert await play(store, game)
    assert not await store.cancel_game(game.id, state=envelope(9), version=9)
    assert not await store.cancel_game(game.id, state=envelope(1), version=1)
    assert (await store.get_game(game.id)).status == "active"  # type: ignore[union-attr]
    assert await store.cancel_game(game.id, state=envelope(2, concluded="cancel"), version=2)
    cancelled = await store.get_game(game.id)
    assert cancelled is not None
    assert (cancelled.status, cancelled.version, cancelled.state) == ("cancelled", 2, envelope(2, concluded="cancel"))
    assert not await play(store, cancelled)
    assert [a.seq for a in await store.actions(game.id)] == [1]


async def test_a_commit_may_cancel(store: Store) -> None:
    game = await make_active(store, ALICE)
    assert await play(store, game, status="cancelled")
    cancelled = await store.get_game(game.id)
    assert cancelled is not None and cancelled.status == "cancelled" and cancelled.finished_at is not None
    assert not await store.cancel_game(game.id)


# -- messages -------------------------------------------------------------------------------------------


async def test_set_messages_changes_only_the_given_fields(store: Store) -> None:
    game = await make_lobby(store)
    await store.set_messages(game.id, lobby_message_id=11)
    await store.set_messages(game.id, thread_id=12)
    await store.set_messages(game.id, board_message_id=13)
    await store.set_messages(game.id)
    stored = await store.get_game(game.id)
    assert stored is not None
    assert (stored.lobby_message_id, stored.thread_id, stored.board_message_id) == (11, 12, 13)
    await store.set_messages(game.id, board_message_id=14)
    stored = await store.get_game(game.id)
    assert stored is not None and (stored.lobby_message_id, stored.thread_id, stored.board_message_id) == (11, 12, 14)


# -- restart --------------------------------------------------------------------------------------------


async def test_everything_survives_a_restart(new_store: StoreFactory) -> None:
    first = new_store()
    await first.open()
    lobby = await make_lobby(first, BOB)
    game = await make_active(first, ALICE)
    await first.set_messages(game.id, thread_id=555, board_message_id=556)
    assert await play(first, game) and await play(first, game, seat=1)
    await first.update_user(ALICE, locale="ja", prefs={"theme": "dark"})
    await first.update_guild_settings(GUILD, {"threads": True})
    snapshot = (await first.get_game(lobby.id), await first.get_game(game.id), await first.actions(game.id))
    await first.close()

    second = new_store()
    await second.open()
    try:
        assert (await second.get_game(lobby.id), await second.get_game(game.id), await second.actions(game.id)) == snapshot
        assert await second.get_user(ALICE) == UserRecord(ALICE, "ja", False, {"theme": "dark"})
        assert await second.get_guild_settings(GUILD) == {"threads": True}
        assert await second.game_for_thread(555) == snapshot[1]
        assert await play(second, game)
    finally:
        await second.close()


async def test_a_closed_store_refuses_work(new_store: StoreFactory) -> None:
    store = new_store()
    await store.open()
    await store.close()
    with pytest.raises(StoreError) as caught:
        await store.get_game(1)
    assert caught.value.code == "closed"
    await store.close()


# -- users and guild settings ---------------------------------------------------------------------------


async def test_unknown_user_reads_as_default(store: Store) -> None:
    assert await store.get_user(ALICE) == UserRecord(ALICE, None, False, {})


async def test_update_user_upserts_and_merges_prefs(store: Store) -> None:
    assert await store.update_user(ALICE, locale="ja") == UserRecord(ALICE, "ja", False, {})
    assert await store.update_user(ALICE, dms_closed=True, prefs={"a": 1, "b": {"x": [1]}}) == UserRecord(
        ALICE, "ja", True, {"a": 1, "b": {"x": [1]}}
    )
    assert await store.update_user(ALICE, prefs={"a": 2, "c": "三"}) == UserRecord(
        ALICE, "ja", True, {"a": 2, "b": {"x": [1]}, "c": "三"}
    )
    assert await store.update_user(ALICE, locale="en-US", dms_closed=False, prefs={"b": None}) == UserRecord(
        ALICE, "en-US", False, {"a": 2, "c": "三"}
    )
    assert await store.get_user(ALICE) == UserRecord(ALICE, "en-US", False, {"a": 2, "c": "三"})
    assert await store.get_user(BOB) == UserRecord(BOB)


async def test_guild_settings_upsert_and_merge(store: Store) -> None:
    assert await store.get_guild_settings(GUILD) == {}
    assert await store.update_guild_settings(GUILD, {"threads": True, "locale": "ja"}) == {"threads": True, "locale": "ja"}
    assert await store.update_guild_settings(GUILD, {"threads": False, "locale": None, "timeout": 3600}) == {
        "threads": False,
        "timeout": 3600,
    }
    assert await store.get_guild_settings(GUILD) == {"threads": False, "timeout": 3600}
    assert await store.get_guild_settings(GUILD + 1) == {}


# -- queries --------------------------------------------------------------------------------------------


async def test_list_games_filters_and_orders_newest_first(store: Store) -> None:
    a = await make_lobby(store, ALICE)
    b = await make_active(store, BOB, channel_id=71)
    c = await make_lobby(store, guild_id=8, channel_id=80)
    d = await make_active(store, ALICE)
    assert await store.commit_action(d.id, expected_version=0, seat=0, action="x", state={}, version=1, status="finished")
    e = await make_lobby(store, guild_id=None, channel_id=90)
    await store.set_messages(b.id, thread_id=72)

    def ids(games: list[GameRecord]) -> list[int]:
        return [g.id for g in games]

    assert ids(await store.list_games()) == [e.id, c.id, b.id, a.id]
    assert ids(await store.list_games(guild_id=GUILD)) == [b.id, a.id]
    assert ids(await store.list_games(guild_id=GUILD, statuses=("finished",))) == [d.id]
    assert ids(await store.list_games(statuses=("lobby", "active", "finished", "cancelled"))) == [e.id, d.id, c.id, b.id, a.id]
    assert ids(await store.list_games(channel_id=71)) == [b.id]
    assert ids(await store.list_games(channel_id=72)) == [b.id]
    assert ids(await store.list_games(user_id=ALICE)) == [a.id]
    assert ids(await store.list_games(user_id=ALICE, statuses=("active", "finished"))) == [d.id]
    assert ids(await store.list_games(user_id=HOST, limit=2)) == [e.id, c.id]
    assert ids(await store.list_games(guild_id=GUILD, channel_id=CHANNEL, user_id=BOB)) == []
    assert await store.list_games(statuses=()) == []
    listed = await store.list_games(channel_id=CHANNEL, statuses=("lobby",))
    assert listed == [await store.get_game(a.id)] and listed[0].players == (HOST, ALICE)
    with pytest.raises(ValueError):
        await store.list_games(statuses=("open",))


async def test_game_for_thread(store: Store) -> None:
    await make_lobby(store, channel_id=300)
    assert await store.game_for_thread(300) is None
    active = await make_active(store, ALICE, channel_id=300)
    await store.set_messages(active.id, thread_id=301)
    finished = await make_active(store, BOB, channel_id=300)
    await store.set_messages(finished.id, thread_id=302)
    assert await play(store, finished, status="finished")
    assert (await store.game_for_thread(301)).id == active.id  # type: ignore[union-attr]
    assert (await store.game_for_thread(302)).id == finished.id  # type: ignore[union-attr]
    assert (await store.game_for_thread(300)).id == active.id  # type: ignore[union-attr]
    assert await store.cancel_game(active.id)
    assert await store.game_for_thread(301) is None
    assert (await store.game_for_thread(300)).id == finished.id  # type: ignore[union-attr]
    assert await store.game_for_thread(999) is None


# -- JSON -----------------------------------------------------------------------------------------------

NESTED: dict[str, Any] = {
    "game": "war_chest",
    "players": 2,
    "rng": 2**64 - 1,
    "seed": -(2**70),
    "board": [[None, {"unit": "騎兵", "owner": 0, "hp": 2}], [], [True, False, 1.5, -0.0, 1e-300]],
    "hands": {"0": ["弓兵", "槍兵"], "1": []},
    "text": "「日本語」🎲 \u0000 \\ \" '",
    "deep": {"a": {"b": {"c": {"d": [[[[{"e": "f"}]]]]}}}},
    "empty": {},
    "big": ["x" * 50] * 2000,
}


async def test_nested_json_round_trips_exactly(new_store: StoreFactory) -> None:
    store = new_store()
    await store.open()
    game = await store.create_game(
        game_type="t", guild_id=None, channel_id=1, host_id=HOST, options={"名前": ["値", 1, None]}, capacity=2
    )
    started = await store.start_game(game.id, players=[HOST], seed=2**64 - 1, state=NESTED, version=0)
    assert started.state == NESTED and started.seed == 2**64 - 1 and started.guild_id is None
    assert await store.commit_action(
        game.id, expected_version=0, seat=0, action="騎兵 B2", state={**NESTED, "turn": 1}, version=1, status="active"
    )
    await store.close()
    store = new_store()
    await store.open()
    stored = await store.get_game(game.id)
    assert stored is not None
    assert stored.state == {**NESTED, "turn": 1} and stored.options == {"名前": ["値", 1, None]}
    assert (await store.actions(game.id))[0].action == "騎兵 B2"
    await store.close()


@pytest.mark.parametrize("seed", [0, -1, 2**63, -(2**63) - 1, 2**200])
async def test_seeds_of_any_size_round_trip(store: Store, seed: int) -> None:
    game = await make_lobby(store)
    started = await store.start_game(game.id, players=[HOST], seed=seed, state={}, version=0)
    assert started.seed == seed
    assert (await store.get_game(game.id)).seed == seed  # type: ignore[union-attr]


async def test_the_outbox_is_written_with_the_step_and_drained_by_stage(store: Store) -> None:
    game = await make_lobby(store, 2, capacity=2)
    game = await store.start_game(game.id, players=[HOST, 2], seed=0, state={"v": 0}, version=0, outbox={"start": True})
    assert await store.commit_action(game.id, expected_version=0, seat=0, action="a", state={"v": 1}, version=1,
                                     status="active", outbox={"seat": 0})
    assert not await store.commit_action(game.id, expected_version=0, seat=0, action="b", state={"v": 1}, version=1,
                                         status="active", outbox={"seat": 1})
    pending = await store.pending_outbox(before=time.time() + 1)
    assert [(entry.version, entry.stage, entry.payload) for entry in pending] == [(0, "board", {"start": True}),
                                                                                  (1, "board", {"seat": 0})]
    assert await store.pending_outbox(before=0) == []
    await store.outbox_advance(game.id, upto_version=1, stage="notices")
    assert {entry.stage for entry in await store.pending_outbox(before=time.time() + 1)} == {"notices"}
    await store.outbox_advance(game.id, upto_version=0, stage="done")
    assert [entry.version for entry in await store.pending_outbox(before=time.time() + 1)] == [1]
    await store.outbox_advance(game.id, upto_version=1, stage="done")
    assert await store.pending_outbox(before=time.time() + 1) == []


# -- clocks and the scheduler's due index ---------------------------------------------------------------


async def test_timing_starts_with_the_game_and_moves_with_each_commit(store: Store) -> None:
    lobby = await make_lobby(store, ALICE)
    game = await store.start_game(lobby.id, players=list(lobby.players), seed=1, state=envelope(0), version=0,
                                  timing={"seats": {"0": {"since": 10.0}}}, due_at=100.0)
    assert game.timing == {"seats": {"0": {"since": 10.0}}} and game.due_at == 100.0
    assert await store.commit_action(game.id, expected_version=0, seat=0, action="m1", state=envelope(1), version=1,
                                     status="active", timing={"seats": {}}, due_at=50.0)
    moved = await store.get_game(game.id)
    assert moved is not None and moved.timing == {"seats": {}} and moved.due_at == 50.0
    assert await play(store, game)  # a commit without timing keeps the clocks and leaves nothing due
    kept = await store.get_game(game.id)
    assert kept is not None and kept.timing == {"seats": {}} and kept.due_at is None


async def test_due_games_reads_only_active_games_due_now_earliest_first(store: Store) -> None:
    games = [await make_active(store, ALICE) for _ in range(4)]
    for game, due in zip(games, (30.0, 10.0, 20.0, None)):
        assert await store.update_timing(game.id, version=0, timing={"n": game.id}, due_at=due)
    assert [g.id for g in await store.due_games(25.0)] == [games[1].id, games[2].id]
    assert [g.id for g in await store.due_games(100.0, limit=2)] == [games[1].id, games[2].id]
    assert await play(store, games[1], status="finished")
    assert await store.cancel_game(games[2].id)
    assert [g.id for g in await store.due_games(100.0)] == [games[0].id]


async def test_update_timing_is_compare_and_set_on_the_version(store: Store) -> None:
    game = await make_active(store, ALICE)
    assert await play(store, game)
    assert not await store.update_timing(game.id, version=0, timing={"stale": True}, due_at=1.0)
    assert await store.update_timing(game.id, version=1, timing={"fresh": True}, due_at=1.0)
    current = await store.get_game(game.id)
    assert current is not None and current.timing == {"fresh": True} and current.version == 1
    assert await play(store, game, status="finished")
    assert not await store.update_timing(game.id, version=2, timing={}, due_at=1.0)


async def test_user_games_span_every_server(store: Store) -> None:
    here = await make_active(store, ALICE, guild_id=GUILD)
    there = await make_active(store, ALICE, guild_id=GUILD + 1)
    dm_lobby = await make_lobby(store, ALICE, guild_id=None)
    await make_active(store, BOB)
    assert [g.id for g in await store.user_games(ALICE)] == [dm_lobby.id, there.id, here.id]
    assert [g.id for g in await store.user_games(ALICE, statuses=("active",), limit=1)] == [there.id]


async def test_user_due_times(store: Store) -> None:
    await store.set_user_due(ALICE, 20.0)
    await store.update_user(BOB, locale="ja")
    await store.set_user_due(BOB, 10.0)
    await store.update_user(BOB, prefs={"tz": "Asia/Tokyo"})
    assert [(u.user_id, u.due_at) for u in await store.due_users(15.0)] == [(BOB, 10.0)]
    assert (await store.get_user(BOB)).prefs == {"tz": "Asia/Tokyo"} and (await store.get_user(BOB)).locale == "ja"
    await store.set_user_due(BOB, None)
    assert [u.user_id for u in await store.due_users(100.0)] == [ALICE]
