"""Debian's Chromium for the browser tests, installed by the tests themselves on a fresh machine.

A fresh machine has only Python; the browser tests need a real browser, and this workplace reaches
Debian's packages but not the download Playwright would make of its own build. So, as the tests install the
PostgreSQL wheel and the fake Discord's npm package on first use, `ensure_chromium()` installs the
`chromium` package with apt when /usr/bin/chromium is missing: non-interactive, waiting for a dpkg lock
another apt holds instead of failing on it, one `apt-get update` first, and a short error saying what to
run by hand when it cannot (not root, no apt, the mirror unreachable). When the browser is there it costs
one stat. `fonts-noto-cjk` comes along so that Japanese pages are drawn in real glyphs on the screenshots.

`LAUNCH_ARGS` are the flags this machine's Chromium needs headless as root, and the ones that keep it from
calling home (its background connections are refused here, many at a time, and slow every start).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
INSTALL_LOCK = Path("/tmp/tabletop-chromium-install.lock")
PACKAGES = ("chromium", "fonts-noto-cjk")
LOCK_TIMEOUT_SECONDS = 600
"""How long apt waits for a dpkg lock held by another install (another test run, an unattended upgrade)."""
INSTALL_TIMEOUT_SECONDS = 1200
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class ChromiumMissing(RuntimeError):
    """Chromium is not installed and could not be installed here."""


def ensure_chromium() -> Path:
    """The browser's path, installing Debian's package first if it is missing."""
    if _usable(CHROMIUM):
        return CHROMIUM
    hint = f"install it by hand: apt-get update && apt-get install -y {' '.join(PACKAGES)}"
    if shutil.which("apt-get") is None:
        raise ChromiumMissing(f"{CHROMIUM} is missing and this machine has no apt-get; {hint} (or its equivalent)")
    if os.geteuid() != 0:
        raise ChromiumMissing(f"{CHROMIUM} is missing and the tests are not root, so cannot install it; {hint}")
    with open(INSTALL_LOCK, "w") as turn:
        fcntl.flock(turn, fcntl.LOCK_EX)  # the other test workers wait here, then find the browser installed
        if not _usable(CHROMIUM):
            _apt("update")
            _apt("install", "-y", "--no-install-recommends", *PACKAGES)
    if not _usable(CHROMIUM):
        raise ChromiumMissing(f"apt-get installed {' '.join(PACKAGES)} but {CHROMIUM} is still missing; {hint}")
    return CHROMIUM


def _usable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _apt(*args: str) -> None:
    command = ["apt-get", "-q", "-o", f"DPkg::Lock::Timeout={LOCK_TIMEOUT_SECONDS}",
               "-o", "Dpkg::Options::=--force-confdef", "-o", "Dpkg::Options::=--force-confold", *args]
    environment = os.environ | {"DEBIAN_FRONTEND": "noninteractive", "NEEDRESTART_MODE": "a"}
    try:
        done = subprocess.run(command, env=environment, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise ChromiumMissing(f"`{' '.join(command)}` took over {INSTALL_TIMEOUT_SECONDS} s") from None
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise ChromiumMissing(f"`{' '.join(command)}` failed ({done.returncode}); Debian's mirror must be "
                              f"reachable once:\n{tail}")
