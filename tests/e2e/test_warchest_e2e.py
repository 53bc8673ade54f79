"""Whole War Chest games through Discord: lobby, drafting or dealing, every turn via the picker,
a restart in the middle, one player with DMs closed, and the privacy check over everything sent."""

from __future__ import annotations

import random

import pytest

from engine.core.match import Match
from renderers.pages import max_height
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE
from tests.e2e.driver import GUILD, Table, assert_privacy

VERB_SCORE = {"control": 6, "attack": 5, "tactic": 4, "deploy": 4, "move": 2, "bolster": 1, "recruit": 1}


def aggressive(match: Match, seat: int, rng: random.Random) -> str:
    """Prefers controlling, attacking and deploying, so random games end by markers, not by the round cap."""
    actions = match.legal_actions(seat)
    scored = [(VERB_SCORE.get(a.notation.split(":")[1] if ":" in a.notation else "", 0), rng.random(), a.notation) for a in actions]
    return max(scored)[2]


@pytest.mark.parametrize("players,mode", [(2, "draft"), (4, "random")])
async def test_whole_game_through_discord(table: Table, players: int, mode: str) -> None:
    world = table.world
    guests = [BOB, CAROL, DAVE][: players - 1]
    game_id = await table.start_game(ALICE, guests, "warchest", {"mode": mode})
    actions = await table.play_to_end(game_id, random.Random(players), restart_at=25, policy=aggressive)
    record = await table.record(game_id)
    assert record.status == "finished" and actions > 25
    thread = record.thread_id
    assert thread is not None
    final = world.messages_in(thread)[-1]
    assert final.attachments and final.custom_ids() == [f"tt:replay:{game_id}:0:o", f"tt:rematch:{game_id}"]
    assert len([m for m in world.every_version(seen_by=ALICE) if m.attachments and m.dm_user_id]) >= 2, "drawn coins arrive by DM each round"
    assert world.dms_to(BOB) == []
    assert any(f"<@{BOB}>" in m.text and "DM" in m.text for m in world.messages_in(thread)) or \
        (await table.bot.store.get_user(BOB)).dms_closed
    await assert_privacy(table, game_id)


async def test_royal_guard_preference_is_stored(table: Table) -> None:
    await table.world.slash(ALICE, "warchest prefs", {"royal_guard": "supply"}, channel_id=10, guild_id=GUILD)
    assert (await table.bot.store.get_user(ALICE)).prefs["warchest.royal_guard"] == "supply"


async def test_rules_show_the_unit_cards(table: Table) -> None:
    """The 16 unit cards fill one phone-sized image in Japanese and two in English: the pages come in one
    message, none taller than a phone shows at full width."""
    for user, pages in ((DAVE, 1), (CAROL, 2)):
        message = (await table.world.slash(user, "warchest rules", {}, channel_id=10, guild_id=GUILD)).messages[-1]
        assert message.ephemeral and len(message.attachments) == pages and ("目的" in message.text) == (user == DAVE)
        names = [attachment.filename.split(".")[0] for attachment in message.attachments]
        assert names == (["warchest-units"] if pages == 1 else ["warchest-units-1", "warchest-units-2"])
        for attachment in message.attachments:
            image = attachment.image()
            assert image.width < image.height <= max_height(image.width)


async def test_typed_new_refuses_a_two_player_mode_for_four(table: Table) -> None:
    rec = await table.world.slash(ALICE, "warchest new", {"players": 4, "mode": "gaugamela"}, channel_id=10, guild_id=GUILD)
    assert rec.messages[-1].ephemeral
    assert await table.bot.store.list_games(guild_id=GUILD) == []
