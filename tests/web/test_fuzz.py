"""A short run of the live board's fuzz in `make test` (the long one is `python -m bench fuzz`)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.conftest import ALICE, BOB, simulated_server
from tests.web.fuzz import fuzz_web
from tests.web.live_board import LiveBoard


async def test_hostile_requests_get_short_refusals_and_change_nothing(tmp_path: Path) -> None:
    async with simulated_server(tmp_path / "fuzz.sqlite3") as table:
        report = await fuzz_web(table, 250, random.Random(26), seconds=120.0)
    assert report.problems == [], report.problems[:10]
    assert report.requests >= 200 and report.refused >= 100 and report.sockets > 0
    assert 500 not in report.statuses


async def test_json_nested_thousands_deep_is_a_bad_request(live: LiveBoard) -> None:
    """Found by the fuzz: Python's JSON parser gives up on deep nesting with a RecursionError, which was a 500."""
    game_id = await live.table.start_game(ALICE, [BOB], "warchest")
    for body in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2500 + b"1" + b"}" * 2500):
        response = await live.post_move(game_id, ALICE, body)
        assert response.status == 400 and (await response.json())["error"] == "bad_move"
        response = await live.client.post("/auth/activity", data=body, headers={"Content-Type": "application/json"})
        assert response.status in (400, 503) and "error" in await response.json()
