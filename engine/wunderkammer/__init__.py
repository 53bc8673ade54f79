"""Wunderkammer (ヴンダーカンマー): the rules engine. The registry discovers `GAME`."""

from engine.wunderkammer.game import GAME

__all__ = ["GAME"]
