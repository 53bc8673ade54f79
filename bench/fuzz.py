"""`python -m bench fuzz [--rounds N] [--web-rounds N] [--seconds S] [--seed S]`: the long hostile-input runs
(the short ones are in make test): Discord interactions (`tests/fuzz.py`), then the live board's HTTP API and
live channel on loopback (`tests/web/fuzz.py`).

Prints, for Discord, inputs sent, how many were refused privately and problems found (a public answer, a
changed database, an answer over 2000 characters, an exception in the log); for the web, requests sent
(sockets among them), how many were refused, moves accepted, answers by status and problems found (a 500,
an answer neither a short JSON refusal nor a valid response, a changed database after a refusal, an error
in the log). Problems must be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
from pathlib import Path

from tests.e2e.conftest import simulated_server
from tests.fuzz import FuzzReport, fuzz
from tests.web.fuzz import WebFuzzReport, fuzz_web


async def _run(rounds: int, seed: int) -> FuzzReport:
    with tempfile.TemporaryDirectory() as folder:
        async with simulated_server(Path(folder) / "fuzz.sqlite3") as table:
            return await fuzz(table, rounds, random.Random(seed))


async def _run_web(rounds: int, seconds: float, seed: int) -> WebFuzzReport:
    with tempfile.TemporaryDirectory() as folder:
        async with simulated_server(Path(folder) / "fuzz-web.sqlite3") as table:
            return await fuzz_web(table, rounds, random.Random(seed), seconds)


def run(argv: list[str] | None = None) -> list[tuple[str, float, str]]:
    parser = argparse.ArgumentParser(prog="python -m bench fuzz")
    parser.add_argument("--rounds", type=int, default=2000, help="Discord inputs (0: skip)")
    parser.add_argument("--web-rounds", type=int, default=3000, help="web requests and live channels (0: skip)")
    parser.add_argument("--seconds", type=float, default=600.0, help="at most this long for the web part")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    os.environ.setdefault("RENDER_POOL", "thread")  # as in tests: hostile input is the subject, not render speed,
    os.environ.setdefault("AI_POOL", "thread")  # and a spawned pool warming up on a busy machine outlasts settling
    rows: list[tuple[str, float, str]] = []
    if args.rounds > 0:
        report = asyncio.run(_run(args.rounds, args.seed))
        for problem in report.problems[:20]:
            print("problem:", problem)
        rows += [("inputs", report.inputs, "count"), ("refused privately", report.refused_privately, "count"),
                 ("problems (unhandled exceptions, changes, public answers)", len(report.problems), "count")]
    if args.web_rounds > 0:
        web = asyncio.run(_run_web(args.web_rounds, args.seconds, args.seed))
        for problem in web.problems[:20]:
            print("problem:", problem)
        rows += [("web requests", web.requests, "count"), ("web live channels", web.sockets, "count"),
                 ("web refused", web.refused, "count"), ("web moves accepted", web.accepted_moves, "count"),
                 *((f"web answers {status}", count, "count") for status, count in sorted(web.statuses.items())),
                 ("web problems (500s, bad answers, changes, logged errors)", len(web.problems), "count")]
    return rows
