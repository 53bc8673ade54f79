"""`bot.py` and the database: `--check` names the backend it opened and migrated, `migrate`, `copy-db`,
and the shard settings."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage.migrations import MIGRATIONS
from tabletop.runtime.config import Config, ConfigError

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")


def run_bot(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    environment.update(env)
    return subprocess.run([sys.executable, "bot.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True,
                          timeout=120)


def test_check_on_postgresql_names_the_backend_and_schema_without_the_password(postgres_url: str) -> None:
    result = run_bot(["--check"], DATABASE_URL=postgres_url.replace("postgres:@", "postgres:hunter2@"),
                     SHARD_COUNT="4", SHARD_IDS="2,3")
    assert result.returncode == 0, result.stderr
    assert "database postgresql postgresql://postgres:***@" in result.stdout
    assert f"opened and migrated, schema version {len(MIGRATIONS)}" in result.stdout
    assert "shards: 4 in all, this process runs 2, 3" in result.stdout
    assert "hunter2" not in result.stdout + result.stderr


def test_migrate_then_copy_db_from_the_command_line(tmp_path: Path, postgres_url: str) -> None:
    database = tmp_path / "bot.sqlite3"
    result = run_bot(["migrate"], DATABASE_PATH=str(database))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"database sqlite {database}: schema version {len(MIGRATIONS)}"
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO games (game_type, channel_id, host_id, status, options, capacity, created_at, updated_at)"
                   " VALUES ('t', 1, 1, 'lobby', '{}', 2, 0, 0)")
    result = run_bot(["copy-db", "--from", f"sqlite:{database}", "--to", postgres_url])
    assert result.returncode == 0, result.stderr
    assert "copied games: 1 rows" in result.stdout and "done:" in result.stdout
    result = run_bot(["copy-db", "--from", f"sqlite:{database}", "--to", postgres_url])
    assert result.returncode == 1 and "not empty" in result.stderr and "Traceback" not in result.stderr


def test_shard_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    assert (Config.from_env(None).shard_count, Config.from_env(None).shard_ids) == (None, None)
    monkeypatch.setenv("SHARD_COUNT", "6")
    assert (Config.from_env(None).shard_count, Config.from_env(None).shard_ids) == (6, None)
    monkeypatch.setenv("SHARD_IDS", "0-2, 5")
    assert Config.from_env(None).shard_ids == (0, 1, 2, 5)
    for bad in ("6", "1,1", "x", "3-"):
        monkeypatch.setenv("SHARD_IDS", bad)
        with pytest.raises(ConfigError):
            Config.from_env(None)
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "0")
    with pytest.raises(ConfigError):
        Config.from_env(None)


def test_a_sharded_bot_owns_its_shards(tmp_path: Path) -> None:
    import discord

    from storage import open_store
    from discord_ui.bot import TabletopBot, bot_class

    plain = Config(token=None, database_path=str(tmp_path / "a.db"), dev_guild_id=None, log_level="INFO")
    assert bot_class(plain) is TabletopBot
    sharded = Config(token=None, database_path=str(tmp_path / "a.db"), dev_guild_id=None, log_level="INFO",
                     shard_count=4, shard_ids=(2, 3))
    bot = bot_class(sharded)(sharded, open_store(sharded.database_path))
    assert isinstance(bot, discord.AutoShardedClient) and isinstance(bot, TabletopBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_a_bad_shard_setting_is_one_line_and_exit_2() -> None:
    result = run_bot(["--check"], SHARD_IDS="0")
    assert result.returncode == 2 and "SHARD_COUNT" in result.stderr and "Traceback" not in result.stderr
