"""A league's settings as chosen at `/league create`, validated once and stored as JSON with the league."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

from engine import registry
from engine.core.errors import GameError
from tabletop.play.clocks import PRESETS
from tabletop.presentation.i18n import text
from tabletop.leagues.brackets.build import FORMATS as BRACKETS, Spec
from tabletop.leagues.brackets.match import BEST_OF, FIRST
from tabletop.leagues.brackets.seeding import SEEDINGS
from tabletop.leagues.deadlines import POLICIES
from tabletop.leagues.standings import DEFAULT_TIEBREAKS, TIEBREAKS

FORMATS = ("rr", "drr", "swiss", "ladder", *BRACKETS)
"""Round-robin, double round-robin, Swiss with N rounds, open ladder (rating neighbours, N rounds), and
the tournaments: single elimination (duels, or rounds of multiplayer tables), double elimination, a
Swiss of N rounds with a top-K single-elimination cut."""
MAX_CUT = 32
MAX_ROUNDS = 30
MAX_ROUND_HOURS = 24 * 60
NAME_LIMIT = 40
ADMIN_ROLE = "league_admin_role"
"""The guild setting: the id of a role whose members may run league admin commands (besides Manage Server)."""


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    format: str
    players: int
    """Seats per table (a two-player game: 2; Wall of War: 3–5)."""
    rounds: int = 0
    """Swiss and ladder: rounds to play; round-robins derive theirs from the members."""
    round_hours: int = 72
    time_control: str | None = None
    """A `tabletop.play.clocks.PRESETS` key for every game of the league (None: the server default)."""
    policy: str = "clock"
    tiebreaks: tuple[str, ...] = ()
    allow_ai: bool = False
    options: dict[str, str] = field(default_factory=dict)
    best_of: int = 1
    """Tournaments: games per match (1, 3, 5; a Swiss's rounds stay single games, its cut plays these)."""
    first: str = "alternate"
    """Tournaments: who sits first in a match's next game, "alternate" or "loser" (of the last game)."""
    seeding: str = "rating"
    advance: int = 1
    """Tournaments: the top K of each multiplayer table go through; the size of a Swiss's cut."""
    reset: bool = True
    """Double elimination: a grand final won by the losers' champion is played again."""

    @property
    def effective_tiebreaks(self) -> tuple[str, ...]:
        return self.tiebreaks or DEFAULT_TIEBREAKS.get(self.format, DEFAULT_TIEBREAKS["swiss"])

    @property
    def tournament(self) -> bool:
        return self.format in BRACKETS

    def spec(self, counts: Sequence[int], teams: Sequence[int] = ()) -> Spec:
        """The bracket rules of a tournament; `counts` are the table sizes the game allows, `teams` the team
        of each seat at a full table (every seat its own: no teams)."""
        smallest = min(min(counts), self.players)
        sizes = tuple(count for count in sorted(counts) if smallest <= count <= self.players)
        return Spec(self.format, self.best_of, self.first, self.players, smallest, self.advance,
                    self.reset, self.rounds if self.format == "swiss_cut" else 0, self.advance, sizes,
                    tuple(teams) if len(set(teams)) < len(teams) else ())

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["tiebreaks"] = list(self.tiebreaks)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "LeagueConfig":
        return cls(**{**data, "tiebreaks": tuple(data.get("tiebreaks", ()))})


def bad(key: str) -> GameError:
    return GameError(text(key))


def validate(game_type: str, config: LeagueConfig, name: str) -> None:
    """Every choice checked before anything is stored; a refusal names what is wrong."""
    if game_type not in registry.games():
        raise bad("league.bad_game")
    game = registry.get(game_type)
    if not name.strip() or len(name) > NAME_LIMIT:
        raise bad("league.bad_name")
    if config.players not in game.player_counts:
        raise bad("league.bad_players")
    if config.format not in FORMATS:
        raise bad("league.bad_format")
    if config.format in ("swiss", "ladder", "swiss_cut") and not 1 <= config.rounds <= MAX_ROUNDS:
        raise bad("league.bad_rounds")
    if config.tournament:
        validate_tournament(config, min(game.player_counts))
    if not 1 <= config.round_hours <= MAX_ROUND_HOURS:
        raise bad("league.bad_round_hours")
    if config.time_control is not None and config.time_control not in {control.key for control in PRESETS}:
        raise bad("league.bad_time")
    if config.policy not in POLICIES or any(name not in TIEBREAKS for name in config.tiebreaks):
        raise bad("league.bad_policy")
    try:
        game.validate_options(config.players, config.options)
    except GameError as error:
        raise GameError(error.reason) from error


def validate_tournament(config: LeagueConfig, smallest: int) -> None:
    """Duels for double elimination, a Swiss with a cut and best-of matches (a multiplayer table plays one
    game); at tables, fewer go through than a full table seats (a smaller table always drops at least
    one: brackets/tables.py); a cut of 2 to MAX_CUT."""
    if config.best_of not in BEST_OF or config.first not in FIRST or config.seeding not in SEEDINGS:
        raise bad("bracket.bad_match")
    if config.players > 2 and (config.format != "single_elim" or config.best_of != 1):
        raise bad("bracket.duels_only")
    if config.players > 2 and not 1 <= config.advance < config.players:
        raise bad("bracket.bad_advance")
    if config.format == "swiss_cut" and not 2 <= config.advance <= MAX_CUT:
        raise bad("bracket.bad_cut")
