"""Bilingual labels of the picker's choices, each built once and shared by every action that shows it."""

from __future__ import annotations

from functools import lru_cache

from engine.core.types import Choice, T, Text
from engine.warchest.units import UNITS, coin_name

VERBS: dict[str, Text] = {
    "deploy": T("配置", "Deploy"),
    "bolster": T("増援", "Bolster"),
    "initiative": T("先行宣言(裏向き)", "Claim initiative (face down)"),
    "recruit": T("募集(裏向き)", "Recruit (face down)"),
    "pass": T("パス(裏向き)", "Pass (face down)"),
    "move": T("移動", "Move"),
    "control": T("占領", "Control"),
    "attack": T("攻撃", "Attack"),
    "tactic": T("戦術", "Tactic"),
    "skip": T("しない(終了)", "Skip (done)"),
    "supply": T("供給のコインを失う", "Lose a coin from the supply"),
    "unit": T("ユニットのコインを失う", "Lose a coin from the unit"),
}


@lru_cache(maxsize=None)
def verb_choice(verb: str) -> Choice:
    return Choice(verb, VERBS[verb])


@lru_cache(maxsize=None)
def coin_choice(coin: str) -> Choice:
    return Choice(coin, coin_name(coin))


@lru_cache(maxsize=None)
def unit_choice(unit: str) -> Choice:
    """A unit to recruit or draft: on the board, its row in the seat's table or its entry in the pool."""
    return Choice(unit, UNITS[unit].name, target=f"unit:{unit}")


@lru_cache(maxsize=None)
def hex_choice(args: str) -> Choice:
    """A target given as hexes: "E1" stays "E1"; "E1-E2-F3" reads "E1→E2→F3". On the board it picks the
    hex where the action lands (the last one)."""
    shown = args.replace("-", "→")
    return Choice(args, Text(shown, shown), target=f"hex:{args.rsplit('-', 1)[-1]}")


@lru_cache(maxsize=None)
def group_choice(key: str) -> Choice:
    """An intermediate picker level that narrows a long target list: a column (no single place on the
    board), or the hex acting first."""
    return Choice(key, T(f"{key}…", f"{key}…"), target=f"hex:{key}" if len(key) > 1 else None)
