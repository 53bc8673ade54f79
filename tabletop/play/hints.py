"""Where hints are allowed, and computing them in the AI worker pool (issue 28). No Discord here: the
button, the command's answer and the one-tap plays are in `discord_ui.hint_ui`.

The rule, checked in this order (the first refusal wins):
1. never in a rated game (`lobby_rated`, unless an AI seat makes it unrated, as `tabletop.leagues.results`
   does), a league or tournament table (`Store.table_of_game`), or a game the ranked queue matched: the
   asking player's latest queue entry was matched into it (a queue game between people is rated anyway;
   this catches the queue's unrated games against the AI);
2. always in a practice game: every other seat is an AI added in the lobby, or the game carries the
   practice flag `tabletop.play.learning.HINTS_OPTION` (`/game learn` sets it);
3. in any other game only when the server turned them on (`/game-settings hints`, off by default).

The guild setting lives in the settings JSON of `guild_settings`, like every other server setting: a
missing key reads as off, so it needs no schema migration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from engine.ai.hint import hint
from engine.core.match import Match
from tabletop.play.ai_seats import has_ai_seats, is_ai
from tabletop.runtime.cache import SharedResults
from tabletop.leagues.results import lobby_rated
from tabletop.play.learning import hints_on
from storage.base import GameRecord, Store

if TYPE_CHECKING:
    from tabletop.play.ai_turns import AiTurns

HINTS_SETTING = "hints"
"""The guild setting: hints in casual games (practice games have them whatever it says)."""
CACHED = 512
"""Hints kept in memory, by (game, version, seat): asking again, or tapping Hint in the DM and in the
Take turn menu, answers at once."""
HINT_KEY = "hints"
"""The worker gate's key for hints: one line of their own, served in turn with the servers' AI searches."""


@dataclass(frozen=True, slots=True)
class HintChoice:
    notation: str
    chance: float
    """Estimated chance of winning in [0, 1] (engine.ai.hint says how it is read from the search)."""


def practice(record: GameRecord) -> bool:
    """Every other seat an AI added in the lobby, or the practice flag set."""
    people = [user for user in record.players if not is_ai(user)]
    return hints_on(record.options) or len(people) <= 1


async def refusal(store: Store, record: GameRecord, user_id: int) -> str | None:
    """The catalog key of why `user_id` may not have hints in this game (see the module), or None."""
    settings: Mapping[str, Any] = await store.get_guild_settings(record.guild_id) if record.guild_id is not None else {}
    if lobby_rated(record.options, settings) and not has_ai_seats(record):
        return "hint.no_rated"
    if not practice(record) and not settings.get(HINTS_SETTING, False):
        return "hint.off"
    if record.guild_id is not None and await store.table_of_game(record.id) is not None:
        return "hint.no_league"
    if record.guild_id is not None:
        entry = await store.queue_entry(record.guild_id, user_id)
        if entry is not None and entry.game_id == record.id:
            return "hint.no_queue"
    return None


def hint_seed(game_id: int, version: int, seat: int) -> int:
    """The search's seed: a hint is the same every time it is asked at this point of the log."""
    return (game_id * 1_000_033 + version * 131 + seat * 7 + 1) % 2**62


class Hints:
    """Hints computed once per (game, version, seat) in the AI's worker pool, behind its fair gate.

    Why a key of their own at the gate: a hint must never hold up a turn. Hints wait in one line (served
    in turn with every server's AI searches), and at most `capacity - 1` of them run at once, so with two
    workers or more one is always left for the turns."""

    def __init__(self, ai: "AiTurns") -> None:
        self.ai = ai
        self.results: SharedResults[tuple[int, int, int], tuple[HintChoice, ...]] = SharedResults(CACHED)

    async def get(self, record: GameRecord, match: Match, seat: int) -> tuple[HintChoice, ...]:
        key = (record.id, match.version, seat)
        return await self.results.get(key, lambda: self._compute(record, seat, key))

    async def _compute(self, record: GameRecord, seat: int, key: tuple[int, int, int]) -> tuple[HintChoice, ...]:
        pool = self.ai.pool
        found = await pool.run(HINT_KEY, hint, record.game_type, record.state, seat, hint_seed(*key), self.ai.iterations,
                               limit=max(1, pool.gate.capacity - 1))
        return tuple(HintChoice(choice["notation"], choice["chance"]) for choice in found)
