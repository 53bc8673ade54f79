"""The ranked queue's record and the part of the storage contract that keeps it.

One row per time a player queued: waiting until a queue pass matches it into a game (`matched`, with
the game's id), it expires (`expired`) or its player leaves (`left`). A player has at most one waiting
entry per server (a partial unique index), so one entry never seats anyone twice, and a pass turns an
entry from waiting into matched by compare-and-set, once, whichever process runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, Sequence

QueueStatus = Literal["waiting", "matched", "expired", "left"]


@dataclass(frozen=True, slots=True)
class QueueKey:
    """One queue of a server: only entries of the same server, game, table size and time control meet."""

    guild_id: int
    game_type: str
    players: int
    time_control: str


@dataclass(frozen=True, slots=True)
class QueueEntry:
    id: int
    guild_id: int
    user_id: int
    game_type: str
    players: int
    """The table size the player asked for."""
    time_control: str
    """A `tabletop.play.clocks.PRESETS` key, or "" for the server's default."""
    rating: int
    """The displayed (conservative) rating when the player joined: what matching compares."""
    channel_id: int
    """Where the player joined: the game opens there when the server set no queue channel."""
    joined_at: float
    expires_at: float
    ai_at: float | None
    """When an unmatched entry starts a practice game against the AI (None: never)."""
    status: QueueStatus
    game_id: int | None

    @property
    def queue(self) -> QueueKey:
        return QueueKey(self.guild_id, self.game_type, self.players, self.time_control)


@dataclass(frozen=True, slots=True)
class QueueCount:
    """How many wait in one queue of a server (a game, a table size, a time control)."""

    game_type: str
    players: int
    time_control: str
    waiting: int


class QueueStore(Protocol):
    """The queue operations of `Store`; each is one transaction. StoreError "queue_already": the player
    already waits in this server's queue."""

    async def queue_join(self, *, guild_id: int, user_id: int, game_type: str, players: int, time_control: str,
                         rating: int, channel_id: int, now: float, expires_at: float, ai_at: float | None) -> QueueEntry:
        """A waiting entry; "queue_already" when the player has one in this server."""

    async def queue_entry(self, guild_id: int, user_id: int) -> QueueEntry | None:
        """The player's latest entry in this server (waiting or not), or None."""

    async def queue_leave(self, guild_id: int, user_id: int) -> QueueEntry | None:
        """Waiting → left; None (nothing changed) when the player was not waiting (a pass matched them first)."""

    async def queue_counts(self, guild_id: int) -> list[QueueCount]:
        """The server's waiting entries counted per queue."""

    async def claim_queue(self, now: float, *, until: float, limit: int = 200, queue: QueueKey | None = None) -> list[QueueEntry]:
        """Waiting entries nobody holds, oldest first, claimed until `until` in this store's name (FOR UPDATE
        SKIP LOCKED on PostgreSQL: concurrent passes take different entries instead of waiting); only those
        of `queue` when given (the match tried right after a player joins it)."""

    async def queue_match(self, entry_ids: Sequence[int], *, game_id: int) -> bool:
        """Every one of these entries waiting → matched into `game_id`, all or none (compare-and-set on
        `waiting`): False, with nothing changed, when any of them left, expired or was matched meanwhile.
        The entries keep the pass's claim until it releases them, once their game started."""

    async def claim_unstarted(self, now: float, *, until: float, limit: int = 50) -> list[QueueEntry]:
        """Matched entries whose claim ran out before their pass released it (it died between the match and
        the game's start), claimed until `until` like `claim_queue`: a later pass starts their game."""

    async def queue_expire(self, entry_ids: Sequence[int]) -> list[int]:
        """Those of these entries still waiting → expired; returns their ids (each expires once)."""

    async def release_queue(self, entry_ids: Sequence[int]) -> None:
        """End this store's own claims on these entries (the pass is done with them)."""
