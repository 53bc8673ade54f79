"""Shared steps of the AI-in-Discord tests: lobbies with AI seats, a human playing while the AI answers,
and spies on what the bot sends."""

from __future__ import annotations

import random
import re

from engine import registry
from engine.core.match import Match
from storage.base import GameRecord
from discord_ui import announce
from tabletop.play.ai_seats import is_ai
from tabletop.delivery.scheduler import run_pass
from tests.e2e.driver import CHANNEL, GUILD, Table, private_event_texts
from tests.fakediscord import RecordedMessage


async def open_lobby(table: Table, host: int, game: str, players: int) -> tuple[int, RecordedMessage]:
    return await table.open_lobby(host, game, players)


async def open_panel(table: Table, user: int, game_id: int, lobby: RecordedMessage) -> RecordedMessage:
    await table.world.click(user, lobby, f"tt:ai:panel:{game_id}")
    return table.world.last_message(ephemeral_for=user)


async def add_ai(table: Table, host: int, game_id: int, lobby: RecordedMessage, *levels: str) -> RecordedMessage:
    panel = await open_panel(table, host, game_id, lobby)
    for level in levels:
        await table.world.click(host, table.world.message(panel.id), f"tt:ai:add:{game_id}:{level}")
    return table.world.message(panel.id)


async def start_with_ai(table: Table, host: int, guests: list[int], game: str, levels: list[str]) -> int:
    game_id, lobby = await open_lobby(table, host, game, 1 + len(guests) + len(levels))
    for guest in guests:
        await table.world.click(guest, lobby, f"tt:lobby:join:{game_id}")
    await add_ai(table, host, game_id, lobby, *levels)
    await table.world.click(host, table.world.message(lobby.id), f"tt:lobby:start:{game_id}")
    assert (await table.record(game_id)).status == "active"
    return game_id


def match_of(record: GameRecord) -> Match:
    return Match.from_json(registry.get(record.game_type), record.state or {})


async def play_people(table: Table, game_id: int, rng: random.Random, max_actions: int = 600) -> int:
    """People take their turns (random legal picks) until the game ends; the AI must answer every decision
    of its own seats by itself (settled after each click). Returns the people's action count."""
    for count in range(max_actions):
        record = await table.record(game_id)
        if record.status != "active":
            return count
        awaited = match_of(record).awaited_seats()
        people = [seat for seat in awaited if not is_ai(record.players[seat])]
        assert people, f"only AI seats {awaited} are awaited and nothing answers them"
        await table.take_turn(record.players[rng.choice(people)], game_id, rng)
    raise AssertionError("game did not end")


def spy_dms(table: Table) -> list[int]:
    """The user ids the bot opens DMs with from now on."""
    opened: list[int] = []
    original = table.bot.create_dm

    async def create_dm(user):  # type: ignore[no-untyped-def]
        opened.append(user.id)
        return await original(user)

    table.bot.create_dm = create_dm  # type: ignore[method-assign]
    return opened


def public_texts(table: Table, record: GameRecord) -> list[str]:
    return [m.text for m in table.world.every_version(channels={CHANNEL, record.thread_id or CHANNEL})]


async def scheduler_pass(table: Table) -> None:
    await table.world.run(run_pass(table.bot))
    await table.world.settle()


async def settings(table: Table, **values: object) -> None:
    await table.bot.store.update_guild_settings(GUILD, dict(values))


async def assert_privacy(table: Table, game_id: int) -> None:
    """tests/e2e/driver.assert_privacy for tables with AI seats: nothing private to any seat (an AI's
    hand included) is in a public message, and each person sees only their own secrets."""
    world = table.world
    record = await table.record(game_id)
    actions = [(a.seat, a.action) for a in await table.bot.store.actions(game_id)]
    names = await announce.seat_names(table.bot, record)
    secrets = private_event_texts(record, actions, names)
    for message in world.every_version(channels={record.channel_id, record.thread_id or record.channel_id}):
        assert not any(file.filename.startswith("private-") for file in message.attachments), message.text
        lines = set(message.text.splitlines())
        for seat, texts in secrets.items():
            assert not texts & lines, f"seat {seat}'s private text in public"
    for seat, user in enumerate(record.players):
        if is_ai(user):
            continue
        for message in world.every_version(seen_by=user):
            for file in message.attachments:
                owner = re.search(r"-s(\d+)\.\w+$", file.filename)
                if file.filename.startswith("private-"):
                    assert owner and int(owner.group(1)) == seat, f"{file.filename} shown to seat {seat}"
            lines = set(message.text.splitlines())
            for other, texts in secrets.items():
                if other != seat:
                    assert not (texts - secrets[seat]) & lines, f"seat {other}'s private text shown to seat {seat}"
