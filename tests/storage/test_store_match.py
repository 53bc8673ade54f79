"""A whole match through the store: the stored envelope and action log reproduce the match exactly."""

from __future__ import annotations

from engine.core.match import Match
from storage.base import Store
from tests.fixtures.highcard import GAME


async def test_a_played_match_reloads_and_replays_from_the_store(store: Store) -> None:
    lobby = await store.create_game(game_type=GAME.id, guild_id=1, channel_id=2, host_id=10, options={"hand": "3"}, capacity=3)
    lobby = await store.add_player(lobby.id, 11)
    lobby = await store.add_player(lobby.id, 12)
    match = Match.start(GAME, len(lobby.players), 2**63 + 5, lobby.options)
    record = await store.start_game(
        lobby.id, players=list(lobby.players), seed=match.seed, state=match.to_json(), version=match.version
    )
    while not match.finished:
        seat = match.awaited_seats()[0]
        step = match.play(seat, match.legal_actions(seat)[-1].notation, match.version)
        assert await store.commit_action(
            record.id,
            expected_version=match.version,
            seat=seat,
            action=step.notation,
            state=step.match.to_json(),
            version=step.match.version,
            status="finished" if step.match.finished else "active",
        )
        match = step.match

    stored = await store.get_game(record.id)
    assert stored is not None and stored.status == "finished" and stored.version == match.version
    assert stored.seed == match.seed == 2**63 + 5
    assert stored.state is not None and Match.from_json(GAME, stored.state) == match
    log = [(entry.seat, entry.action) for entry in await store.actions(record.id)]
    assert len(log) == match.version
    replayed = Match.replay(GAME, len(stored.players), stored.seed, stored.options, log)
    assert replayed.to_json() == stored.state
