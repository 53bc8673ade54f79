"""The live board's client builds from its sources alone (a clean output directory), names its files by
content hash, and is not built again while its sources are unchanged; its walk through a decision's
choice tree reaches every legal action and nothing else."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from engine import registry
from engine.core.types import Action, T
from engine.selfplay import playout
from engine.walpurgis.actions import fire_action
from tabletop.presentation.choices import action_at, choice_tree
from web import bundle
from web.node import node


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


CASES = [(game_id, players) for game_id, game in sorted(registry.games().items()) for players in game.player_counts]
STEPS = 25


def trees() -> list[tuple[str, list[Action], list[dict[str, Any]]]]:
    """Choice trees of every game and player count over random states, with their legal actions; and a
    set level (Walpurgis's danmaku, late in a game) and a decision of one action that needs no choosing."""
    found = []
    for game_id, players in CASES:
        for step in itertools.islice(playout(registry.get(game_id), players, seed=players * 17), STEPS):
            for seat in step.match.awaited_seats():
                legal = step.match.legal_actions(seat)
                found.append((f"{game_id}-{players}", legal,
                              choice_tree(legal, "en", {index: f"P{index}" for index in range(players)})))
    fire = [fire_action(notation, T(notation, notation)) for notation in ("fire none", "fire 3b", "fire 3b 3d", "fire 2a 3d")]
    lone = [Action("pass", ())]
    return found + [(name, legal, choice_tree(legal, "en", {})) for name, legal in (("sets", fire), ("lone", lone))]


def test_the_client_walks_to_every_legal_action_and_nothing_else(tmp_path: Path) -> None:
    """The page's walker (src/lib/choices.ts, run by Node) sends exactly one path per legal action, each
    naming that action, over every game's trees: pass-through levels, Back, sets picked element by element."""
    bundle.ensure_built()
    walker = tmp_path / "walk.mjs"
    esbuild = bundle.CLIENT / "node_modules" / "esbuild" / "bin" / "esbuild"
    subprocess.run([node(), str(esbuild), str(Path(__file__).with_name("client_walk.ts")), "--bundle",
                    "--platform=node", "--format=esm", f"--outfile={walker}", "--log-level=warning"], check=True)
    cases = trees()
    done = subprocess.run([node(), str(walker)], input=json.dumps([tree for _, _, tree in cases]),
                          capture_output=True, text=True, check=True)
    walked = json.loads(done.stdout)
    assert len(walked) == len(cases) > 0
    for (name, legal, tree), paths in zip(cases, walked):
        reached = [action_at(legal, path) for path in paths]
        assert None not in reached, (name, paths)
        assert sorted(action.notation for action in reached if action) == sorted(action.notation for action in legal), name
