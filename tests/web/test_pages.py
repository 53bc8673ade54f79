"""The live board's pages: the HTML shell (no inline script, a strict Content-Security-Policy, the DOM
contract's root), the bundle's files (types, long caching by hashed name, ETag, gzip), the texts the
client uses (both languages, one source), the page weight bound, and hostile paths refused."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from bench.page_weight import weights
from tabletop.presentation.i18n import catalog
from tests.web.board import Board
from web import bundle

ROOT = Path(__file__).resolve().parents[2]
PAGE_WEIGHT_LIMIT = 150 * 1024
"""The issue's bound on a page's compressed HTML, script and stylesheet."""


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    bundle.ensure_built()


def assets_of(page: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', page)


async def test_the_game_page_is_a_shell_with_the_contract_root(board: Board) -> None:
    response = await board.client.get("/games/42", headers={"Accept-Language": "ja"})
    assert response.status == 200
    assert response.content_type == "text/html"
    assert response.headers["Cache-Control"] == "no-cache"
    page = await response.text()
    assert '<html lang="ja">' in page
    main = re.search(r"<main ([^>]*)>", page)
    assert main is not None
    assert 'id="game"' in main.group(1) and 'data-game-id="42"' in main.group(1)
    assert 'data-version=""' in main.group(1) and 'data-seat=""' in main.group(1) and 'data-live="closed"' in main.group(1)
    for element_id in ("lang", "theme", "toast"):
        assert f'id="{element_id}"' in page
    assert '<div id="toast" role="alert" hidden>' in page


async def test_the_page_runs_no_inline_script_under_a_strict_policy(board: Board) -> None:
    response = await board.client.get("/games/42")
    policy = dict(part.strip().split(" ", 1) for part in response.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
    page = await response.text()
    for tag in re.findall(r"<script[^>]*>", page):
        assert ' src="/static/' in tag or 'type="application/json"' in tag, tag
    assert " on" not in re.sub(r'"[^"]*"', '""', page).lower().replace(" only", ""), "no inline handlers"


async def test_the_bundle_is_served_with_its_type_and_cached_for_good(board: Board) -> None:
    page = await (await board.client.get("/games/1")).text()
    found = assets_of(page)
    assert {path.rsplit(".", 1)[1] for path in found} == {"js", "css"}
    for path in found:
        response = await board.client.get(path, headers={"Accept-Encoding": "gzip"})
        assert response.status == 200
        kind = "text/javascript" if path.endswith(".js") else "text/css"
        assert response.headers["Content-Type"] == f"{kind}; charset=utf-8"
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["Content-Encoding"] == "gzip"
        body = await response.read()  # aiohttp's client unzips it
        assert body == (bundle.DIST / path.rsplit("/", 1)[1]).read_bytes()
        again = await board.client.get(path, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status == 304
        plain = await board.client.get(path, headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in plain.headers and await plain.read() == body


async def test_the_shell_is_compressed(board: Board) -> None:
    response = await board.client.get("/games/1", headers={"Accept-Encoding": "gzip"}, auto_decompress=False)
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"<main" in gzip.decompress(await response.read())


def test_every_page_weighs_within_the_bound() -> None:
    assert "game" in bundle.entries()
    for entry in bundle.entries():
        parts = weights(entry)
        total = parts["total"][1]
        print(f"{entry} page: {total / 1024:.1f} KB gzipped ({parts})")
        assert 0 < total <= PAGE_WEIGHT_LIMIT, entry


async def test_only_the_two_languages_reach_the_page(board: Board) -> None:
    response = await board.client.get("/games/1", params={"lang": '"><script>alert(1)</script>'},
                                      headers={"Accept-Language": "ja"})
    page = await response.text()
    assert '<html lang="ja">' in page and "alert(1)" not in page


async def test_every_text_the_client_uses_is_in_both_languages(board: Board) -> None:
    page = await (await board.client.get("/games/1")).text()
    block = re.search(r'<script type="application/json" id="texts">(.*?)</script>', page)
    assert block is not None
    shipped = json.loads(block.group(1))
    used = {key for path in (ROOT / "web" / "client" / "src").rglob("*.ts")
            for key in re.findall(r"""["'](page\.[a-z_]+)["']""", path.read_text(encoding="utf-8"))}
    used |= set(re.findall(r'data-t(?:-label)?="(page\.[a-z_]+)"', page))
    assert used and used <= set(shipped), used - set(shipped)
    assert shipped == {key: value for key, value in catalog().items() if key.startswith("page.")}
    assert all(entry["ja"] and entry["en"] for entry in shipped.values())


async def test_a_text_cannot_close_the_data_block(board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = dict(catalog()) | {"page.hostile": {"ja": "</script><script>alert(1)</script>", "en": "<!--"}}
    monkeypatch.setattr("web.pages.catalog", lambda: hostile)
    page = await (await board.client.get("/games/1")).text()
    assert page.count("</script>") == 2 and "<script>alert" not in page and "<!--" not in page


@pytest.mark.parametrize("path", [
    "/games/abc", "/games/0", "/games/-1", "/games/99999999999999999999", "/games/1%2F..", "/games/1.0", "/games/%EF%BC%91",
    "/games/1/../../etc/passwd", "/static/manifest.json", "/static/game.ts", "/static/..%2Fbundle.py",
    "/static/%2e%2e/%2e%2e/web/app.py", "/static/", "/static/game-XXXXXXXX.js", "/static/" + "a" * 300,
])
async def test_hostile_paths_are_refused(board: Board, path: str) -> None:
    response = await board.client.get(path)
    assert response.status == 404, path
    assert response.content_type == "application/json"


async def test_an_unbuilt_client_is_a_clear_503(board: Board, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("web.pages.ASSETS.out", tmp_path)
    response = await board.client.get("/games/1", headers={"Accept-Language": "en"})
    assert response.status == 503
    assert "make run" in (await response.json())["message"]
