"""Adding AI seats in the lobby: the host's panel, each level, removal, and what is refused."""

from __future__ import annotations

from tabletop.play.ai_seats import ai_user_id, has_ai_seats, level_of
from tabletop.presentation.i18n import catalog
from tests.ai_discord.helpers import add_ai, open_lobby, open_panel
from tests.e2e.conftest import ALICE, CAROL
from tests.e2e.driver import Table


async def test_the_host_adds_an_ai_at_each_level_and_removes_one(table: Table) -> None:
    game_id, lobby = await open_lobby(table, ALICE, "wallofwar", 4)
    panel = await add_ai(table, ALICE, game_id, lobby, "easy", "normal", "hard")
    record = await table.record(game_id)
    assert [level_of(user) for user in record.players[1:]] == ["easy", "normal", "hard"]
    assert all(user < 0 for user in record.players[1:]) and len(set(record.players)) == 4
    shown = table.world.message(lobby.id)
    players = next(field["value"] for field in shown.payload["embeds"][0]["fields"] if "(4/4)" in field["name"])
    assert "AI・やさしい" in players and "AI・ふつう" in players and "AI・つよい" in players
    assert "<@-" not in shown.text
    await table.world.click(ALICE, panel, f"tt:ai:rm:{game_id}:{-ai_user_id(2, 'normal')}")
    record = await table.record(game_id)
    assert [level_of(user) for user in record.players[1:]] == ["easy", "hard"]
    assert "AI・ふつう" not in table.world.message(lobby.id).text


async def test_a_practice_lobby_starts_with_one_person(table: Table) -> None:
    game_id, lobby = await open_lobby(table, ALICE, "warchest", 2)
    await add_ai(table, ALICE, game_id, lobby, "normal")
    await table.world.click(ALICE, table.world.message(lobby.id), f"tt:lobby:start:{game_id}")
    record = await table.record(game_id)
    assert record.status == "active" and has_ai_seats(record)


async def test_only_the_host_opens_the_panel(table: Table) -> None:
    game_id, lobby = await open_lobby(table, ALICE, "highcard", 3)
    await table.world.click(CAROL, lobby, f"tt:lobby:join:{game_id}")
    answer = await open_panel(table, CAROL, game_id, lobby)
    assert "tt:ai:add" not in " ".join(answer.custom_ids())
    assert answer.text == catalog()["err.not_host"]["en"]
    assert (await table.record(game_id)).players == (ALICE, CAROL)


async def test_no_ai_joins_a_full_lobby_and_a_removed_ai_is_gone(table: Table) -> None:
    game_id, lobby = await open_lobby(table, ALICE, "highcard", 2)
    panel = await add_ai(table, ALICE, game_id, lobby, "easy", "hard")
    refusal = table.world.last_message(ephemeral_for=ALICE)
    assert "埋まって" in refusal.text or "full" in refusal.text
    record = await table.record(game_id)
    assert len(record.players) == 2 and level_of(record.players[1]) == "easy"
    stale = await open_panel(table, ALICE, game_id, lobby)
    await table.world.click(ALICE, panel, f"tt:ai:rm:{game_id}:{-record.players[1]}")
    assert (await table.record(game_id)).players == (ALICE,)
    await table.world.click(ALICE, stale, f"tt:ai:rm:{game_id}:{-record.players[1]}")
    refusal = table.world.last_message(ephemeral_for=ALICE)
    assert "もうこのロビーにいません" in refusal.text or "no longer" in refusal.text
    assert (await table.record(game_id)).players == (ALICE,)


async def test_no_ai_is_added_once_the_game_started(table: Table) -> None:
    game_id, lobby = await open_lobby(table, ALICE, "highcard", 3)
    panel = await add_ai(table, ALICE, game_id, lobby, "easy")
    await table.world.click(ALICE, table.world.message(lobby.id), f"tt:lobby:start:{game_id}")
    await table.world.click(ALICE, table.world.message(panel.id), f"tt:ai:add:{game_id}:hard")
    assert len((await table.record(game_id)).players) == 2
