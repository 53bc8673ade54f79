"""`GameService.takeback_step` and `take_back` with a real SQLite store and the fixture game: the step is
built from the stored log (the position before the last entry replayed from the seed), committed like any
other step (log entry, version, clocks), and refused, changing nothing, when the rules, the server or a
race say no."""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest

from engine.core.errors import StaleVersion, TakebackRefused
from engine.core.match import NOT_YOUR_LAST, NOTHING_TO_TAKE_BACK
from engine.core.notations import TAKEBACK
from engine.core.takeback import SHOWN_TO_ACTOR, TWICE
from storage import open_store
from storage.base import Store
from tabletop.play.clocks import Timing
from tabletop.presentation.i18n import text
from tabletop.play.service import TAKEBACKS, GameService, Loaded

HOST, GUEST = 11, 22
GUILD = 1


class Clock:
    def __init__(self) -> None:
        self.at = 1_800_000_000.0

    def now(self) -> float:
        return self.at


@pytest.fixture
async def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(tmp_path: Path, clock: Clock) -> AsyncIterator[GameService]:
    store: Store = open_store(str(tmp_path / "s.db"))
    await store.open()
    yield GameService(store, now=clock.now)
    await store.close()


async def started(service: GameService) -> Loaded:
    record = await service.create("highcard", guild_id=GUILD, channel_id=2, host_id=HOST, players=2, options={})
    await service.store.add_player(record.id, GUEST)
    lobby = await service.store.get_game(record.id)
    assert lobby is not None
    return await service.start(lobby, HOST, False)


def lowest_play(loaded: Loaded, seat: int) -> str:
    """A card played face up below 10 (no reaction follows): it shows nothing the board does not."""
    plays = [action.notation for action in loaded.match.legal_actions(seat) if action.notation.startswith("play:")]
    return min(plays, key=lambda notation: int(notation.split(":")[1]))


async def test_an_own_face_up_play_is_taken_back_and_committed_like_a_step(service: GameService, clock: Clock) -> None:
    loaded = await started(service)
    seat = loaded.match.awaited_seats()[0]
    start_state = loaded.match.state
    played = await service.play(loaded, seat, lowest_play(loaded, seat), decision_id=loaded.match.decisions[seat])
    clock.at += 3600
    moved = await service.load(loaded.record.id)
    assert (await service.takeback_step(moved, seat)).notation == TAKEBACK
    undone = await service.take_back(moved, seat, played.match.version)
    stored = await service.store.get_game(loaded.record.id)
    assert stored is not None and stored.version == undone.record.version == 2
    assert stored.state == undone.record.state and stored.state is not None and stored.state["state"] == start_state
    log = [(entry.seat, entry.action) for entry in await service.store.actions(loaded.record.id)]
    assert log[-1] == (seat, TAKEBACK) and len(log) == 2
    assert stored.timing is not None and Timing.from_json(stored.timing).last == clock.at
    assert undone.match.awaited_seats() == (seat,)
    assert all(new > old for new, old in zip(undone.match.decisions, moved.match.decisions))
    with pytest.raises(TakebackRefused) as again:
        await service.takeback_step(await service.load(loaded.record.id), seat)
    assert again.value.reason == TWICE


async def test_a_second_commit_of_the_same_takeback_changes_nothing(service: GameService) -> None:
    loaded = await started(service)
    seat = loaded.match.awaited_seats()[0]
    await service.play(loaded, seat, lowest_play(loaded, seat), decision_id=loaded.match.decisions[seat])
    moved = await service.load(loaded.record.id)
    await service.take_back(moved, seat, moved.match.version)
    with pytest.raises(StaleVersion):
        await service.take_back(moved, seat, moved.match.version)
    with pytest.raises(StaleVersion):
        await service.take_back(await service.load(loaded.record.id), seat, moved.match.version)
    assert len(await service.store.actions(loaded.record.id)) == 2


async def test_refusals_change_nothing(service: GameService) -> None:
    loaded = await started(service)
    seat = loaded.match.awaited_seats()[0]
    with pytest.raises(TakebackRefused) as nothing:
        await service.takeback_step(loaded, seat)
    assert nothing.value.reason == NOTHING_TO_TAKE_BACK
    await service.play(loaded, seat, "draw", decision_id=loaded.match.decisions[seat])
    moved = await service.load(loaded.record.id)
    with pytest.raises(TakebackRefused) as drawn:
        await service.take_back(moved, seat, moved.match.version)
    assert drawn.value.reason == SHOWN_TO_ACTOR
    with pytest.raises(TakebackRefused) as other:
        await service.takeback_step(moved, 1 - seat)
    assert other.value.reason == NOT_YOUR_LAST
    after = await service.load(loaded.record.id)
    assert after.record.version == moved.record.version and after.record.state == moved.record.state


async def test_the_server_setting_turns_takebacks_off(service: GameService) -> None:
    loaded = await started(service)
    seat = loaded.match.awaited_seats()[0]
    await service.play(loaded, seat, lowest_play(loaded, seat), decision_id=loaded.match.decisions[seat])
    moved = await service.load(loaded.record.id)
    await service.store.update_guild_settings(GUILD, {TAKEBACKS: False})
    with pytest.raises(TakebackRefused) as off:
        await service.take_back(moved, seat, moved.match.version)
    assert off.value.reason == text("afterplay.takebacks_off")
    await service.store.update_guild_settings(GUILD, {TAKEBACKS: True})
    assert (await service.take_back(moved, seat, moved.match.version)).record.version == moved.record.version + 1
