"""Shared fixtures: every game's package is declared (engine, renderer, rules) for every test, as the bot
declares them when it loads its cogs, and so is the platform's example game."""

from __future__ import annotations

import importlib
import os

# AI searches and board renders run in threads, searches stop after a few iterations: a test never waits on
# a spawned process or a full search (tests/ai_discord and tests/renderers/test_render_pool.py have the
# tests with real processes).
os.environ.setdefault("AI_POOL", "thread")
os.environ.setdefault("RENDER_POOL", "thread")
os.environ.setdefault("AI_ITERATIONS", "6")

import tests.fixtures.highcard_cog  # noqa: F401 - declaring the package registers the example game
from tests.postgres import postgres_server, postgres_url  # noqa: F401 - one PostgreSQL server per session
from discord_ui.bot import cog_modules

for _module in cog_modules():
    importlib.import_module(_module)
