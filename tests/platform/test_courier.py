"""The courier: one board write at a time per game, the newest state winning, paced per channel lane."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Sequence

from engine.core.types import Event, T
from discord_ui.courier import Courier, Written

PACE = 0.2
"""Long enough that a loaded machine (a CI neighbour, the event loop of a slow test) cannot reorder the lanes."""


@dataclass(frozen=True)
class Record:
    id: int = 1
    players: tuple[int, ...] = (10, 11, 12)
    board_message_id: int | None = None
    board_log: str | None = None


@dataclass(frozen=True)
class State:
    """What the courier reads of a match: its version, who is awaited (and at which decision), the end."""

    version: int
    awaited: tuple[int, ...] = ()
    finished: bool = False
    decisions: tuple[int, ...] = (0, 0, 0)

    def awaited_seats(self) -> tuple[int, ...]:
        return self.awaited


def line(text: str) -> Event:
    return Event(T(text, text))


@dataclass
class Thread:
    """A writer recording each write; `hold` keeps a write in flight until released."""

    writes: list[tuple[str, int, list[str], list[int], list[int]]] = field(default_factory=list)
    hold: asyncio.Event | None = None
    refuse: bool = False
    started: asyncio.Event = field(default_factory=asyncio.Event)
    prepared: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    async def write(self, record: Record, match: State, events: Sequence[Event], pinged: Sequence[int],
                    header: str | None, mention: Sequence[int], how: str) -> Written | None:
        self.started.set()
        if self.hold is not None:
            await self.hold.wait()
        if self.refuse:
            return None
        self.writes.append((how, match.version, [event.text.en for event in events], list(pinged), list(mention)))
        self.times.append(time.monotonic())
        message = record.board_message_id if how != "post" and record.board_message_id else 100 + len(self.writes)
        return Written(message, "\n".join(event.text.en for event in events))

    def young(self, message_id: int) -> bool:
        return True

    async def prepare(self, record: Record, match: State) -> None:
        self.prepared.append(match.version)


def courier(catch_up: float = 10.0) -> Courier:
    return Courier(PACE, time.monotonic, catch_up=catch_up)


async def show(c: Courier, thread: Thread, match: State, events: Sequence[Event] = (), pinged: Sequence[int] = (),
               record: Record = Record()) -> int | None:
    ticket = c.join(record, match, events, pinged, None, pinged)  # type: ignore[arg-type]
    return await c.posted(ticket, thread)  # type: ignore[arg-type]


async def test_a_quiet_game_posts_each_handover_at_once_and_updates_in_place_otherwise() -> None:
    c, thread = courier(), Thread()
    assert await show(c, thread, State(1, (1,)), [line("a")], [1]) == 101
    await asyncio.sleep(PACE * 1.2)
    assert await show(c, thread, State(2, (1,)), [line("b")]) == 101  # the same seat goes on: in place
    await asyncio.sleep(PACE * 1.2)
    assert await show(c, thread, State(3, (0,)), [line("c")], [0]) == 103
    assert [(how, version) for how, version, *_ in thread.writes] == [("post", 1), ("update", 2), ("post", 3)]


async def test_moves_made_while_a_board_is_written_share_the_next_board() -> None:
    c, thread = courier(), Thread(hold=asyncio.Event())
    first = asyncio.ensure_future(show(c, thread, State(1, (1,)), [line("a")], [1]))
    await thread.started.wait()
    later = [asyncio.ensure_future(show(c, thread, State(v, (v % 2,)), [line(f"m{v}")], [v % 2])) for v in (2, 3, 4)]
    await asyncio.sleep(0)
    thread.hold.set()
    await asyncio.gather(first, *later)
    assert [(how, version, lines) for how, version, lines, *_ in thread.writes] == [
        ("post", 1, ["a"]), ("post", 4, ["m2", "m3", "m4"])]
    assert thread.writes[1][3] == [0]  # seat 1 moved on since it was handed the decision: only seat 0 is pinged


async def test_lines_are_written_in_the_order_of_the_versions_that_made_them() -> None:
    c, thread = courier(), Thread(hold=asyncio.Event())
    first = asyncio.ensure_future(show(c, thread, State(1, (1,)), [line("a")], [1]))
    await thread.started.wait()
    late = asyncio.ensure_future(show(c, thread, State(3, (0,)), [line("third")], [0]))
    early = asyncio.ensure_future(show(c, thread, State(2, (0,)), [line("second")], [0]))
    await asyncio.sleep(0)
    thread.hold.set()
    await asyncio.gather(first, late, early)
    assert thread.writes[-1][2] == ["second", "third"]


async def test_a_busy_thread_redraws_its_board_at_once_and_posts_the_handover_when_its_lane_frees() -> None:
    c, thread = courier(catch_up=PACE / 4), Thread()
    await show(c, thread, State(1, (1,)), [line("a")], [1])
    started = time.monotonic()
    assert await show(c, thread, State(2, (0,)), [line("b")], [0], Record(board_message_id=101)) == 103
    assert [(how, version, pinged) for how, version, _, pinged, _ in thread.writes] == [
        ("post", 1, [1]), ("redraw", 2, []), ("post", 2, [0])]
    assert time.monotonic() - started >= PACE  # the new message waited for the post lane; the picture did not
    assert thread.prepared == [2]  # its picture was drawn while it waited


async def test_a_refused_write_answers_none_to_every_move_it_carried() -> None:
    c, thread = courier(), Thread(hold=asyncio.Event(), refuse=True)
    first = asyncio.ensure_future(show(c, thread, State(1, (1,)), [line("a")], [1]))
    await thread.started.wait()
    second = asyncio.ensure_future(show(c, thread, State(2, (0,)), [line("b")], [0]))
    await asyncio.sleep(0)
    thread.hold.set()
    assert await asyncio.gather(first, second) == [None, None]


async def test_the_final_board_is_always_a_new_message() -> None:
    c, thread = courier(), Thread()
    await show(c, thread, State(1, (1,)), [line("a")], [1])
    await asyncio.sleep(PACE * 1.2)
    await show(c, thread, State(2, (), finished=True), [line("end")], [], Record(board_message_id=101))
    assert thread.writes[-1][:2] == ("post", 2)


async def test_a_turn_dm_waiting_for_its_lane_gives_way_to_a_newer_one_and_is_dropped_once_moot() -> None:
    c, thread = courier(), Thread()
    sent: list[tuple[int, list[str]]] = []

    async def send(record: Record, match: State, events: Sequence[Event]) -> bool:
        sent.append((match.version, [event.text.en for event in events]))
        return True

    record = Record()
    assert await c.notify(record, State(1, (1,), decisions=(0, 1, 0)), 1, [line("a")], send)  # type: ignore[arg-type]
    waiting = [asyncio.ensure_future(c.notify(record, State(v, (1,), decisions=(0, v, 0)), 1, [line(f"m{v}")], send))  # type: ignore[arg-type]
               for v in (2, 3)]
    assert await asyncio.gather(*waiting) == [True, True]
    assert sent == [(1, ["a"]), (3, ["m2", "m3"])]
    await show(c, thread, State(5, (0,), decisions=(5, 4, 0)), [], [0])  # seat 1 has moved on
    assert not await c.notify(record, State(4, (1,), decisions=(0, 4, 0)), 1, [line("m4")], send)  # type: ignore[arg-type]
    assert sent[-1][0] == 3


async def test_a_seat_handed_the_decision_again_while_its_board_is_written_is_mentioned_again() -> None:
    c, thread = courier(), Thread(hold=asyncio.Event())
    first = asyncio.ensure_future(show(c, thread, State(1, (1,)), [line("a")], [1]))
    await thread.started.wait()
    again = [asyncio.ensure_future(show(c, thread, State(2, (0,)), [line("b")], [0])),
             asyncio.ensure_future(show(c, thread, State(3, (1,)), [line("c")], [1]))]
    await asyncio.sleep(0)
    thread.hold.set()
    await asyncio.gather(first, *again)
    assert [(how, version, pinged) for how, version, _, pinged, _ in thread.writes] == [("post", 1, [1]), ("post", 3, [1])]


async def test_in_a_busy_thread_a_seat_told_by_dm_needs_no_new_message_once_the_board_is_redrawn() -> None:
    c, thread = courier(catch_up=PACE / 4), Thread()
    await show(c, thread, State(1, (1,)), [line("a")], [1])
    ticket = c.join(Record(board_message_id=101), State(2, (0,)), [line("b")], [0], None, [0], dm=[0])  # type: ignore[arg-type]
    assert await c.posted(ticket, thread) == 101  # type: ignore[arg-type]
    assert [(how, version) for how, version, *_ in thread.writes] == [("post", 1), ("redraw", 2)]


async def test_a_busy_thread_never_takes_a_windows_last_request_and_its_lanes_alternate() -> None:
    """discord.py sleeps until the window resets inside the request that takes a bucket's last token, which would
    hold the game's writer; so each lane makes at most four writes per window, and writes keep half a lane's
    interval apart, so a post right after a redraw cannot leave both lanes busy at once."""
    c, thread = courier(catch_up=PACE / 4), Thread()
    record = Record(board_message_id=101)
    moves = []
    for version in range(1, 41):
        moves.append(asyncio.ensure_future(show(c, thread, State(version, (version % 2,)), [line(str(version))],
                                                [version % 2], record)))
        await asyncio.sleep(PACE / 4)
    await asyncio.gather(*moves)
    window = 5 * PACE
    for lane in ({"post"}, {"redraw", "update"}):
        times = [at for (how, *_), at in zip(thread.writes, thread.times) if how in lane]
        assert max(sum(start <= at < start + window for at in times) for start in times) <= 4, lane
    gaps = [later - earlier for earlier, later in zip(thread.times, thread.times[1:])]
    assert min(gaps) >= c.interval / 2 * 0.9
    assert len(thread.writes) >= 10  # the thread was busy: both lanes in use
