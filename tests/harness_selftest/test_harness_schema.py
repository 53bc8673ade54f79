"""Requests the fake receives are checked against Discord's published API description (fakediscord/schema.py)."""

from __future__ import annotations

import discord
import pytest
from discord.http import Route
from discord.webhook.async_ import interaction_message_response_params

from tests.fakediscord import FakeDiscord, schema
from tests.fakediscord.http import Request

from .conftest import ALICE, BOB, GAMES
from .tinybot import Store, TinyBot


async def test_a_body_the_description_refuses_fails_the_test_with_its_complaint(bot_world: FakeDiscord) -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=GAMES)

    with pytest.raises(discord.HTTPException) as refused:
        await bot_world.run(bot_world.bot.http.request(route, json={"content": "hi", "embeds": [{"colour": 255}]}))

    assert refused.value.status == 400 and refused.value.code == 50035
    (error,) = bot_world.take_errors()
    assert error.source == "schema"
    assert error.message == f'POST /channels/{GAMES}/messages: body.embeds.0: Unrecognized key: "colour"'
    assert bot_world.messages_in(GAMES) == []


async def test_a_query_the_description_refuses_fails_the_test(bot_world: FakeDiscord) -> None:
    route = Route("GET", "/channels/{channel_id}/messages", channel_id=GAMES)

    with pytest.raises(discord.HTTPException):
        await bot_world.run(bot_world.bot.http.request(route, params={"limit": "ten", "befor": 5}))

    assert sorted(e.message for e in bot_world.take_errors()) == [
        f"GET /channels/{GAMES}/messages: query.befor: not a query parameter of GET /channels/{{channel_id}}/messages",
        f"GET /channels/{GAMES}/messages: query.limit: Invalid input: expected number, received string",
    ]


async def test_a_union_body_is_judged_by_its_closest_option(bot_world: FakeDiscord) -> None:
    """An interaction callback is one of seven bodies; the complaint is that of the type the callback names."""
    rec = await bot_world.slash(ALICE, "game hand", channel_id=GAMES)
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=rec.id, webhook_token=rec.token)
    update = interaction_message_response_params(type=7, content="x" * 2001).payload

    with pytest.raises(discord.HTTPException):
        await bot_world.run(bot_world.bot.http.request(route, json=update))

    (error,) = bot_world.take_errors()
    assert error.message.endswith(": body.data.content: Too big: expected string to have <=2000 characters")


@pytest.mark.parametrize("quirk", schema.QUIRKS, ids=lambda quirk: quirk.name)
async def test_each_allowed_quirk_is_needed_by_what_discord_py_sends(
    world: FakeDiscord, store: Store, monkeypatch: pytest.MonkeyPatch, quirk: schema.Quirk
) -> None:
    sent = []
    check = schema.problems

    def recording(req: Request, quirks: list[schema.Quirk] = schema.QUIRKS) -> list[str]:
        sent.append(req)
        return check(req, quirks)

    monkeypatch.setattr(schema, "problems", recording)
    await world.attach(TinyBot(store))
    await world.run(world.bot.tree.sync())
    rec = await world.slash(ALICE, "game new", {"title": "Quirks"}, channel_id=GAMES)
    await world.click(BOB, rec.original_id, f"join:{rec.id}")
    await world.slash(ALICE, "game board", channel_id=GAMES)
    await world.slash(ALICE, "game remind", {"user": BOB}, channel_id=GAMES)

    others = [q for q in schema.QUIRKS if q is not quirk]
    assert any(check(req, others) for req in sent), f"nothing discord.py sent needs the quirk {quirk.name!r}"
    assert all(check(req) == [] for req in sent)
    world.assert_no_errors()
