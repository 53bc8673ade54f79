"""Platform v2 through Discord: one board and one ping per handover, boards updated in place while the
same seat continues, results on the lobby, links into the server, the user's own game, and the
defects found by trying the bot as a new user (each pinned by a test)."""

from __future__ import annotations

import random
import re

from engine import registry
from engine.core.match import Match
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.e2e.figures import figures_of

LINK = re.compile(r"https://discord\.com/channels/(\S+?)/\d+")


async def test_one_board_one_ping_and_at_most_one_dm_per_handover(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL, DAVE], "highcard")
    await table.play_to_end(game_id, random.Random(8))
    figures = await figures_of(table, game_id)
    for seat in figures.seats:
        # Beyond one DM per handover: the lobby's welcome, and the starting hand of a seat not first to play.
        assert seat.mentions <= seat.handovers and seat.dms <= seat.handovers + 2
    assert figures.thread_messages <= sum(seat.handovers for seat in figures.seats) + 1


async def test_links_point_into_the_server_never_at_me(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    await table.play_to_end(game_id, random.Random(2))
    record = await table.record(game_id)
    texts = [m.text for m in table.world.records if m.guild_id == GUILD or m.dm_user_id or m.ephemeral]
    links = [link for text in texts for link in LINK.findall(text)]
    assert links and set(links) == {str(GUILD)}
    lobby = table.world.message(record.lobby_message_id or 0)
    assert f"/channels/{GUILD}/" in lobby.text


async def test_the_lobby_shows_the_result_and_a_link_once_the_game_ends(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    await table.play_to_end(game_id, random.Random(4))
    record = await table.record(game_id)
    lobby = table.world.message(record.lobby_message_id or 0)
    outcome = Match.from_json(registry.get("highcard"), record.state or {}).outcome
    assert outcome is not None
    assert "In progress" not in lobby.text and "進行中" not in lobby.text
    assert outcome.summary.render("ja") in lobby.text and f"{record.thread_id}/{record.board_message_id}" in lobby.text


async def test_the_final_board_states_the_result_once(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    await table.play_to_end(game_id, random.Random(6))
    record = await table.record(game_id)
    final = table.world.messages_in(record.thread_id or 0)[-1]
    outcome = Match.from_json(registry.get("highcard"), record.state or {}).outcome
    assert outcome is not None
    assert final.text.count(outcome.summary.render("ja")) == 1


async def test_typed_play_confirms_with_the_localized_sentence(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    match = Match.from_json(registry.get("highcard"), record.state or {})
    seat = match.awaited_seats()[0]
    user = record.players[seat]
    rec = await world.slash(user, "game play", {"action": "draw"}, channel_id=record.thread_id, guild_id=GUILD)
    done = rec.messages[-1].text
    assert ("Done: Draw" in done or "実行しました: 引く" in done) and "draw" not in done.split("\n")[0].split(": ")[-1]


async def test_hand_and_show_pick_the_users_own_game_in_a_shared_channel(table: Table) -> None:
    world = table.world
    mine = await table.start_game(ALICE, [CAROL], "highcard", channel=CHANNEL)
    await table.start_game(DAVE, [BOB], "highcard", channel=CHANNEL)
    hand = await world.slash(CAROL, "game hand", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert f"#{mine}" in hand.messages[-1].text
    show = await world.slash(CAROL, "game show", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert f"/{mine}" not in show.messages[-1].text or show.messages[-1].attachments
    assert show.messages[-1].attachments[0].filename.startswith(f"board-{mine}-")


async def test_dm_language_follows_the_latest_interaction(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    world.user(CAROL).locale = "ja"
    await world.slash(CAROL, "game list", {}, channel_id=CHANNEL, guild_id=GUILD)
    rng = random.Random(1)
    for _ in range(6):
        record = await table.record(game_id)
        awaited = Match.from_json(registry.get("highcard"), record.state or {}).awaited_seats()
        if record.players[awaited[0]] == ALICE:
            await table.take_turn(ALICE, game_id, rng)
            break
        await table.take_turn(CAROL, game_id, rng)
    turn_dms = [m for m in world.every_version(seen_by=CAROL) if m.dm_user_id and "#" in m.text and m.kind != "edit"]
    assert turn_dms and ("あなたの番です" in turn_dms[-1].text), turn_dms[-1].text


async def test_a_seat_option_the_table_cannot_have_is_refused_when_chosen(table: Table) -> None:
    world = table.world
    rec = await world.slash(ALICE, "wallofwar new", {"players": 3}, channel_id=CHANNEL, guild_id=GUILD)
    lobby = world.message(rec.original_id)
    game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
    select = next(c for c in lobby.all_components() if c.get("custom_id") == f"tt:lopt:{game_id}:first")
    assert {o["value"] for o in select["options"]} == {"random", "1", "2", "3"}
    refused = await world.forge(ALICE, lobby, f"tt:lopt:{game_id}:first", values=["5"])
    assert refused.messages[-1].ephemeral
    assert (await table.record(game_id)).options.get("first") is None


async def test_the_bot_keeps_no_view_per_message_it_sent(table: Table) -> None:
    """Boards, pickers, lobbies and DMs are answered by the handlers registered at start-up, so a whole
    game (the lobby, boards, the result) and 40 turns of War Chest (pickers, private menus) leave no view
    behind in discord.py's store, which would otherwise hold every message's buttons until the process
    ends."""
    await table.play_to_end(await table.start_game(ALICE, [CAROL], "highcard"), random.Random(5))
    chest = await table.start_game(ALICE, [CAROL], "warchest")
    rng = random.Random(5)
    for _ in range(40):
        record = await table.record(chest)
        seat = Match.from_json(registry.get("warchest"), record.state or {}).awaited_seats()[0]
        await table.take_turn(record.players[seat], chest, rng)
    assert table.bot.persistent_views == []
    assert not table.bot._connection._view_store._synced_message_views  # noqa: SLF001 - discord.py's per-message keep
