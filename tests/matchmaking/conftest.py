"""Queue tests run on the same simulated server as tests/e2e (one guild, a channel with threads)."""

from __future__ import annotations

from pathlib import Path
from typing import AsyncIterator

import pytest

from tests.e2e.conftest import simulated_server
from tests.e2e.driver import Table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with simulated_server(tmp_path / "bot.sqlite3") as table:
        yield table
