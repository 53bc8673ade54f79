"""The clocks of an asynchronous game and what its scheduler owes, as pure values (no Discord, no store).

A game's `Timing` is stored beside its state (games.timing) and written in the same transaction as each
step, together with `next_due` (games.due_at, indexed), so one scheduler pass reads only games with work
due now. Everything here takes `now` as an argument: tests move a fake clock instead of sleeping.

Per seat the clock runs while the seat is awaited:
- "per move": each move has `seconds`; the clock restarts when the seat is newly asked, or asked again
  after its own move (a follow-up is a new move);
- "bank" (Board Game Arena's time bank): the seat starts with `seconds`, spends what it uses, and gains
  `increment` after each of its moves;
- "none": no deadline, but notices, reminders of nothing and the stall watch still apply.
A vacation stops the seat's clock (`paused`); quiet hours never do, they only hold notices and reminders.
When a clock runs out the seat is "over time": the others may vote to skip or expel it, and after the
game's grace period the server's policy applies (skip where the game allows a pass, else forfeit, or an
AI takes the seat over).

Seats an AI plays (added in the lobby, or taken over) have no clock: while one is awaited the game is due
at once ("ai"), so the scheduler's first pass after a restart finds a search that was cut short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Literal, Mapping, Sequence

from engine.core.types import T, Text

HOUR = 3600
DAY = 24 * HOUR
Kind = Literal["none", "move", "bank"]
Policy = Literal["forfeit", "skip", "ai"]
POLICIES: tuple[Policy, ...] = ("forfeit", "skip", "ai")
POLICY_NAMES: dict[str, Text] = {
    "forfeit": T("時間切れ負け", "Forfeit"),
    "skip": T("手番を飛ばす(パスできなければ負け)", "Skip the turn (forfeit where no pass)"),
    "ai": T("AIが代わりに打つ(戻るまで)", "AI takes over (until the player returns)"),
}
VOTES = ("skip", "expel")
DEFAULT_REMINDERS = (50, 90)
"""Reminders at these percentages of a move's time used: half time, and 10% left."""
DEFAULT_STALL_DAYS = 30
STALL_END_SECONDS = 7 * DAY
"""A stalled game is flagged to its players and host, then ended as abandoned this long after."""
DEFAULT_GRACE_HOURS = 24


@dataclass(frozen=True, slots=True)
class TimeControl:
    """How much time a seat has: stored as its `key` ("none", "move:86400", "bank:259200+86400")."""

    kind: Kind = "none"
    seconds: int = 0
    increment: int = 0

    @classmethod
    def parse(cls, key: str) -> "TimeControl":
        """The control a key names; ValueError for anything else (keys come from stored data and forms)."""
        kind, _, rest = key.partition(":")
        if kind == "none" and not rest:
            return cls()
        if kind == "move" and rest.isdigit() and 0 < int(rest) <= 60 * DAY:
            return cls("move", int(rest))
        initial, plus, increment = rest.partition("+")
        if kind == "bank" and plus and initial.isdigit() and increment.isdigit() and 0 < int(initial) <= 60 * DAY \
                and int(increment) <= 30 * DAY:
            return cls("bank", int(initial), int(increment))
        raise ValueError(f"not a time control: {key!r}")

    @property
    def key(self) -> str:
        if self.kind == "move":
            return f"move:{self.seconds}"
        if self.kind == "bank":
            return f"bank:{self.seconds}+{self.increment}"
        return "none"

    def label(self) -> Text:
        if self.kind == "move":
            ja, en = duration(self.seconds)
            return T(f"1手{ja}", f"{en} per move")
        if self.kind == "bank":
            ja, en = duration(self.seconds)
            ja_inc, en_inc = duration(self.increment)
            return T(f"持ち時間{ja}・1手ごとに+{ja_inc}", f"{en} bank, +{en_inc} per move")
        return T("時間制限なし", "No time limit")


def duration(seconds: float) -> tuple[str, str]:
    """A duration in Japanese and English, in its largest whole unit ("2日" / "2 days", "90分" / "90 min")."""
    seconds = max(0, int(seconds))
    for size, ja, one, many in ((DAY, "日", "day", "days"), (HOUR, "時間", "hour", "hours"), (60, "分", "min", "min")):
        if seconds >= size and seconds % size == 0 or (size == 60 and seconds >= 60):
            count = seconds // size
            return f"{count}{ja}", f"{count} {one if count == 1 else many}"
    return f"{seconds}秒", f"{seconds} s"


PRESETS: tuple[TimeControl, ...] = (
    TimeControl(),
    TimeControl("move", 10 * 60),
    TimeControl("move", HOUR),
    TimeControl("move", 12 * HOUR),
    TimeControl("move", DAY),
    TimeControl("move", 2 * DAY),
    TimeControl("move", 3 * DAY),
    TimeControl("move", 5 * DAY),
    TimeControl("move", 7 * DAY),
    TimeControl("bank", 3 * DAY, DAY),
    TimeControl("bank", 7 * DAY, DAY),
)
"""The lobby's choices: live minutes, correspondence days, and two time banks."""


@dataclass(frozen=True, slots=True)
class SeatClock:
    since: float | None = None
    """When this seat's current move started (shifted forward by vacation pauses); None when not asked."""
    bank: float | None = None
    """Time-bank mode: the seconds left at `since`."""
    sent: tuple[int, ...] = ()
    """Reminder percentages already sent for the current move."""
    paused: float | None = None
    """When a vacation stopped this clock; None while it runs."""
    notice: float | None = None
    """A turn notice held by quiet hours until this time."""
    hold: float | None = None
    """Reminders held by quiet hours until this time."""
    over: float | None = None
    """When the clock ran out (the seat is over time and may be voted on)."""
    votes: Mapping[str, str] = field(default_factory=dict)
    """Voter seat (as text) → "skip" or "expel", while this seat is over time."""

    def to_json(self) -> dict[str, Any]:
        data = {"since": self.since, "bank": self.bank, "sent": list(self.sent), "paused": self.paused,
                "notice": self.notice, "hold": self.hold, "over": self.over, "votes": dict(self.votes)}
        return {key: value for key, value in data.items() if value not in (None, [], {})}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SeatClock":
        return cls(data.get("since"), data.get("bank"), tuple(data.get("sent", ())), data.get("paused"),
                   data.get("notice"), data.get("hold"), data.get("over"), dict(data.get("votes", {})))


@dataclass(frozen=True, slots=True)
class Due:
    """One thing the scheduler owes a game now."""

    kind: Literal["notice", "remind", "timeout", "policy", "stall_flag", "stall_end", "ai"]
    seat: int | None = None
    percent: int | None = None


@dataclass(frozen=True, slots=True)
class Timing:
    """A game's clocks plus the rules it started with (a server changing its settings later does not
    change the rules of games already under way)."""

    control: TimeControl
    seats: tuple[SeatClock, ...]
    last: float
    """When the game last moved (start or step): the stall watch counts from here."""
    policy: Policy = "forfeit"
    grace: float = DEFAULT_GRACE_HOURS * HOUR
    reminders: tuple[int, ...] = DEFAULT_REMINDERS
    stall: float = DEFAULT_STALL_DAYS * DAY
    """0 = never flag the game as stalled."""
    flagged: bool = False
    ai: Mapping[int, str] = field(default_factory=dict)
    """Seats an AI plays now → its level: seats added as AI in the lobby and seats taken over."""
    assisted: tuple[int, ...] = ()
    """Seats an AI ever took over (kept after their player returns: the game had AI help)."""

    # ---- lifecycle -------------------------------------------------------------------------------------

    @classmethod
    def start(cls, control: TimeControl, players: int, awaited: Iterable[int], now: float, *, policy: Policy = "forfeit",
              grace: float = DEFAULT_GRACE_HOURS * HOUR, reminders: Sequence[int] = DEFAULT_REMINDERS,
              stall: float = DEFAULT_STALL_DAYS * DAY, paused: Iterable[int] = (), ai: Mapping[int, str] | None = None) -> "Timing":
        asked, away = set(awaited), set(paused)
        bank = float(control.seconds) if control.kind == "bank" else None
        seats = tuple(SeatClock(since=now if seat in asked else None, bank=bank, paused=now if seat in away else None)
                      for seat in range(players))
        return cls(control, seats, now, policy, grace, tuple(sorted(set(reminders))), stall, ai=dict(ai or {}))

    def after_step(self, before: Sequence[int], before_decisions: Sequence[int], after: Sequence[int],
                   after_decisions: Sequence[int], actor: int | None, now: float) -> "Timing":
        """The clocks once a step moved the game: who was asked (and what) before and after, who acted."""
        was, now_asked = set(before), set(after)
        seats = []
        for seat, clock in enumerate(self.seats):
            acted = seat == actor
            if seat in was and (acted or seat not in now_asked):
                clock = self._stopped(clock, now, acted)
            if seat in now_asked and clock.since is None:
                clock = replace(clock, since=now if clock.paused is None else clock.paused)
            seats.append(clock)
        return replace(self, seats=tuple(seats), last=now, flagged=False)

    def _stopped(self, clock: SeatClock, now: float, acted: bool) -> SeatClock:
        bank = clock.bank
        if self.control.kind == "bank" and bank is not None and clock.since is not None:
            bank = max(0.0, bank - self.used(clock, now)) + (self.control.increment if acted else 0)
        return SeatClock(bank=bank, paused=clock.paused)

    # ---- reading the clocks ----------------------------------------------------------------------------

    @staticmethod
    def used(clock: SeatClock, now: float) -> float:
        if clock.since is None:
            return 0.0
        return max(0.0, (clock.paused if clock.paused is not None else now) - clock.since)

    def allowed(self, clock: SeatClock) -> float | None:
        """The time this move had when it started; None without a limit."""
        if self.control.kind == "move":
            return float(self.control.seconds)
        if self.control.kind == "bank":
            return clock.bank
        return None

    def deadline(self, seat: int) -> float | None:
        """When the seat's clock runs out; None when it has no limit, is not running or is paused."""
        clock = self.seats[seat]
        allowed = self.allowed(clock)
        if allowed is None or clock.since is None or clock.paused is not None:
            return None
        return clock.since + allowed

    def left(self, seat: int, now: float) -> float | None:
        clock = self.seats[seat]
        allowed = self.allowed(clock)
        if allowed is None or clock.since is None:
            return None
        return max(0.0, allowed - self.used(clock, now))

    def _reminders(self, seat: int) -> list[tuple[int, float]]:
        clock, end = self.seats[seat], self.deadline(seat)
        if end is None or clock.since is None or clock.over is not None:
            return []
        allowed = end - clock.since
        return [(percent, clock.since + allowed * percent / 100) for percent in self.reminders if percent not in clock.sent]

    def due(self, now: float) -> list[Due]:
        """Everything owed at `now`, in the order it should happen."""
        items: list[Due] = []
        for seat, clock in enumerate(self.seats):
            if seat in self.ai:
                if clock.since is not None:
                    items.append(Due("ai", seat))
                continue
            if clock.notice is not None and clock.notice <= now:
                items.append(Due("notice", seat))
            held = clock.hold is not None and clock.hold > now
            reminders = [percent for percent, at in self._reminders(seat) if at <= now]
            end = self.deadline(seat)
            if end is not None and end <= now and clock.over is None:
                items.append(Due("timeout", seat))
            elif reminders and not held:
                items.append(Due("remind", seat, max(reminders)))
            if clock.over is not None and clock.over + self.grace <= now:
                items.append(Due("policy", seat))
        if self.stall and not self.flagged and self.last + self.stall <= now:
            items.append(Due("stall_flag"))
        if self.stall and self.flagged and self.last + self.stall + STALL_END_SECONDS <= now:
            items.append(Due("stall_end"))
        return items

    def next_due(self, *, ai: bool = True) -> float | None:
        """The earliest moment `due` will return something; None when nothing is scheduled. Without `ai`,
        the earliest moment of everything but the AI's turns (a search under way holds those)."""
        times: list[float] = []
        for seat, clock in enumerate(self.seats):
            if seat in self.ai:
                if ai and clock.since is not None:
                    times.append(clock.since)
                continue
            if clock.notice is not None:
                times.append(clock.notice)
            end = self.deadline(seat)
            if end is not None and clock.over is None:
                times.append(end)
                times += [max(at, clock.hold or at) for _, at in self._reminders(seat)]
            if clock.over is not None:
                times.append(clock.over + self.grace)
        if self.stall:
            times.append(self.last + self.stall + (STALL_END_SECONDS if self.flagged else 0))
        finite = [time for time in times if math.isfinite(time)]
        return min(finite) if finite else None

    # ---- the scheduler's bookkeeping ---------------------------------------------------------------------

    def with_seat(self, seat: int, **changes: Any) -> "Timing":
        seats = list(self.seats)
        seats[seat] = replace(seats[seat], **changes)
        return replace(self, seats=tuple(seats))

    def reminded(self, seat: int, percent: int) -> "Timing":
        """Every reminder up to `percent` counts as sent: one message, even after a long outage."""
        clock = self.seats[seat]
        sent = tuple(sorted(set(clock.sent) | {p for p in self.reminders if p <= percent}))
        return self.with_seat(seat, sent=sent, hold=None)

    def pause(self, seats: Iterable[int], now: float) -> "Timing":
        """A vacation starts: these seats' clocks stop (a clock not running stays stopped when asked)."""
        timing = self
        for seat in seats:
            if timing.seats[seat].paused is None:
                timing = timing.with_seat(seat, paused=now)
        return timing

    def resume(self, seats: Iterable[int], now: float) -> "Timing":
        """A vacation ends: the paused time is given back by moving each move's start forward."""
        timing = self
        for seat in seats:
            clock = timing.seats[seat]
            if clock.paused is None:
                continue
            since = None if clock.since is None else clock.since + (now - clock.paused)
            timing = timing.with_seat(seat, paused=None, since=since)
        return timing

    def vote(self, seat: int, voter: int, choice: str) -> "Timing":
        clock = self.seats[seat]
        return self.with_seat(seat, votes={**clock.votes, str(voter): choice})

    def verdict(self, seat: int, voters: Sequence[int]) -> str | None:
        """"skip" or "expel" once a majority of the other seats (`voters`) chose it."""
        votes = self.seats[seat].votes
        for choice in VOTES:
            if sum(1 for voter in voters if votes.get(str(voter)) == choice) * 2 > len(voters):
                return choice
        return None

    def taken_over(self, seat: int, level: str) -> "Timing":
        """An AI plays the seat from now on: its clock, reminders and votes are set aside."""
        timing = self.with_seat(seat, sent=(), notice=None, hold=None, over=None, votes={})
        return replace(timing, ai={**self.ai, seat: level}, assisted=tuple(sorted({*self.assisted, seat})))

    def returned(self, seat: int, now: float) -> "Timing":
        """The seat's player plays again: a fresh move's time if the seat is awaited."""
        clock = self.seats[seat]
        ai = {other: level for other, level in self.ai.items() if other != seat}
        return replace(self.with_seat(seat, since=None if clock.since is None else now, sent=()), ai=ai)

    # ---- JSON ------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"control": self.control.key, "seats": [clock.to_json() for clock in self.seats], "last": self.last,
                                "policy": self.policy, "grace": self.grace, "reminders": list(self.reminders),
                                "stall": self.stall, "flagged": self.flagged}
        if self.ai:
            data["ai"] = {str(seat): level for seat, level in sorted(self.ai.items())}
        if self.assisted:
            data["assisted"] = list(self.assisted)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Timing":
        return cls(TimeControl.parse(data["control"]), tuple(SeatClock.from_json(seat) for seat in data["seats"]),
                   data["last"], data.get("policy", "forfeit"), data.get("grace", DEFAULT_GRACE_HOURS * HOUR),
                   tuple(data.get("reminders", DEFAULT_REMINDERS)), data.get("stall", DEFAULT_STALL_DAYS * DAY),
                   data.get("flagged", False), {int(seat): level for seat, level in data.get("ai", {}).items()},
                   tuple(data.get("assisted", ())))
