"""The storage contract: record types, typed errors and the `Store` protocol every backend implements.

Callers (cogs, the scheduler, tools) only ever see what is defined here, so a PostgreSQL backend can
replace SQLite without touching them; tests/storage runs one contract suite against every backend.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Protocol, Sequence, runtime_checkable

from storage.league_records import GameEnd, LeagueStore
from storage.queue_records import QueueStore
from storage.review_sql import ReviewStore
from storage.session_records import SessionStore

GameStatus = Literal["lobby", "active", "finished", "cancelled"]
GAME_STATUSES: tuple[GameStatus, ...] = ("lobby", "active", "finished", "cancelled")
OPEN_STATUSES: tuple[GameStatus, ...] = ("lobby", "active")
CLOSED_STATUSES: tuple[GameStatus, ...] = ("finished", "cancelled")

LobbyCode = Literal["not_found", "full", "already_joined", "not_joined", "not_lobby", "host_cannot_leave"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One hosted game as stored. `state` is the match envelope JSON (`Match.to_json()`) once started."""

    id: int
    game_type: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    status: GameStatus
    options: dict[str, Any]
    capacity: int
    seed: int | None
    state: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: float
    updated_at: float
    finished_at: float | None
    players: tuple[int, ...] = field(default=())
    """User ids: in seat order once started, in join order while in the lobby."""
    board_log: str | None = None
    """The event lines the current board message shows, kept so an update in place can extend them."""
    timing: dict[str, Any] | None = None
    """The game's clocks and scheduler bookkeeping (`tabletop.play.clocks.Timing` as JSON); None untimed."""
    due_at: float | None = None
    """When the scheduler next has work for this game (UNIX time); None when nothing is scheduled."""

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of a user (meaningful once started), or None for a non-player."""
        try:
            return self.players.index(user_id)
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted input of the append-only log; `seq` is the game version the action produced."""

    game_id: int
    seq: int
    seat: int
    action: str
    at: float


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    """What one committed step still has to publish. `stage` is "board" while nothing went out, "notices"
    once the board is posted (the turn notices are owed), "notified" once the notices went out but
    Discord refused the board (the board alone is owed); the row is deleted once everything is out."""

    game_id: int
    version: int
    stage: str
    payload: dict[str, Any]
    created_at: float


@dataclass(frozen=True, slots=True)
class UserRecord:
    """Per-user settings; an unknown user reads as the default record (no locale, DMs open, no prefs)."""

    user_id: int
    locale: str | None = None
    dms_closed: bool = False
    prefs: dict[str, Any] = field(default_factory=dict)
    due_at: float | None = None
    """When the scheduler next has work for this user (a digest, a vacation's end); None for nothing."""


class StoreError(Exception):
    """A refused storage operation. `code` is stable: the platform turns it into player-facing text."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


class LobbyError(StoreError):
    """A lobby operation refused because of the game's current state (join a full game, …)."""

    code: LobbyCode

    def __init__(self, code: LobbyCode) -> None:
        super().__init__(code)


@runtime_checkable
class Store(LeagueStore, QueueStore, ReviewStore, SessionStore, Protocol):
    """Durable storage of games, seats, the action log, users and guild settings.

    Every method is one atomic step: it either fully happens or raises/returns False having changed
    nothing. Versions are compare-and-set: `version` arguments are always the NEW version being stored.
    """

    owner: str
    """This store's name on the claims it takes (random per store object, so per process life)."""
    single_process: bool
    """Whether one process alone uses the database (SQLite): claims not `owner`'s were then left by an
    earlier life and `end_foreign_claims` may end them at start."""

    async def open(self) -> None:
        """Connect, configure and migrate the schema to the latest version."""

    async def close(self) -> None:
        """Release the connection; pending operations finish first."""

    async def schema_version(self) -> int:
        """The schema version the open database is at (storage/migrations.py): what `bot.py --check` and
        `bot.py migrate` report."""

    async def create_game(
        self, *, game_type: str, guild_id: int | None, channel_id: int, host_id: int, options: dict[str, Any], capacity: int
    ) -> GameRecord:
        """A new lobby (version 0) with the host joined as its first player."""

    async def get_game(self, game_id: int) -> GameRecord | None:
        """The game, or None when there is no such id."""

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: tuple[str, ...] = OPEN_STATUSES,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[GameRecord]:
        """Newest first. `channel_id` matches a game's channel or its thread; `user_id` a joined player."""

    async def game_for_thread(self, thread_id: int) -> GameRecord | None:
        """The active (else the newest finished) game whose thread or channel is `thread_id`."""

    async def add_player(self, game_id: int, user_id: int) -> GameRecord:
        """Join a lobby. LobbyError: not_found, not_lobby, already_joined, full."""

    async def remove_player(self, game_id: int, user_id: int) -> GameRecord:
        """Leave a lobby. LobbyError: not_found, not_lobby, host_cannot_leave, not_joined."""

    async def update_lobby(
        self, game_id: int, *, options: dict[str, Any] | None = None, capacity: int | None = None
    ) -> GameRecord:
        """Replace the lobby's options and/or capacity. LobbyError: not_found, not_lobby, full."""

    async def merge_options(
        self, game_id: int, merge: Callable[[dict[str, Any]], dict[str, Any] | None]
    ) -> dict[str, Any]:
        """Rewrite a game's options in any status, in one transaction: `merge` gets the stored options and
        returns the new ones (None: leave them). Returns the options as they now stand. For the platform's
        own bookkeeping kept with a game (a practice game's tips already shown). LobbyError: not_found."""

    async def start_game(
        self, game_id: int, *, players: list[int], seed: int, state: dict[str, Any], version: int,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
    ) -> GameRecord:
        """Lobby -> active; `players` (exactly the joined users) take seats 0, 1, … in that order.
        `timing` and `due_at` start the game's clocks in the same transaction.

        LobbyError not_found/not_lobby (a second start loses the race); StoreError "players_changed"
        when `players` is not exactly the set of joined users (someone joined or left meanwhile).
        `outbox` is stored with the start, like a step's: the first board must appear even after a crash.
        """

    async def commit_action(
        self, game_id: int, *, expected_version: int, seat: int, action: str, state: dict[str, Any], version: int, status: str,
        outbox: dict[str, Any] | None = None, timing: dict[str, Any] | None = None, due_at: float | None = None,
        end: GameEnd | None = None,
    ) -> bool:
        """Store the new state, append the action (seq = `version`) and, when given, the outbox entry of
        what this step must publish and the clocks it leaves (`timing`, `due_at`), all in one transaction.
        `end` (a game's last step): its rating changes and league result, in that same transaction;
        StoreError "ratings_changed" when a rating moved since it was read (nothing is committed).
        A finished or cancelled game keeps its timing but is never due again.

        False, with nothing changed, when the game is not active at `expected_version` (a stale or
        double click). `status` is "active", "finished" or "cancelled"; finished_at is set for the last two.
        """

    async def pending_outbox(self, *, before: float, limit: int = 100) -> list[OutboxRecord]:
        """Outbox entries created before `before` (UNIX time), oldest first: what a crash or a Discord
        failure left unpublished."""

    async def outbox_advance(self, game_id: int, *, upto_version: int, stage: str) -> None:
        """Entries of the game up to `upto_version` move to `stage` ("notices", "notified"), or are deleted
        ("done")."""

    async def cancel_game(
        self, game_id: int, *, state: dict[str, Any] | None = None, version: int | None = None, lobby_only: bool = False
    ) -> bool:
        """Lobby or active -> cancelled, storing `state` when given; with `lobby_only` only a lobby.

        With `version` (the new version, e.g. `Match.cancelled().version`) the game must currently be at
        `version - 1`. False when the game is missing, already closed, or the version check fails.
        """

    async def set_messages(
        self, game_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None,
        board_message_id: int | None = None, board_log: str | None = None,
    ) -> None:
        """Record Discord ids (and the board message's log lines); only the fields given change.
        LobbyError not_found for an unknown game."""

    async def actions(self, game_id: int) -> list[ActionRecord]:
        """The action log in seq order (replay it with `Match.replay`)."""

    async def get_user(self, user_id: int) -> UserRecord:
        """The stored record, or the default one for an unknown user."""

    async def update_user(
        self, user_id: int, *, locale: str | None = None, dms_closed: bool | None = None, prefs: dict[str, Any] | None = None
    ) -> UserRecord:
        """Upsert: only given fields change; `prefs` is merged key by key (a None value deletes the key)."""

    async def get_guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The guild's settings ({} when none are stored)."""

    async def update_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> dict[str, Any]:
        """Merge key by key (a None value deletes the key) and return the merged settings."""

    async def update_timing(self, game_id: int, *, version: int, timing: dict[str, Any], due_at: float | None) -> bool:
        """The scheduler's bookkeeping (a reminder sent, a vote cast, a clock paused), compare-and-set on
        the game's current `version` (not bumped: the position did not change). False when the game
        moved on or is no longer active; the step that moved it computed fresh timing anyway."""

    async def due_games(self, now: float, *, limit: int = 100) -> list[GameRecord]:
        """Active games whose `due_at` is at or before `now`, earliest first, read through the due index."""

    async def user_games(self, user_id: int, *, statuses: tuple[str, ...] = OPEN_STATUSES, limit: int = 50) -> list[GameRecord]:
        """The user's games in every server, newest first."""

    async def set_user_due(self, user_id: int, due_at: float | None) -> None:
        """When the scheduler next has work for this user (creating the default record if needed)."""

    async def due_users(self, now: float, *, limit: int = 100) -> list[UserRecord]:
        """Users whose `due_at` is at or before `now`, earliest first."""

    # Periodic work when several bot processes share one database: each claims what it handles until
    # `until` (a short lease, named with `owner`), so no two processes send the same reminder or apply the
    # same timeout. The claimer renews the lease while the work runs (`renew`); a claim ends with `release`
    # once the work is done, by itself at `until` when its process died, or at once when a new life of a
    # single-process bot starts (`end_foreign_claims`).

    async def claim_due_games(self, now: float, *, until: float, limit: int = 100) -> list[GameRecord]:
        """Like `due_games`, skipping games another pass holds (claimed until after `now`), and claims those
        returned until `until`. On PostgreSQL the choice uses FOR UPDATE SKIP LOCKED: concurrent passes
        take different games instead of waiting for each other."""

    async def claim_due_users(self, now: float, *, until: float, limit: int = 100) -> list[UserRecord]:
        """Like `due_users`, for users nobody else holds; claims them until `until`."""

    async def claim_outbox(self, *, before: float, now: float, until: float, limit: int = 100) -> list[OutboxRecord]:
        """Like `pending_outbox`, for up to `limit` games nobody else holds: their entries created before
        `before`, oldest first; claims those games until `until`."""

    async def renew(self, *, until: float, games: Sequence[int] = (), users: Sequence[int] = ()) -> int:
        """Move this store's own claims on these games and users to `until` (the work is still running);
        returns how many it still held. A claim another owner took after it ran out is left alone."""

    async def release(self, *, games: Sequence[int] = (), users: Sequence[int] = ()) -> None:
        """End this store's own claims on these games and users (their work is done, or failed and may be
        retried by the next pass); a claim another owner holds meanwhile is left alone."""

    async def end_foreign_claims(self) -> int:
        """End every claim (games, users, leagues, queue entries) not this store's own; returns how many. Only for a
        `single_process` database at the start of a process: the claims of its dead predecessor would
        otherwise hold their work back until their leases ran out."""


def merge_settings(current: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """Top-level JSON merge patch (RFC 7396): a None value removes the key, anything else replaces it.

    Shared by every backend so prefs and guild settings merge identically everywhere.
    """
    merged = dict(current)
    for key, value in patch.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged
