"""Plays games through Discord the way people do: lobby buttons, Take turn, the picker, restarts.

Shared by every game's end-to-end test, so a new game gets a full Discord run by calling `play_game`.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Awaitable, Callable, Sequence

from engine import registry
from engine.core.match import Match
from engine.core.types import Action
from storage import open_store
from storage.base import GameRecord
from discord_ui.bot import TabletopBot
from discord_ui.courier import Courier
from tabletop.runtime.config import Config
from tabletop.presentation.picker import build, decode, menu
from tabletop.play.service import game_options
from tests.fakediscord import FakeDiscord, InteractionRecord, RecordedMessage

GUILD, CHANNEL, LOCKED = 1, 10, 11
Policy = Callable[[Match, int, random.Random], str]
PICK = re.compile(r"^tt:(pick|psel|pset):(\d+):(\d+):([0-9.]*)$")
"""Forward picker items only: a Back button ends in "~" and does not match."""


@dataclass
class FakeClock:
    """The platform's clock in tests: games over days happen in a moment by moving it."""

    now_at: float = 1_795_000_000.0  # 2026-11-19, a Thursday

    def now(self) -> float:
        return self.now_at

    def advance(self, seconds: float) -> None:
        self.now_at += seconds


def make_bot(db_path: Path, extra_cogs: tuple[str, ...], clock: FakeClock, pace: float = 1.0) -> TabletopBot:
    """`pace`: the fake's rate-limit windows are this fraction of Discord's, and the bot paces itself to them."""
    config = Config(token=None, database_path=str(db_path), dev_guild_id=None, log_level="INFO", extra_cogs=extra_cogs,
                    channel_pace=pace)
    return TabletopBot(config, open_store(str(db_path)), now=clock.now)


@dataclass
class Table:
    """One simulated server with a bot on a database file; `restart` swaps in a new bot object."""

    world: FakeDiscord
    db_path: Path
    extra_cogs: tuple[str, ...] = ()
    bot: TabletopBot = field(init=False)
    clock: FakeClock = field(default_factory=FakeClock)
    """The bot's clock, kept across restarts; tests move it instead of sleeping."""
    commits: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    """Per game, (interactions delivered so far, version reached) each time `take_turn` commits: marks
    the figures (tests/e2e/figures.py) use to attribute each player's click to the action it led to."""

    def __post_init__(self) -> None:
        self.world.clock = self.clock.now  # one time for bot and Discord: threads archive, tokens expire

    async def boot(self) -> None:
        self.bot = make_bot(self.db_path, self.extra_cogs, self.clock, self.world.ratelimits.scale)
        self.world.paces_itself(*Courier.pacing())
        await self.world.attach(self.bot)

    async def restart(self) -> None:
        await self.boot()

    async def record(self, game_id: int) -> GameRecord:
        record = await self.bot.store.get_game(game_id)
        assert record is not None
        return record

    async def open_lobby(self, host: int, game: str, players: int | None = None, channel: int = CHANNEL) -> tuple[int, RecordedMessage]:
        options = {"game": game} | ({"players": players} if players else {})
        rec = await self.world.slash(host, "game new", options, channel_id=channel, guild_id=GUILD)
        lobby = self.world.message(rec.original_id)
        game_id = int(next(cid for cid in lobby.custom_ids() if cid.startswith("tt:lobby:join:")).rsplit(":", 1)[1])
        return game_id, lobby

    async def start_game(self, host: int, guests: list[int], game: str, options: dict[str, str] | None = None,
                         channel: int = CHANNEL) -> int:
        game_id, lobby = await self.open_lobby(host, game, len(guests) + 1, channel)
        for key, value in (options or {}).items():
            await self.world.select(host, lobby, f"tt:lopt:{game_id}:{key}", [value])
        for guest in guests:
            await self.world.click(guest, lobby, f"tt:lobby:join:{game_id}")
        await self.world.click(host, lobby, f"tt:lobby:start:{game_id}")
        assert (await self.record(game_id)).status == "active"
        return game_id

    async def await_turn(self, game_id: int, user: int, poll: float = 0.005,
                         stop: Callable[[], bool] = lambda: False,
                         wake: Callable[[], Awaitable[object]] | None = None) -> tuple[Match, int] | None:
        """Wait until `user` must decide in this game: (match, seat), or None once the game is over (or
        `stop()` says the caller is done waiting). Between looks it sleeps `poll` seconds, or awaits
        `wake()` (a load test wakes a player when the game's thread changes, as a notification would,
        instead of reading the database 200 times a second per seat)."""
        while not stop():
            record = await self.record(game_id)
            if record.status != "active":
                return None
            match = Match.from_json(registry.get(record.game_type), record.state or {})
            seat = record.seat_of(user)
            if seat is not None and seat in match.awaited_seats():
                return match, seat
            await (wake() if wake is not None else asyncio.sleep(poll))
        return None

    def latest_board(self, record: GameRecord) -> RecordedMessage:
        where = record.thread_id or record.channel_id
        boards = [m for m in self.world.messages_in(where) if f"tt:take:{record.id}" in m.custom_ids()]
        assert boards, "no board with a Take turn button"
        return boards[-1]

    async def take_turn(self, user: int, game_id: int, rng: random.Random, board: RecordedMessage | None = None,
                        policy: Policy | None = None) -> InteractionRecord:
        """Decide from the "your turn" DM when it holds this decision's menu (a player notified on their
        phone taps there), else click Take turn on the board; then walk the picker until the action is
        committed. A given `board` forces the Take turn route (an old board after a restart). Returns the
        click that completed the action.

        Without a policy each level's choice is random; with one, the driver clicks the path to the
        notation the policy picks, exactly as a player aiming for that move would.
        """
        record = await self.record(game_id)
        before = record.version
        match = Match.from_json(registry.get(record.game_type), record.state or {})
        seat = record.seat_of(user)
        assert seat is not None
        target: tuple[int, ...] | None = None
        if policy is not None:
            target = path_to(match.legal_actions(seat), policy(match, seat, rng))
        picker = None if board is not None else self.dm_menu(user, game_id, match.decisions[seat])
        if picker is None:
            await self.world.click(user, board or self.latest_board(record), f"tt:take:{game_id}")
            picker = self.world.last_message(ephemeral_for=user)
        for _ in range(12):
            picker = self.world.message(picker.id)
            forward = self._forward_choices(picker)
            assert forward, f"picker without choices: {picker.content!r}"
            if target is None:
                kind, custom_id, value, _ = rng.choice(forward)
            else:
                # the deepest choice on the way: a set's multi-select sits at its level, its options below
                kind, custom_id, value, _ = max((choice for choice in forward if choice[3] == target[: len(choice[3])]),
                                                key=lambda choice: len(choice[3]))
            if kind == "pick":
                rec = await self.world.click(user, picker, custom_id)
            elif kind == "pset":
                rec = await self.world.select(user, picker, custom_id, self._set_values(match.legal_actions(seat), value, target, rng))
            else:
                rec = await self.world.select(user, picker, custom_id, [value])
            after = await self.record(game_id)
            if after.version != before:
                self.commits.setdefault(game_id, []).append((len(self.world.interactions), after.version))
                return rec
        raise AssertionError("the picker never reached an action")

    async def turns_at_once(self, games: Sequence[int], rng: random.Random) -> None:
        """In every game, its first awaited player takes a turn, all at the same moment (a busy server)."""
        turns = []
        for game_id in games:
            record = await self.record(game_id)
            seat = Match.from_json(registry.get(record.game_type), record.state or {}).awaited_seats()[0]
            turns.append(self.take_turn(record.players[seat], game_id, rng))
        await asyncio.gather(*turns)

    def dm_menu(self, user: int, game_id: int, decision: int) -> RecordedMessage | None:
        """The newest DM to `user` whose menu belongs to this game and this decision of theirs."""
        for message in reversed(self.world.dms_to(user)):
            for component in message.all_components():
                found = PICK.match(component.get("custom_id", ""))
                if found and int(found.group(2)) == game_id:
                    return message if int(found.group(3)) == decision else None
        return None

    @staticmethod
    def _forward_choices(picker: RecordedMessage) -> list[tuple[str, str, str, tuple[int, ...]]]:
        """(kind, custom id, select value, tree path it leads to) for every forward choice shown."""
        found: list[tuple[str, str, str, tuple[int, ...]]] = []
        for component in picker.all_components():
            match = PICK.match(component.get("custom_id", ""))
            if not match:
                continue
            if match.group(1) in ("pick", "pset"):
                path = decode(match.group(4))
                assert path is not None
                found.append((match.group(1), component["custom_id"], match.group(4), path))
            else:
                for option in component.get("options", []):
                    value = decode(option["value"])
                    assert value is not None
                    found.append(("psel", component["custom_id"], option["value"], value))
        return found

    @staticmethod
    def _set_values(actions: Sequence[Action], at: str, target: tuple[int, ...] | None, rng: random.Random) -> list[str]:
        """The elements to tick in a set choice's multi-select: those of the targeted set, else of a
        random one of the sets offered (a player ticks a combination that is one of the options)."""
        position = decode(at)
        assert position is not None
        found = menu(actions, position)
        assert found is not None
        entries = [entry for group in found.groups if group.members for entry in group.entries]
        if target is not None:
            entry = next(entry for entry in entries if entry.path == target[: len(entry.path)])
        else:
            entry = rng.choice(entries)
        return [member.key for member in entry.steps[-1].members or ()]

    async def play_to_end(self, game_id: int, rng: random.Random, restart_at: int | None = None, max_actions: int = 3000,
                          policy: Policy | None = None) -> int:
        """Random legal play through the picker; returns the number of actions taken."""
        for count in range(max_actions):
            record = await self.record(game_id)
            if record.status != "active":
                return count
            if count == restart_at:
                board = self.latest_board(record)
                await self.restart()
                seat = Match.from_json(registry.get(record.game_type), record.state or {}).awaited_seats()[0]
                await self.take_turn(record.players[seat], game_id, rng, board, policy)
                continue
            match = Match.from_json(registry.get(record.game_type), record.state or {})
            seat = rng.choice(match.awaited_seats())
            await self.take_turn(record.players[seat], game_id, rng, policy=policy)
        raise AssertionError("game did not end")


def path_to(actions: tuple[Action, ...], notation: str) -> tuple[int, ...]:
    """The picker's index path to the action with this notation (what the custom ids encode)."""
    target = next(a for a in actions if a.notation == notation)
    node, path = build(actions), []
    for step in target.path:
        path.append(list(node.children).index(step.key))
        node = node.children[step.key]
    assert node.action is not None and node.action.notation == notation
    return tuple(path)


def private_event_texts(record: GameRecord, actions: list[tuple[int, str]], names: dict[int, str]) -> dict[int, set[str]]:
    """Every private event line each seat received, in both languages, by replaying the stored log."""
    game = registry.get(record.game_type)
    match = Match.start(game, len(record.players), record.seed or 0, game_options(record.options))
    secrets: dict[int, set[str]] = {seat: set() for seat in range(len(record.players))}
    for step in match.replay_steps(actions):
        for event in step.events:
            if event.seat is not None:
                for locale in ("ja", "en"):
                    secrets[event.seat].add(event.text.render(locale, names))
    return secrets


async def assert_privacy(table: Table, game_id: int) -> None:
    """Nothing private to one player appears in any version of a public message or of another player's
    DMs and ephemerals (a message edited later still showed its earlier versions)."""
    world = table.world
    record = await table.record(game_id)
    actions = [(a.seat, a.action) for a in await table.bot.store.actions(game_id)]
    names = {seat: await table.bot.display_name(user) for seat, user in enumerate(record.players)}
    secrets = private_event_texts(record, actions, names)
    public = world.every_version(channels={record.channel_id, record.thread_id or record.channel_id})
    seen_by = {seat: world.every_version(seen_by=user) for seat, user in enumerate(record.players)}
    for message in public:
        for file in message.attachments:
            assert not file.filename.startswith("private-"), f"private image in public: {file.filename}"
        lines = set(message.text.splitlines())
        for seat, texts in secrets.items():
            leaked = texts & lines
            assert not leaked, f"seat {seat}'s private text in public: {sorted(leaked)[:2]}"
    for seat, messages in seen_by.items():
        for message in messages:
            for file in message.attachments:
                owner = re.search(r"-s(\d+)\.webp$", file.filename)
                if file.filename.startswith("private-"):
                    assert owner and int(owner.group(1)) == seat, f"{file.filename} shown to seat {seat}"
            lines = set(message.text.splitlines())
            for other, texts in secrets.items():
                if other != seat:
                    leaked = (texts - secrets[seat]) & lines
                    assert not leaked, f"seat {other}'s private text shown to seat {seat}: {sorted(leaked)[:2]}"
