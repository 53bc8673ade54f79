"""What ages on the fake's clock: threads archive when idle, interaction tokens expire, old messages take
few edits — answered with Discord's own codes (50083, 10015, 30046)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import AsyncIterator

import discord
import pytest

from tests.fakediscord import ArchivedThread, FakeChannel, FakeDiscord

from .conftest import ALICE, GAMES, GUILD
from .tinybot import Store, TinyBot


@dataclass
class Clock:
    now_at: float

    def now(self) -> float:
        return self.now_at


@pytest.fixture
def clock() -> Clock:
    return Clock(time.time())


@pytest.fixture
async def aging(clock: Clock) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(clock=clock.now) as world:
        world.add_guild(GUILD, "Guild")
        world.add_channel(GUILD, GAMES, "games")
        world.add_user(ALICE, "alice")
        await world.attach(TinyBot(Store()))
        yield world


async def open_thread(world: FakeDiscord) -> FakeChannel:
    await world.slash(ALICE, "game new", {"title": "Hanabi"}, channel_id=GAMES)
    return world.thread_named("Hanabi")


async def refused(world: FakeDiscord, call: object) -> int:
    with pytest.raises(discord.HTTPException) as caught:
        await world.run(call)  # type: ignore[arg-type]
    return caught.value.code


async def test_a_thread_archives_after_its_duration_and_a_message_reopens_it(aging: FakeDiscord, clock: Clock) -> None:
    thread = await open_thread(aging)
    duration = thread.auto_archive_duration * 60
    opened = clock.now_at
    clock.now_at += duration - 1
    http = aging.bot.http
    meta = (await aging.run(http.get_channel(thread.id)))["thread_metadata"]
    assert meta["archived"] is False
    clock.now_at += 2
    meta = (await aging.run(http.get_channel(thread.id)))["thread_metadata"]
    assert meta["archived"] is True
    assert discord.utils.parse_time(meta["archive_timestamp"]).timestamp() == pytest.approx(opened + duration, abs=1)

    starter = aging.messages_in(thread.id)[0]
    assert await refused(aging, http.edit_message(thread.id, starter.id, params=_content("edited"))) == 50083
    with pytest.raises(ArchivedThread):
        await aging.slash(ALICE, "game play", {"action": "pass"}, channel_id=thread.id)
    await aging.run(http.delete_message(thread.id, starter.id))  # the one thing an archived thread allows

    game = next(iter(aging.bot.store.threads))
    await aging.slash(ALICE, "game say", {"game": str(game), "text": "back"}, channel_id=GAMES)
    meta = (await aging.run(http.get_channel(thread.id)))["thread_metadata"]
    assert meta["archived"] is False
    assert discord.utils.parse_time(meta["archive_timestamp"]).timestamp() == pytest.approx(clock.now_at, abs=1)
    clock.now_at += duration - 1  # the message was activity: the clock starts again from it
    assert (await aging.run(http.get_channel(thread.id)))["thread_metadata"]["archived"] is False


async def test_a_locked_archived_thread_refuses_messages_until_reopened(aging: FakeDiscord, clock: Clock) -> None:
    thread = await open_thread(aging)
    http = aging.bot.http
    await aging.run(http.edit_channel(thread.id, locked=True, archived=True))
    assert await refused(aging, http.send_message(thread.id, params=_content("hello"))) == 50083
    await aging.run(http.edit_channel(thread.id, archived=False))
    await aging.run(http.send_message(thread.id, params=_content("hello")))
    assert aging.last_message(thread.id).content == "hello"
    await aging.run(http.edit_channel(thread.id, archived=True))
    assert await refused(aging, http.add_user_to_thread(thread.id, ALICE)) == 50083
    assert await refused(aging, http.edit_channel(thread.id, auto_archive_duration=30)) == 50035
    assert [e.source for e in aging.take_errors()] == ["schema"]  # 30 is no duration Discord's API description has


async def test_an_interaction_token_expires_after_15_minutes(aging: FakeDiscord, clock: Clock) -> None:
    await aging.slash(ALICE, "game confirm", channel_id=GAMES)
    clock.now_at += 15 * 60
    await aging.click(ALICE, aging.last_message(ephemeral_for=ALICE), "confirm:yes")
    errors = aging.take_errors()
    assert errors and "10015" in str(errors[0].exception)
    assert [(r.status, r.code) for r in aging.rejected] == [(404, 10015)]


async def test_messages_older_than_an_hour_take_few_edits(aging: FakeDiscord, clock: Clock) -> None:
    thread = await open_thread(aging)
    http = aging.bot.http
    message = aging.messages_in(thread.id)[0]
    for n in range(5):  # a young message takes any number of edits
        await aging.run(http.edit_message(thread.id, message.id, params=_content(f"young {n}")))
    clock.now_at += 3600
    for n in range(3):
        await aging.run(http.edit_message(thread.id, message.id, params=_content(f"old {n}")))
    assert await refused(aging, http.edit_message(thread.id, message.id, params=_content("once more"))) == 30046
    clock.now_at += 3600
    await aging.run(http.edit_message(thread.id, message.id, params=_content("an hour later")))
    assert aging.message(message.id).content == "an hour later"


def _content(text: str) -> discord.http.MultipartParameters:
    return discord.http.handle_message_parameters(content=text)
