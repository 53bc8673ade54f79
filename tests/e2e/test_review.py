"""`/game review` through Discord: every game, played to the end, gets a private review with its chart
and jump buttons into `/game replay`; the second request reads the stored review; an unfinished game and
someone who may not look at the game are refused privately. (The review's privacy is tested on the engine,
tests/ai/test_ai_review.py; the searches here are capped by AI_ITERATIONS.)"""

from __future__ import annotations

import random

import pytest

from engine.ai.review import review_span
from tabletop.play import reviews
from tabletop.runtime import packages
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.e2e.test_every_game_history import GAMES, PLAYERS, play_quietly_to_end

REVIEW_ITERATIONS = 1
"""One search iteration per position: hundreds of positions per game, played out to the end in Wall of War."""
LOADED_MACHINE_S = 120.0


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_is_reviewed_once_and_links_to_the_replay(table: Table, game: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    world = table.world
    monkeypatch.setattr(table.bot.ai, "iterations", REVIEW_ITERATIONS)
    monkeypatch.setattr(world, "settle_timeout", max(world.settle_timeout, LOADED_MACHINE_S))
    players = min(packages.declared()[game].game.player_counts)
    game_id = await table.start_game(ALICE, list(PLAYERS[1:players]), game)
    await play_quietly_to_end(table, game_id, random.Random(2))
    record = await table.record(game_id)
    reviewed = (await world.slash(ALICE, "game review", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert reviewed.ephemeral and reviewed.attachments and reviewed.attachments[0].image().width == 800
    stored = await table.bot.store.get_review(game_id, 0, record.version)
    assert stored is not None and len(stored["curve"]) == len(await table.bot.store.actions(game_id)) + 1
    jumps = [custom_id for custom_id in reviewed.custom_ids() if custom_id.startswith(f"tt:replay:{game_id}:")]
    if jumps:
        opened = (await world.click(ALICE, reviewed, jumps[0])).messages[-1]
        step = int(jumps[0].split(":")[3])
        assert opened.ephemeral and f"{step}/" in " ".join(button["label"] for button in opened.buttons())

    def never(*args: object) -> None:
        raise AssertionError("a stored review was computed again")

    monkeypatch.setattr(reviews, "review_span", never)
    again = (await world.slash(ALICE, "game review", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert again.ephemeral and again.attachments and again.text == reviewed.text
    if game == GAMES[0]:
        monkeypatch.setattr(reviews, "review_span", review_span)
        public = (await world.slash(BOB, "game review", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
        assert public.ephemeral and public.attachments
        assert await table.bot.store.get_review(game_id, None, record.version) is not None


async def test_a_review_is_refused_before_the_end_and_out_of_place(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    early = (await world.slash(ALICE, "game review", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1]
    assert early.ephemeral and not early.attachments and any(word in early.text for word in ("終了", "finished"))
    await play_quietly_to_end(table, game_id, random.Random(3))
    outsider = (await world.slash(DAVE, "game review", {"game": game_id})).messages[-1]
    assert outsider.ephemeral and not outsider.attachments
    assert (await world.slash(ERIN, "game review", {"game": game_id + 99}, channel_id=CHANNEL, guild_id=GUILD)).messages[-1].ephemeral
