"""Expensive commands stay cheap: the card list is drawn once per language however often it is asked
for, and one user repeating it quickly is asked to wait."""

from __future__ import annotations

import asyncio

import pytest

from renderers import wallofwar_cards
from tests.e2e.conftest import ALICE, BOB, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table


async def test_the_card_list_renders_once_per_language(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    original = wallofwar_cards.cards_sheet  # each page of the list (the drawing itself is a registered image kind)
    monkeypatch.setattr(wallofwar_cards, "cards_sheet", lambda ids, ctx: drawn.append(ctx.locale) or original(ids, ctx))
    users = [ALICE, BOB, CAROL, DAVE, ERIN]
    replies = await asyncio.gather(*(table.world.slash(user, "wallofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)
                                     for user in users))
    assert [len(reply.messages[-1].attachments) for reply in replies] == [3, 4, 4, 3, 4]  # ja, en, en, ja, en
    assert sorted(drawn) == ["en"] * 4 + ["ja"] * 3


async def test_a_quick_repeat_is_asked_to_wait(table: Table) -> None:
    await table.world.slash(CAROL, "wallofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)
    again = await table.world.slash(CAROL, "wallofwar cards", {}, channel_id=CHANNEL, guild_id=GUILD)
    assert again.messages[-1].ephemeral and not again.messages[-1].attachments
    assert "wait" in again.messages[-1].text
