"""The live board's sign-in sessions, on every backend: only valid sessions are found, revocation is
final, and the purge removes what is no longer valid in bounded batches."""

from __future__ import annotations

import hashlib

import pytest

from storage.base import Store, StoreError

NOW, DAY = 1_800_000_000.0, 86_400.0
ALICE, BOB = 101, 102


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def test_a_session_is_found_until_it_expires(store: Store) -> None:
    created = await store.create_session(digest("a"), user_id=ALICE, name="alice", kind="browser", now=NOW,
                                         expires_at=NOW + DAY)
    assert (created.user_id, created.name, created.kind, created.created_at, created.expires_at) == (
        ALICE, "alice", "browser", NOW, NOW + DAY)
    assert await store.get_session(digest("a"), now=NOW + DAY - 1) == created
    assert await store.get_session(digest("a"), now=NOW + DAY) is None, "expired at its expiry"
    assert await store.get_session(digest("b"), now=NOW) is None, "unknown"
    assert await store.get_session("not a hash", now=NOW) is None


async def test_revoking_one_session_leaves_the_others(store: Store) -> None:
    for token, user in (("a", ALICE), ("b", ALICE), ("c", BOB)):
        await store.create_session(digest(token), user_id=user, name=str(user), kind="activity", now=NOW,
                                   expires_at=NOW + DAY)
    assert await store.revoke_session(digest("a"), now=NOW + 1)
    assert not await store.revoke_session(digest("a"), now=NOW + 2), "already revoked"
    assert not await store.revoke_session(digest("z"), now=NOW + 2), "unknown"
    assert await store.get_session(digest("a"), now=NOW + 2) is None
    assert await store.get_session(digest("b"), now=NOW + 2) is not None
    assert await store.revoke_user_sessions(ALICE, now=NOW + 3) == 1, "only the live one counts"
    assert await store.get_session(digest("b"), now=NOW + 3) is None
    assert (await store.get_session(digest("c"), now=NOW + 3)).user_id == BOB  # type: ignore[union-attr]
    assert await store.revoke_user_sessions(ALICE, now=NOW + 4) == 0


async def test_an_expired_session_cannot_be_revoked(store: Store) -> None:
    await store.create_session(digest("a"), user_id=ALICE, name="a", kind="browser", now=NOW, expires_at=NOW + 10)
    assert not await store.revoke_session(digest("a"), now=NOW + 10)
    assert await store.revoke_user_sessions(ALICE, now=NOW + 10) == 0


async def test_purge_removes_expired_and_revoked_sessions_in_batches(store: Store) -> None:
    for index in range(5):
        await store.create_session(digest(f"old{index}"), user_id=ALICE, name="a", kind="browser", now=NOW,
                                   expires_at=NOW + 10 + index)
    await store.create_session(digest("live"), user_id=BOB, name="b", kind="browser", now=NOW, expires_at=NOW + DAY)
    await store.create_session(digest("revoked"), user_id=BOB, name="b", kind="browser", now=NOW, expires_at=NOW + DAY)
    await store.revoke_session(digest("revoked"), now=NOW + 1)
    assert await store.purge_sessions(now=NOW + 100, limit=4) == 4
    assert await store.purge_sessions(now=NOW + 100, limit=4) == 2
    assert await store.purge_sessions(now=NOW + 100, limit=4) == 0
    assert await store.get_session(digest("live"), now=NOW + 100) is not None
    # a purged token is gone for good: the same hash may not come back to life by itself
    assert await store.revoke_session(digest("old0"), now=NOW + 100) is False


async def test_bad_arguments_change_nothing(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.create_session("ABC", user_id=ALICE, name="a", kind="browser", now=NOW, expires_at=NOW + 1)
    with pytest.raises(ValueError):
        await store.create_session(digest("a"), user_id=ALICE, name="a", kind="cookie", now=NOW,  # type: ignore[arg-type]
                                   expires_at=NOW + 1)
    with pytest.raises(ValueError):
        await store.create_session(digest("a"), user_id=ALICE, name="a", kind="browser", now=NOW, expires_at=NOW)
    with pytest.raises(ValueError):
        await store.purge_sessions(now=NOW, limit=0)
    await store.create_session(digest("a"), user_id=ALICE, name="a", kind="browser", now=NOW, expires_at=NOW + 1)
    with pytest.raises(StoreError) as refused:
        await store.create_session(digest("a"), user_id=BOB, name="b", kind="browser", now=NOW, expires_at=NOW + 9)
    assert refused.value.code == "session_exists"
    assert (await store.get_session(digest("a"), now=NOW)).user_id == ALICE  # type: ignore[union-attr]


async def test_sessions_survive_a_restart(new_store) -> None:  # type: ignore[no-untyped-def]
    first = new_store()
    await first.open()
    await first.create_session(digest("a"), user_id=ALICE, name="a", kind="browser", now=NOW, expires_at=NOW + DAY)
    await first.close()
    second = new_store()
    await second.open()
    try:
        assert (await second.get_session(digest("a"), now=NOW)).name == "a"  # type: ignore[union-attr]
    finally:
        await second.close()
