"""The noise figures agree with themselves and with what the world recorded, on small High Card games."""

from __future__ import annotations

import random

from tests.e2e.conftest import ALICE, BOB, CAROL
from tests.e2e.driver import LOCKED, Table
from tests.e2e.figures import figures_of, format_figures


async def test_figures_of_a_whole_game_in_a_thread(table: Table) -> None:
    players = [ALICE, BOB, CAROL]
    game_id = await table.start_game(ALICE, players[1:], "highcard")
    turns = await table.play_to_end(game_id, random.Random(3))
    record = await table.record(game_id)
    figures = await figures_of(table, game_id)

    assert figures.actions == len(await table.bot.store.actions(game_id)) == turns > 0
    assert len(figures.clicks) == figures.actions and all(clicks >= 1 for clicks in figures.clicks)
    in_game = [rec for rec in table.world.interactions
               if rec.type == 3 and rec.user.id in players and rec.message_id != record.lobby_message_id]
    assert sum(figures.clicks) == len(in_game), "a finished game leaves no click unattributed"
    assert 1 <= figures.clicks_median <= max(figures.clicks) and figures.clicks_mean >= 1

    assert [seat.user_id for seat in figures.seats] == players
    assert all(seat.handovers >= 1 for seat in figures.seats)
    assert sum(seat.handovers for seat in figures.seats) <= figures.actions + len(players)
    assert figures.seats[1].dms == 0, "bob's DMs are closed"
    assert figures.seats[2].dms >= 1, "carol is welcomed by DM"

    assert figures.thread_messages >= 1 and figures.images.thread > 0
    assert figures.images.total == figures.images.thread + figures.images.dm + figures.images.ephemeral
    assert format_figures({"highcard 3p": figures}).splitlines()[1].startswith("highcard 3p")


async def test_without_a_thread_the_channel_counts_but_not_the_lobby(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard", channel=LOCKED)
    await table.play_to_end(game_id, random.Random(1))
    figures = await figures_of(table, game_id)
    public = {m.id for m in table.world.records if m.channel_id == LOCKED and not m.ephemeral}
    assert figures.thread_messages == len(public) - 1
    assert figures.images.thread > 0
