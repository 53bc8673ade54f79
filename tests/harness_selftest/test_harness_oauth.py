"""The fake Discord's OAuth2 answers as Discord does: the token endpoint checks the client, the grant, the
code (single-use, expiring, bound to its redirect) and its form; `users/@me` with a bearer token is that
token's user, until it expires or its code is replayed."""

from __future__ import annotations

from typing import Any, AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.oauth import CODE_SECONDS, TOKEN_SECONDS
from web.discord_api import API_BASE

REDIRECT = "https://board.example.org/auth/callback"


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def call(world: FakeDiscord, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
    session = world.web_session()
    async with session.request(method, API_BASE + path, **kwargs) as response:
        return response.status, await response.json()


def form(world: FakeDiscord, issued: str, **changes: str | None) -> dict[str, str]:
    fields = {"client_id": str(world.oauth.client_id), "client_secret": world.oauth.client_secret,
              "grant_type": "authorization_code", "code": issued, "redirect_uri": REDIRECT} | changes
    return {name: value for name, value in fields.items() if value is not None}


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def world(clock: Clock) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(clock=clock) as fake:
        fake.add_user(101, "alice")
        fake.oauth.redirect_uris.add(REDIRECT)
        yield fake


async def test_a_code_becomes_a_token_of_its_user(world: FakeDiscord) -> None:
    code = world.oauth.authorize(101, redirect_uri=REDIRECT)
    status, body = await call(world, "POST", "/oauth2/token", data=form(world, code))
    assert status == 200 and body["token_type"] == "Bearer" and body["scope"] == "identify"
    assert body["expires_in"] == TOKEN_SECONDS
    status, me = await call(world, "GET", "/users/@me", headers={"Authorization": f"Bearer {body['access_token']}"})
    assert status == 200 and (me["id"], me["username"]) == ("101", "alice")
    status, bot = await call(world, "GET", "/users/@me", headers={"Authorization": "Bot fakediscord.bot.token"})
    assert status == 200 and bot["id"] == str(world.bot_user.id), "the bot token still reads the bot"


@pytest.mark.parametrize(("changes", "status", "error"), [
    ({"client_secret": "wrong"}, 401, "invalid_client"),
    ({"client_id": "1"}, 401, "invalid_client"),
    ({"grant_type": "client_credentials"}, 400, "unsupported_grant_type"),
    ({"code": "never-issued"}, 400, "invalid_grant"),
    ({"redirect_uri": "https://evil.example/auth/callback"}, 400, "invalid_grant"),
    ({"redirect_uri": None}, 400, "invalid_grant"),
])
async def test_refused_exchanges(world: FakeDiscord, changes: dict[str, str | None], status: int, error: str) -> None:
    code = world.oauth.authorize(101, redirect_uri=REDIRECT)
    answered, body = await call(world, "POST", "/oauth2/token", data=form(world, code, **changes))
    assert (answered, body["error"]) == (status, error)
    assert (world.rejected[-1].path, world.rejected[-1].status) == ("/oauth2/token", status)


async def test_a_code_is_single_use_and_its_replay_revokes_the_token(world: FakeDiscord) -> None:
    code = world.oauth.authorize(101, redirect_uri=REDIRECT)
    _, body = await call(world, "POST", "/oauth2/token", data=form(world, code))
    bearer = {"Authorization": f"Bearer {body['access_token']}"}
    status, again = await call(world, "POST", "/oauth2/token", data=form(world, code))
    assert (status, again) == (400, {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'})
    assert (await call(world, "GET", "/users/@me", headers=bearer))[0] == 401


async def test_codes_and_tokens_expire(world: FakeDiscord, clock: Clock) -> None:
    late = world.oauth.authorize(101, redirect_uri=REDIRECT)
    fresh = world.oauth.authorize(101, redirect_uri=REDIRECT)
    clock.now += CODE_SECONDS
    assert (await call(world, "POST", "/oauth2/token", data=form(world, late)))[1]["error"] == "invalid_grant"
    clock.now -= 1
    _, body = await call(world, "POST", "/oauth2/token", data=form(world, fresh))
    bearer = {"Authorization": f"Bearer {body['access_token']}"}
    clock.now += TOKEN_SECONDS
    assert await call(world, "GET", "/users/@me", headers=bearer) == (401, {"code": 0, "message": "401: Unauthorized"})


async def test_a_form_with_unknown_fields_is_a_harness_error(world: FakeDiscord) -> None:
    code = world.oauth.authorize(101)
    status, body = await call(world, "POST", "/oauth2/token", data=form(world, code, redirect_uri=None, scope="identify"))
    assert (status, body["error"]) == (400, "invalid_request")
    (error,) = world.take_errors()
    assert error.source == "schema" and "unknown ['scope']" in error.message
    status, _ = await call(world, "POST", "/oauth2/token", data='{"code": "json is not a form"}')
    assert status == 400
    assert [e.source for e in world.take_errors()] == ["schema"]


def test_approve_refuses_what_discord_refuses(world: FakeDiscord) -> None:
    good = (f"https://discord.com/oauth2/authorize?client_id={world.oauth.client_id}&response_type=code"
            f"&redirect_uri={REDIRECT}&scope=identify&state=s1")
    assert world.oauth.approve(101, good).startswith(REDIRECT + "?code=")
    assert world.oauth.approve(101, good).endswith("&state=s1")
    for bad in (good.replace("client_id=", "client_id=9"), good.replace("board.example.org", "evil.example"),
                good.replace("response_type=code", "response_type=token"), good.replace("scope=identify", "scope=")):
        with pytest.raises(AssertionError):
            world.oauth.approve(101, bad)
