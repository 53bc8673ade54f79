"""Shared fixtures: the platform's fixture game is registered for every test."""

from __future__ import annotations

from engine import registry
from tests.fixtures.highcard import GAME as HIGHCARD

registry.register(HIGHCARD)
