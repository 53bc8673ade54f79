"""War Chest (AEG): bag-building war game for 2 players or two teams of 2. See VIEW.md for the view."""

from engine.warchest.game import WarChest

GAME = WarChest()

__all__ = ["GAME", "WarChest"]
