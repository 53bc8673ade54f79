"""A short fuzz run in `make test` (the long one is `python -m bench fuzz`)."""

from __future__ import annotations

import random

from tests.e2e.driver import Table
from tests.fuzz import fuzz


async def test_hostile_input_is_refused_privately_and_changes_nothing(table: Table) -> None:
    report = await fuzz(table, 120, random.Random(17))
    assert report.problems == []
    assert report.inputs == 120 and report.refused_privately >= 100
