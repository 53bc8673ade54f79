"""Shared fixtures: the platform's example game is declared (engine, renderer, rules) for every test."""

from __future__ import annotations

import tests.fixtures.highcard_cog  # noqa: F401 - declaring the package registers the example game
