"""Hostile input against every game through the offline harness: forged custom ids and select values,
garbage notation, forged option values and hostile names. Every input must get a short private answer,
log no exception, and leave the stored games byte-for-byte unchanged.

Shared by `tests/e2e/test_fuzz.py` (a short run in `make test`) and `python -m bench fuzz` (a long one).
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

import discord

from engine import registry
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import InteractionRecord

PLAYERS = (100, 102, 103)
STRANGER = 104
ADMIN_BITS = discord.Permissions(manage_guild=True, view_channel=True, send_messages=True).value
WEIRD = ["", " ", "#", "²", "٣", "9" * 30, "-1", "1e9", "1.2.", "..", "\x00", "🂡", "<@123456789012345678>", "@everyone",
         "x" * 2100, "!forfeit", "!resign", "draw#²", "draw#99999999999", "{s0}", "%s", "'; DROP TABLE games; --"]


@dataclass
class FuzzReport:
    inputs: int = 0
    refused_privately: int = 0
    problems: list[str] = field(default_factory=list)


def snapshot(db_path: Path) -> list[tuple[Any, ...]]:
    """Every stored byte that a refused input must not change: games, seats, actions, settings."""
    with sqlite3.connect(db_path) as db:
        games = db.execute("SELECT id, status, options, capacity, seed, state, version FROM games ORDER BY id").fetchall()
        seats = db.execute("SELECT game_id, seat, user_id FROM seats ORDER BY game_id, user_id").fetchall()
        actions = db.execute("SELECT game_id, seq, seat, action FROM actions ORDER BY game_id, seq").fetchall()
        settings = db.execute("SELECT guild_id, settings FROM guild_settings ORDER BY guild_id").fetchall()
    return [*games, *seats, *actions, *settings]


def noise(rng: random.Random) -> str:
    return rng.choice(WEIRD) if rng.random() < 0.5 else "".join(chr(rng.randint(32, 0x3000)) for _ in range(rng.randint(1, 40)))


def forged_custom_id(rng: random.Random, game_id: int, decision: int) -> str:
    number = rng.choice([game_id, game_id + 1, 0, 2**63, 2**64 + 5, rng.randint(1, 10**18)])
    wrong_decision = decision + rng.randint(1, 5)
    path = ".".join(str(rng.randint(0, 40)) for _ in range(rng.randint(0, 5)))
    return rng.choice([
        f"tt:pick:{number}:{wrong_decision}:{path}", f"tt:pick:{number}:{wrong_decision}:{noise(rng)[:20]}",
        f"tt:psel:{number}:{wrong_decision}:{path}", f"tt:take:{number}", f"tt:info:{number}", f"tt:resign:{number}x",
        f"tt:lobby:{rng.choice(['join', 'leave', 'start', 'cancel'])}:{number}", f"tt:lopt:{number}:{noise(rng)[:10]}",
        f"tt:{noise(rng)[:30]}", noise(rng)[:100] or "x",
    ])


async def fuzz(table: Table, rounds: int, rng: random.Random) -> FuzzReport:
    """Start one active game of every registered game, then send `rounds` hostile inputs at random."""
    world = table.world
    world.user(PLAYERS[1]).name = "\u200b\u202e<@123456789012345678>**x**"
    games: list[tuple[int, str]] = []
    for game_id in registry.games():
        count = min(registry.get(game_id).player_counts)
        games.append((await table.start_game(PLAYERS[0], list(PLAYERS[1:count]), game_id), game_id))
    world.user(PLAYERS[2]).guild_permissions[GUILD] = ADMIN_BITS
    report = FuzzReport()
    for _ in range(rounds):
        game_id, game_type = rng.choice(games)
        record = await table.record(game_id)
        before = snapshot(table.db_path)
        user = rng.choice([*PLAYERS, STRANGER])
        send = rng.choice(SENDERS)
        rec = await send(table, rng, game_id, game_type, user)
        report.inputs += 1
        after = snapshot(table.db_path)
        if after != before:
            report.problems.append(f"{send.__name__} by {user} changed the database")
        answers = [m for m in rec.messages]
        if answers and all(m.ephemeral for m in answers):
            report.refused_privately += 1
        elif answers and send is not forged_click:
            report.problems.append(f"{send.__name__}: a public answer")
        if any(len(m.text) > 2000 for m in answers):
            report.problems.append(f"{send.__name__}: an answer over 2000 characters")
        del record
    report.problems += [str(error) for error in world.take_errors()]
    return report


Sender = Callable[[Table, random.Random, int, str, int], Awaitable[InteractionRecord]]


async def forged_click(table: Table, rng: random.Random, game_id: int, game_type: str, user: int) -> InteractionRecord:
    record = await table.record(game_id)
    board = table.latest_board(record)
    seat = record.seat_of(user)
    decision = 0 if seat is None else (record.state or {}).get("decisions", [0] * 8)[seat]
    custom_id = forged_custom_id(rng, game_id, decision)
    if custom_id.startswith(("tt:take:", "tt:info:")) and custom_id.endswith(f":{game_id}"):
        custom_id += "9"  # the genuine buttons are not hostile input
    values = [noise(rng)[:100]] if rng.random() < 0.5 else None
    channel = rng.choice([record.thread_id or CHANNEL, CHANNEL, 11])
    return await table.world.forge(user, board, custom_id, values=values, channel_id=channel)


async def garbage_move(table: Table, rng: random.Random, game_id: int, game_type: str, user: int) -> InteractionRecord:
    record = await table.record(game_id)
    return await table.world.slash(user, "game play", {"action": noise(rng), "game": rng.choice([game_id, 2**62 + 1, -5])},
                                   channel_id=record.thread_id, guild_id=GUILD, forged=True)


async def forged_options(table: Table, rng: random.Random, game_id: int, game_type: str, user: int) -> InteractionRecord:
    choice = rng.randrange(4)
    if choice == 0:
        options = {"players": rng.choice([0, 1, 99, -3]), "mode": noise(rng), "royal_guard": noise(rng)}
        return await table.world.slash(user, "warchest new", options, channel_id=CHANNEL, guild_id=GUILD, forged=True)
    if choice == 1:
        options = {"players": rng.choice([3, 7]), "first": rng.choice(["9", "0", noise(rng)]), "colours": noise(rng)}
        return await table.world.slash(user, "wallofwar new", options, channel_id=CHANNEL, guild_id=GUILD, forged=True)
    if choice == 2:
        return await table.world.slash(user, "warchest prefs", {"royal_guard": noise(rng)}, channel_id=CHANNEL,
                                       guild_id=GUILD, forged=True)
    options = {"language": noise(rng), "grace_hours": rng.choice([-5, 10**6]), "time_control": noise(rng),
               "reminders": noise(rng), "timeout_policy": noise(rng)}
    return await table.world.slash(PLAYERS[2], "game-settings", options, channel_id=CHANNEL, guild_id=GUILD, forged=True)


SENDERS: list[Sender] = [forged_click, forged_click, garbage_move, forged_options]
