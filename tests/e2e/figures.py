"""How noisy one game is for its players: what the bot posted, whom it pinged, what it uploaded, how many clicks.

Everything is read back from what the offline Discord recorded plus the store's action log, so the same
figures can be taken for any game the e2e driver plays and compared before and after a change to the bot.

Attribution: a message belongs to the game when it is newer than the game's lobby message (snowflakes only
grow) and sits in the game's thread (its channel when it has none), in a player's DMs, or is an ephemeral
shown to a player. That is exact while the world hosts one game at a time, as in the tests and the bench.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine import registry
from engine.core.match import Match
from storage.base import ActionRecord, GameRecord
from tests.e2e.driver import Table
from tests.fakediscord import FakeDiscord, RecordedMessage

COMPONENT = 3
"""Interaction type of a button click or a select choice (slash commands and modal submits are not clicks)."""

Commit = tuple[int, int]
"""(interactions delivered so far, game version reached), as `Table.commits` records it."""


@dataclass(frozen=True)
class SeatFigures:
    """What one player got from the bot during the game."""

    seat: int
    user_id: int
    mentions: int
    """`<@id>` in thread messages as first shown: Discord pings on posting, not on later edits."""
    dms: int
    handovers: int
    """Times a decision passed to this seat: awaited after an action and not before it (the start counts once)."""


@dataclass(frozen=True)
class ImageBytes:
    """Bytes of every image uploaded for the game; an attachment kept across edits is counted once."""

    thread: int
    dm: int
    ephemeral: int

    @property
    def total(self) -> int:
        return self.thread + self.dm + self.ephemeral


@dataclass(frozen=True)
class GameFigures:
    """One game's noise: comparable across runs because the bench replays the same seeded games."""

    game_type: str
    actions: int
    thread_messages: int
    """Messages the bot posted in the game's thread (or channel); edits of a message are not new messages."""
    seats: tuple[SeatFigures, ...]
    images: ImageBytes
    clicks: tuple[int, ...]
    """Player clicks per committed action, in log order: each click counts for the next action committed."""

    @property
    def clicks_mean(self) -> float:
        return statistics.fmean(self.clicks) if self.clicks else 0.0

    @property
    def clicks_median(self) -> float:
        return float(statistics.median(self.clicks)) if self.clicks else 0.0


def measure(world: FakeDiscord, record: GameRecord, log: Sequence[ActionRecord], commits: Sequence[Commit]) -> GameFigures:
    """The figures of one game from the world's records, its stored log and the driver's commit marks."""
    since = record.lobby_message_id or 0
    where = record.thread_id or record.channel_id
    dm_channels = {channel: user for user in record.players if (channel := world.user(user).dm_channel_id) is not None}
    players = set(record.players)
    snapshots = [m for m in world.records if m.id > since]
    public = _first_shown(m for m in snapshots if m.channel_id == where and not m.ephemeral)
    dms = _first_shown(m for m in snapshots if m.channel_id in dm_channels and not m.ephemeral)
    handovers = _handovers(record, log)
    seats = tuple(
        SeatFigures(
            seat=seat,
            user_id=user,
            mentions=sum(len(re.findall(rf"<@!?{user}>", m.text)) for m in public),
            dms=sum(dm_channels[m.channel_id] == user for m in dms),
            handovers=handovers[seat],
        )
        for seat, user in enumerate(record.players)
    )
    images: dict[str, dict[int, int]] = {"thread": {}, "dm": {}, "ephemeral": {}}
    for message in snapshots:
        if message.ephemeral and message.interaction_user_id in players:
            bucket = images["ephemeral"]
        elif message.ephemeral:
            continue
        elif message.channel_id in dm_channels:
            bucket = images["dm"]
        elif message.channel_id == where:
            bucket = images["thread"]
        else:
            continue
        for file in message.attachments:
            if (file.content_type or "").startswith("image/"):
                bucket[file.id] = file.size
    return GameFigures(
        game_type=record.game_type,
        actions=len(log),
        thread_messages=len(public),
        seats=seats,
        images=ImageBytes(**{bucket: sum(sizes.values()) for bucket, sizes in images.items()}),
        clicks=_clicks_per_action(world, record, log, commits),
    )


async def figures_of(table: Table, game_id: int) -> GameFigures:
    """`measure` for a game the driver played on this table."""
    record = await table.record(game_id)
    log = await table.bot.store.actions(game_id)
    return measure(table.world, record, log, table.commits.get(game_id, []))


def _first_shown(snapshots: Iterable[RecordedMessage]) -> list[RecordedMessage]:
    """One snapshot per message: the first one with something in it (not a "thinking…" placeholder)."""
    first: dict[int, RecordedMessage] = {}
    for message in snapshots:
        if not message.loading:
            first.setdefault(message.id, message)
    return list(first.values())


def _handovers(record: GameRecord, log: Sequence[ActionRecord]) -> list[int]:
    """Replays the log from the seed, counting for each seat how often it newly became awaited."""
    match = Match.start(registry.get(record.game_type), len(record.players), record.seed or 0, record.options)
    awaited = set(match.awaited_seats())
    counts = [int(seat in awaited) for seat in range(len(record.players))]
    for entry in log:
        match = match.play(entry.seat, entry.action).match
        now = set(match.awaited_seats())
        for seat in now - awaited:
            counts[seat] += 1
        awaited = now
    return counts


def _clicks_per_action(
    world: FakeDiscord, record: GameRecord, log: Sequence[ActionRecord], commits: Sequence[Commit]
) -> tuple[int, ...]:
    """Player clicks since the lobby (lobby buttons excluded), each given to the first action committed after it.

    A commit mark (n, v) closes a window: the clicks among the first n interactions not yet counted go to
    the first action past the previous mark's version; actions the bot chained on its own (automatic
    answers) get none. Clicks after the last mark belong to a decision still in progress and are left out.
    """
    players = set(record.players)
    counts = [0] * len(log)
    start, version = 0, 0  # a match starts at version 0 and log[i] produced version i + 1
    for count, reached in commits:
        counts[version] += sum(
            rec.type == COMPONENT and rec.user.id in players and rec.id > (record.lobby_message_id or 0)
            and rec.message_id != record.lobby_message_id
            for rec in world.interactions[start:count]
        )
        start, version = count, reached
    return tuple(counts)


def format_figures(games: Mapping[str, GameFigures]) -> str:
    """One line per game; per-player columns list the seats in order, separated by "/"."""
    header = ("game", "actions", "thread msgs", "mentions", "DMs", "handovers",
              "img thread KiB", "img DM KiB", "img eph KiB", "img total KiB", "clicks/action mean", "median")
    rows: list[tuple[str, ...]] = [header]
    for label, figures in games.items():
        rows.append((
            label,
            str(figures.actions),
            str(figures.thread_messages),
            "/".join(str(seat.mentions) for seat in figures.seats),
            "/".join(str(seat.dms) for seat in figures.seats),
            "/".join(str(seat.handovers) for seat in figures.seats),
            *(f"{size / 1024:,.0f}" for size in (figures.images.thread, figures.images.dm, figures.images.ephemeral,
                                                 figures.images.total)),
            f"{figures.clicks_mean:.2f}",
            f"{figures.clicks_median:.1f}",
        ))
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    return "\n".join(
        "  ".join([row[0].ljust(widths[0]), *(cell.rjust(width) for cell, width in zip(row[1:], widths[1:]))])
        for row in rows
    )
