"""Shared fixtures: the platform's fixture game is registered for every test."""

from __future__ import annotations

from engine import registry
from tests.fixtures.highcard import GAME as HIGHCARD

registry.register(HIGHCARD)

import renderers  # noqa: E402
from tests.fixtures.highcard_render import RENDERER as HIGHCARD_RENDERER  # noqa: E402

renderers.register(HIGHCARD.id, HIGHCARD_RENDERER)
