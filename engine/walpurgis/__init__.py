"""Walpurgis (戦略的弾幕配置TCG): the rules engine. The registry discovers `GAME`.

See RULES.md for how the engine reads the rulebook (Ver. 2.01) where it is silent, VIEW.md for the view
and the notation, and data/walpurgis/EDITION.md for this project's cards.
"""

from engine.walpurgis.game import GAME

__all__ = ["GAME"]
