"""Shared fixtures: every game's package is declared (engine, renderer, rules) for every test, as the bot
declares them when it loads its cogs, and so is the platform's example game."""

from __future__ import annotations

import importlib

import tests.fixtures.highcard_cog  # noqa: F401 - declaring the package registers the example game
from tabletop.bot import cog_modules

for _module in cog_modules():
    importlib.import_module(_module)
