"""The tournament side of `LeagueService`, with no Discord in it: a tournament is a league whose rounds are
a bracket's rounds (tabletop/leagues/tournament.py). `LeagueService` plans a tournament's rounds here,
adds the next game of each match to the round in play, reads the bracket (as recorded, or rebuilt from
the games themselves) and settles a match by hand; the round-robin, Swiss and ladder leagues never come
here. The same rules as the league's: one store transaction per change, compare-and-set where two
passes could race.
"""

from __future__ import annotations

from typing import Awaitable, Callable, Sequence

from engine import registry
from engine.core.errors import GameError
from tabletop.presentation.i18n import text
from tabletop.leagues.pairing import Round
from tabletop.leagues.brackets.build import to_open
from tabletop.leagues.brackets.match import GAME_SLOTS
from tabletop.leagues.brackets.view import BracketView, MatchView
from tabletop.leagues import tournament
from tabletop.play.service import GameService, match_of
from storage.base import Store
from storage.league_records import LeagueGameRecord, LeagueRecord, RoundRecord, TableKey


def settled_ranks(players: Sequence[int], named: Sequence[int], teams: Sequence[int]) -> tuple[int, ...]:
    """Places of a table settled by hand, in seat order: the named players' sides in the order named
    (a side is a team, or a seat on its own), every other side sharing the place after them."""
    order = list(dict.fromkeys(teams[players.index(user)] for user in named))
    return tuple(order.index(team) + 1 if team in order else len(order) + 1 for team in teams)


class TournamentOperations:
    """The tournament methods of `tabletop.leagues.service.LeagueService`."""

    store: Store
    games: GameService
    reload: Callable[[LeagueRecord], Awaitable[LeagueRecord]]

    @staticmethod
    def plan_bracket(league: LeagueRecord, rounds: Sequence[RoundRecord], tables: Sequence[LeagueGameRecord],
                     number: int) -> Round | None:
        """A tournament's next round: the first game of each of its matches ready to play, numbered by
        match, and the byes of the round; None once the bracket has its champion (or nothing is left)."""
        results = tournament.live_results(tables)
        view = tournament.bracket_of(league, rounds, results)
        here = [match for match in view.matches() if match.round == number]
        if view.done or not here:
            return None
        openings = [opening for opening in to_open(tournament.spec_of(league), list(league.seeds), results, league.withdrawn,
                                                   tournament.byes_of(rounds)) if opening.round == number]
        byes = tuple(user for match in here if match.decided_by == "bye" for user in match.winners)
        return Round(tuple(opening.players for opening in openings), byes, tuple(opening.table for opening in openings))

    async def next_games(self, league: LeagueRecord, number: int) -> list[LeagueGameRecord]:
        """A tournament's round in play: the next game of each match still undecided after its last game,
        added once (the table number names the match and the game) and returned to be opened."""
        rounds = await self.store.league_rounds(league.id)
        tables = await self.store.league_games(league.id)
        openings = [opening for opening in to_open(tournament.spec_of(league), list(league.seeds), tournament.live_results(tables),
                                                   league.withdrawn, tournament.byes_of(rounds)) if opening.round == number]
        if not openings:
            return []
        await self.store.add_tables(league.id, number=number, tables=[(opening.table, opening.players) for opening in openings])
        wanted = {opening.table for opening in openings}
        return [table for table in await self.store.league_games(league.id)
                if table.round == number and table.table in wanted and table.game_id is None and table.status == "open"]

    async def bracket(self, league: LeagueRecord) -> BracketView:
        """The tournament's bracket from the results the league recorded."""
        tables = await self.store.league_games(league.id)
        return tournament.bracket_of(league, await self.store.league_rounds(league.id), tournament.live_results(tables))

    async def recomputed_bracket(self, league: LeagueRecord) -> BracketView:
        """The bracket rebuilt from the stored games themselves: it must equal `bracket`."""
        tables = await self.store.league_games(league.id)
        return tournament.bracket_of(league, await self.store.league_rounds(league.id),
                                     await tournament.replayed_results(self.store, tables))

    async def settle(self, league: LeagueRecord, key: str, winners: Sequence[int]) -> BracketView:
        """An admin decides a match of the round in play by hand: its game in progress is called off
        (cancelled, unrated), and the result is recorded as settled, shown as such. `winners` in order: a
        duel's winner; at a multiplayer table who go through, best first (the rest share the next place;
        in a team game a named player's partner places with them); a Swiss game's winner."""
        view = await self.bracket(league)
        match = next((m for m in view.matches() if m.key.lower() == key.lower()), None)
        if match is None or match.status in ("done", "waiting") or match.round != league.round or league.status != "running":
            raise GameError(text("bracket.settle_bad_match"))
        users = tuple(side.user for side in match.sides if side.user is not None)
        named = tuple(dict.fromkeys(winners))
        if not named or any(user not in users for user in named) or len(named) >= len(users) \
                or (len(users) == 2 and len(named) != 1):
            raise GameError(text("bracket.settle_bad_winner"))
        if match.bracket == "swiss" or len(users) > 2 or match.key.startswith("T"):
            await self.settle_game(league, match, named)
            return await self.bracket(await self.reload(league))
        winner = named[0]
        for game in match.games:
            if game.status == "open":
                if game.game_id is not None:
                    await self.call_off(game.game_id)
                await self.store.close_table(TableKey(league.id, match.round, game.table), status="void")
        slot = [m.key for m in view.matches() if m.round == match.round].index(match.key)
        table_no = slot * GAME_SLOTS + len(match.games)
        ranks = tuple(1 if user == winner else 2 for user in users)
        if not await self.store.add_tables(league.id, number=match.round, tables=[(table_no, users)], ranks=ranks):
            raise GameError(text("league.busy"))
        return await self.bracket(await self.reload(league))

    async def settle_game(self, league: LeagueRecord, match: MatchView, named: Sequence[int]) -> None:
        """A match of one game (a Swiss game, a multiplayer table) settled: its table takes the places the
        admin gave and lets go of its game first (so a move ending it now cannot record it as well), then
        the game is called off."""
        game = match.games[-1] if match.games else None
        if game is None or game.status != "open":
            raise GameError(text("league.busy"))
        teams = registry.get(league.game_type).seat_teams({"players": len(game.players)})
        ranks = settled_ranks(game.players, named, teams)
        if not await self.store.close_table(TableKey(league.id, match.round, game.table), status="finished", ranks=ranks,
                                            settled=True):
            raise GameError(text("league.busy"))
        if game.game_id is not None:
            await self.call_off(game.game_id)

    async def call_off(self, game_id: int) -> None:
        """Cancel a game still in its lobby or in play (unrated), reading it again when a move landed
        between the read and the cancel; a game that ended meanwhile is left as it ended."""
        for _ in range(5):
            record = await self.store.get_game(game_id)
            if record is None or record.status not in ("active", "lobby"):
                return
            if record.state is None:
                if await self.store.cancel_game(record.id, lobby_only=True):
                    return
                continue
            cancelled = match_of(record).cancelled()
            if await self.store.cancel_game(record.id, state=cancelled.to_json(), version=cancelled.version):
                return
        raise GameError(text("league.busy"))
