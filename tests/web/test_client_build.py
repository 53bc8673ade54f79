"""The live board's client builds from its sources alone (a clean output directory), names its files by
content hash, and is not built again while its sources are unchanged."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from web import bundle


def copy_client(to: Path) -> Path:
    """The client's sources in a fresh directory, its installed packages shared (no registry needed)."""
    client = to / "client"
    shutil.copytree(bundle.CLIENT / "src", client / "src")
    for name in ("build.mjs", "package.json", "package-lock.json"):
        shutil.copy(bundle.CLIENT / name, client / name)
    bundle.ensure_built()  # installs the packages once (npm ci) if this checkout has not yet
    os.symlink(bundle.CLIENT / "node_modules", client / "node_modules")
    return client


def built_files(entries: dict[str, bundle.Entry]) -> list[str]:
    """The output a build leaves: its manifest and each page's files (pages may share a stylesheet's name)."""
    return sorted({bundle.MANIFEST, *(name for entry in entries.values() for name in (entry.js, entry.css) if name)})


def test_the_bundle_builds_from_a_clean_checkout_and_then_skips(tmp_path: Path) -> None:
    client, out = copy_client(tmp_path), tmp_path / "dist"
    assert bundle.ensure_built(out, client)
    entries = bundle.entries(out)
    assert "game" in entries
    game = entries["game"]
    assert game.js.startswith("game-") and game.js.endswith(".js")
    assert game.css is not None and game.css.startswith("game-") and game.css.endswith(".css")
    assert sorted(path.name for path in out.iterdir()) == built_files(entries)
    assert not bundle.ensure_built(out, client)

    source = client / "src" / "game.ts"
    source.write_text(source.read_text(encoding="utf-8") + "\nconsole.debug('changed');\n", encoding="utf-8")
    assert bundle.ensure_built(out, client)
    changed = bundle.entries(out)["game"]
    assert changed.js != game.js and changed.css == game.css
    assert sorted(path.name for path in out.iterdir()) == built_files(bundle.entries(out)), "nothing stale is left"


def test_every_page_source_is_an_entry() -> None:
    bundle.ensure_built()
    pages = {path.stem for path in (bundle.CLIENT / "src").glob("*.ts")}
    assert pages and set(bundle.entries()) == pages
