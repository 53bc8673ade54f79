"""The browser infrastructure itself, on what needs no client: Debian's Chromium (installed by the tests
when missing) reaches the bot's real server on the loopback, the session cookie signs a page in and stays
out of the page's reach, and a change the page asks for is let through with the CSRF token only."""

from __future__ import annotations

from tests.browser.site import PHONE, Site
from tests.e2e.conftest import ALICE

SIGN_OUT = """async (csrf) => {
    const headers = csrf ? {"X-CSRF-Token": csrf} : {};
    const response = await fetch("/auth/logout", {method: "POST", headers});
    return response.status;
}"""


async def test_the_server_is_ready_and_a_page_is_phone_sized(site: Site) -> None:
    page = await site.page(None, "/healthz")
    assert await page.evaluate("() => JSON.parse(document.body.innerText)") == {"ready": True, "waiting": []}
    assert await page.evaluate("() => [screen.width, screen.height, matchMedia('(pointer: coarse)').matches]") \
        == [PHONE["width"], PHONE["height"], True]


async def test_the_cookie_signs_in_is_http_only_and_changes_need_the_csrf_token(site: Site) -> None:
    page = await site.page(ALICE, "/auth/me")
    me = await page.evaluate("() => JSON.parse(document.body.innerText)")
    assert me["user"] == {"id": str(ALICE), "name": site.world.users[ALICE].name}
    assert await page.evaluate("() => document.cookie") == "", "the session cookie is HttpOnly"
    assert await page.evaluate(SIGN_OUT, None) == 403, "no CSRF token: refused"
    assert await page.evaluate(SIGN_OUT, me["csrf_token"]) == 200
    signed_out = await page.goto("/auth/me")
    assert signed_out is not None and signed_out.status == 401
    site.tokens.pop(ALICE)  # that session is over: the next test's page of Alice gets a new one
