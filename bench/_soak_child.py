"""One life of the soak bench's bot process: `python -m bench._soak_child DIR (--play | --settle)`.

The parent kills it with SIGKILL at a random moment. What Discord would remember across the bot's death
(threads and the bot's channel messages) is appended to DIR/discord.jsonl as it happens and restored
at the next start, so "was this board already posted?" has a true answer after a crash. Acknowledged
actions (the player saw "Done") are appended to DIR/acks.log.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from bench.doorbell import Doorbell, ring_on_messages
from tests.e2e.conftest import RATE_LIMIT_SCALE
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.records import FakeChannel, RecordedFile, RecordedMessage

GAMES = 6
USERS_PER_GAME = 3


def restore(world: FakeDiscord, journal: Path) -> None:
    """Threads and channel messages from earlier lives, as Discord itself would still have them."""
    if not journal.exists():
        return
    remembered = 0
    for line in journal.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line of a killed process may be cut short
        remembered = max(remembered, entry["thread"]["id"] if "thread" in entry else entry["id"])
        if "thread" in entry:
            world.channels[entry["thread"]["id"]] = FakeChannel(**entry["thread"])
        else:
            files = tuple(RecordedFile(0, name, b"", "") for name in entry["files"])
            world._messages[entry["id"]] = RecordedMessage(  # noqa: SLF001 - restoring the fake's own store
                id=entry["id"], channel_id=entry["channel_id"], kind="channel", ephemeral=False, author=world.bot_user,
                content=entry["content"], embeds=(), components=(), attachments=files, flags=0, payload={},
                guild_id=GUILD)
    world.ids.continue_after(remembered)  # every life starts on the same clock: new ids come after the old


def journal_messages(world: FakeDiscord, out: TextIO) -> None:
    """Append every channel message snapshot (and each new thread) the bot produces."""
    original = world._commit  # noqa: SLF001 - the harness's single recording point
    saved_threads: set[int] = set()

    def recording(msg: RecordedMessage, rec: Any) -> RecordedMessage:
        result = original(msg, rec)
        channel = world.channels.get(msg.channel_id)
        if msg.ephemeral or channel is None or channel.is_dm:
            return result
        if channel.is_thread and channel.id not in saved_threads:
            fields = {f.name: getattr(channel, f.name) for f in dataclasses.fields(channel) if f.name != "members"}
            out.write(json.dumps({"thread": fields}) + "\n")
            saved_threads.add(channel.id)
        out.write(json.dumps({"id": msg.id, "channel_id": msg.channel_id, "content": msg.content[:200],
                              "files": [file.filename for file in msg.attachments]}) + "\n")
        out.flush()
        return result

    world._commit = recording  # type: ignore[method-assign]  # noqa: SLF001


class Acks:
    """Acknowledged actions, noted the moment the player is told "Done" (the ephemeral reply reaches
    Discord), not when the harness next finds the whole bot idle: a kill between the two must count the
    action as acknowledged. Each line is a game and the version its action made (at least)."""

    def __init__(self, world: FakeDiscord, out: TextIO) -> None:
        self.out = out
        self.pending: dict[int, tuple[int, int]] = {}
        """Per user, the game and version of the action they are waiting to hear about (one at a time)."""
        original = world._commit  # noqa: SLF001 - the harness's single recording point

        def recording(msg: RecordedMessage, rec: Any) -> RecordedMessage:
            result = original(msg, rec)
            user = msg.interaction_user_id
            if msg.ephemeral and user in self.pending and ("Done" in msg.text or "実行しました" in msg.text):
                self.out.write("{} {}\n".format(*self.pending.pop(user)))
                self.out.flush()
            return result

        world._commit = recording  # type: ignore[method-assign]  # noqa: SLF001


async def play(table: Table, game_id: int, user: int, acks: Acks, rng: random.Random, bell: Doorbell) -> None:
    """Type random legal moves with /game play while this game lasts; each acknowledged one is noted. The
    player looks again when the game's thread or their DMs change, as a notified player would."""
    wake = bell.listener((await table.record(game_id)).thread_id, ("dm", user))
    while (turn := await table.await_turn(game_id, user, wake=wake)) is not None:
        match, seat = turn
        record = await table.record(game_id)
        action = rng.choice(match.legal_actions(seat))
        acks.pending[user] = (game_id, match.version + 1)
        await table.world.slash(user, "game play", {"action": f"{action.notation}#{match.decisions[seat]}", "game": game_id},
                                channel_id=record.thread_id, guild_id=GUILD)
        acks.pending.pop(user, None)  # refused (another seat moved first): nothing to acknowledge


async def main(folder: Path, mode: str) -> None:
    # Discord's rate limits hold, over the tests' short windows: at Discord's own pacing a new life would
    # spend its first seconds re-opening every player's DM channel (one a second) and barely play.
    async with FakeDiscord(rate_limit_scale=RATE_LIMIT_SCALE) as world:
        world.settle_timeout = 600  # the tests' 10 s limit would end a life on a loaded machine: the harness's failure, not the bot's
        world.add_guild(GUILD, "soak", locale="ja")
        world.add_channel(GUILD, CHANNEL, "games")
        users = [2000 + n for n in range(GAMES * USERS_PER_GAME)]
        for user in users:
            world.add_user(user, f"p{user}")
        restore(world, folder / "discord.jsonl")
        with open(folder / "discord.jsonl", "a", encoding="utf-8") as journal, open(folder / "acks.log", "a") as acked:
            journal_messages(world, journal)
            acks = Acks(world, acked)
            table = Table(world, folder / "soak.sqlite3")
            await table.boot()
            await world.settle()
            if mode == "--settle":
                return
            games = [record.id for record in await table.bot.store.list_games(statuses=("active",), limit=GAMES)]
            while len(games) < GAMES:
                kind = "warchest" if len(games) % 2 == 0 else "wallofwar"
                seats = users[len(games) * USERS_PER_GAME:][: 2 if kind == "warchest" else 3]
                games.append(await table.start_game(seats[0], seats[1:], kind))
            (folder / "ready").touch()
            rng = random.Random()
            bell = Doorbell()
            ring_on_messages(world, bell)
            world.settle_each_interaction = True  # a move waits for its own work, not for every game's
            seated = [(game_id, user) for game_id in games for user in (await table.record(game_id)).players]
            await asyncio.gather(*(play(table, game_id, user, acks, rng, bell) for game_id, user in seated))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2]))
