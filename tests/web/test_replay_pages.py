"""The replay and league pages' shells: the DOM contract's roots, the same strict shell as the game page,
malformed ids refused before any page, and each page within the weight bound."""

from __future__ import annotations

import re

import pytest

from bench.page_weight import weights
from tests.web.board import Board
from tests.web.test_pages import PAGE_WEIGHT_LIMIT
from web import bundle


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    bundle.ensure_built()


@pytest.mark.parametrize(("path", "root", "attributes"), [
    ("/games/42/replay", "replay", ('data-game-id="42"', 'data-step=""')),
    ("/leagues/7", "league", ('data-league-id="7"',)),
])
async def test_the_pages_are_shells_with_the_contract_roots(board: Board, path: str, root: str,
                                                            attributes: tuple[str, ...]) -> None:
    response = await board.client.get(path, headers={"Accept-Language": "ja"})
    assert response.status == 200 and response.content_type == "text/html"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    page = await response.text()
    main = re.search(r"<main ([^>]*)>", page)
    assert main is not None and f'id="{root}"' in main.group(1)
    assert all(attribute in main.group(1) for attribute in attributes)
    assert re.search(rf'<script type="module" src="/static/{root}-[A-Z0-9]+\.js">', page)
    assert '<html lang="ja">' in page and 'id="lang"' in page and 'id="theme"' in page


@pytest.mark.parametrize("path", ["/games/x/replay", "/games/0/replay", "/games/1%2F../replay", "/leagues/x",
                                  "/leagues/0", "/leagues/" + "9" * 30, "/leagues/1/../../etc/passwd"])
async def test_malformed_ids_are_refused(board: Board, path: str) -> None:
    response = await board.client.get(path)
    assert response.status == 404 and response.content_type == "application/json", path


@pytest.mark.parametrize("entry", ["replay", "league"])
def test_the_page_weight_is_within_the_bound(entry: str) -> None:
    assert 0 < weights(entry)["total"][1] <= PAGE_WEIGHT_LIMIT
