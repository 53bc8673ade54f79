"""Wall of War (ウォール・オブ・ウォー): the rules engine. The registry discovers `GAME`."""

from engine.wallofwar.game import GAME

__all__ = ["GAME"]
