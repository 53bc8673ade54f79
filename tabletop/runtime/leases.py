"""Short leases on claimed periodic work, renewed while the work runs.

The scheduler, the outbox delivery and the league loop claim their rows in the store (`claim_due_games`,
`claim_due_users`, `claim_outbox`, `claim_due_leagues`) until `LEASE_SECONDS` ahead, in the name of this
process life (`Store.owner`). While the work runs, `held` renews those claims every `RENEW_SECONDS`, so a
live process keeps its work however long Discord makes it wait, and a process that died lets go of its
work within `LEASE_SECONDS` (PostgreSQL, several processes) — or at once on SQLite, where the next life
ends its dead predecessor's claims before its first pass (`TabletopBot.wait_until_serving`).
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import AsyncIterator, Callable, Sequence

from storage.base import Store

log = logging.getLogger("tabletop.leases")
LEASE_SECONDS = 30.0
"""How long a claim outlives its last renewal: the longest a dead process's work waits for another."""
RENEW_SECONDS = 10.0
"""How often a running piece of work renews its claims: well inside the lease, so one slow renewal (a
busy database) never lets a live claim lapse."""


def lease_end(clock: Callable[[], float]) -> float:
    """The `until` of a claim taken or renewed now, on the clock the claim compares against."""
    return clock() + LEASE_SECONDS


@asynccontextmanager
async def held(store: Store, clock: Callable[[], float], *, games: Sequence[int] = (), users: Sequence[int] = (),
               leagues: Sequence[int] = ()) -> AsyncIterator[None]:
    """Keep this store's claims on these rows alive while the block runs, then release them (also when
    the block fails: the next pass retries the work)."""
    done = asyncio.Event()
    heartbeat = asyncio.create_task(_renew(store, clock, done, games, users, leagues)) if games or users or leagues else None
    try:
        yield
    finally:
        done.set()
        if heartbeat is not None:
            await heartbeat  # a renewal under way finishes before the release, never after it
        await store.release(games=games, users=users)
        await store.release_leagues(leagues)


async def _renew(store: Store, clock: Callable[[], float], done: asyncio.Event, games: Sequence[int], users: Sequence[int],
                 leagues: Sequence[int]) -> None:
    count = len(games) + len(users) + len(leagues)
    while True:
        try:
            await asyncio.wait_for(done.wait(), RENEW_SECONDS)
            return
        except asyncio.TimeoutError:
            pass
        try:
            until = lease_end(clock)
            kept = await store.renew(until=until, games=games, users=users) + await store.renew_leagues(leagues, until=until)
        except Exception:  # noqa: BLE001 - a failed renewal is retried; the lease still has time left
            log.exception("renewing %d claims failed", count)
            continue
        if kept < count:
            log.warning("%d of %d claims were no longer this process's to renew", count - kept, count)
