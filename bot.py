"""Entry point.

    python bot.py              run the bot and its live board (web/, on WEB_HOST:WEB_PORT); without DISCORD_TOKEN
                               the live board alone, on 127.0.0.1: local games against the AI or pass and play
    python bot.py --check      load config, cogs and database, validate commands; connect to nothing
    python bot.py sync [--guild ID]   register slash commands (globally, or instantly in one server)
    python bot.py migrate      bring the database (DATABASE_PATH or DATABASE_URL) to the current schema
    python bot.py copy-db --from sqlite:PATH --to postgresql://…   move a SQLite database into PostgreSQL
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

import aiohttp
import discord
from discord import app_commands

from tabletop.runtime import packages
from discord_ui.bot import TabletopBot, bot_class
from discord_ui.command_sync import entry_points, sync_tree
from tabletop.runtime.config import SETUP_HELP, Config, ConfigError
from discord_ui.limits import check_commands
from tabletop.play.local_games import wake_all
from storage import StoreError, describe, open_store
from web.app import make_app
from web.local import loopback_only, make_local_app
from web.server import WebServerError, serving

log = logging.getLogger("tabletop")


def build(config: Config, *, serving: bool = False) -> TabletopBot:
    """`serving`: the long-running process, whose start-up heap is frozen out of the collector and which
    connects its configured shards (the offline check and `sync` need no gateway, hence no shards)."""
    cls = bot_class(config) if serving else TabletopBot
    return cls(config, open_store(config.database_path), freeze_heap=serving)


async def check(config: Config) -> int:
    """Everything a start does short of connecting: proves a deployment is sound before it goes live."""
    bot = build(config)
    # discord.py's own set-up without a login: loops the cogs start then wait for READY instead of failing
    async with bot:
        await bot.setup_hook()
        translator = bot.tree.translator
        payload = [await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()]
        problems = check_commands(payload) + packages.missing_packages()
        for package in packages.declared().values():
            found = packages.problems(package)
            problems += found
            if not found:
                print(f"ok  game {package.id}: {'/'.join(map(str, package.game.player_counts))} players, rules ja/en, "
                      f"renderer, private images {'yes' if package.private_images else 'no'}, "
                      f"automatic answers {'yes' if package.auto_answer else 'no'}")
        for cog in sorted(bot.cogs.values(), key=lambda cog: type(cog).__module__):
            listed = ", ".join(
                f"/{command.name}" + (f" ({len(command.commands)} subcommands)" if isinstance(command, app_commands.Group) else "")
                for command in cog.get_app_commands()
            )
            print(f"ok  {type(cog).__module__}: {listed or 'no commands'}")
        version = await bot.store.schema_version()
        print(f"database {describe(config.database_path)}: opened and migrated, schema version {version}; "
              f"{len(payload)} top-level commands")
        print(f"ok  live board: {config.public_url} (listening on {config.web_host}:{config.web_port}), sign-in with "
              f"Discord {'on' if config.oauth_configured else 'off (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET)'}")
        print(f"ok  Open live board: the Activity {'on' if config.activity_ready else 'off (ACTIVITY_ENABLED)'}, "
              f"links {'on' if config.board_links else 'off (PUBLIC_URL, and sign-in)'}")
        if config.shard_count is not None:
            print(f"ok  shards: {config.shard_count} in all, this process runs "
                  f"{'all' if config.shard_ids is None else ', '.join(map(str, config.shard_ids))}")
        for problem in problems:
            print(f"problem: {problem}", file=sys.stderr)
        return 1 if problems else 0


async def sync(config: Config, guild_id: int | None) -> int:
    """One bulk overwrite (discord_ui.command_sync: a global one keeps the Activity's Entry Point command)."""
    bot = build(config)
    async with bot:
        await bot.login(config.token or "")
        if guild_id:
            guild = discord.Object(guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await sync_tree(bot, guild)
            print(f"synced {len(synced)} commands to server {guild_id}")
        else:
            synced = await sync_tree(bot)
            kept = " and kept the Activity's Entry Point command" if entry_points(synced) else ""
            print(f"synced {len(synced) - len(entry_points(synced))} global commands{kept} "
                  "(may take up to an hour to appear)")
    return 0


async def migrate(config: Config) -> int:
    """Open the configured database, which migrates it, and say where it stands (the upgrade path:
    stop the bot, back up, run this with the new code, start the new code)."""
    store = open_store(config.database_path)
    await store.open()
    try:
        print(f"database {describe(config.database_path)}: schema version {await store.schema_version()}")
    finally:
        await store.close()
    return 0


async def copy_db(source: str, target: str) -> int:
    from storage.copy import copy_database

    if not target.startswith(("postgresql://", "postgres://")):
        print("copy-db --to needs a postgresql:// URL", file=sys.stderr)
        return 2
    copied = await copy_database(source, target)
    print(f"done: {sum(copied.values())} rows in {len(copied)} tables; set DATABASE_URL to the new database and start the bot")
    return 0


async def run(config: Config) -> int:
    """The bot and its live board: the web server listens first (its /healthz says 503 until the store,
    the render workers and the gateway are ready) and stops after the bot has closed."""
    bot = build(config, serving=True)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
    async with serving(make_app(bot, config), config), bot:
        await bot.start(config.token or "")
    log.info("stopped cleanly")
    return 0


async def run_local(config: Config) -> int:
    """No token: the live board alone (local mode, web/local.py), with the bot's store, AI and renderers
    but no Discord connection; it stops on SIGTERM or Ctrl-C like the bot."""
    bot = TabletopBot(config, open_store(config.database_path), freeze_heap=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with bot:
        await bot.setup_hook()  # what a login would run: the store, the cogs (their loops wait for a gateway)
        async with serving(make_local_app(bot, config), config):
            print(local_banner(config), flush=True)
            await wake_all(bot)
            await stop.wait()
    log.info("stopped cleanly")
    return 0


def local_banner(config: Config) -> str:
    if loopback_only(config):
        return (f"Local mode (no DISCORD_TOKEN): play in your browser at {config.public_url}/ — against the AI, or "
                "pass and play at one screen; only this machine can reach it. Ctrl-C stops.")
    sign_in = "sign in with Discord" if config.oauth_configured else \
        "signing in needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, which are not set: nobody can play"
    return (f"Local mode (no DISCORD_TOKEN) listening on {config.web_host}:{config.web_port} (WEB_HOST), at "
            f"{config.public_url}/ (PUBLIC_URL) — reachable beyond this machine, so players must {sign_in}. "
            "Ctrl-C stops.")


def arguments() -> argparse.ArgumentParser:
    """The command line; the README and the no-token guide quote its `sync` forms (a test holds them to it)."""
    parser = argparse.ArgumentParser(description="Tabletop games for Discord")
    parser.add_argument("--check", action="store_true", help="validate configuration, cogs, database and commands offline")
    sub = parser.add_subparsers(dest="command")
    sync_parser = sub.add_parser("sync", help="register slash commands")
    sync_parser.add_argument("--guild", type=int, nargs="?", const=-1, help="sync to one server (default: DEV_GUILD_ID)")
    sub.add_parser("migrate", help="migrate the configured database to the current schema")
    copy_parser = sub.add_parser("copy-db", help="copy a SQLite database into an empty PostgreSQL database")
    copy_parser.add_argument("--from", dest="source", required=True, help="sqlite:PATH")
    copy_parser.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host/db")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(f"configuration: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command in ("migrate", "copy-db"):
        try:
            return asyncio.run(migrate(config) if args.command == "migrate" else copy_db(args.source, args.target))
        except StoreError as error:
            print(f"database: {error}", file=sys.stderr)
            return 1
    if args.check:
        try:
            return asyncio.run(check(config))
        except StoreError as error:
            print(f"database unusable: {error}", file=sys.stderr)
            return 1
    if not config.token:
        print(SETUP_HELP, file=sys.stderr)
        if args.command == "sync":
            return 2
    try:
        if not config.token:
            return asyncio.run(run_local(config))
        if args.command == "sync":
            guild = config.dev_guild_id if args.guild == -1 else args.guild
            if args.guild == -1 and guild is None:
                print("sync --guild needs a server id: pass one (sync --guild 123…) or set DEV_GUILD_ID in .env. "
                      "Nothing was synced.", file=sys.stderr)
                return 2
            return asyncio.run(sync(config, guild))
        return asyncio.run(run(config))
    except StoreError as error:
        print(f"database unusable: {error}", file=sys.stderr)
        return 1
    except WebServerError as error:
        print(f"{error.strerror}. Nothing was started.", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Reset it in the developer portal and update .env.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as error:
        print(f"Could not reach Discord ({type(error).__name__}: {error}). Check the network and try again.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
