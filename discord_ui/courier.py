"""One writer per game thread and per turn DM, the newest state winning: a busy game within Discord's limits.

Discord takes 5 new messages and 5 edits per 5 s in a channel (a game's thread, a player's DMs). A busy game
(moves a few hundred milliseconds apart, an AI seat answering at once, a table playing live) hands the
decision over faster than that; a board per handover would queue behind the channel's bucket, and the
thread would show each move seconds late, on its own board. So every board write of a game goes through
its courier:

- one write at a time per game; a publish arriving while another is written, or waits for its lane, joins
  the pending one (its lines added in version order, the seats it hands the decision to added), and the next
  write shows the newest state: one board covers every move made since the last, and mentions exactly the
  seats that must decide now;
- writes are paced per lane (new messages, edits) at four fifths of the channel bucket's rate, so they wait
  neither on Discord's 429s nor on discord.py's own sleep until a window resets, and any write keeps half an
  interval after the last, so the two lanes alternate; when a new board is owed but the post lane is busy for
  a while, the current board is redrawn in place to the newest position at once, and the new message with its
  mentions follows when the lane frees — for the seats that rely on the thread's mention: a seat told by DM
  has its notice already, and a busy thread is spared a message per handover;
- pictures waiting for their lane are drawn just before it frees, off the path from a move to its board;
- a caller returns once the thread shows its state (and posted the new board its handover needs, unless the
  seats it named have moved on since), or Discord refused the write: the outbox advances only over what
  the thread really shows.

Turn DMs go the same way per seat: a notice waiting for the player's DM lane is replaced by a newer one for
the same game, and dropped when that seat has moved on meanwhile.

A quiet game meets none of this: each handover is posted the moment it happens.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field, replace
from typing import Awaitable, Callable, Protocol, Sequence

from engine.core.match import Match
from engine.core.types import Event
from storage.base import GameRecord

PREPARE_AHEAD = 0.3
"""A picture write waiting for its lane starts drawing this long (seconds) before the lane frees, so the draw is
not on the path from a move to its board; a state that moves on in that window costs one drawing."""
CATCH_UP = 0.25
"""A new board owed for longer than this (seconds) is first shown by redrawing the current one in place."""
MARGIN = 1.275
"""Writes are spaced 5/4 of the bucket's even spread, and 2% more for the jitter of a write's drawing time: four
writes per Discord window, never the fifth. The request that takes a window's last token makes discord.py sleep
until the window resets inside that very call (its bucket's pre-emptive wait), holding the game's writer for up
to a second, so a busy thread spaced at the even spread stalled once per window (bench load: click-to-board p99
1.0 s, writes p99 0.78 s; spaced this way p99 0.64 s, writes p99 0.12 s, at the same moves per second)."""
SWEEP_AT = 256
"""Past this many games or seats tracked, the idle ones are forgotten (a lane idle is a lane free)."""


class Lane:
    """One kind of write in one channel, at most one per `interval` seconds: four of Discord's bucket (5 per
    5 s) spread evenly, so a steady stream never meets its reset and a burst never waits a whole window."""

    __slots__ = ("interval", "free_at")

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.free_at = 0.0

    def wait(self, now: float) -> float:
        return max(0.0, self.free_at - now)

    def take(self, now: float) -> None:
        self.free_at = now + self.interval


@dataclass
class Pending:
    """What the next write of a game's board must show: the newest state, the lines not yet written (by the
    version that produced them), the seats owed a mention, and a header (a game's first board)."""

    record: GameRecord
    match: Match
    lines: dict[int, list[Event]] = field(default_factory=dict)
    pinged: dict[int, int] = field(default_factory=dict)
    """Seat → the newest version that handed it the decision, in the order the seats were handed it."""
    mention: set[int] = field(default_factory=set)
    dm: set[int] = field(default_factory=set)
    """Seats that hear of their turn by DM: in a busy thread the board redrawn in place is their board."""
    header: str | None = None

    def join(self, record: GameRecord, match: Match, events: Sequence[Event], pinged: Sequence[int],
             mention: Sequence[int], header: str | None, dm: Sequence[int] = ()) -> None:
        if match.version >= self.match.version:
            self.record, self.match = record, match
        if events:
            self.lines.setdefault(match.version, []).extend(events)
        for seat in pinged:
            self.pinged[seat] = max(self.pinged.get(seat, match.version), match.version)
        self.mention.update(mention)
        self.dm.update(dm)
        self.header = "\n".join(filter(None, [self.header, header])) or None

    @property
    def events(self) -> list[Event]:
        return [event for version in sorted(self.lines) for event in self.lines[version]]

    def done(self, shown: int, posted: int) -> bool:
        """Nothing left to write: every line written, the newest state shown, nobody owed a mention, and
        a finished game's final board posted."""
        return (not self.lines and self.header is None and self.match.version <= shown and not self.owed()
                and (not self.match.finished or posted >= self.match.version))

    def owed(self) -> list[int]:
        """The pinged seats still awaited in the newest state: a seat that has moved since needs no ping."""
        awaited = set(self.match.awaited_seats())
        return [seat for seat in self.pinged if seat in awaited]


@dataclass
class BoardState:
    """A game's thread as this process last wrote it."""

    lock: asyncio.Lock
    post: Lane
    edit: Lane
    board: int | None
    log: str | None
    joined: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when a publish joins: the writer waiting for a lane looks again."""
    pending: Pending | None = None
    shown: int = -1
    """The newest version the thread shows (on the board's picture or in its lines)."""
    picture: int = -1
    """The version the current board's picture shows."""
    posted: int = -1
    """The newest version a new board message was posted at."""
    last_write: float = float("-inf")
    """When this process last wrote the board (the clock of the lanes)."""
    prepared: int = -1
    """The newest version whose picture was started ahead of its write."""
    drawing: asyncio.Future[None] | None = None
    """The picture being drawn ahead (held so it is not collected while it runs)."""
    latest: Match | None = None
    """The newest state any publish of this game handed in (a turn DM for an older one may be moot)."""
    failed: int = -1
    """The newest version a write of was refused by Discord (the outbox retries it)."""

    def idle(self, now: float) -> bool:
        return self.pending is None and not self.lock.locked() and self.post.wait(now) == 0 and self.edit.wait(now) == 0


@dataclass(frozen=True, slots=True)
class Ticket:
    """One publish's place in its game's pending board: the version it must see shown, the seats it handed the
    decision to, and whether it ended the game."""

    state: BoardState
    version: int
    pinged: frozenset[int]
    final: bool


@dataclass(frozen=True, slots=True)
class Written:
    """A board write Discord accepted: the message, and its lines as written."""

    message_id: int
    log: str


class BoardIO(Protocol):
    """What the courier needs of a game's thread (discord_ui.board_message.DiscordBoard provides it for Discord)."""

    async def write(self, record: GameRecord, match: Match, events: Sequence[Event], pinged: Sequence[int],
                    header: str | None, mention: Sequence[int], how: str) -> Written | None:
        """Write one board: (record with the current board's id and lines, state, lines, seats handed the
        decision, header, seats to mention, how) where how is "post" (a new message), "update" (lines added
        in place, the picture kept) or "redraw" (in place, with the picture of this state)."""

    def young(self, message_id: int) -> bool:
        """Whether Discord still lets the bot edit this message freely (it refuses repeated edits of old ones)."""

    async def prepare(self, record: GameRecord, match: Match) -> None:
        """Draw the picture of this state ahead of its write (drawn once, kept for the write)."""


class Courier:
    """The boards and turn DMs of every game this process publishes, paced per channel."""

    @staticmethod
    def pacing() -> tuple[Callable[..., Awaitable[object]], ...]:
        """The coroutines that sleep until a lane is free: work that goes on by itself (a test harness waiting
        for the bot to finish must wait for them, as for discord.py's own rate-limit sleeps)."""
        return (Courier._serve, Courier.notify)

    def __init__(self, pace: float, clock: Callable[[], float], catch_up: float = CATCH_UP) -> None:
        self.interval = pace * MARGIN
        self.catch_up = catch_up
        self._clock = clock
        self._boards: dict[int, BoardState] = {}
        self._notices: dict[tuple[int, int], NoticeState] = {}
        self._dm_lanes: dict[int, Lane] = {}

    # ------------------------------------------------------------------ boards

    def join(self, record: GameRecord, match: Match, events: Sequence[Event], pinged: Sequence[int],
             header: str | None, mention: Sequence[int], dm: Sequence[int] = ()) -> Ticket:
        """Add this state to what the game's thread must show next; wait on the ticket with `shown`/`posted`.
        `dm`: the pinged seats that also get a turn DM."""
        state = self._board_state(record)
        if state.pending is None:
            state.pending = Pending(record, match)
        state.pending.join(record, match, events, pinged, mention, header, dm)
        state.joined.set()
        if state.latest is None or match.version > state.latest.version:
            state.latest = match
        return Ticket(state, match.version, frozenset(pinged), match.finished)

    async def shown(self, ticket: Ticket, io: BoardIO) -> int | None:
        """Once the thread shows the ticket's state (a new board, lines in place, or a busy thread's board
        redrawn): the board message's id, or None if Discord refused the write."""
        return await self._serve(ticket, False, io)

    async def posted(self, ticket: Ticket, io: BoardIO) -> int | None:
        """As `shown`, and once the new board the ticket's handover (or the game's end) needs is posted with
        its mentions — unless the seats it named have all moved on since."""
        return await self._serve(ticket, True, io)

    async def _serve(self, ticket: Ticket, post: bool, io: BoardIO) -> int | None:
        state, version = ticket.state, ticket.version
        async with state.lock:
            while True:
                pending = state.pending
                if pending is not None and pending.done(state.shown, state.posted):
                    pending = state.pending = None
                owed = set(pending.owed()) if pending is not None else set()
                post_needed = post and (ticket.final or bool(ticket.pinged & owed))
                if state.posted >= version or (state.shown >= version and not post_needed):
                    return state.board
                if state.failed >= version or pending is None:
                    return None
                state.joined.clear()
                delay, picture = await self._write_next(state, pending, io)
                if delay:
                    if delay <= PREPARE_AHEAD and picture:
                        self._prepare(state, pending, io)
                    else:
                        delay -= PREPARE_AHEAD  # look again in time to draw the picture before the lane frees
                    # A state joining meanwhile may be written sooner (a handover's redraw on the free edit lane).
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(state.joined.wait(), delay)

    def _prepare(self, state: BoardState, pending: Pending, io: BoardIO) -> None:
        """Start drawing the newest pending picture, once per state, while its write waits for a lane."""
        if state.prepared < pending.match.version and (state.drawing is None or state.drawing.done()):
            state.prepared = pending.match.version
            state.drawing = asyncio.ensure_future(io.prepare(pending.record, pending.match))

    async def _write_next(self, state: BoardState, pending: Pending, io: BoardIO) -> tuple[float, bool]:
        """Write what is pending if a lane allows it now; else how long until one may, and whether that write
        will draw a picture."""
        now = self._clock()
        owed = pending.owed()
        new_board = bool(owed) or pending.match.finished or state.board is None or not io.young(state.board)
        # A redraw waits half an interval after the last write, so the two lanes alternate and a move made
        # just after one write never waits a whole interval for the next.
        redraw_wait = max(state.edit.wait(now), state.last_write + self.interval / 2 - now)
        if not new_board:
            # Lines are added in place (keeping the picture) once the thread has been quiet for an interval; a
            # busy thread, where that is far off, has its board redrawn to the newest position instead.
            quiet_wait = max(state.edit.wait(now), state.last_write + self.interval - now)
            if quiet_wait < self.catch_up or pending.match.version <= state.picture:
                return (quiet_wait, False) if quiet_wait else await self._write(state, pending, io, "update", [])
            return (redraw_wait, True) if redraw_wait > 0 else await self._write(state, pending, io, "redraw", [])
        # Posts keep the same half interval after the last write: the lanes stay in alternation, so a redraw
        # followed at once by a post cannot leave both lanes busy for a whole interval.
        wait = max(state.post.wait(now), state.last_write + self.interval / 2 - now)
        if wait <= 0:
            return await self._write(state, pending, io, "post", owed)
        catch_up = wait >= self.catch_up and pending.match.version > state.picture
        if catch_up and redraw_wait <= 0:
            return await self._write(state, pending, io, "redraw", [])
        return (min(wait, redraw_wait), True) if catch_up else (wait, True)

    async def _write(self, state: BoardState, pending: Pending, io: BoardIO, how: str,
                     owed: list[int]) -> tuple[float, bool]:
        state.last_write = self._clock()
        (state.post if how == "post" else state.edit).take(state.last_write)
        version, versions, header = pending.match.version, list(pending.lines), pending.header
        current = replace(pending.record, board_message_id=state.board, board_log=state.log)
        mention = [seat for seat in owed if seat in pending.mention]
        written = await io.write(current, pending.match, pending.events, owed, header, mention, how)
        if written is None:
            state.failed, state.pending = max(state.failed, version), None  # the outbox retries it all
            return 0.0, False
        state.board, state.log, state.shown = written.message_id, written.log, max(state.shown, version)
        if how != "update":
            state.picture = version
        if how == "redraw":
            # A busy thread: a seat told by DM has its board (redrawn in place) and its notice; only seats that
            # rely on the thread's mention still need the new message.
            pending.pinged = {seat: at for seat, at in pending.pinged.items() if seat not in pending.dm or at > version}
        if how == "post":
            state.posted = max(state.posted, version)
            # A seat handed the decision again while the board was written keeps that newer ping.
            pending.pinged = {seat: at for seat, at in pending.pinged.items() if seat not in owed or at > version}
        for written_version in versions:  # lines joined during the write stay pending
            pending.lines.pop(written_version, None)
        if pending.header == header:
            pending.header = None
        return 0.0, False

    def forget(self, game_id: int) -> None:
        """Another path (a board adopted after a restart) changed the board: read it afresh next time."""
        state = self._boards.get(game_id)
        if state is not None and state.idle(self._clock()):
            del self._boards[game_id]

    def _board_state(self, record: GameRecord) -> BoardState:
        state = self._boards.get(record.id)
        if state is None:
            if len(self._boards) >= SWEEP_AT:
                self._sweep()
            state = self._boards[record.id] = BoardState(asyncio.Lock(), Lane(self.interval), Lane(self.interval),
                                                         record.board_message_id, record.board_log)
        return state

    def _sweep(self) -> None:
        now = self._clock()
        for game_id in [game_id for game_id, state in self._boards.items() if state.idle(now)]:
            del self._boards[game_id]
        for key in [key for key, state in self._notices.items() if state.idle()]:
            del self._notices[key]
        for user in [user for user, lane in self._dm_lanes.items() if lane.wait(now) == 0]:
            del self._dm_lanes[user]

    # ------------------------------------------------------------------ turn DMs

    async def notify(self, record: GameRecord, match: Match, seat: int, events: Sequence[Event],
                     send: Callable[[GameRecord, Match, Sequence[Event]], Awaitable[bool]]) -> bool:
        """Send this seat its turn DM, or a newer one for the same game that covers it; False when none was
        sent (refused, or the seat moved on before its lane was free)."""
        key = (record.id, seat)
        state = self._notices.get(key)
        if state is None:
            if len(self._notices) >= SWEEP_AT:
                self._sweep()
            state = self._notices[key] = NoticeState(asyncio.Lock())
        state.join(record, match, events)
        lane = self._dm_lanes.setdefault(record.players[seat], Lane(self.interval))
        version = match.version
        async with state.lock:
            while state.sent < version:
                pending = state.pending
                if pending is None:
                    return False
                latest = self._latest(record.id) or pending.match
                if latest.version > pending.match.version and (
                        seat not in latest.awaited_seats() or latest.decisions[seat] != pending.match.decisions[seat]):
                    state.pending = None  # the seat moved on (or was asked something else) meanwhile
                    return False
                wait = lane.wait(self._clock())
                if wait:
                    await asyncio.sleep(wait)
                    continue
                lane.take(self._clock())
                state.pending = None
                sent = await send(pending.record, pending.match, pending.events)
                state.sent = max(state.sent, pending.match.version)
                if not sent:
                    return False
            return True

    def _latest(self, game_id: int) -> Match | None:
        board = self._boards.get(game_id)
        return board.latest if board is not None else None


@dataclass
class NoticeState:
    """One seat's turn DMs in one game: the newest notice waiting for the player's DM lane."""

    lock: asyncio.Lock
    pending: Pending | None = None
    sent: int = -1

    def join(self, record: GameRecord, match: Match, events: Sequence[Event]) -> None:
        if self.pending is None:
            self.pending = Pending(record, match)
        self.pending.join(record, match, events, (), (), None)

    def idle(self) -> bool:
        return self.pending is None and not self.lock.locked()
