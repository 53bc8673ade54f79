"""Configuration from the environment and `.env`; nothing secret is ever logged."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parents[2]
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
4. Register the slash commands once: .venv/bin/python bot.py sync --guild  (instantly, to the
   DEV_GUILD_ID server; sync --guild <id> for another one), or .venv/bin/python bot.py sync
   (globally; may take up to an hour to appear).
5. Start again: make run
"""


def pool_mode(value: str) -> str:
    return "thread" if value.strip().lower() == "thread" else "process"


def positive(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isdigit() and int(value) > 0 else None


@dataclass(frozen=True, slots=True)
class Config:
    token: str | None = field(repr=False)
    database_path: str
    dev_guild_id: int | None
    log_level: str
    extra_cogs: tuple[str, ...] = ()
    """Modules of games that live outside `cogs/` (EXTRA_COGS, comma-separated), loaded after them."""
    shard_count: int | None = None
    """SHARD_COUNT: the total number of Discord shards; set, the bot runs as an AutoShardedBot."""
    shard_ids: tuple[int, ...] | None = None
    """SHARD_IDS: the shards this process owns (all of them when unset); needs SHARD_COUNT."""
    ai_pool: str = field(default_factory=lambda: pool_mode(os.environ.get("AI_POOL", "")))
    """"process" (AI_POOL; the default, searches never hold the bot's GIL) or "thread" (tests)."""
    ai_iterations: int | None = field(default_factory=lambda: positive(os.environ.get("AI_ITERATIONS", "")))
    """A cap on every AI search's iterations (AI_ITERATIONS; tests keep searches short); None: the level's."""
    channel_pace: float = 1.0
    """Seconds between two posts, or two edits, the bot makes in one channel when it is busy (a game's
    thread, a player's DMs): Discord takes 5 of each per 5 s per channel (discord_ui.courier). The offline
    tests, whose fake Discord shrinks every rate-limit window, shrink it with them."""
    render_pool: str = field(default_factory=lambda: pool_mode(os.environ.get("RENDER_POOL", "")))
    """Where board images are drawn: "process" (RENDER_POOL; the default, a burst of renders never holds the
    bot's GIL) or "thread" (tests)."""
    web_host: str = "127.0.0.1"
    """WEB_HOST: the address the live board (web/) listens on; loopback unless told otherwise."""
    web_port: int = 8080
    """WEB_PORT: its port (0 in tests: any free one)."""
    public_url: str = ""
    """PUBLIC_URL: the address people reach the live board at (links, the OAuth2 redirect), scheme and host
    only, e.g. https://board.example.org behind a TLS reverse proxy; empty: http://WEB_HOST:WEB_PORT."""
    discord_client_id: int | None = None
    """DISCORD_CLIENT_ID: the application's OAuth2 client id (sign-in on the live board)."""
    discord_client_secret: str | None = field(default=None, repr=False)
    """DISCORD_CLIENT_SECRET: never logged nor shown, like the token."""
    activity_enabled: bool = False
    """ACTIVITY_ENABLED: Activities are turned on for the application in the developer portal (with its URL
    mapping to PUBLIC_URL), so an Open live board button may launch it (docs/live-board.md). Discord refuses
    a launch for an application without one, and nothing the bot can ask says whether it has one."""
    members_intent: bool = False
    """MEMBERS_INTENT: the bot asks for the privileged Server Members intent (enabled for it in the developer
    portal, Bot tab), so a member leaving the server is withdrawn from its leagues and dropped from the ranked
    queue at once; without it the league and queue passes notice at their next look (docs/deploy.md)."""
    public_url_given: bool = field(init=False, default=False)
    """Whether PUBLIC_URL was set rather than derived from WEB_HOST: only then do messages link to the board
    (a derived loopback address means nothing on another person's phone)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "public_url_given", bool(self.public_url.strip()))
        object.__setattr__(self, "public_url", checked_public_url(self.public_url, self.web_host, self.web_port))

    @property
    def oauth_configured(self) -> bool:
        """Whether the live board can sign people in with Discord."""
        return self.discord_client_id is not None and bool(self.discord_client_secret)

    @property
    def board_links(self) -> bool:
        """Whether boards and turn DMs link to the live board in a browser: people can reach it (PUBLIC_URL
        given) and sign in there (OAuth2 configured)."""
        return self.public_url_given and self.oauth_configured

    @property
    def activity_ready(self) -> bool:
        """Whether Open live board launches the Activity: enabled, and the Activity can sign people in."""
        return self.activity_enabled and self.oauth_configured

    @classmethod
    def from_env(cls, env_file: Path | None = ROOT / ".env") -> "Config":
        if env_file is not None and env_file.exists():
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        shard_count, shard_ids = _shards(os.environ.get("SHARD_COUNT", ""), os.environ.get("SHARD_IDS", ""))
        config = cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=(os.environ.get("DATABASE_URL", "").strip() or os.environ.get("DATABASE_PATH", "").strip()
                           or str(DEFAULT_DATABASE)),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            extra_cogs=tuple(name.strip() for name in os.environ.get("EXTRA_COGS", "").split(",") if name.strip()),
            shard_count=shard_count,
            shard_ids=shard_ids,
            web_host=os.environ.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_port=_port(os.environ.get("WEB_PORT", "")),
            public_url=os.environ.get("PUBLIC_URL", "").strip(),
            discord_client_id=_client_id(os.environ.get("DISCORD_CLIENT_ID", "")),
            discord_client_secret=os.environ.get("DISCORD_CLIENT_SECRET", "").strip() or None,
            activity_enabled=_flag("ACTIVITY_ENABLED", os.environ.get("ACTIVITY_ENABLED", "")),
            members_intent=_flag("MEMBERS_INTENT", os.environ.get("MEMBERS_INTENT", "")),
        )
        if config.activity_enabled and not config.oauth_configured:
            raise ConfigError("ACTIVITY_ENABLED needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: the Activity signs "
                              "people in with them")
        return config


class ConfigError(ValueError):
    """A setting that cannot be used; the message says which and how to fix it."""


def _port(text: str) -> int:
    text = text.strip()
    if not text:
        return 8080
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"WEB_PORT must be a port number from 1 to 65535, got {text!r}")
    return int(text)


def _flag(name: str, text: str) -> bool:
    text = text.strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} must be 1 or 0 (true or false), got {text!r}")


def _client_id(text: str) -> int | None:
    text = text.strip()
    if text and not text.isdigit():
        raise ConfigError(f"DISCORD_CLIENT_ID must be the application's id (digits, from the developer portal), got {text!r}")
    return int(text) if text else None


WILDCARD_HOSTS = ("", "0.0.0.0", "::")


def checked_public_url(given: str, host: str, port: int) -> str:
    """PUBLIC_URL checked and without a trailing slash, or the address the server listens on (loopback
    for a wildcard address). Only scheme, host and port: the live board's paths start at the root."""
    if not given:
        shown = "127.0.0.1" if host in WILDCARD_HOSTS else host
        return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"
    given = given.rstrip("/")
    try:
        parts = urlsplit(given)
        parts.port  # noqa: B018 - raises ValueError on a port out of range
    except ValueError:
        raise ConfigError(f"PUBLIC_URL is not a URL: {given!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query or parts.fragment \
            or parts.username or parts.password:
        raise ConfigError(f"PUBLIC_URL must be http(s)://host[:port] with no path, e.g. https://board.example.org; got {given!r}")
    return given


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0,1" or "0-3") checked together: ids need a count, each below it."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT (the total number of shards across every process)")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a positive whole number, got {count_text!r}")
    count = int(count_text)
    if not ids_text:
        return count, None
    ids: list[int] = []
    for part in ids_text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(f"SHARD_IDS must list shard numbers like 0,1 or 0-3, got {ids_text!r}")
        ids += range(int(low), int(high or low) + 1)
    if not ids or max(ids) >= count or len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS {ids_text!r} must name distinct shards from 0 to {count - 1}")
    return count, tuple(ids)
