"""The settle rules themselves: what counts as parked (waiting for a later test step) and what as busy."""

from __future__ import annotations

import asyncio

from tests.fakediscord.idle import _future_parked


async def test_a_gather_whose_members_all_finished_is_about_to_resume_its_caller_not_parked() -> None:
    async def quick() -> int:
        return 1

    members = [asyncio.ensure_future(quick()), asyncio.ensure_future(quick())]
    await asyncio.wait(members)
    gathering = asyncio.gather(*members)
    assert not _future_parked(gathering, set(), set(), set(), set())


async def test_a_finished_future_wakes_its_waiter_so_the_waiter_is_busy() -> None:
    done = asyncio.get_running_loop().create_future()
    done.set_result(None)
    assert not _future_parked(done, set(), set(), set(), set())


async def test_a_gather_waiting_on_a_parked_member_is_parked() -> None:
    later = asyncio.get_running_loop().create_future()

    async def quick() -> int:
        return 1

    finished = asyncio.ensure_future(quick())
    await finished
    gathering = asyncio.gather(finished, later)
    assert _future_parked(gathering, {id(later)}, set(), set(), set())
    later.cancel()
    gathering.cancel()
