"""AI seats in the stored record, with no schema change and no Discord.

An AI added in the lobby joins as a reserved negative user id that encodes its lobby slot and level
(-(10 · slot + level code)): the seats table, start order and every per-seat lookup work unchanged, a
record alone says which seats are AI and how strong, and no real Discord id is ever negative. Seats an AI
takes over keep their player's id; `Timing.ai` (tabletop.play.clocks) lists every seat an AI plays now, both
kinds, and `Timing.assisted` the seats ever taken over.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from tabletop.play.clocks import Timing
from tabletop.presentation.i18n import tr
from storage.base import GameRecord

LEVEL_CODES: dict[str, int] = {"easy": 1, "normal": 2, "hard": 3}
LEVEL_NAMES = {code: name for name, code in LEVEL_CODES.items()}
DEFAULT_LEVEL = "normal"
SEARCHES = "ai_searches"
"""The server setting: AI searches of the server that may run at once (others wait their turn)."""
TAKEOVER_LEVEL = "ai_level"
"""The server setting: the level of an AI that takes over a seat whose player ran out of time."""
SECONDS = "ai_seconds"
"""The server setting: the most seconds one AI decision may take (caps each level's own budget)."""
MIN_SECONDS, MAX_SECONDS = 0.2, 10.0
DEFAULT_SEARCHES = 1
MAX_SEARCHES = 4
MAX_SLOT = 9


def is_ai(user_id: int) -> bool:
    return user_id < 0


def ai_user_id(slot: int, level: str) -> int:
    return -(10 * slot + LEVEL_CODES[level])


def level_of(user_id: int) -> str:
    return LEVEL_NAMES.get(-user_id % 10, DEFAULT_LEVEL)


def new_ai_id(players: Iterable[int], level: str) -> int | None:
    """The id of one more AI at `level` in a lobby: the lowest slot no AI holds (None past `MAX_SLOT`)."""
    taken = {-user_id // 10 for user_id in players if is_ai(user_id)}
    slot = next((slot for slot in range(1, MAX_SLOT + 1) if slot not in taken), None)
    return None if slot is None else ai_user_id(slot, level)


def ai_name(level: str, locale: str) -> str:
    """"AI · normal" / 「AI・ふつう」: the name an AI seat has on every board and message."""
    return tr("ai.name", locale, level=tr(f"ai.level_{level}", locale))


def added(players: Iterable[int]) -> dict[int, str]:
    """Seat → level of the seats added as AI (meaningful once the game started)."""
    return {seat: level_of(user_id) for seat, user_id in enumerate(players) if is_ai(user_id)}


def controllers(record: GameRecord) -> Mapping[int, str]:
    """Seat → level of every seat an AI plays now."""
    if record.timing is None:
        return added(record.players)
    return Timing.from_json(record.timing).ai


def people(record: GameRecord, seats: Iterable[int]) -> list[int]:
    """The seats a person plays now, in order: only they are mentioned, sent DMs or shown menus."""
    ai = controllers(record)
    return [seat for seat in seats if seat not in ai and not is_ai(record.players[seat])]


def taken_over(record: GameRecord) -> Mapping[int, str]:
    """Seat → level of seats an AI plays in place of their player now."""
    return {seat: level for seat, level in controllers(record).items() if not is_ai(record.players[seat])}


def ai_played_seats(record: GameRecord) -> set[int]:
    """Seats an AI played any part of: added in the lobby, or taken over at some point (even if their
    player came back). The leagues rate a game only if this is empty or its league allows AI."""
    seats = set(added(record.players))
    if record.timing is not None:
        timing = Timing.from_json(record.timing)
        seats |= set(timing.ai) | set(timing.assisted)
    return seats


def has_ai_seats(record: GameRecord) -> bool:
    """Whether an AI played any part of this game; such games are unrated unless a league allows AI."""
    return bool(ai_played_seats(record))
