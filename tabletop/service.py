"""Orchestration between the store and the engine, with no Discord in it.

Every accepted action goes: the match as loaded (one read, one decode) → `Match.play` (pure) →
`Store.commit_action` (compare-and-set on the version, action and state in one transaction). Only after
the commit does the publish path announce anything, so a crash at any point loses nothing that was shown.

A seat's move names that seat's decision id, not the game's version: when another seat's commit lands
first (a simultaneous window), the service reloads and applies again as long as that seat is still asked
the same thing, so one seat's answer never invalidates another's.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from dataclasses import dataclass
from typing import Any, Mapping

from engine import registry
from engine.core.errors import BadOptions, GameError, NotYourDecision, StaleVersion
from engine.core.game import Game
from engine.core.match import Match, Step
from engine.core.types import Action, T
from tabletop.interactions import NotHost
from storage.base import CLOSED_STATUSES, GameRecord, LobbyError, Store

COMMIT_ATTEMPTS = 8
MAX_GAME_ID = 2**62  # a forged number beyond any stored id must not overflow the database's integers


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game record and its decoded match: loaded once per click and passed along, never re-read."""

    record: GameRecord
    match: Match


@dataclass(frozen=True, slots=True)
class Played:
    """A committed step: the record after the commit, the match before it, and the step itself.

    `automatic` says why the platform took it without a click ("forced", "preference"), else None.
    """

    record: GameRecord
    before: Match
    step: Step
    automatic: str | None = None

    @property
    def match(self) -> Match:
        return self.step.match


def outbox_entry(before: Match, step: Step, automatic: str | None) -> dict[str, Any]:
    """What publishing this step needs if the process dies before it: who acted, who was asked what
    before it, its events, and why it was automatic."""
    label = step.action.path[-1].label.to_json() if step.action is not None and step.action.path else None
    return {
        "seat": step.seat,
        "awaited": list(before.awaited_seats()),
        "decisions": list(before.decisions),
        "events": [event.to_json() for event in step.events],
        "automatic": automatic,
        "label": label,
    }


def game_of(record: GameRecord) -> Game:
    return registry.get(record.game_type)


def match_of(record: GameRecord) -> Match:
    if record.state is None:
        raise GameError(T("このゲームはまだ始まっていません。", "This game has not started yet."))
    return Match.from_json(game_of(record), record.state)


class GameService:
    """The operations the cogs call; each either fully happens or raises and changes nothing."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(
        self, game_id: str, *, guild_id: int | None, channel_id: int, host_id: int, players: int | None,
        options: Mapping[str, str],
    ) -> GameRecord:
        game = registry.get(game_id)
        capacity = players or max(game.player_counts)
        if players is None:
            self.check_lobby_options(game, options)
        else:
            game.validate_options(players, options)
        return await self.store.create_game(
            game_type=game.id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            options=dict(options), capacity=capacity,
        )

    @staticmethod
    def check_lobby_options(game: Game, options: Mapping[str, str], capacity: int | None = None) -> None:
        """Keys and values must exist and suit at least one table size the lobby can still start with;
        the exact player count is checked again at start."""
        errors: list[GameError] = []
        counts = [count for count in game.player_counts if capacity is None or count <= capacity] or list(game.player_counts)
        for players in counts:
            try:
                game.validate_options(players, options)
                return
            except BadOptions as error:
                errors.append(error)
        raise errors[0]

    async def set_option(self, record: GameRecord, user_id: int, is_admin: bool, key: str, value: str) -> GameRecord:
        self.require_host(record, user_id, is_admin)
        if record.status != "lobby":
            raise LobbyError("not_lobby")
        options = {**record.options, key: value}
        self.check_lobby_options(game_of(record), options, record.capacity)
        return await self.store.update_lobby(record.id, options=options)

    async def start(self, record: GameRecord, user_id: int, is_admin: bool) -> Loaded:
        self.require_host(record, user_id, is_admin)
        if record.status != "lobby":
            raise LobbyError("not_lobby")
        game = game_of(record)
        seed = secrets.randbits(62)
        match = Match.start(game, len(record.players), seed, record.options)
        started = await self.store.start_game(
            record.id, players=list(record.players), seed=seed, state=match.to_json(), version=match.version,
            outbox={"start": True},
        )
        return Loaded(started, match)

    async def load(self, game_id: int) -> Loaded:
        """An active game, decoded once for everything this click needs."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise LobbyError("not_found")
        if record.status != "active":
            raise GameError(T("このゲームは進行中ではありません。", "This game is not in progress."))
        return Loaded(record, match_of(record))

    async def play(
        self, loaded: Loaded, seat: int, move: Action | str, *, decision_id: int | None = None,
        expected_version: int | None = None, automatic: str | None = None,
    ) -> Played:
        """Apply and commit one move of `seat`; on a lost race, apply again if the seat's decision held."""
        current = loaded
        for _ in range(COMMIT_ATTEMPTS):
            step = current.match.play(seat, move, expected_version, decision_id)
            played = await self._commit(current, step, automatic)
            if played is not None:
                return played
            if decision_id is None:
                raise self.lost_race()
            current = await self.load(loaded.record.id)
            move = step.notation
        raise self.lost_race()

    async def concede(self, loaded: Loaded, seat: int, *, forfeit: bool = False, expected_version: int | None = None) -> Played:
        """Resign (or forfeit on time). Without `expected_version` it holds whatever else lands first; the
        timeout loop passes the version it judged, so a move landing meanwhile cancels the forfeit."""
        current = loaded
        for _ in range(COMMIT_ATTEMPTS):
            if expected_version is not None and current.match.version != expected_version:
                raise self.lost_race()
            step = current.match.concede(seat, "forfeit" if forfeit else "resign")
            played = await self._commit(current, step, None)
            if played is not None:
                return played
            current = await self.load(loaded.record.id)
        raise self.lost_race()

    @staticmethod
    def lost_race() -> StaleVersion:
        return StaleVersion(T("他の操作が先に反映されました。最新の盤面を確認してください。",
                              "Another action got there first; check the latest board."))

    async def cancel(self, record: GameRecord, user_id: int, is_admin: bool, *, lobby_only: bool = False) -> GameRecord:
        """Call the game off, compare-and-set against the status (and version) it was read at: a Cancel
        racing a Start either wins before the start commits or is refused after it."""
        self.require_host(record, user_id, is_admin)
        if record.status == "active" and not lobby_only:
            cancelled = match_of(record).cancelled()
            ok = await self.store.cancel_game(record.id, state=cancelled.to_json(), version=cancelled.version)
        elif record.status == "lobby":
            ok = await self.store.cancel_game(record.id, lobby_only=True)
        else:
            ok = False
        if not ok:
            raise LobbyError("not_lobby")
        updated = await self.store.get_game(record.id)
        assert updated is not None
        return updated

    async def _commit(self, loaded: Loaded, step: Step, automatic: str | None) -> Played | None:
        """None when another commit landed first (nothing changed); the new record is built, not re-read."""
        new = step.match
        status = "finished" if new.finished else "active"
        state = new.to_json()
        ok = await self.store.commit_action(
            loaded.record.id, expected_version=loaded.match.version, seat=step.seat, action=step.notation,
            state=state, version=new.version, status=status, outbox=outbox_entry(loaded.match, step, automatic),
        )
        if not ok:
            return None
        now = time.time()
        record = dataclasses.replace(loaded.record, state=state, version=new.version, status=status, updated_at=now,
                                     finished_at=now if status in CLOSED_STATUSES else None)
        return Played(record, loaded.match, step, automatic)

    @staticmethod
    def seat(record: GameRecord, user_id: int) -> int:
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotYourDecision(T("このゲームの参加者ではありません。", "You are not playing in this game."))
        return seat

    @staticmethod
    def require_host(record: GameRecord, user_id: int, is_admin: bool) -> None:
        if user_id != record.host_id and not is_admin:
            raise NotHost()

    async def find_game(
        self, *, explicit: int | None, channel_id: int | None, user_id: int, guild_id: int | None,
        statuses: tuple[str, ...] = ("active",),
    ) -> GameRecord | None:
        """The game a command means: the explicit id, else the user's own game in this thread or channel,
        else this thread's game, else the user's only one.

        An explicit id only reaches games of this server, or the user's own games (from DMs).
        """
        if explicit is not None:
            if not 0 < explicit < MAX_GAME_ID:
                return None
            record = await self.store.get_game(explicit)
            if record is None or (record.guild_id != guild_id and user_id not in record.players):
                return None
            return record
        if channel_id is not None:
            here = await self.store.list_games(channel_id=channel_id, statuses=statuses, user_id=user_id, limit=2)
            if len(here) == 1:
                return here[0]
            if not here:
                record = await self.store.game_for_thread(channel_id)
                if record is not None and record.status in statuses:
                    return record
        mine = await self.store.list_games(guild_id=guild_id, statuses=statuses, user_id=user_id, limit=2)
        return mine[0] if len(mine) == 1 else None

    async def visible_games(self, guild_id: int | None, user_id: int, statuses: tuple[str, ...]) -> list[GameRecord]:
        """Games a listing may show: this server's, or in DMs only the user's own."""
        if guild_id is None:
            return await self.store.list_games(statuses=statuses, user_id=user_id)
        return await self.store.list_games(guild_id=guild_id, statuses=statuses)

    async def due_forfeits(self, now: float) -> list[tuple[Loaded, int]]:
        """(game, awaited seat) for active games silent longer than their server's turn timeout."""
        due: list[tuple[Loaded, int]] = []
        hours_by_guild: dict[int, float] = {}
        for record in await self.store.games_awaiting_since(now - 3600):
            if record.guild_id is None:
                continue
            if record.guild_id not in hours_by_guild:
                settings = await self.store.get_guild_settings(record.guild_id)
                hours_by_guild[record.guild_id] = float(settings.get("turn_timeout_hours", 0) or 0)
            hours = hours_by_guild[record.guild_id]
            if hours and record.updated_at <= now - hours * 3600:
                loaded = Loaded(record, match_of(record))
                awaited = loaded.match.awaited_seats()
                if awaited:
                    due.append((loaded, awaited[0]))
        return due


def options_summary(game: Game, options: Mapping[str, Any], locale: str) -> list[tuple[str, str]]:
    """(label, value label) for each option, defaults filled in."""
    rows = []
    for spec in game.options:
        value = str(options.get(spec.key, spec.default))
        label = next((c.label.get(locale) for c in spec.choices if c.key == value), value)
        rows.append((spec.label.get(locale), label))
    return rows
