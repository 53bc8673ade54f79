"""The README's promises about `bot.py`: helpful exit without a token, and an offline `--check`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    environment.update(env, DATABASE_PATH=str(tmp_path / "db.sqlite3"))
    return subprocess.run([sys.executable, "bot.py", *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)


def test_without_a_token_it_explains_and_exits_non_zero(tmp_path: Path) -> None:
    result = run_bot([], tmp_path, DISCORD_TOKEN="")
    assert result.returncode != 0
    assert "DISCORD_TOKEN" in result.stderr and "applications.commands" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_loads_every_cog_and_migrates_offline(tmp_path: Path) -> None:
    result = run_bot(["--check"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "cogs.lobby" in result.stdout
    assert (tmp_path / "db.sqlite3").exists()
