"""Decisions belong to seats: in a Wall of War Rain window every seat answers from the picker it was
shown, in any order and even in the same event-loop tick, and each answer is applied exactly once."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path
from typing import AsyncIterator

import pytest

from engine.core.errors import StaleDecision
from engine.core.match import Match
from engine.wallofwar import GAME
from storage import open_store
from storage.base import Store
from tabletop.play.service import GameService, Loaded

USERS = (11, 22, 33, 44, 55)


def rain_window(players: int) -> Match:
    """A match at a Rain window that waits for every seat but the ability's user (found by seeded play)."""
    for seed in range(500):
        match, rng = Match.start(GAME, players, seed, {}), random.Random(seed)
        for _ in range(400):
            awaited = match.awaited_seats()
            if not awaited:
                break
            pending = match.pending()
            if len(awaited) == players - 1 and all(d.kind == "simultaneous" for d in pending):
                if all(any(a.notation == "allow" for a in match.legal_actions(seat)) for seat in awaited):
                    return match
            seat = rng.choice(awaited)
            legal = match.legal_actions(seat)
            abilities = [a for a in legal if a.notation.startswith("ab:")]
            pick = rng.choice(abilities) if abilities and rng.random() < 0.8 else rng.choice(legal)
            match = match.play(seat, pick.notation).match
    raise AssertionError(f"no Rain window waiting for {players - 1} seats")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = open_store(str(tmp_path / "rain.db"))
    await opened.open()
    yield opened
    await opened.close()


async def seated(store: Store, match: Match) -> Loaded:
    record = await store.create_game(game_type="wallofwar", guild_id=1, channel_id=2, host_id=USERS[0], options={},
                                     capacity=match.players)
    for user in USERS[1:match.players]:
        await store.add_player(record.id, user)
    record = await store.start_game(record.id, players=list(USERS[:match.players]), seed=match.seed,
                                    state=match.to_json(), version=match.version)
    return Loaded(record, match)


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_every_order_of_answers_applies_each_once(store: Store, players: int) -> None:
    window = rain_window(players)
    seats = window.awaited_seats()
    for order in itertools.permutations(seats):
        opened = await seated(store, window)
        service = GameService(store)
        for seat in order:  # each answers from the picker drawn when the window opened
            await service.play(opened, seat, "allow", decision_id=window.decisions[seat])
        log = [(a.seat, a.action) for a in await store.actions(opened.record.id)]
        assert log == [(seat, "allow") for seat in order]


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_answers_racing_in_one_tick_all_apply(store: Store, players: int) -> None:
    window = rain_window(players)
    opened = await seated(store, window)
    service = GameService(store)
    seats = window.awaited_seats()
    await asyncio.gather(*(service.play(opened, seat, "allow", decision_id=window.decisions[seat]) for seat in seats))
    log = await store.actions(opened.record.id)
    assert sorted(a.seat for a in log) == sorted(seats) and all(a.action == "allow" for a in log)


async def test_a_double_click_by_one_seat_still_applies_once(store: Store) -> None:
    window = rain_window(4)
    opened = await seated(store, window)
    service = GameService(store)
    seat = window.awaited_seats()[0]
    results = await asyncio.gather(*(service.play(opened, seat, "allow", decision_id=window.decisions[seat])
                                     for _ in range(2)), return_exceptions=True)
    assert sum(not isinstance(result, Exception) for result in results) == 1
    assert any(isinstance(result, StaleDecision) for result in results)
    assert [(a.seat, a.action) for a in await store.actions(opened.record.id)] == [(seat, "allow")]


def test_other_seats_keep_their_decision_id_while_one_answers() -> None:
    window = rain_window(4)
    first, *others = window.awaited_seats()
    after = window.play(first, "allow").match
    assert after.decisions[first] != window.decisions[first]
    assert [after.decisions[seat] for seat in others] == [window.decisions[seat] for seat in others]


def test_a_seat_whose_decision_changed_is_told_what_it_is_asked_now() -> None:
    match = Match.start(GAME, 3, 1, {})
    seat = match.awaited_seats()[0]
    with pytest.raises(StaleDecision) as refused:
        match.check_decision(seat, match.decisions[seat] + 5)
    assert refused.value.now == match.decision_of(seat).prompt  # type: ignore[union-attr]
