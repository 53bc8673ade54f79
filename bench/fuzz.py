"""`python -m bench fuzz [--rounds N] [--seed S]`: the long hostile-input run (the short one is in make test).

Prints inputs sent, how many were refused privately, and problems found (a public answer, a changed
database, an answer over 2000 characters, an exception in the log): the last must be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path

from tests.e2e.conftest import simulated_server
from tests.fuzz import FuzzReport, fuzz


async def _run(rounds: int, seed: int) -> FuzzReport:
    with tempfile.TemporaryDirectory() as folder:
        async with simulated_server(Path(folder) / "fuzz.sqlite3") as table:
            return await fuzz(table, rounds, random.Random(seed))


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench fuzz")
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    report = asyncio.run(_run(args.rounds, args.seed))
    for problem in report.problems[:20]:
        print("problem:", problem)
    return [("inputs", report.inputs, "count"), ("refused privately", report.refused_privately, "count"),
            ("problems (unhandled exceptions, changes, public answers)", len(report.problems), "count")]
