"""Orchestration between the store and the engine, with no Discord in it.

Every accepted action goes: the match as loaded (one read, one decode) → `Match.play` (pure) →
`Store.commit_action` (compare-and-set on the version, action and state in one transaction). Only after
the commit does the publish path announce anything, so a crash at any point loses nothing that was shown.

A seat's move names that seat's decision id, not the game's version: when another seat's commit lands
first (a simultaneous window), the service reloads and applies again as long as that seat is still asked
the same thing, so one seat's answer never invalidates another's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from engine import registry
from engine.core.errors import BadOptions, GameError, NotYourDecision, StaleVersion, TakebackRefused
from engine.core.game import Game
from engine.core.match import Match, Step
from engine.core.types import Action, T
from tabletop.play.ai_seats import added, is_ai
from tabletop.play.clocks import HOUR, DAY, PRESETS, TimeControl, Timing
from tabletop.presentation.i18n import text
from tabletop.play.learning import is_practice
from tabletop.leagues.results import RATED_OPTION, RATED_VALUES, game_end
from storage.base import CLOSED_STATUSES, GameRecord, LobbyError, Store, StoreError

COMMIT_ATTEMPTS = 8
MAX_GAME_ID = 2**62  # a forged number beyond any stored id must not overflow the database's integers
PLATFORM_PREFIX = "tt_"
"""Lobby options the platform owns (not the game's), e.g. the time control; no game option starts so."""
TIME_OPTION = "tt_time"
TIME_KEYS = frozenset(control.key for control in PRESETS)
TAKEBACKS = "takebacks"
"""The guild setting that allows (default) or forbids takebacks on the server."""


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A lobby's options without the platform's own: what the engine validates and starts with."""
    return {key: value for key, value in options.items() if not key.startswith(PLATFORM_PREFIX)}


def default_control(settings: Mapping[str, Any]) -> TimeControl:
    """The server's default time control; the older "turn timeout in hours" setting maps to per move."""
    key = settings.get("time_control")
    if isinstance(key, str) and key in TIME_KEYS:
        return TimeControl.parse(key)
    hours = settings.get("turn_timeout_hours") or 0
    return TimeControl("move", int(hours) * HOUR) if isinstance(hours, (int, float)) and hours > 0 else TimeControl()


def lobby_control(options: Mapping[str, Any], settings: Mapping[str, Any]) -> TimeControl:
    key = options.get(TIME_OPTION)
    return TimeControl.parse(key) if isinstance(key, str) and key in TIME_KEYS else default_control(settings)


def new_timing(control: TimeControl, match: Match, settings: Mapping[str, Any], now: float, paused: list[int],
               ai: Mapping[int, str] | None = None) -> Timing:
    """A game's clocks from its time control and the server's rules at the moment it starts; `ai`: the
    seats added as AI (seat → level), which play without a clock."""
    policy = settings.get("timeout_policy", "forfeit")
    reminders = settings.get("reminders", [50, 90])
    return Timing.start(
        control, match.players, match.awaited_seats(), now,
        policy=policy if policy in ("forfeit", "skip", "ai") else "forfeit",
        grace=float(settings.get("grace_hours", 24)) * HOUR,
        reminders=[int(value) for value in reminders if 0 < int(value) < 100],
        stall=float(settings.get("stall_days", 30)) * DAY,
        paused=paused,
        ai=ai,
    )


def not_active(record: GameRecord) -> GameError:
    """The refusal for a move or a click in a game that is not in progress: a finished game says so and
    how to replay it (the thread's buttons and commands outlive the game)."""
    if record.status == "finished":
        return GameError(text("err.game_ended").with_args(id=record.id))
    return GameError(text("err.not_active"))


class NotHost(Exception):
    """Only the host or a server manager may do this."""


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

    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now
        """The one clock of the platform's timing: tests pass a fake one and move it."""

    async def create(
        self, game_id: str, *, guild_id: int | None, channel_id: int, host_id: int, players: int | None,
        options: Mapping[str, str],
    ) -> GameRecord:
        game = registry.get(game_id)
        capacity = players or max(game.player_counts)
        self.check_platform_options(options)
        if players is None:
            self.check_lobby_options(game, game_options(options))
        else:
            game.validate_options(players, game_options(options))
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

    @staticmethod
    def check_platform_options(options: Mapping[str, Any]) -> None:
        for key, value in options.items():
            allowed = (key == TIME_OPTION and value in TIME_KEYS) or (key == RATED_OPTION and value in RATED_VALUES)
            if key.startswith(PLATFORM_PREFIX) and not allowed:
                raise BadOptions(T("その設定は選べません。", "That setting is not available."))

    async def set_option(self, record: GameRecord, user_id: int, is_admin: bool, key: str, value: str) -> GameRecord:
        self.require_host(record, user_id, is_admin)
        if record.status != "lobby":
            raise LobbyError("not_lobby")
        options = {**record.options, key: value}
        self.check_platform_options(options)
        self.check_lobby_options(game_of(record), game_options(options), record.capacity)
        return await self.store.update_lobby(record.id, options=options)

    async def start(self, record: GameRecord, user_id: int, is_admin: bool) -> Loaded:
        self.require_host(record, user_id, is_admin)
        if record.status != "lobby":
            raise LobbyError("not_lobby")
        game = game_of(record)
        seed = secrets.randbits(62)
        match = Match.start(game, len(record.players), seed, game_options(record.options))
        timing = await self.start_timing(record, match, lambda settings: lobby_control(record.options, settings))
        started = await self.store.start_game(
            record.id, players=list(record.players), seed=seed, state=match.to_json(), version=match.version,
            outbox={"start": True}, timing=timing.to_json(), due_at=timing.next_due(),
        )
        return Loaded(started, match)

    async def settings(self, record: GameRecord) -> dict[str, Any]:
        return await self.store.get_guild_settings(record.guild_id) if record.guild_id is not None else {}

    async def start_timing(self, record: GameRecord, match: Match,
                           control_of: Callable[[Mapping[str, Any]], TimeControl]) -> Timing:
        """Fresh clocks under the server's settings, read once; `control_of` picks the time control from
        them (the lobby's choice, or the server default). Players on vacation start with theirs stopped."""
        now = self.now()
        away = [seat for seat, user_id in enumerate(record.players)
                if ((await self.store.get_user(user_id)).prefs.get("vacation_until") or 0) > now]
        settings = await self.settings(record)
        return new_timing(control_of(settings), match, settings, now, away, added(record.players))

    async def load(self, game_id: int) -> Loaded:
        """An active game, decoded once for everything this click needs."""
        record = await self.store.get_game(game_id)
        if record is None:
            raise LobbyError("not_found")
        if record.status != "active":
            raise not_active(record)
        return Loaded(record, match_of(record))

    async def play(
        self, loaded: Loaded, seat: int, move: Action | str, *, decision_id: int | None = None,
        expected_version: int | None = None, automatic: str | None = None, by_ai: bool = False,
    ) -> Played:
        """Apply and commit one move of `seat`; on a lost race, apply again if the seat's decision held.
        A move its own player makes (not the AI's, not automatic) on a seat the AI took over gives the
        seat back to them, as `/game return` would."""
        current = loaded
        for _ in range(COMMIT_ATTEMPTS):
            step = current.match.play(seat, move, expected_version, decision_id)
            played = await self._commit(current, step, automatic, returning=not by_ai and automatic is None)
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

    async def takeback_step(self, loaded: Loaded, seat: int) -> Step:
        """The takeback of the log's last entry that `seat` asks for, built but not committed. Raises
        TakebackRefused with the reason when the server turned takebacks off or the rules refuse it (not
        `seat`'s own last action, or one that showed something or used chance). The position before that
        entry is not stored, so it is replayed from the seed, off the event loop."""
        if not (await self.settings(loaded.record)).get(TAKEBACKS, True):
            raise TakebackRefused(text("afterplay.takebacks_off"))
        log = [(entry.seat, entry.action) for entry in await self.store.actions(loaded.record.id)
               if entry.seq <= loaded.match.version]
        return await asyncio.to_thread(_takeback_from_log, loaded, seat, log)

    async def take_back(self, loaded: Loaded, seat: int, expected_version: int) -> Played:
        """Commit `seat`'s takeback, the other seats having agreed at `expected_version`: any move since
        (or a second click of the same answer) finds another version and changes nothing."""
        if loaded.match.version != expected_version:
            raise self.lost_race()
        step = await self.takeback_step(loaded, seat)
        played = await self._commit(loaded, step, None)
        if played is None:
            raise self.lost_race()
        return played

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

    async def _commit(self, loaded: Loaded, step: Step, automatic: str | None, *, returning: bool = False) -> Played | None:
        """None when another commit landed first (nothing changed); the new record is built, not re-read.
        `returning`: a person made this move, so an AI that played their seat stops."""
        new, before = step.match, loaded.match
        status = "finished" if new.finished else "active"
        state = new.to_json()
        now = self.now()
        if loaded.record.timing is None:  # a game started before clocks existed gets them now
            timing = await self.start_timing(loaded.record, new, default_control)
        else:
            timing = Timing.from_json(loaded.record.timing)
            if returning and step.seat in timing.ai and not is_ai(loaded.record.players[step.seat]):
                timing = timing.returned(step.seat, now)
            timing = timing.after_step(
                before.awaited_seats(), before.decisions, new.awaited_seats(), new.decisions, step.seat, now)
        due_at = None if new.finished else timing.next_due()
        for attempt in range(COMMIT_ATTEMPTS):
            end = await game_end(self.store, loaded.record, new) if new.finished else None
            try:
                ok = await self.store.commit_action(
                    loaded.record.id, expected_version=before.version, seat=step.seat, action=step.notation,
                    state=state, version=new.version, status=status, outbox=outbox_entry(before, step, automatic),
                    timing=timing.to_json(), due_at=due_at, end=end,
                )
                break
            except StoreError as error:  # another game's end moved a rating this one read: rate again
                if error.code != "ratings_changed" or attempt == COMMIT_ATTEMPTS - 1:
                    raise
        if not ok:
            return None
        record = dataclasses.replace(loaded.record, state=state, version=new.version, status=status, updated_at=now,
                                     finished_at=now if status in CLOSED_STATUSES else None, timing=timing.to_json(),
                                     due_at=due_at)
        return Played(record, before, step, automatic)

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
        """Games a listing may show: this server's (someone else's practice game, held in a private
        thread, is theirs alone), or in DMs only the user's own."""
        if guild_id is None:
            return await self.store.list_games(statuses=statuses, user_id=user_id)
        return [record for record in await self.store.list_games(guild_id=guild_id, statuses=statuses)
                if not is_practice(record) or user_id in record.players]


def _takeback_from_log(loaded: Loaded, seat: int, log: list[tuple[int, str]]) -> Step:
    """`Match.take_back` of the log's last entry, the match before it replayed from the seed (with an empty
    log, `Match.take_back` itself refuses: there is nothing to take back)."""
    record, match = loaded.record, loaded.match
    before = match
    if log and record.seed is not None:
        before = Match.start(game_of(record), len(record.players), record.seed, game_options(record.options))
        for step in before.replay_steps(log[:-1]):
            before = step.match
    return match.take_back(before, seat, log[-1] if log else None)


def options_summary(game: Game, options: Mapping[str, Any], locale: str) -> list[tuple[str, str]]:
    """(label, value label) for each game option, defaults filled in (the platform's own are shown apart)."""
    options = game_options(options)
    rows = []
    for spec in game.options:
        value = str(options.get(spec.key, spec.default))
        label = next((c.label.get(locale) for c in spec.choices if c.key == value), value)
        rows.append((spec.label.get(locale), label))
    return rows
