"""Record types of leagues and ratings, and the part of the storage contract that keeps them.

Ratings live per (server, game): the current rating of each player, and an append-only history with the
rating before and after every rated game (and every season reset), so a rating can be recomputed from
scratch and audited. A league's rounds and tables are stored as they are paired; a table's result is
written in the same transaction as its game's last step, together with the rating changes (`GameEnd`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, Sequence

LeagueStatus = Literal["signup", "running", "finished", "cancelled"]
LEAGUE_OPEN: tuple[LeagueStatus, ...] = ("signup", "running")
TableStatus = Literal["open", "finished", "void"]


@dataclass(frozen=True, slots=True)
class RatingRecord:
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    season: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating before and after one rated game (`game_id`), or a season reset (`game_id`
    None). `before` None: the player had no rating yet in this server and game."""

    user_id: int
    mu_after: float
    sigma_after: float
    before: RatingRecord | None = None
    game_id: int | None = None
    rank: int | None = None
    team: int | None = None
    won: bool = False


@dataclass(frozen=True, slots=True)
class HistoryRecord:
    guild_id: int
    game_type: str
    season: int
    user_id: int
    game_id: int | None
    rank: int | None
    team: int | None
    mu_before: float | None
    sigma_before: float | None
    mu_after: float
    sigma_after: float
    at: float


@dataclass(frozen=True, slots=True)
class TableKey:
    league_id: int
    round: int
    table: int


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What a game's last step commits besides the game itself: the rating changes of a rated game
    (compare-and-set on each player's rating as read, so two games ending at once cannot both build on
    the same old rating), and the league table's result when it is a league game."""

    guild_id: int
    game_type: str
    season: int
    ratings: tuple[RatingChange, ...] = ()
    table: TableKey | None = None
    ranks: tuple[int, ...] | None = None
    scores: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class LeagueRecord:
    id: int
    guild_id: int
    channel_id: int
    name: str
    game_type: str
    config: dict[str, Any]
    status: LeagueStatus
    created_by: int
    created_at: float
    round: int
    """The last round paired (0 before the start)."""
    due_at: float | None
    """When the league next has work: the sign-up deadline, then the current round's deadline."""
    season: int
    members: tuple[int, ...] = field(default=())
    """Active members in sign-up order (withdrawn members are in `withdrawn`)."""
    withdrawn: tuple[int, ...] = field(default=())
    seeds: tuple[int, ...] = field(default=())
    """A tournament's seed order (seed 1 first), fixed when its first round was paired; empty otherwise."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    league_id: int
    number: int
    deadline: float
    byes: tuple[int, ...]
    status: Literal["open", "closed"]


@dataclass(frozen=True, slots=True)
class LeagueGameRecord:
    league_id: int
    round: int
    table: int
    players: tuple[int, ...]
    game_id: int | None
    status: TableStatus
    ranks: tuple[int, ...] | None
    scores: tuple[float, ...] | None

    @property
    def key(self) -> TableKey:
        return TableKey(self.league_id, self.round, self.table)


class LeagueStore(Protocol):
    """The league and rating operations of `Store`; each is one transaction, as everywhere in the store.

    StoreError codes: "league_exists" (the name is taken on this server), "league_not_found",
    "league_started" (joining or leaving after sign-up), "league_already_joined", "league_not_joined",
    "ratings_changed" (a game end's rating was changed by another game meanwhile: recompute and retry).

    Several bot processes may share the database (PostgreSQL). A write that decides on rows it read also
    writes one of them (storage/README.md): joining and leaving rewrite the league's row, which pairing a
    round writes too; tables and rounds are compare-and-set on their status or number.
    """

    async def create_league(self, *, guild_id: int, channel_id: int, name: str, game_type: str, config: dict[str, Any],
                            created_by: int, due_at: float | None) -> LeagueRecord: ...

    async def get_league(self, league_id: int) -> LeagueRecord | None: ...

    async def list_leagues(self, guild_id: int, *, statuses: tuple[str, ...] = LEAGUE_OPEN, user_id: int | None = None,
                           game_type: str | None = None) -> list[LeagueRecord]: ...

    async def join_league(self, league_id: int, user_id: int) -> LeagueRecord:
        """During sign-up only ("league_started" afterwards, even when the start committed meanwhile)."""

    async def leave_league(self, league_id: int, user_id: int, *, withdraw: bool = False) -> LeagueRecord:
        """Before the start the member is removed; with `withdraw` (a running league) they stay in its
        history as withdrawn and are paired no more."""

    async def open_round(self, league_id: int, *, number: int, deadline: float, tables: list[tuple[int, ...]],
                         byes: tuple[int, ...], numbers: Sequence[int] | None = None,
                         seeds: Sequence[int] | None = None) -> bool:
        """Pair round `number`: the league must be at round `number - 1` (compare-and-set, so two passes
        never pair the same round twice); closes the previous round, the league becomes running and due
        at once (its next pass opens the tables' games that are not open yet, then waits for `deadline`).
        False when another pass got there first, or when the members changed since the pairing was
        planned (it seats someone no longer active, or the first round leaves out someone who joined).
        `numbers`: the tables' numbers (default 0, 1, ...; a tournament numbers them by match); `seeds`: a
        tournament's seed order, stored with its first round."""

    async def add_tables(self, league_id: int, *, number: int, tables: Sequence[tuple[int, tuple[int, ...]]],
                         ranks: tuple[int, ...] | None = None) -> int:
        """Tables (number, players) added to round `number` while it is the running league's current round:
        the next game of a tournament match, or with `ranks` a match settled by an admin (a decided table
        with no game). A number already taken is skipped; returns how many were added."""

    async def mark_bracket(self, league_id: int, digest: str) -> bool:
        """Record that the bracket with this digest is being posted: True once per change of digest."""

    async def set_table_game(self, key: TableKey, game_id: int) -> bool:
        """Attach the table's game, once: False when the table already has one (another pass won)."""

    async def close_table(self, key: TableKey, *, status: TableStatus, ranks: tuple[int, ...] | None = None,
                          settled: bool = False) -> bool:
        """Decide an open table outside its game (a double forfeit, a void game). False when not open.
        `settled`: an admin decided it by hand; the table lets go of its game (called off after), so the
        game's end can no longer touch it and the table reads as settled (a decided table with no game)."""

    async def bracket_message(self, league_id: int) -> int | None:
        """The id of the league channel's bracket message (edited in place after each result), if posted."""

    async def set_bracket_message(self, league_id: int, message_id: int | None) -> None:
        """Remember the bracket message just posted (None: forget it)."""

    async def finish_league(self, league_id: int, *, status: LeagueStatus = "finished", at_round: int | None = None) -> bool:
        """End an open league, once (False when it already ended). With `at_round`, only while the league
        is still at that round: the end was decided from its rounds, which another pass may have moved."""

    async def postpone_signup(self, league_id: int, *, until: float, needed: int) -> bool:
        """A sign-up deadline passed with fewer than `needed` active members: look again at `until`. False
        (nothing changed) when the league started or enough members joined meanwhile."""

    async def wait_for_round(self, league_id: int, *, number: int, deadline: float) -> bool:
        """The running league at round `number` with some table still open: due again at the round's
        `deadline` (a game's end makes it due at once). False (nothing changed) when the round is complete
        or the league moved on meanwhile: the caller goes on to the next round."""

    async def league_rounds(self, league_id: int) -> list[RoundRecord]: ...

    async def league_games(self, league_id: int) -> list[LeagueGameRecord]: ...

    async def table_of_game(self, game_id: int) -> LeagueGameRecord | None: ...

    async def due_leagues(self, now: float, *, limit: int = 50) -> list[LeagueRecord]: ...

    async def claim_due_leagues(self, now: float, *, until: float, limit: int = 50) -> list[LeagueRecord]:
        """Like `due_leagues` (most overdue first), skipping leagues another pass holds (claimed until after
        `now`), and claims those returned until `until`: the league loop's share when several processes
        run it. The claim ends with `release_leagues`, or by itself at `until` should the process die."""

    async def renew_leagues(self, league_ids: Sequence[int], *, until: float) -> int:
        """Move this store's own claims on these leagues to `until` (their pass still runs); returns how
        many it still held."""

    async def release_leagues(self, league_ids: Sequence[int]) -> None:
        """End this store's own claims on these leagues (their pass is done)."""

    async def get_ratings(self, guild_id: int, game_type: str, user_ids: tuple[int, ...] | None = None) -> dict[int, RatingRecord]:
        """Current ratings (all players of the server and game when `user_ids` is None)."""

    async def user_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRecord]:
        """A player's current rating in every game of the server, by game type."""

    async def rating_history(self, guild_id: int, game_type: str, *, user_id: int | None = None) -> list[HistoryRecord]:
        """Oldest first."""

    async def current_season(self, guild_id: int, game_type: str) -> int: ...

    async def new_season(self, guild_id: int, game_type: str, *, number: int, resets: tuple[RatingChange, ...]) -> bool:
        """Season `number` starts (the current one must be `number - 1`): every rating is replaced by its
        soft reset, each change compare-and-set on the rating as read and kept in the history."""
