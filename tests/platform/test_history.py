"""The history service without Discord: pages fit an embed and never split a step, a page holds the
viewer's own private lines and nobody else's, a game is replayed once per version, and a log the rules
refuse is a refusal."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cogs.wallofwar import PACKAGE as WALL_OF_WAR
from cogs.warchest import PACKAGE as WAR_CHEST
from engine import registry
from engine.core.errors import GameError
from engine.selfplay import playout
from storage.base import ActionRecord, GameRecord
from tabletop.play import history
from tabletop.presentation.i18n import tr
from tests.engine_core.helpers import with_takebacks
from tests.fixtures.highcard import GAME

SEED = 7
HEADER = re.compile(r"^\*\*\d+\.\*\* ")


def finished_game(game_id: int) -> tuple[GameRecord, list[ActionRecord]]:
    steps = list(playout(GAME, 2, SEED))
    log = [ActionRecord(game_id, number, step.seat, step.notation, 0.0) for number, step in enumerate(steps, start=1)]
    record = GameRecord(id=game_id, game_type=GAME.id, guild_id=1, channel_id=10, thread_id=None, host_id=100,
                        status="finished", options={}, capacity=2, seed=SEED, state=steps[-1].match.to_json(),
                        version=len(steps), lobby_message_id=None, board_message_id=None, created_at=0.0,
                        updated_at=0.0, finished_at=0.0, players=(100, 101))
    return record, log


class LogOnly:
    """The one store method the history reads, counting how often it is asked."""

    def __init__(self, log: list[ActionRecord]) -> None:
        self.log = log
        self.reads = 0

    async def actions(self, game_id: int) -> list[ActionRecord]:
        self.reads += 1
        return list(self.log)


async def test_a_game_is_replayed_once_per_version_and_later_entries_wait_for_theirs() -> None:
    record, log = finished_game(9001)
    store = LogOnly(log)
    earlier = dataclasses.replace(record, version=3)
    first = await history.history_of(store, earlier)  # type: ignore[arg-type]
    assert first.last == 3 and first.match_at(3).version == 3
    assert await history.history_of(store, earlier) is first and store.reads == 1  # type: ignore[arg-type]
    full = await history.history_of(store, record)  # type: ignore[arg-type]
    assert full.last == len(log) and full.match_at(full.last).to_json() == record.state and store.reads == 2


def test_pages_fit_an_embed_and_never_split_a_step() -> None:
    record, log = finished_game(9002)
    past = history.replay(record, [(entry.seat, entry.action) for entry in log])
    for names in ({0: "A", 1: "B"}, {0: "A" * 900, 1: "B" * 900}):
        pages = history.log_pages(past, "en", names, None)
        assert all(len(page) <= history.PAGE_CHARS for page in pages)
        assert all(1 <= sum(bool(HEADER.match(line)) for line in page.splitlines()) <= history.PAGE_STEPS for page in pages)
        assert all(HEADER.match(page.splitlines()[0]) for page in pages)
        assert sum(bool(HEADER.match(line)) for page in pages for line in page.splitlines()) == len(log)
    assert len(history.log_pages(past, "en", {0: "A" * 900, 1: "B" * 900}, None)) > len(history.log_pages(past, "en", {0: "A", 1: "B"}, None))


def test_a_page_shows_the_viewers_private_lines_only() -> None:
    record, log = finished_game(9003)
    past = history.replay(record, [(entry.seat, entry.action) for entry in log])
    names = {0: "A", 1: "B"}
    private = {seat: {event.text.render("en", names) for moment in past.moments for event in moment.events if event.seat == seat}
               for seat in (0, 1)}
    assert private[0] and private[1]
    for viewer in (0, 1, None):
        lines = {line for page in history.log_pages(past, "en", names, viewer) for line in page.splitlines()}
        for seat, texts in private.items():
            assert bool(texts & lines) == (seat == viewer)


def test_an_empty_log_and_a_refused_log() -> None:
    record, _ = finished_game(9004)
    assert history.log_pages(history.replay(record, []), "ja", {0: "A", 1: "B"}, 0) == [tr("history.log_empty", "ja")]
    with pytest.raises(GameError) as refused:
        history.replay(record, [(0, "no-such-move")])
    assert refused.value.reason.get("en") == tr("history.unreplayable", "en")


def test_bags_and_hands_stay_secret_after_the_end() -> None:
    """War Chest bags and Wall of War hands are secret during play; neither game reveals them afterwards."""
    assert not WAR_CHEST.replay_reveals_private and not WALL_OF_WAR.replay_reveals_private


@pytest.mark.parametrize("game_id", ["warchest", "wallofwar"])
def test_a_history_extended_entry_by_entry_is_the_full_replay_takebacks_included(game_id: str) -> None:
    game = registry.get(game_id)
    players = min(game.player_counts)
    _, log, taken = with_takebacks(game, players, seed=21)
    assert taken > 0
    record = GameRecord(id=9100, game_type=game_id, guild_id=1, channel_id=10, thread_id=None, host_id=100,
                        status="finished", options={}, capacity=players, seed=21, state=None, version=len(log),
                        lobby_message_id=None, board_message_id=None, created_at=0.0, updated_at=0.0,
                        finished_at=0.0, players=tuple(range(100, 100 + players)))
    full = history.replay(record, log)
    grown = history.replay(record, [])
    for end in range(1, len(log) + 1, 3):
        grown = history.replay(record, log[:end], grown)
    grown = history.replay(record, log, grown)
    assert grown.log == full.log and grown.last == full.last
    for mine, theirs in zip(grown.moments, full.moments):
        assert (mine.seat, mine.events, mine.match.to_json()) == (theirs.seat, theirs.events, theirs.match.to_json())
    other = dataclasses.replace(history.replay(record, log[:5]), log=((players - 1, "not-this"), *log[1:5]))
    again = history.replay(record, log, other)  # a history whose log is not this one's beginning is not built on
    assert [moment.match.to_json() for moment in again.moments] == [moment.match.to_json() for moment in full.moments]
