"""Cookie sessions change nothing without the session's CSRF token and this site's origin; bearer sessions
(the Activity) need neither; a sign-out ends the session; an expired session is no session."""

from __future__ import annotations

import asyncio

from storage.sql import Body, Fetch
from storage.sqlite import SqliteStore
from tests.fakediscord import FakeDiscord
from tests.web.board import NOW, Board, Clock, config_for, digest, set_cookie
from web.sessions import LIFETIMES


async def signed_in(board: Board, world: FakeDiscord) -> tuple[str, str]:
    token = await board.sign_in(world.user(101))
    csrf = (await (await board.me(board.cookie(token))).json())["csrf_token"]
    return token, csrf


async def assert_refused(board: Board, headers: dict[str, str], token: str) -> None:
    response = await board.client.post("/auth/logout", headers=board.cookie(token) | headers)
    assert response.status == 403 and (await response.json())["error"] == "csrf", headers
    assert (await board.me(board.cookie(token))).status == 200, "the session is untouched"


async def test_csrf_token_and_origin_are_both_required(board: Board, world: FakeDiscord) -> None:
    token, csrf = await signed_in(board, world)
    await assert_refused(board, board.origin, token)  # no token
    await assert_refused(board, board.origin | {"X-CSRF-Token": "0" * 64}, token)  # a wrong one
    await assert_refused(board, board.origin | {"X-CSRF-Token": csrf[:-1]}, token)  # a truncated one
    await assert_refused(board, {"X-CSRF-Token": csrf}, token)  # neither Origin nor Referer
    await assert_refused(board, {"X-CSRF-Token": csrf, "Origin": "https://evil.example"}, token)
    await assert_refused(board, {"X-CSRF-Token": csrf, "Origin": "http://127.0.0.1:8081"}, token)  # another port
    await assert_refused(board, {"X-CSRF-Token": csrf, "Origin": "null"}, token)
    await assert_refused(board, {"X-CSRF-Token": csrf, "Referer": "https://evil.example/http://127.0.0.1:8080/"}, token)
    other, _ = await signed_in(board, world)
    await assert_refused(board, board.origin | {"X-CSRF-Token": (await (await board.me(board.cookie(other))).json())
                                                ["csrf_token"]}, token)  # another session's token


async def test_logout_with_token_and_origin_revokes(board: Board, world: FakeDiscord, store: SqliteStore) -> None:
    token, csrf = await signed_in(board, world)
    response = await board.client.post("/auth/logout", headers=board.cookie(token) | board.origin | {"X-CSRF-Token": csrf})
    assert response.status == 200 and await response.json() == {"signed_out": True}
    cleared = set_cookie(response, "tt_session")
    assert cleared is not None and cleared.value == "" and cleared["max-age"] == "0"
    assert (await board.me(board.cookie(token))).status == 401
    assert await store.get_session(digest(token), now=board.clock.now()) is None
    again = await board.client.post("/auth/logout", headers=board.cookie(token) | board.origin | {"X-CSRF-Token": csrf})
    assert again.status == 401 and (await again.json())["error"] == "unauthorized"


async def test_a_same_site_referer_stands_in_for_origin(board: Board, world: FakeDiscord) -> None:
    token, csrf = await signed_in(board, world)
    response = await board.client.post("/auth/logout", headers=board.cookie(token) | {
        "X-CSRF-Token": csrf, "Referer": "http://127.0.0.1:8080/games/1"})
    assert response.status == 200


async def test_sign_out_everywhere(board: Board, world: FakeDiscord) -> None:
    token, csrf = await signed_in(board, world)
    activity = await board.activity_sign_in(world.user(101))
    bob = await board.activity_sign_in(world.user(102))
    response = await board.client.post("/auth/logout?everywhere=1",
                                       headers=board.cookie(token) | board.origin | {"X-CSRF-Token": csrf})
    assert response.status == 200
    assert (await board.me({"Authorization": f"Bearer {activity['session']}"})).status == 401
    assert (await board.me({"Authorization": f"Bearer {bob['session']}"})).status == 200, "only alice's sessions"


async def test_an_expired_session_is_no_session(board: Board, world: FakeDiscord) -> None:
    token, _ = await signed_in(board, world)
    board.clock.now_at += LIFETIMES["browser"] - 1
    assert (await board.me(board.cookie(token))).status == 200
    board.clock.now_at += 1
    response = await board.me(board.cookie(token))
    assert response.status == 401 and (await response.json())["error"] == "unauthorized"


async def test_tokens_that_are_not_ours_are_nobody(board: Board) -> None:
    for headers in ({"Cookie": "tt_session=" + "A" * 43}, {"Cookie": "tt_session=short"},
                    {"Authorization": "Bearer " + "x" * 500}, {"Authorization": "Basic YTpi"}, {}):
        response = await board.me(headers)
        assert response.status == 401, headers


async def test_the_activity_signs_in_with_the_sdks_code(board: Board, world: FakeDiscord) -> None:
    code = world.oauth.authorize(world.user(102))
    response = await board.client.post("/auth/activity", json={"code": code})
    assert response.status == 200 and set_cookie(response, "tt_session") is None, "no cookie in the iframe"
    body = await response.json()
    assert body["user"] == {"id": "102", "name": "bob"} and len(body["session"]) == 43 and body["access_token"]
    bearer = {"Authorization": f"Bearer {body['session']}"}
    me = await board.me(bearer)
    assert (await me.json())["user"]["id"] == "102" and "csrf_token" not in await me.json()
    # the bearer is no browser credential: no CSRF token nor origin needed, and the cookie of another
    # session in the same iframe does not count
    alice = await board.sign_in(world.user(101))
    response = await board.client.post("/auth/logout", headers=bearer | board.cookie(alice))
    assert response.status == 200 and set_cookie(response, "tt_session") is None
    assert (await board.me(bearer)).status == 401
    assert (await board.me(board.cookie(alice))).status == 200
    replayed = await board.client.post("/auth/activity", json={"code": code})
    assert replayed.status == 400 and (await replayed.json())["error"] == "bad_code"


async def test_bad_activity_requests_get_short_answers(board: Board, world: FakeDiscord) -> None:
    browser_code = world.oauth.authorize(world.user(101), redirect_uri="http://127.0.0.1:8080/auth/callback")
    cases = [
        ({"json": {"code": browser_code}}, 400, "bad_code"),  # issued for a redirect: not the SDK's
        ({"json": {"code": ""}}, 400, "bad_code"),
        ({"json": {"code": 5}}, 400, "bad_code"),
        ({"json": ["code"]}, 400, "bad_code"),
        ({"json": {"code": "x" * 201}}, 400, "bad_code"),
        ({"data": b"{not json", "headers": {"Content-Type": "application/json"}}, 400, "bad_request"),
        ({"data": b"\xff\xfe", "headers": {"Content-Type": "application/json"}}, 400, "bad_request"),
        ({"data": b"{" + b" " * 20_000 + b"}", "headers": {"Content-Type": "application/json"}}, 413, "too_large"),
    ]
    for kwargs, status, error in cases:
        response = await board.client.post("/auth/activity", **kwargs)  # type: ignore[arg-type]
        assert (response.status, (await response.json())["error"]) == (status, error), kwargs
    wrong = await board.client.get("/auth/activity")
    assert wrong.status == 405 and (await wrong.json())["error"] == "wrong_method" and "POST" in wrong.headers["Allow"]
    missing = await board.client.get("/nothing/here", headers={"Accept-Language": "ja"})
    assert missing.status == 404 and await missing.json() == {"error": "not_found", "message": "ページが見つかりません。"}


async def test_expired_and_revoked_sessions_are_purged_in_the_background(world: FakeDiscord, store: SqliteStore) -> None:
    board = await Board(world, store, config_for(world)).start()
    try:
        token = await board.sign_in(world.user(101))
        ended = (await board.activity_sign_in(world.user(102)))["session"]
        assert (await board.client.post("/auth/logout", headers={"Authorization": f"Bearer {ended}"})).status == 200
    finally:
        await board.close()
    assert await session_rows(store) == 2
    board = await Board(world, store, config_for(world), clock=Clock(NOW + LIFETIMES["browser"] + 1)).start()
    try:  # a new process life, a month later: its first purge runs at start
        for _ in range(200):
            if not await session_rows(store):
                break
            await asyncio.sleep(0.01)
        assert await session_rows(store) == 0
        assert (await board.me(board.cookie(token))).status == 401
    finally:
        await board.close()


async def session_rows(store: SqliteStore) -> int:
    """What the table holds, not only what `get_session` admits."""
    def body() -> Body[int]:
        found = yield Fetch("SELECT count(*) FROM web_sessions")
        return int(found[0][0])

    return await store._read(body)  # noqa: SLF001
