"""Every refusal the live board makes has its text in both languages, and the language follows the browser;
a bug answers a short 500 that tells nothing of its cause."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from storage.sqlite import SqliteStore
from tabletop.presentation.i18n import catalog
from tests.fakediscord import FakeDiscord
from tests.web.board import config_for
from web.app import make_app
from web.errors import locale_of
from web.services import Services

ROOT = Path(__file__).resolve().parents[2]


def test_every_text_the_web_uses_exists() -> None:
    used = {key for path in (ROOT / "web").rglob("*.py")
            for key in re.findall(r"""["'](web\.[a-z_]+)["']""", path.read_text(encoding="utf-8"))}
    assert used and used <= set(catalog()), used - set(catalog())


@pytest.mark.parametrize(("header", "expected"), [
    ("", "en"), ("ja", "ja"), ("ja-JP,en;q=0.8", "ja"), ("en-US,ja;q=0.9", "en"), ("fr,ja;q=0.5,en;q=0.4", "ja"),
    ("de", "en"), ("*", "en"), ("ja;q=bogus,en", "en"), ("en;q=0.1,ja;q=0.2", "ja"),
])
def test_the_language_follows_the_browser(header: str, expected: str) -> None:
    request = make_mocked_request("GET", "/", headers={"Accept-Language": header} if header else {})
    assert locale_of(request) == expected


async def test_a_bug_is_a_short_500(world: FakeDiscord, store: SqliteStore) -> None:
    app = make_app(Services(store, lambda: {"store": True}), config_for(world))

    async def broken(request: web.Request) -> web.Response:
        raise RuntimeError("secret internals")

    app.router.add_get("/broken", broken)
    client = TestClient(TestServer(app), cookie_jar=aiohttp.DummyCookieJar())
    await client.start_server()
    try:
        response = await client.get("/broken", headers={"Accept-Language": "ja"})
        assert response.status == 500
        assert await response.json() == {"error": "internal", "message": "内部エラーが発生しました。もう一度お試しください。"}
    finally:
        await client.close()
