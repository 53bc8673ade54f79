"""A game's history, rebuilt from its seed and its stored action log: the log as readable pages for one
viewer, and the positions a replay steps through.

Nothing about the past is stored beyond the log itself, so a history is always the one the rules give
today. Replaying is the expensive part: it runs in a worker thread, once per (game, version), and the
result is kept in a small bounded cache so paging and stepping never replay again.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Mapping

from engine.core.errors import GameError
from engine.core.match import Match
from engine.core.types import Event
from tabletop.runtime import packages
from tabletop.runtime.cache import BoundedCache
from tabletop.presentation.i18n import text, tr
from tabletop.presentation.texts import clip, event_lines
from tabletop.play.service import game_of, game_options
from storage.base import GameRecord, Store

HISTORY_CACHE_ENTRIES = 16
PAGE_CHARS = 4000
"""Below Discord's 4096 for an embed description, so a page always fits whatever it holds."""
PAGE_STEPS = 15
"""Enough steps per page to follow a turn, few enough to read on a phone."""
VIEWABLE = ("active", "finished")


@dataclass(frozen=True, slots=True)
class Moment:
    """One entry of the log replayed: who acted, everything the step announced, and the match after it."""

    seat: int
    events: tuple[Event, ...]
    match: Match


@dataclass(frozen=True, slots=True)
class History:
    """The starting position and every step after it; step n is the position after the n-th entry of `log`."""

    start: Match
    moments: tuple[Moment, ...]
    log: tuple[tuple[int, str], ...]

    @property
    def last(self) -> int:
        return len(self.moments)

    def match_at(self, step: int) -> Match:
        return self.start if step == 0 else self.moments[step - 1].match


GameKey = tuple[int, str, int | None, int, str]
_HISTORIES: BoundedCache[tuple[GameKey, int], History] = BoundedCache(HISTORY_CACHE_ENTRIES)
_NEWEST: BoundedCache[GameKey, History] = BoundedCache(HISTORY_CACHE_ENTRIES)
"""Each game's newest history: the next version's extends it by the entries committed since."""


def replay(record: GameRecord, log: list[tuple[int, str]], before: History | None = None) -> History:
    """Every position of the game from its seed, each entry applied as the platform accepted it (takebacks
    included); a log the rules no longer accept is a refusal, not a crash. With `before`, a history of an
    earlier version whose log this one's begins with, only the entries after it are applied: a game
    followed live costs one step per move, not a replay of everything so far."""
    if record.seed is None:
        raise GameError(text("history.unavailable"))
    done = len(before.log) if before is not None and tuple(log[:len(before.log)]) == before.log else 0
    if before is not None and done:
        start, moments = before.start, list(before.moments)
        latest: tuple[Match, tuple[int, str]] | None = (before.match_at(done - 1), before.log[-1])
        position = before.match_at(done)
    else:
        start = Match.start(game_of(record), len(record.players), record.seed, game_options(record.options))
        moments, latest, position = [], None, start
    try:
        moments += [Moment(step.seat, step.events, step.match) for step in position.replay_steps(log[done:], latest)]
    except GameError as error:
        raise GameError(text("history.unreplayable")) from error
    return History(start, tuple(moments), tuple(log))


async def history_of(store: Store, record: GameRecord) -> History:
    """The game's history at the record's version, replayed off the event loop at most once per version, and
    from the newest earlier version's when there is one. Entries committed after the record was read are
    left out, so the cache key tells the truth. The seed, type, player count and options are part of the key,
    as in the render cache: a game id alone names another game on another database (the tests' many
    databases in one process)."""
    game = (record.id, record.game_type, record.seed, len(record.players), json.dumps(record.options, sort_keys=True))
    key = (game, record.version)
    cached = _HISTORIES.get(key)
    if cached is not None:
        return cached
    log = [(entry.seat, entry.action) for entry in await store.actions(record.id) if entry.seq <= record.version]
    newest = _NEWEST.get(game)
    before = newest if newest is not None and len(newest.log) <= len(log) else None
    history = await asyncio.to_thread(replay, record, log, before)
    _HISTORIES[key] = history
    if newest is None or len(history.log) >= len(newest.log):
        _NEWEST[game] = history
    return history


def header(number: int, seat: int, locale: str, names: Mapping[int, str]) -> str:
    return tr("history.step", locale, number=number, name=names[seat])


def moment_lines(moment: Moment, locale: str, names: Mapping[int, str], seat: int | None) -> list[str]:
    """The public lines of a step, then `seat`'s own private ones (none for a spectator), each on its own
    line exactly as announced, so nothing else's secret can hide inside a longer line."""
    lines = event_lines(moment.events, locale, names)
    if seat is not None:
        lines += event_lines(moment.events, locale, names, seat)
    return list(dict.fromkeys(lines))


def log_pages(history: History, locale: str, names: Mapping[int, str], seat: int | None) -> list[str]:
    """The log as `seat` may read it, cut between steps into pages that fit an embed description."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for number, moment in enumerate(history.moments, start=1):
        block = clip("\n".join([header(number, moment.seat, locale, names), *moment_lines(moment, locale, names, seat)]),
                     PAGE_CHARS)
        if current and (size + 1 + len(block) > PAGE_CHARS or len(current) == PAGE_STEPS):
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(block)
        size += len(block) + 1
    if current:
        pages.append("\n".join(current))
    return pages or [tr("history.log_empty", locale)]


def step_lines(history: History, step: int, locale: str, names: Mapping[int, str]) -> list[str]:
    """What a replay shows beside the board at `step`: who acted and the public lines, nothing private."""
    if step == 0:
        return [tr("history.start", locale)]
    moment = history.moments[step - 1]
    return [header(step, moment.seat, locale, names), *moment_lines(moment, locale, names, None)]


def reveals_private(record: GameRecord) -> bool:
    """Private views join the replay only once the game is over, and only when its package says so."""
    package = packages.get(record.game_type)
    return record.status == "finished" and package is not None and package.replay_reveals_private
