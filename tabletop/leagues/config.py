"""A league's settings as chosen at `/league create`, validated once and stored as JSON with the league."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from engine import registry
from engine.core.errors import GameError
from tabletop.clocks import PRESETS
from tabletop.i18n import text
from tabletop.leagues.deadlines import POLICIES
from tabletop.leagues.standings import DEFAULT_TIEBREAKS, TIEBREAKS

FORMATS = ("rr", "drr", "swiss", "ladder")
"""Round-robin, double round-robin, Swiss with N rounds, open ladder (rating neighbours, N rounds)."""
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
    """A `tabletop.clocks.PRESETS` key for every game of the league (None: the server default)."""
    policy: str = "clock"
    tiebreaks: tuple[str, ...] = ()
    allow_ai: bool = False
    options: dict[str, str] = field(default_factory=dict)

    @property
    def effective_tiebreaks(self) -> tuple[str, ...]:
        return self.tiebreaks or DEFAULT_TIEBREAKS[self.format]

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
    if config.format in ("swiss", "ladder") and not 1 <= config.rounds <= MAX_ROUNDS:
        raise bad("league.bad_rounds")
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
