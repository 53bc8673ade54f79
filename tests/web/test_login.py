"""Signing in with Discord in a browser, against the fake Discord's OAuth2: the whole flow, and every way
a sign-in can be forged, replayed, cancelled or pointed elsewhere, each refused briefly and changing nothing."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from storage.sqlite import SqliteStore
from tests.fakediscord import FakeDiscord
from tests.web.board import Board, config_for, digest, set_cookie
from web.auth import STATE_SECONDS


async def test_the_whole_sign_in_flow(board: Board, world: FakeDiscord, store: SqliteStore) -> None:
    alice = world.user(101)
    response, state = await board.login("/games/3?tab=log")
    assert response.status == 302 and state is not None
    location = urlsplit(response.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == "https://discord.com/oauth2/authorize"
    query = {name: values[0] for name, values in parse_qs(location.query).items()}
    assert query == {"client_id": str(world.oauth.client_id), "response_type": "code", "scope": "identify",
                     "redirect_uri": "http://127.0.0.1:8080/auth/callback", "state": query["state"]}
    assert len(query["state"]) >= 32 and query["state"] in state.value
    assert state["httponly"] and state["samesite"] == "Lax" and state["path"] == "/" and not state["secure"]
    assert int(state["max-age"]) == STATE_SECONDS

    back = await board.follow(world.oauth.approve(alice, response.headers["Location"]), state)
    assert back.status == 302 and back.headers["Location"] == "/games/3?tab=log"
    session = set_cookie(back, "tt_session")
    assert session is not None and session["httponly"] and session["samesite"] == "Lax" and session["path"] == "/"
    assert not session["secure"], "plain http on this machine: a Secure cookie would never come back"
    cleared = set_cookie(back, "tt_oauth")
    assert cleared is not None and cleared.value == "" and cleared["max-age"] == "0", "the state is single-use"

    me = await board.me(board.cookie(session.value))
    assert me.status == 200
    body = await me.json()
    assert body["user"] == {"id": "101", "name": "alice"} and len(body["csrf_token"]) == 64
    stored = await store.get_session(digest(session.value), now=board.clock.now())
    assert stored is not None and (stored.user_id, stored.kind) == (101, "browser")
    raw = (store.path.read_bytes() + store.path.with_name(store.path.name + "-wal").read_bytes())
    assert session.value.encode() not in raw, "only a hash of the token is stored"


async def test_the_state_must_be_the_browsers_own(board: Board, world: FakeDiscord) -> None:
    alice = world.user(101)
    first, first_state = await board.login()
    second, second_state = await board.login()
    url = world.oauth.approve(alice, first.headers["Location"])
    for cookie in (second_state, None):  # another sign-in's state, or a browser that started none
        refused = await board.follow(url, cookie)
        assert refused.status == 400 and (await refused.json())["error"] == "bad_state"
        assert set_cookie(refused, "tt_session") is None
    assert world.rejected == [], "a forged state never reaches Discord"
    forged = urlsplit(url)
    tampered = await board.follow(f"{forged.path}?code=x&state=", first_state)
    assert tampered.status == 400 and (await tampered.json())["error"] == "bad_state"


async def test_a_sign_in_left_too_long_at_discord_expires(board: Board, world: FakeDiscord) -> None:
    response, state = await board.login()
    url = world.oauth.approve(world.user(101), response.headers["Location"])
    board.clock.now_at += STATE_SECONDS + 1
    refused = await board.follow(url, state)
    assert refused.status == 400 and (await refused.json())["error"] == "bad_state"


async def test_a_replayed_code_is_refused(board: Board, world: FakeDiscord) -> None:
    response, state = await board.login()
    url = world.oauth.approve(world.user(101), response.headers["Location"])
    assert (await board.follow(url, state)).status == 302
    again = await board.follow(url, state)  # the same redirect, the same (stolen) state cookie
    assert again.status == 400 and (await again.json())["error"] == "bad_code"
    assert set_cookie(again, "tt_session") is None
    assert [(r.path, r.status, r.payload) for r in world.rejected] == [("/oauth2/token", 400, {"error": "invalid_grant"})]


async def test_cancelled_at_discord(board: Board, world: FakeDiscord) -> None:
    response, state = await board.login()
    refused = await board.follow(world.oauth.deny(response.headers["Location"]), state)
    assert refused.status == 400 and (await refused.json())["error"] == "oauth_denied"
    assert set_cookie(refused, "tt_oauth").value == ""  # type: ignore[union-attr]


async def test_a_forged_code_is_refused_in_the_browsers_language(board: Board, world: FakeDiscord) -> None:
    response, state = await board.login()
    url = world.oauth.approve(world.user(101), response.headers["Location"])
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    headers = {"Cookie": f"tt_oauth={state.value}", "Accept-Language": "ja,en;q=0.5"}  # type: ignore[union-attr]
    refused = await board.client.get(f"{parts.path}?code=forged&state={query['state'][0]}", headers=headers,
                                     allow_redirects=False)
    assert refused.status == 400
    assert await refused.json() == {"error": "bad_code", "message": "Discordがサインインを受け付けませんでした。もう一度サインインしてください。"}


@pytest.mark.parametrize("hostile", [
    "//evil.example", "https://evil.example/", "http:/evil.example", "/\\evil.example", "\\\\evil.example",
    "/ok\r\nSet-Cookie: x=1", "/a b", "/\x00", "/tab\there", "javascript:alert(1)", "evil", "", "/" + "a" * 600,
    "/é",
])
async def test_no_open_redirects(board: Board, hostile: str) -> None:
    response, state = await board.login(hostile)
    assert response.status == 400 and state is None
    assert (await response.json())["error"] == "bad_next"


async def test_a_tampered_state_cookie_still_never_leaves_the_site(board: Board, world: FakeDiscord) -> None:
    response, state = await board.login("/fine")
    assert state is not None
    value, issued, _ = state.value.split(".")
    state.set(state.key, f"{value}.{issued}.Ly9ldmlsLmV4YW1wbGU", state.coded_value)  # base64 of //evil.example
    back = await board.follow(world.oauth.approve(world.user(101), response.headers["Location"]), state)
    assert back.status == 302 and back.headers["Location"] == "/"


async def test_on_https_every_cookie_is_secure_and_host_bound(world: FakeDiscord, store: SqliteStore) -> None:
    board = await Board(world, store, config_for(world, "https://board.example.org")).start()
    try:
        response, state = await board.login()
        assert state is not None and state.key == "__Host-tt_oauth" and state["secure"] and state["httponly"]
        query = parse_qs(urlsplit(response.headers["Location"]).query)
        assert query["redirect_uri"] == ["https://board.example.org/auth/callback"]
        back = await board.follow(world.oauth.approve(world.user(102), response.headers["Location"]), state)
        session = set_cookie(back, "__Host-tt_session")
        assert session is not None and session["secure"] and session["httponly"] and session["samesite"] == "Lax"
        assert session["path"] == "/" and not session["domain"]
        assert (await board.me(board.cookie(session.value))).status == 200
        assert (await board.me({"Cookie": f"tt_session={session.value}"})).status == 401, "only the prefixed name"
    finally:
        await board.close()


async def test_signing_in_again_ends_the_previous_session(board: Board, world: FakeDiscord) -> None:
    first = await board.sign_in(world.user(101))
    response, state = await board.login()
    url = world.oauth.approve(world.user(101), response.headers["Location"])
    parts = urlsplit(url)
    back = await board.client.get(f"{parts.path}?{parts.query}", allow_redirects=False,
                                  headers={"Cookie": f"tt_oauth={state.value}; tt_session={first}"})  # type: ignore[union-attr]
    assert back.status == 302
    assert (await board.me(board.cookie(first))).status == 401


async def test_sign_in_refused_clearly_when_not_set_up(world: FakeDiscord, store: SqliteStore) -> None:
    board = await Board(world, store, config_for(world, oauth=False)).start()
    try:
        for response in (await board.client.get("/auth/login", allow_redirects=False),
                         await board.client.get("/auth/callback?code=a&state=b"),
                         await board.client.post("/auth/activity", json={"code": "a"})):
            assert response.status == 503 and (await response.json())["error"] == "oauth_off"
    finally:
        await board.close()
