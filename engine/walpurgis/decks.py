"""Deck rules (1.2), deck codes, and the starter decks of data/walpurgis/cards.json.

A deck holds at most 60 cards and at most 4 cards of one name. The 4-copy limit counts by the printed
name, so 通常弾(霊夢) and 通常弾(レミリア) — both "通常弾", the collective name of 3. — are different
names and each may appear 4 times (Ver. 2.01 knows no exception; RULES.md). The rulebook expects
stricter and unlimited variants as optional rules: the lobby's `copies` option gives 1, 2, 3, 4 or no
limit, passed here as `limit` (None: no limit).

`refusals(names, limit)` is what a deck builder calls: every problem at once, each a bilingual sentence
naming the card. A deck code lists card ids with counts, `R00x4.R01x3`, short enough for a chat message.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.core.errors import BadOptions
from engine.core.game import echo
from engine.core.texts import plural
from engine.core.types import T, Text
from engine.walpurgis.cards import DATA, EDITION, EditionError

MAX_CARDS = 60
COPIES = 4
PART = re.compile(r"^([A-Za-z0-9]{1,6}?)(?:[xX](\d{1,2}))?$")


@dataclass(frozen=True, slots=True)
class Starter:
    key: str
    name: Text
    cards: tuple[str, ...]

    @property
    def code(self) -> str:
        return code_of(self.cards)


def card_id(name: str) -> str | None:
    """A card id from an id, a Japanese name or an English name (any case); None if unknown."""
    wanted = name.strip()
    if wanted.upper() in EDITION.cards:
        return wanted.upper()
    for cid, card in EDITION.cards.items():
        if wanted in (card.name.ja, card.name.en) or wanted.lower() == card.name.en.lower():
            return cid
    return None


def refusals(names: Iterable[str], limit: int | None = COPIES, size: int = MAX_CARDS) -> list[Text]:
    """Every reason this list of cards is not a legal deck (empty: legal)."""
    problems: list[Text] = []
    found: Counter[str] = Counter()
    for name in names:
        cid = card_id(name)
        if cid is None:
            shown = echo(name)
            problems.append(T(f"「{shown}」というカードはありません。", f"There is no card called “{shown}”."))
        else:
            found[cid] += 1
    total = sum(found.values())
    if total > size:
        problems.append(T(f"デッキは{size}枚以下です(今は{total}枚)。", f"A deck holds at most {plural(size, 'card')} (this one has {total})."))
    if total == 0:
        problems.append(T("デッキが空です。", "The deck is empty."))
    if limit is not None:
        for cid, count in sorted(found.items()):
            if count > limit:
                card = EDITION.card(cid).name
                problems.append(
                    T(
                        f"同じ名前のカードは{limit}枚までです: {card.ja}が{count}枚。",
                        f"At most {plural(limit, 'card')} of one name: {card.en} appears {count} times.",
                    )
                )
    return problems


def code_of(cards: Iterable[str]) -> str:
    counts = Counter(cards)
    return ".".join(f"{cid}x{counts[cid]}" for cid in sorted(counts))


def parse_code(code: str, limit: int | None = COPIES) -> tuple[str, ...]:
    """The cards of a deck code, checked; BadOptions with every reason otherwise."""
    cards: list[str] = []
    for part in code.strip().split("."):
        match = PART.match(part)
        if not match:
            shown = echo(part)
            raise BadOptions(T(f"デッキコードの「{shown}」が読めません(例: R00x4.R01x3)。", f"Cannot read “{shown}” in the deck code (e.g. R00x4.R01x3)."))
        cards += [match.group(1).upper()] * int(match.group(2) or 1)
    problems = refusals(cards, limit)
    if problems:
        raise BadOptions(T(" ".join(p.ja for p in problems), " ".join(p.en for p in problems)))
    return tuple(sorted(cards))


def _starters(data: object) -> dict[str, Starter]:
    entries = data.get("starters") if isinstance(data, Mapping) else None
    if not isinstance(entries, list) or not entries:
        raise EditionError(f"{DATA}: starters: must list the starter decks")
    found: dict[str, Starter] = {}
    for index, entry in enumerate(entries):
        where = f"{DATA}: starters[{index}]"
        try:
            key, name, counts = entry["key"], entry["name"], entry["cards"]
            label = Text(name["ja"], name["en"])
            cards = tuple(cid for cid, count in sorted(counts.items()) for _ in range(int(count)))
        except (KeyError, TypeError, ValueError):
            raise EditionError(f"{where}: needs \"key\", \"name\" {{ja, en}} and \"cards\" {{card id: count}}") from None
        problems = refusals(cards)
        if problems:
            raise EditionError(f"{where}.cards: {problems[0].en}")
        if not any(EDITION.card(cid).normal for cid in cards):
            raise EditionError(f"{where}.cards: a starter needs a 通常弾")
        found[key] = Starter(key, label, cards)
    return found


@lru_cache(maxsize=None)
def starters() -> dict[str, Starter]:
    return _starters(json.loads(DATA.read_text(encoding="utf-8")))


STARTERS = starters()
