"""`/game log` and `/game replay` through Discord: whole War Chest (2p) and Wall of War (3p) games read back
page by page and stepped through board by board; each viewer reads their own private lines and nobody
else's, a spectator only public ones; forged, stale and out-of-place clicks are refused privately and
change nothing. An active game is read from DMs, and a package that reveals private views after the end
shows them only then."""

from __future__ import annotations

import dataclasses
import random
import re

import discord
import pytest

from engine import registry
from engine.core.match import Match
from tabletop.runtime import packages
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import GUILD, Table, assert_privacy, private_event_texts
from tests.e2e.test_rights import OTHER_CHANNEL, OTHER_GUILD, other_server
from tests.e2e.test_wallofwar_e2e import lively
from tests.e2e.test_warchest_e2e import aggressive
from tests.fakediscord import RecordedMessage
from tests.fixtures.highcard_cog import PACKAGE

POSITION = re.compile(r"(\d+)/(\d+)")
STEP_HEADER = re.compile(r"^\*\*(\d+)(?:手目|\.)\*\* ")


def position(message: RecordedMessage) -> tuple[int, int]:
    """The pager's "x/y" (page or step) from its middle button."""
    label = next(button["label"] for button in message.buttons() if button["custom_id"].endswith(":c"))
    found = POSITION.search(label)
    assert found, label
    return int(found[1]), int(found[2])


def button_to(message: RecordedMessage, via: str) -> str:
    return next(custom_id for custom_id in message.custom_ids() if custom_id.endswith(f":{via}"))


def description(message: RecordedMessage) -> str:
    return str(message.embeds[0]["description"])


async def read_log(table: Table, user: int, channel: int, game_id: int | None = None) -> tuple[RecordedMessage, list[str]]:
    """Open the log (it opens on the newest page), go to the first page, page forward to the end, one page
    back and to the end again; returns the message and every page's text in order."""
    world = table.world
    rec = await world.slash(user, "game log", {} if game_id is None else {"game": game_id}, channel_id=channel, guild_id=GUILD)
    message = rec.messages[-1]
    assert message.ephemeral and message.embeds
    here, pages = position(message)
    assert here == pages
    newest = description(message)
    if pages > 1:
        await world.click(user, message, button_to(message, "f"))
        message = world.message(message.id)
    assert position(message) == (1, pages)
    assert all(world.message(message.id).component(button_to(message, via)).get("disabled") for via in "fp")
    texts = [description(message)]
    while position(message)[0] < pages:
        await world.click(user, message, button_to(message, "n"))
        message = world.message(message.id)
        texts.append(description(message))
    assert texts[-1] == newest and len(texts) == pages
    if pages > 1:
        await world.click(user, message, button_to(message, "p"))
        message = world.message(message.id)
        assert position(message) == (pages - 1, pages) and description(message) == texts[-2]
        await world.click(user, message, button_to(message, "l"))
        message = world.message(message.id)
        assert position(message) == (pages, pages) and description(message) == newest
    return message, texts


def log_lines(pages: list[str]) -> list[str]:
    return [line for page in pages for line in page.splitlines()]


async def check_log_privacy(table: Table, game_id: int, viewers: dict[int, int | None], channel: int) -> None:
    """Each viewer's log holds every step, numbered in order, the viewer's own private lines and no other
    seat's (a spectator: none at all)."""
    record = await table.record(game_id)
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    names = {seat: await table.bot.display_name(user) for seat, user in enumerate(record.players)}
    secrets = private_event_texts(record, log, names)
    for user, seat in viewers.items():
        _, pages = await read_log(table, user, channel)
        lines = log_lines(pages)
        numbers = [int(found[1]) for line in lines if (found := STEP_HEADER.match(line))]
        assert numbers == list(range(1, len(log) + 1))
        shown = set(lines)
        for other, texts in secrets.items():
            if other == seat:
                assert texts & shown, f"seat {seat} does not see their own private lines"
            else:
                mine = secrets[seat] if seat is not None else set()
                assert not (texts - mine) & shown, f"seat {other}'s private lines shown to {user}"


async def step_through(table: Table, user: int, channel: int, game_id: int) -> None:
    """Replay from the start: forward one, ten, to the end and back to the start; every step shows the
    public board of that version and public lines only."""
    world = table.world
    rec = await world.slash(user, "game replay", {"game": game_id}, channel_id=channel, guild_id=GUILD)
    message = rec.messages[-1]
    assert message.ephemeral
    step, last = position(message)
    assert step == 0 and last == len(await table.bot.store.actions(game_id)) and last > 20
    assert [file.filename for file in message.attachments] == [f"board-{game_id}-v0.webp"]
    record = await table.record(game_id)
    names = {seat: await table.bot.display_name(user) for seat, user in enumerate(record.players)}
    log = [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]
    hidden = set().union(*private_event_texts(record, log, names).values())
    for via, expected in (("n", 1), ("j", 11), ("j", 21), ("b", 11), ("p", 10), ("l", last), ("f", 0)):
        await world.click(user, message, button_to(message, via))
        message = world.message(message.id)
        assert position(message) == (expected, last)
        assert [file.filename for file in message.attachments] == [f"board-{game_id}-v{expected}.webp"]
        assert message.attachments[0].image().width > 0
        lines = message.text.splitlines()
        assert not hidden & set(lines)
        if expected:
            assert STEP_HEADER.match(lines[1]) and int(STEP_HEADER.match(lines[1])[1]) == expected  # type: ignore[index]
    final = [m for m in world.every_version(channels={record.thread_id or 0}) if
             any(f.filename == f"board-{game_id}-v{last}.webp" for f in m.attachments)]
    assert final, "the live board of the last version has the replay's file name"


async def check_refusals(table: Table, game_id: int) -> None:
    """Another server, a forged id, a stale button past the end: a private refusal, nothing changed."""
    world = table.world
    record = await table.record(game_id)
    thread = record.thread_id or record.channel_id
    other_server(table)
    for user in (DAVE, ALICE):
        for command in ("game log", "game replay"):
            rec = await world.slash(user, command, {"game": game_id}, channel_id=OTHER_CHANNEL, guild_id=OTHER_GUILD)
            assert len(rec.messages) == 1 and rec.messages[-1].ephemeral and not rec.messages[-1].embeds
            assert not rec.messages[-1].attachments
    log_message, _ = await read_log(table, ALICE, thread)
    before = world.message(log_message.id)
    forged = [(button_to(before, "f"), OTHER_CHANNEL), (f"tt:log:{game_id}:999999:n", thread),
              (f"tt:log:{game_id + 1}:0:f", thread), (f"tt:replay:{game_id}:0:x", thread)]
    for custom_id, channel in forged:
        rec = await world.forge(ALICE, before, custom_id, channel_id=channel)
        assert rec.messages and all(m.ephemeral and m.id != before.id for m in rec.messages), custom_id
    old = discord.ui.View()
    old.add_item(discord.ui.Button(label="old page", custom_id=f"tt:log:{game_id}:9999:l"))
    old.add_item(discord.ui.Button(label="old step", custom_id=f"tt:replay:{game_id}:99999:l"))
    sent = await world.run(table.bot.get_partial_messageable(thread).send("old buttons", view=old))
    stale = world.message(sent.id)
    for custom_id in stale.custom_ids():
        rec = await world.click(ALICE, stale, custom_id)
        assert rec.messages[-1].ephemeral and rec.messages[-1].id != stale.id
        assert any(word in rec.messages[-1].text for word in ("ありません", "no such"))
    assert world.message(log_message.id).sequence == before.sequence
    assert world.message(stale.id).sequence == stale.sequence
    after = await table.record(game_id)
    assert (after.version, after.status, after.state) == (record.version, record.status, record.state)


async def test_war_chest_history(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "warchest", {"mode": "draft"})
    await table.play_to_end(game_id, random.Random(2), policy=aggressive)
    record = await table.record(game_id)
    assert record.status == "finished" and record.thread_id is not None
    await check_log_privacy(table, game_id, {ALICE: 0, CAROL: 1, DAVE: None}, record.thread_id)
    await step_through(table, DAVE, record.thread_id, game_id)
    await check_refusals(table, game_id)
    await assert_privacy(table, game_id)


async def test_wall_of_war_history(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL, ERIN], "wallofwar")
    await table.play_to_end(game_id, random.Random(3), policy=lively)
    record = await table.record(game_id)
    assert record.status == "finished" and record.thread_id is not None
    await check_log_privacy(table, game_id, {ERIN: 2, ALICE: 0, DAVE: None}, record.channel_id)
    await step_through(table, CAROL, record.thread_id, game_id)
    await check_refusals(table, game_id)
    await assert_privacy(table, game_id)


async def test_an_active_game_from_dms_then_finished_with_a_revealing_package(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    world = table.world
    monkeypatch.setitem(packages._PACKAGES, "highcard", dataclasses.replace(PACKAGE, replay_reveals_private=True))
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    offered = await world.autocomplete(ALICE, "game log", "game", {"game": ""})
    assert [choice["value"] for choice in offered] == [game_id]
    rec = await world.slash(ALICE, "game log", {"game": game_id})
    assert rec.messages[-1].ephemeral and rec.messages[-1].embeds and position(rec.messages[-1]) == (1, 1)
    refused = await world.slash(DAVE, "game log", {"game": game_id})
    assert refused.messages[-1].ephemeral and not refused.messages[-1].embeds
    rng = random.Random(4)
    for moves in (1, 2):
        record = await table.record(game_id)
        seat = Match.from_json(registry.get("highcard"), record.state or {}).awaited_seats()[0]
        await table.take_turn(record.players[seat], game_id, rng)
        _, pages = await read_log(table, CAROL, record.thread_id or 0)
        assert [int(found[1]) for line in log_lines(pages) if (found := STEP_HEADER.match(line))] == list(range(1, moves + 1))
    active = (await world.slash(CAROL, "game replay", {"game": game_id})).messages[-1]
    assert [file.filename for file in active.attachments] == [f"board-{game_id}-v0.webp"], "nothing private while playing"
    await table.play_to_end(game_id, rng)
    offered = await world.autocomplete(CAROL, "game replay", "game", {"game": ""})
    assert [choice["value"] for choice in offered] == [game_id], "finished games stay on offer"
    finished = (await world.slash(CAROL, "game replay", {"game": game_id})).messages[-1]
    assert [file.filename for file in finished.attachments] == [
        f"board-{game_id}-v0.webp", f"private-{game_id}-v0-s0.webp", f"private-{game_id}-v0-s1.webp"]
