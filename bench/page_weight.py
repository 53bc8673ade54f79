"""The live board's page weight: the bytes a browser downloads for a page (its HTML shell, script and
stylesheet) raw and gzipped as the server sends them; pictures and API answers are not counted.
The issue's bound is 150 KB compressed (tests/web/test_pages.py asserts it)."""

from __future__ import annotations

import gzip

from aiohttp.test_utils import make_mocked_request

from web import bundle
from web.pages import ASSETS, page

ENTRY_PAGES = {"game": ("/games/1", "game", {"data-game-id": "1"})}
"""Pages to weigh: entry → (a path, the root's id, its attributes)."""


def weights(entry: str = "game") -> dict[str, tuple[int, int]]:
    """Each part of the entry's page and their total: (raw bytes, gzipped bytes)."""
    bundle.ensure_built()
    path, root_id, attributes = ENTRY_PAGES.get(entry, (f"/{entry}", entry, {}))
    shell = page(make_mocked_request("GET", path, headers={"Accept-Language": "ja"}), entry, root_id, attributes)
    assert isinstance(shell.body, bytes)
    parts = {"html": (len(shell.body), len(gzip.compress(shell.body, 9)))}
    files = ASSETS.entry(entry)
    assert files is not None
    for kind, name in (("js", files.js), ("css", files.css)):
        asset = ASSETS.file(name) if name else None
        if asset is not None:
            parts[kind] = (len(asset.body), len(asset.gzipped))
    parts["total"] = (sum(raw for raw, _ in parts.values()), sum(zipped for _, zipped in parts.values()))
    return parts


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for entry in bundle.entries():
        for part, (raw, zipped) in weights(entry).items():
            rows.append((f"{entry} {part} gzip", zipped / 1024, "KB"))
            rows.append((f"{entry} {part} raw", raw / 1024, "KB"))
    return rows
