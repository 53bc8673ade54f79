"""Configuration from the environment and `.env`; nothing secret is ever logged."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = ROOT / "var" / "tabletop.sqlite3"

SETUP_HELP = """\
DISCORD_TOKEN is not set, so the bot cannot log in.

1. Create an application and a bot at https://discord.com/developers/applications
   (Bot tab → Reset Token, copy it). No privileged intents are needed.
2. Invite it with the OAuth2 URL generator: scopes "bot" and "applications.commands";
   permissions: View Channels, Send Messages, Send Messages in Threads, Create Public Threads,
   Embed Links, Attach Files, Read Message History.
3. Copy .env.example to .env and put the token in DISCORD_TOKEN=... (optionally DEV_GUILD_ID for
   instant command sync to one test server).
4. Register the slash commands once: .venv/bin/python bot.py sync  (or: sync --guild <id>)
5. Start again: make run
"""


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None = field(repr=False)
    database_path: str
    dev_guild_id: int | None
    log_level: str
    extra_cogs: tuple[str, ...] = ()
    """Modules of games that live outside `cogs/` (EXTRA_COGS, comma-separated), loaded after them."""

    @classmethod
    def from_env(cls, env_file: Path | None = ROOT / ".env") -> "Config":
        if env_file is not None and env_file.exists():
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=os.environ.get("DATABASE_PATH", "").strip() or str(DEFAULT_DATABASE),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            extra_cogs=tuple(name.strip() for name in os.environ.get("EXTRA_COGS", "").split(",") if name.strip()),
        )
