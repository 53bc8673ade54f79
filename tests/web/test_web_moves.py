"""Moves from the live board: the same moves played once by clicks in Discord and once through the web give
the same thread and the same DMs (one publish path); a stale decision, a forged or illegal move, a move for
another seat or in someone else's game is refused with nothing changed; a cookie session needs its CSRF
token."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.core.errors import StaleDecision
from engine.core.types import T
from tabletop.play import service
from tabletop.presentation.refusals import refusal_text
from tabletop.delivery.publish import after_commit
from tests.e2e.conftest import ALICE, BOB, CAROL, simulated_server
from tests.e2e.driver import Table
from tests.web.live_board import SNOWFLAKE, LiveBoard, first_legal, leaves, match_of, thread_texts
from web.security import csrf_token

MOVES = 8
SEED = 424242


async def played_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, via_web: bool
                       ) -> tuple[list[tuple[str, tuple[str, ...]]], dict[int, list[str]]]:
    """A game whose seed is fixed, played by the first legal action `MOVES` times; the thread and each
    player's DMs (as first sent) after it."""
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    async with simulated_server(tmp_path / f"{game}-{via_web}.sqlite3") as table:
        live = await LiveBoard(table).start()
        try:
            game_id = await table.start_game(ALICE, [BOB], game)
            for _ in range(MOVES):
                record = await table.record(game_id)
                if record.status != "active":
                    break
                match = await match_of(table, game_id)
                seat = match.awaited_seats()[0]
                notation = first_legal(match, seat, random.Random())
                if via_web:
                    await live.play(game_id, record.players[seat], notation)
                else:
                    await table.take_turn(record.players[seat], game_id, random.Random(), policy=lambda *_: notation)
            record = await table.record(game_id)
            return thread_texts(table, record.thread_id or record.channel_id), dms(table)
        finally:
            await live.close()


def dms(table: Table) -> dict[int, list[str]]:
    """Each player's DMs as the bot sent them (a click's own reply edits the DM it came from; not counted)."""
    found: dict[int, list[str]] = {}
    for user in (ALICE, BOB):
        channel = table.world.users[user].dm_channel_id
        found[user] = [SNOWFLAKE.sub("#", message.text) for message in table.world.records if message.kind == "dm"
                       and message.channel_id == channel]
    return found


@pytest.mark.parametrize("game", ["warchest", "wunderkammer"])
async def test_a_web_move_publishes_exactly_as_a_click(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    clicked = await played_twice(tmp_path, monkeypatch, game, via_web=False)
    from_web = await played_twice(tmp_path, monkeypatch, game, via_web=True)
    assert clicked[0] and any(clicked[1].values()), "boards and DMs were written (a handover, or a seat going on)"
    assert from_web == clicked


async def test_a_move_by_path_is_the_leaf_it_names(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    match = await match_of(table, game_id)
    user = (await table.record(game_id)).players[match.awaited_seats()[0]]
    decision = (await live.scene(game_id, user))["you"]["decision"]
    path, leaf = leaves(decision["choices"])[-1]
    response = await live.post_move(game_id, user, {"decision": decision["id"], "path": list(path)})
    assert response.status == 200 and (await response.json())["version"] == match.version + 1
    entries = await table.bot.store.actions(game_id)
    assert entries[-1].action == leaf["notation"]


async def unchanged_after(live: LiveBoard, game_id: int, user: int, body: object, status: int, code: str) -> dict:
    table = live.table
    record = await table.record(game_id)
    before = (record.version, thread_texts(table, record.thread_id or record.channel_id))
    response = await live.post_move(game_id, user, body)
    answer = await response.json()
    assert (response.status, answer["error"]) == (status, code), answer
    after = await table.record(game_id)
    assert (after.version, thread_texts(table, after.thread_id or after.channel_id)) == before, "nothing changed"
    return answer


async def test_refused_moves_change_nothing(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    match = await match_of(table, game_id)
    seat = match.awaited_seats()[0]
    mover, other = (await table.record(game_id)).players[seat], (await table.record(game_id)).players[1 - seat]
    decision = match.decisions[seat]
    legal = match.legal_actions(seat)[0].notation
    for body in ({}, [], "x", {"decision": decision}, {"decision": "1", "notation": legal},
                 {"decision": True, "notation": legal}, {"decision": decision, "notation": legal, "path": [0]},
                 {"decision": decision, "notation": ""}, {"decision": decision, "notation": "x" * 201},
                 {"decision": decision, "path": [-1]}, {"decision": decision, "path": "0"}):
        await unchanged_after(live, game_id, mover, body, 400, "bad_move")
    await unchanged_after(live, game_id, mover, b"{not json", 400, "bad_move")
    await unchanged_after(live, game_id, mover, {"decision": decision, "notation": "not a move"}, 400, "illegal_move")
    await unchanged_after(live, game_id, mover, {"decision": decision, "path": [999]}, 400, "illegal_move")
    await unchanged_after(live, game_id, mover, {"decision": decision, "path": []}, 400, "illegal_move")
    await unchanged_after(live, game_id, CAROL, {"decision": decision, "notation": legal}, 403, "not_your_game")
    waiting = match.decisions[1 - seat]
    answer = await unchanged_after(live, game_id, other, {"decision": waiting, "notation": legal}, 403, "not_your_decision")
    names = {ALICE: "アリス", BOB: "bob"}
    assert answer["message"] == f"It's not your turn: waiting for {names[mover]}."
    forged = await live.post_move(10**30, mover, {"decision": decision, "notation": legal})
    assert forged.status == 404

    await live.play(game_id, mover, legal)  # the decision moves on: the old id is stale now
    answer = await unchanged_after(live, game_id, mover, {"decision": decision, "notation": legal}, 409, "stale_decision")
    asked = (await match_of(table, game_id)).decision_of(seat)
    assert answer["message"] == refusal_text(StaleDecision(
        T("", "That choice is no longer asked of you: the game moved on.") if asked is None
        else T("", "Your decision has changed."), asked.prompt if asked else None), "en")

async def test_a_finished_game_takes_no_move(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    match = await match_of(table, game_id)
    decision = match.decisions[0]
    played = await table.bot.service.concede(await table.bot.service.load(game_id), 0)
    await table.world.run(after_commit(table.bot, played))
    assert (await table.record(game_id)).status == "finished"
    await unchanged_after(live, game_id, ALICE, {"decision": decision, "notation": "x"}, 409, "game_over")
    scene = await live.scene(game_id, BOB)
    assert scene["game"]["status"] == "finished" and scene["outcome"]["ranks"] == [2, 1]
    assert scene["status"][0].startswith("Game over") and scene["you"]["decision"] is None


async def test_a_cookie_session_moves_only_with_its_csrf_token(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    match = await match_of(table, game_id)
    seat = match.awaited_seats()[0]
    user = (await table.record(game_id)).players[seat]
    token = (await live.auth(user))["Authorization"].split()[1]
    body = {"decision": match.decisions[seat], "notation": match.legal_actions(seat)[0].notation}
    cookie = {"Cookie": f"tt_session={token}", "Origin": "http://127.0.0.1:8080"}
    refused = await live.client.post(f"/api/games/{game_id}/move", json=body, headers=cookie)
    assert refused.status == 403 and (await refused.json())["error"] == "csrf"
    assert (await table.record(game_id)).version == match.version
    accepted = await live.client.post(f"/api/games/{game_id}/move", json=body,
                                      headers=cookie | {"X-CSRF-Token": csrf_token(token)})
    assert accepted.status == 200, await accepted.text()
    await table.world.settle()
    assert (await table.record(game_id)).version == match.version + 1
