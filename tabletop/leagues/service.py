"""League operations over the store and the game service, with no Discord in them.

The Discord side (tabletop/leagues/post.py) calls these and then posts what they return: the tables of a
new round to open as games, the steps a deadline forced to publish. Every state change is one store
transaction, compare-and-set where two passes could race (a round is paired once; a table is decided
once), so a pass interrupted at any point is simply run again. Each `Progress` holds only what this call
itself changed (a compare-and-set it won), so what it announces is announced by one process; the league
loop also claims the leagues it advances (tabletop/leagues/post.py). What only tournaments do (plan a
bracket's round, add a match's next game, read and settle the bracket) is in
tabletop/leagues/tournament_service.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Awaitable, Callable, Literal, Sequence

from engine.core.errors import GameError
from tabletop.play.clocks import HOUR
from tabletop.presentation.i18n import text
from tabletop.leagues.config import LeagueConfig, validate
from tabletop.leagues.deadlines import verdict
from tabletop.leagues.pairing import (
    PairingError, Round, ladder_round, multiplayer_round_robin, round_robin, swiss_round,
)
from tabletop.leagues.ratings import RatedGame, Rating, recompute, soft_reset
from tabletop.leagues.results import rating_of
from tabletop.leagues.standings import Row, TableResult, standings
from tabletop.leagues import tournament
from tabletop.leagues.tournament_service import TournamentOperations
from tabletop.play.service import TIME_OPTION, GameService, Loaded, Played, match_of
from storage.base import GameRecord, LobbyError, Store, StoreError
from storage.league_records import LeagueGameRecord, LeagueRecord, RatingChange, RoundRecord

ENOUGH_WAIT = 24 * HOUR
"""A sign-up deadline reached without enough members is retried this much later (admins are told)."""

Gone = Callable[[int, Sequence[int]], Awaitable[set[int]]]
"""Which of these players (by server) have left it, as far as Discord says for certain: the Discord side
asks (discord_ui.membership), so a pass withdraws them before it pairs anyone."""


@dataclass(frozen=True, slots=True)
class Progress:
    """What one look at a league did, for the Discord side to announce: the round opened (its tables
    still to be opened as games), the steps forced at a deadline, the tables voided, the league's end."""

    league: LeagueRecord
    opened: int | None = None
    forced: tuple[Played, ...] = ()
    voided: tuple[LeagueGameRecord, ...] = ()
    finished: bool = False
    short: bool = False
    """The sign-up deadline passed with too few members."""
    tables: tuple[LeagueGameRecord, ...] = field(default=())
    left: tuple[int, ...] = ()
    """Entrants withdrawn by this call because they left the server."""


def league_config(league: LeagueRecord) -> LeagueConfig:
    return LeagueConfig.from_json(league.config)


def results_of(tables: Sequence[LeagueGameRecord]) -> list[TableResult]:
    """Decided tables as standings input: a void table is a double forfeit (nobody scores)."""
    return [TableResult(table.round, table.players, table.ranks if table.status == "finished" else None, table.scores)
            for table in tables if table.status != "open"]


def bye_points(config: LeagueConfig) -> float:
    """A bye is worth a win in a duel, and half the points of a table in a multiplayer game."""
    return 1.0 if config.players == 2 else 0.5


def byes_of(rounds: Sequence[RoundRecord]) -> list[tuple[int, int]]:
    return [(round_.number, user) for round_ in rounds for user in round_.byes]


def as_rounds(rounds: Sequence[RoundRecord], tables: Sequence[LeagueGameRecord]) -> list[Round]:
    return [Round(tuple(table.players for table in tables if table.round == round_.number), round_.byes) for round_ in rounds]


class LeagueService(TournamentOperations):
    """A league's life: sign-up, rounds, deadlines, reading, seasons (a tournament's own operations are
    `TournamentOperations`)."""

    def __init__(self, store: Store, games: GameService, now: Callable[[], float], gone: Gone | None = None) -> None:
        self.store = store
        self.games = games
        self.now = now
        self.gone = gone
        """Without it (tests of the service alone), nobody is found to have left the server."""

    # ---- sign-up ------------------------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, user_id: int, name: str, game_type: str,
                     config: LeagueConfig, signup_hours: int | None) -> LeagueRecord:
        validate(game_type, config, name)
        due = self.now() + signup_hours * HOUR if signup_hours else None
        return await self.store.create_league(guild_id=guild_id, channel_id=channel_id, name=name.strip(), game_type=game_type,
                                              config=config.to_json(), created_by=user_id, due_at=due)

    async def join(self, league: LeagueRecord, user_id: int) -> LeagueRecord:
        return await self.store.join_league(league.id, user_id)

    async def leave(self, league: LeagueRecord, user_id: int) -> LeagueRecord:
        return await self.store.leave_league(league.id, user_id)

    async def withdraw(self, league: LeagueRecord, user_id: int) -> tuple[LeagueRecord, list[Played]]:
        """An admin takes a member out of a league (they left the server, or asked). Before the start that
        is leaving; in a running league their results stay in the table, they are paired no more, and each
        of their games still in progress is forfeited by their seat at once (the steps come back to be
        published), so their opponents are not kept waiting until the deadline."""
        updated = await self.store.leave_league(league.id, user_id, withdraw=league.status == "running")
        forfeits: list[Played] = []
        for table in await self.store.league_games(league.id):
            if table.status != "open" or user_id not in table.players or table.game_id is None:
                continue
            record = await self.store.get_game(table.game_id)
            if record is None or record.status != "active":
                continue
            try:
                forfeits.append(await self.games.concede(Loaded(record, match_of(record)), record.players.index(user_id),
                                                         forfeit=True))
            except GameError:
                continue  # the game ended meanwhile
        return updated, forfeits

    async def withdraw_leavers(self, league: LeagueRecord) -> Progress:
        """Entrants who left the server, withdrawn as an admin's `/league leave member:` would (before the
        start, they simply leave): asked of Discord for all of them at once, before a pass pairs or opens
        anything. Only the withdrawals this call made come back (another process's are its own to announce),
        with the forfeits of their games in progress to publish."""
        if self.gone is None or league.status not in ("signup", "running") or not league.members:
            return Progress(league)
        left = await self.gone(league.guild_id, league.members)
        return await self.withdraw_all(league, sorted(left))

    async def withdraw_all(self, league: LeagueRecord, users: Sequence[int]) -> Progress:
        """`withdraw` for each of `users` who is still an entrant; what this call itself did."""
        done: list[int] = []
        forfeits: list[Played] = []
        for user in users:
            try:
                league, played = await self.withdraw(await self.reload(league), user)
            except StoreError as error:
                if error.code not in ("league_not_joined", "league_started"):
                    raise
                continue  # withdrawn meanwhile (an admin, another process), or the league is over
            done.append(user)
            forfeits += played
        return Progress(league, forced=tuple(forfeits), left=tuple(done))

    async def member_left(self, guild_id: int, user_id: int) -> list[Progress]:
        """A member left the server (heard from the gateway): withdrawn at once from each of its leagues
        that has not ended."""
        found = await self.store.list_leagues(guild_id, statuses=("signup", "running"), user_id=user_id)
        done = [await self.withdraw_all(league, (user_id,)) for league in found if user_id in league.members]
        return [progress for progress in done if progress.left]

    # ---- rounds -------------------------------------------------------------------------------------

    async def start(self, league: LeagueRecord) -> Progress:
        """Pair the first round now, without entrants who left the server. Tried again on fresh members
        when someone joined or left while it was planned; refused when another process started the league
        first."""
        leavers = await self.withdraw_leavers(league)
        league = leavers.league
        for _ in range(3):
            if league.status != "signup":
                raise GameError(text("league.already_started"))
            if len(league.members) < league_config(league).players:
                raise GameError(text("league.too_few"))
            progress = await self.open_next(league)
            if progress.opened is not None or progress.finished:
                return replace(progress, left=leavers.left)
            league = await self.reload(league)
        raise GameError(text("league.busy"))

    async def plan(self, league: LeagueRecord, rounds: Sequence[RoundRecord], tables: Sequence[LeagueGameRecord]) -> Round | None:
        """The next round, or None when the league has played all of its rounds."""
        config = league_config(league)
        number = len(rounds) + 1
        previous = as_rounds(rounds, tables)
        active = list(league.members)
        if config.tournament and not (config.format == "swiss_cut" and number <= config.rounds):
            return self.plan_bracket(league, rounds, tables, number)
        if config.format in ("rr", "drr"):
            roster = sorted(previous[0].players if previous else active)  # everyone who started, in a fixed order
            double = config.format == "drr"
            schedule = round_robin(roster, double) if config.players == 2 else \
                multiplayer_round_robin(roster, config.players, double, seed=league.id)
            if number > len(schedule):
                return None
            return self.without_withdrawn(schedule[number - 1], active, config.players)
        total = config.rounds
        if number > total:
            return None
        if config.format in ("swiss", "swiss_cut"):
            rows = standings(active, results_of(tables), byes_of(rounds), (), bye_points(config))
            scores = {row.user_id: row.points for row in rows}
            ratings = await self.store.get_ratings(league.guild_id, league.game_type, tuple(active))
            seeding = list(league.seeds) or sorted(active, key=lambda user: -rating_of(ratings.get(user)).conservative)
            return swiss_round(active, scores, previous, config.players, seed=league.id + number, seeding=seeding)
        ratings = await self.store.get_ratings(league.guild_id, league.game_type, tuple(active))
        return ladder_round(active, {user: rating_of(ratings.get(user)).conservative for user in active}, previous,
                            config.players, seed=league.id + number)

    @staticmethod
    def without_withdrawn(round_: Round, active: Sequence[int], size: int) -> Round:
        """A scheduled round with withdrawn members taken out: a table left short seats nobody, and its
        remaining players get a bye."""
        tables, byes = [], [user for user in round_.byes if user in active]
        for table in round_.tables:
            kept = tuple(user for user in table if user in active)
            if len(kept) == size:
                tables.append(kept)
            else:
                byes += kept
        return Round(tuple(tables), tuple(byes))

    async def open_next(self, league: LeagueRecord) -> Progress:
        """Pair and store the next round (or finish the league); the tables come back to be opened."""
        rounds = await self.store.league_rounds(league.id)
        tables = await self.store.league_games(league.id)
        seeds: tuple[int, ...] | None = None
        if league_config(league).tournament and not rounds:  # the seed order is fixed with the first round
            ratings = await self.store.get_ratings(league.guild_id, league.game_type, tuple(league.members))
            seeds = tournament.seeds_for(league, {user: rating_of(record).conservative for user, record in ratings.items()})
            league = replace(league, seeds=seeds)
        try:
            planned = await self.plan(league, rounds, tables)
        except PairingError as error:
            if league.status == "signup":
                raise GameError(text("league.too_few")) from error
            planned = None  # withdrawals left too few members to fill a table: the league ends here
        if planned is None:
            if not await self.store.finish_league(league.id, at_round=league.round):
                return Progress(league)  # another pass moved the league on meanwhile
            return Progress(await self.reload(league), finished=True)
        number = len(rounds) + 1
        deadline = self.now() + league_config(league).round_hours * HOUR
        if not await self.store.open_round(league.id, number=number, deadline=deadline, tables=list(planned.tables),
                                           byes=planned.byes, numbers=planned.numbers, seeds=seeds):
            return Progress(league)  # another pass paired it, or the members changed: planned again next time
        opened = [table for table in await self.store.league_games(league.id) if table.round == number]
        return Progress(await self.reload(league), opened=number, tables=tuple(opened))

    async def reload(self, league: LeagueRecord) -> LeagueRecord:
        found = await self.store.get_league(league.id)
        if found is None:
            raise GameError(text("league.not_found"))
        return found

    async def open_table(self, league: LeagueRecord, table: LeagueGameRecord) -> Loaded | None:
        """The game of one table, created and started (seats in the table's order, the league's options
        and time control). Resumable and race-safe: a table whose game was created but not started is
        started; a table another pass claimed first, or whose game already runs, is left alone (None)."""
        record = await self.store.get_game(table.game_id) if table.game_id is not None else None
        if record is None:
            config = league_config(league)
            options = dict(config.options) | ({TIME_OPTION: config.time_control} if config.time_control else {})
            record = await self.store.create_game(game_type=league.game_type, guild_id=league.guild_id,
                                                  channel_id=league.channel_id, host_id=table.players[0],
                                                  options=options, capacity=len(table.players))
            if not await self.store.set_table_game(table.key, record.id):
                await self.store.cancel_game(record.id, lobby_only=True)
                return None
        if record.status != "lobby":
            return None
        for user in table.players:  # in the table's order, so a pass seating alongside another keeps that order
            if user not in record.players:
                try:
                    record = await self.store.add_player(record.id, user)
                except LobbyError:  # another pass (maybe another process) seated them or started the game
                    found = await self.store.get_game(record.id)
                    if found is None or found.status != "lobby" or user not in found.players:
                        return None
                    record = found
        if list(record.players) != list(table.players):
            raise GameError(text("league.bad_table"))
        try:
            return await self.games.start(record, table.players[0], True)
        except LobbyError:
            return None  # another pass started it first

    async def advance(self, league: LeagueRecord) -> Progress:
        """One look at a due league: entrants who left the server are withdrawn first (their games in
        progress forfeited); then `look`."""
        leavers = await self.withdraw_leavers(league)
        progress = await self.look(leavers.league)
        if not leavers.left:
            return progress
        return replace(progress, forced=(*leavers.forced, *progress.forced), left=leavers.left)

    async def look(self, league: LeagueRecord) -> Progress:
        """Start a league at the end of sign-up; in a running one, tables whose game was cancelled by hand
        are voided, a round past its deadline is decided by the league's policy, and a finished round leads
        to the next (or the league's end)."""
        now = self.now()
        if league.status == "signup":
            if len(league.members) >= league_config(league).players:
                return await self.open_next(league)
            postponed = await self.store.postpone_signup(league.id, until=now + ENOUGH_WAIT,
                                                         needed=league_config(league).players)
            return Progress(league, short=postponed)
        rounds = await self.store.league_rounds(league.id)
        if not rounds:
            return await self.open_next(league)
        current = rounds[-1]
        tables = [table for table in await self.store.league_games(league.id) if table.round == current.number]
        forced: list[Played] = []
        voided: list[LeagueGameRecord] = []
        unopened: list[LeagueGameRecord] = []
        for table in tables:
            if table.status != "open":
                continue
            record = await self.store.get_game(table.game_id) if table.game_id is not None else None
            if (table.game_id is None or (record is not None and record.status == "lobby")) and now < current.deadline:
                unopened.append(table)
            elif record is None or record.status in ("cancelled", "lobby"):
                if await self.store.close_table(table.key, status="void"):
                    voided.append(table)
            elif record.status == "finished":
                await self.close_finished(table, record)
            elif now >= current.deadline:
                decided = await self.decide(league, table, record)
                if decided == "void":
                    voided.append(table)
                elif decided is not None:
                    forced.append(decided)
        if league_config(league).tournament:
            unopened += [table for table in await self.next_games(league, current.number)
                         if now < current.deadline and table not in unopened]
        remaining = [table for table in await self.store.league_games(league.id)
                     if table.round == current.number and table.status == "open"]
        if remaining and await self.store.wait_for_round(league.id, number=current.number, deadline=current.deadline):
            return Progress(league, forced=tuple(forced), voided=tuple(voided), tables=tuple(unopened))
        # the round is complete (its last game may have ended just now): the next one, which the store
        # refuses to pair over a round still in play
        following = await self.open_next(await self.reload(league))
        return Progress(following.league, following.opened, tuple(forced), tuple(voided), following.finished,
                        tables=following.tables)

    async def close_finished(self, table: LeagueGameRecord, record: GameRecord) -> None:
        """A game that ended without its table being decided (it ended before the table knew its game):
        the outcome is copied, unrated."""
        outcome = match_of(record).outcome
        ranks = tuple(outcome.ranks[record.players.index(user)] for user in table.players) if outcome else None
        await self.store.close_table(table.key, status="finished" if ranks else "void", ranks=ranks)

    async def decide(self, league: LeagueRecord, table: LeagueGameRecord,
                     record: GameRecord) -> Played | Literal["void"] | None:
        """The deadline's verdict on a game still running: the awaited seat forfeits (its step, committed
        with the table's result, is returned to publish), or the game is called off as a double forfeit
        ("void"). None when this call decided nothing (a move or another process got there first), so
        nothing is announced for the table twice, nor a void that did not happen."""
        loaded = Loaded(record, match_of(record))
        judged = verdict(league_config(league).policy, loaded.match.awaited_seats(), True)
        if judged.kind == "forfeit" and judged.seat is not None:
            try:
                return await self.games.concede(loaded, judged.seat, forfeit=True, expected_version=record.version)
            except GameError:
                return None  # a move landed meanwhile: the next pass judges the new position
        cancelled = loaded.match.cancelled()
        if await self.store.cancel_game(record.id, state=cancelled.to_json(), version=cancelled.version) \
                and await self.store.close_table(table.key, status="void"):
            return "void"
        return None

    # ---- reading ------------------------------------------------------------------------------------

    async def table(self, league: LeagueRecord) -> list[Row]:
        rounds = await self.store.league_rounds(league.id)
        tables = await self.store.league_games(league.id)
        config = league_config(league)
        return standings([*league.members, *league.withdrawn], results_of(tables), byes_of(rounds),
                         config.effective_tiebreaks, bye_points(config))

    async def recomputed_table(self, league: LeagueRecord) -> list[Row]:
        """The standings rebuilt from the stored games themselves (each table's game replayed to its
        outcome), not from the results the league recorded: the consistency check of the issue."""
        rounds = await self.store.league_rounds(league.id)
        results: list[TableResult] = []
        for table in await self.store.league_games(league.id):
            if table.status == "open":
                continue
            record = await self.store.get_game(table.game_id) if table.game_id is not None else None
            finished = record is not None and record.status == "finished" and record.state is not None
            outcome = match_of(record).outcome if record is not None and finished else None
            ranks = tuple(outcome.ranks[record.players.index(user)] for user in table.players) if outcome else None
            scores = tuple(outcome.scores[record.players.index(user)] for user in table.players) \
                if outcome is not None and outcome.scores is not None else None
            results.append(TableResult(table.round, table.players, ranks, scores))
        config = league_config(league)
        return standings([*league.members, *league.withdrawn], results, byes_of(rounds), config.effective_tiebreaks,
                         bye_points(config))

    # ---- seasons and ratings ------------------------------------------------------------------------

    async def new_season(self, guild_id: int, game_type: str) -> int:
        """Every rating of the game on this server soft-resets towards the mean; history is kept."""
        for _ in range(8):
            number = await self.store.current_season(guild_id, game_type) + 1
            current = await self.store.get_ratings(guild_id, game_type)
            resets = tuple(RatingChange(user, reset.mu, reset.sigma, record)
                           for user, record in sorted(current.items())
                           for reset in [soft_reset(rating_of(record))])
            try:
                if await self.store.new_season(guild_id, game_type, number=number, resets=resets):
                    return number
            except StoreError as error:  # a game ended meanwhile: read again
                if error.code != "ratings_changed":
                    raise
        raise GameError(text("league.busy"))

    async def audit(self, guild_id: int, game_type: str) -> dict[int, Rating]:
        """Ratings recomputed from the stored history alone (every rated game, season by season)."""
        history = await self.store.rating_history(guild_id, game_type)
        games: dict[int, list] = {}
        for entry in history:
            if entry.game_id is not None:
                games.setdefault(entry.game_id, []).append(entry)
        ordered = sorted(games.values(), key=lambda entries: (entries[0].at, entries[0].game_id))
        return recompute(RatedGame(entries[0].game_id, tuple(e.user_id for e in entries), tuple(e.rank or 1 for e in entries),
                                   tuple(e.team if e.team is not None else i for i, e in enumerate(entries)), entries[0].season)
                         for entries in ordered)

