"""The README's promises about `bot.py`: without a token, local mode and the guide; an offline `--check`."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_bot(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    environment.update(env, DATABASE_PATH=str(tmp_path / "db.sqlite3"))
    return subprocess.run([sys.executable, "bot.py", *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening_addresses(port: int) -> set[str]:
    """The local addresses (hex, as the kernel lists them) of the sockets listening on `port`."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:
                found.add(address)
    return found


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return answer.status == 200
    except (OSError, urllib.error.URLError):
        return False


def test_without_a_token_it_plays_locally_on_loopback_and_explains(tmp_path: Path) -> None:
    """Local mode: the guide to connect Discord, the local board's address, listening on loopback only,
    stopping cleanly on SIGTERM. `sync` still needs a token."""
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "WEB_HOST")}
    environment.update(DISCORD_TOKEN="", DATABASE_PATH=str(tmp_path / "db.sqlite3"), WEB_PORT=str(port),
                       AI_POOL="thread", RENDER_POOL="thread", PUBLIC_URL="")
    process = subprocess.Popen([sys.executable, "bot.py"], cwd=ROOT, env=environment, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not healthy(port):
            assert process.poll() is None and time.monotonic() < deadline, "local mode did not start"
            time.sleep(0.2)
        addresses = listening_addresses(port)
        assert addresses and addresses <= {"0100007F", "00000000000000000000000001000000"}, addresses
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert f"http://127.0.0.1:{port}/" in out and "only this machine" in out
    assert "DISCORD_TOKEN" in err and "applications.commands" in err and "Traceback" not in err
    result = run_bot(["sync"], tmp_path, DISCORD_TOKEN="")
    assert result.returncode == 2 and "applications.commands" in result.stderr


def test_check_loads_every_cog_and_migrates_offline(tmp_path: Path) -> None:
    result = run_bot(["--check"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "cogs.game" in result.stdout and "Traceback" not in result.stderr, "loops wait for READY, quietly"
    assert (tmp_path / "db.sqlite3").exists()


def test_check_refuses_a_damaged_database_in_one_line_and_leaves_it_alone(tmp_path: Path) -> None:
    damaged = tmp_path / "db.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    before = damaged.read_bytes()
    result = run_bot(["--check"], tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert [line for line in result.stderr.splitlines() if str(damaged) in line] == result.stderr.strip().splitlines()
    assert damaged.read_bytes() == before


def test_check_refuses_a_read_only_database(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    run_bot(["--check"], tmp_path)
    assert database.exists()
    if subprocess.run(["chattr", "+i", str(database)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here (a root-owned test cannot make a file read-only otherwise)")
    try:
        result = run_bot(["--check"], tmp_path)
    finally:
        subprocess.run(["chattr", "-i", str(database)], check=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert str(database) in result.stderr and "readonly" in result.stderr.replace("-", "").replace(" ", "")


def test_sync_to_a_guild_without_an_id_says_so_and_syncs_nothing(tmp_path: Path) -> None:
    result = run_bot(["sync", "--guild"], tmp_path, DISCORD_TOKEN="x" * 60, DEV_GUILD_ID="")
    assert result.returncode == 2 and "DEV_GUILD_ID" in result.stderr and "Traceback" not in result.stderr


def test_the_config_never_shows_the_token() -> None:
    from tabletop.runtime.config import Config
    config = Config(token="secret-token-value", database_path="x", dev_guild_id=None, log_level="INFO")
    assert "secret-token-value" not in repr(config) and "secret-token-value" not in str(config)


def test_the_guide_and_the_readme_give_the_sync_forms_bot_py_accepts() -> None:
    """Both say `sync --guild` alone syncs to DEV_GUILD_ID, `sync` alone globally; every quoted form parses
    to that meaning (`--guild` without an id is -1: the configured DEV_GUILD_ID)."""
    import re

    from bot import arguments
    from tabletop.runtime.config import SETUP_HELP

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for text in (SETUP_HELP, readme):
        forms = re.findall(r"bot\.py (sync(?: --guild(?: <id>)?)?)", text)
        assert {"sync", "sync --guild"} <= set(forms), forms
        assert "DEV_GUILD_ID" in text
        for form in forms:
            args = arguments().parse_args(form.replace("<id>", "123").split())
            assert args.command == "sync"
    assert arguments().parse_args(["sync", "--guild"]).guild == -1
    assert arguments().parse_args(["sync", "--guild", "123"]).guild == 123
    assert arguments().parse_args(["sync"]).guild is None
