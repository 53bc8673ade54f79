"""The shared game contract: value types, the Game base class, the match envelope, the registry."""

from engine.core.errors import (
    BadOptions,
    GameError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    StaleVersion,
)
from engine.core.game import Game, OptionSpec
from engine.core.match import Match, Step
from engine.core.rng import Rng
from engine.core.types import Action, Choice, Decision, Event, Outcome, Text, Transition

__all__ = [
    "Action",
    "BadOptions",
    "Choice",
    "Decision",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "Match",
    "NotYourDecision",
    "OptionSpec",
    "Outcome",
    "Rng",
    "StaleVersion",
    "Step",
    "Text",
    "Transition",
]
