"""ART OF WAR (アート・オブ・ウォー): the 2-player doujin card game of KINGs and countries.

See VIEW.md for the view and notation, RULINGS.md for how the engine reads the rulebook where it is
silent, and data/artofwar/EDITION.md for this project's KINGs.
"""

from engine.artofwar.game import GAME, ArtOfWar

__all__ = ["GAME", "ArtOfWar"]
