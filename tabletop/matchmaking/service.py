"""The ranked queue over the store and the game service, with no Discord in it.

`join` and `leave` are the players' commands; `match_now` tries a match right after a join, so a fitting
opponent already waiting meets the player at once (the same claim and compare-and-set as the pass, over
that one queue). `run` is one queue pass (the scheduler loop runs it): it claims the waiting entries,
expires those past their time, forms tables by the matching rule (tabletop/matchmaking/rule.py), and
starts each table's game, so gaps that need a longer wait are matched as the windows widen; entries left
waiting past the server's AI delay start an unrated practice game against the AI instead. The Discord side
(tabletop/matchmaking/post.py) announces what either returns.

Exactly once across processes: the claim only keeps passes from doing the same work twice; what decides
is the store's compare-and-set. A table's game is created as a lobby, then its entries turn from waiting
into matched, all of them or none (`queue_match`); only then does the game start. A pass that loses that
race (a player left, another process matched one of them) cancels its lobby and announces nothing, so a
queue entry seats its player in one started game at most. Matched entries keep their claim until their
game has started; a pass that died in between leaves them to a later pass (`resume`), so no match is lost.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable, Mapping, Sequence

from engine import registry
from engine.core.errors import BadOptions, GameError
from engine.core.types import Text
from tabletop.play.ai_seats import DEFAULT_LEVEL, new_ai_id
from tabletop.play.clocks import HOUR, PRESETS
from tabletop.presentation.i18n import tr
from tabletop.leagues.results import RATED_OPTION, rating_of
from tabletop.runtime.leases import lease_end
from tabletop.matchmaking.rule import Waiting, tables
from tabletop.play.service import TIME_OPTION, GameService, Loaded
from storage.base import LobbyError, Store, StoreError
from storage.queue_records import QueueEntry, QueueKey

QUEUE_CHANNEL = "queue_channel"
"""The guild setting: the channel where queue games open (default: where the oldest player joined)."""
QUEUE_HOURS = "queue_hours"
"""The guild setting: hours an entry waits before it expires."""
QUEUE_AI_MINUTES = "queue_ai_minutes"
"""The guild setting: minutes without a match before an unrated practice game against the AI (0/absent: off)."""
DEFAULT_QUEUE_HOURS = 24
MAX_QUEUE_HOURS = 24 * 7
MAX_AI_MINUTES = 24 * 60
PASS_LIMIT = 200
"""Entries one pass claims, oldest first: the pass's work is bounded whatever the queue's length."""
MINUTE = 60.0
Gone = Callable[[int, Iterable[int]], Awaitable[set[int]]]
"""Which of these players have left the server, as far as Discord says for certain (the Discord side asks:
discord_ui.membership): their entries are dropped before a table is formed, so no game starts with them."""


def refusal(key: str, **values: Any) -> GameError:
    """A short refusal in both languages (answered privately by `refusals`)."""
    return GameError(Text(tr(key, "ja", **values), tr(key, "en", **values)))


def expiry_hours(settings: Mapping[str, Any]) -> int:
    return int(settings.get(QUEUE_HOURS) or DEFAULT_QUEUE_HOURS)


def ai_minutes(settings: Mapping[str, Any]) -> int:
    return int(settings.get(QUEUE_AI_MINUTES) or 0)


@dataclass(frozen=True, slots=True)
class Started:
    """A game a pass started from the queue: its players' entries, the channel it opens in."""

    loaded: Loaded
    entries: tuple[QueueEntry, ...]
    channel_id: int
    practice: bool = False


@dataclass(frozen=True, slots=True)
class PassResult:
    started: tuple[Started, ...] = ()
    expired: tuple[QueueEntry, ...] = ()
    claimed: int = 0
    lost: int = 0
    """Tables this pass formed but another pass (or a player leaving) got to first."""


class QueueService:
    def __init__(self, store: Store, games: GameService, now: Callable[[], float], gone: Gone | None = None) -> None:
        self.store = store
        self.games = games
        self.now = now
        self.gone = gone
        """Without it (tests of the service alone), nobody is found to have left the server."""

    # ---- the players' commands ------------------------------------------------------------------------

    async def join(self, *, guild_id: int | None, channel_id: int, user_id: int, game_type: str, players: int | None,
                   time_control: str | None) -> QueueEntry:
        """Queue the player; refused from DMs, for a game unknown, a player count or time control the game
        cannot take, or while the player already waits in this server's queue."""
        if guild_id is None:
            raise refusal("queue.guild_only")
        if game_type not in registry.games():
            raise refusal("queue.bad_game")
        game = registry.get(game_type)
        size = players if players is not None else min(game.player_counts)
        counts = "/".join(map(str, game.player_counts))
        if size not in game.player_counts:
            raise refusal("queue.bad_players", counts=counts)
        try:
            game.validate_options(size, {})
        except BadOptions:
            raise refusal("queue.bad_players", counts=counts) from None
        if time_control is not None and time_control not in {control.key for control in PRESETS}:
            raise refusal("queue.bad_time")
        waiting = await self.store.queue_entry(guild_id, user_id)
        if waiting is not None and waiting.status == "waiting":
            raise self.already(waiting)
        settings = await self.store.get_guild_settings(guild_id)
        rating = rating_of((await self.store.get_ratings(guild_id, game_type, (user_id,))).get(user_id)).display
        now = self.now()
        delay = ai_minutes(settings)
        try:
            return await self.store.queue_join(
                guild_id=guild_id, user_id=user_id, game_type=game_type, players=size, time_control=time_control or "",
                rating=rating, channel_id=channel_id, now=now, expires_at=now + expiry_hours(settings) * HOUR,
                ai_at=now + delay * MINUTE if delay else None)
        except StoreError as error:
            if error.code != "queue_already":
                raise
            current = await self.store.queue_entry(guild_id, user_id)
            raise self.already(current) from None

    @staticmethod
    def already(entry: QueueEntry | None) -> GameError:
        if entry is None or entry.game_type not in registry.games():
            return refusal("queue.already", game="-")
        game = registry.get(entry.game_type).name
        return GameError(Text(tr("queue.already", "ja", game=game.ja), tr("queue.already", "en", game=game.en)))

    async def leave(self, guild_id: int | None, user_id: int) -> QueueEntry:
        """Out of the queue; refused when the player was not waiting (a pass may have matched them)."""
        if guild_id is None:
            raise refusal("queue.guild_only")
        left = await self.store.queue_leave(guild_id, user_id)
        if left is not None:
            return left
        latest = await self.store.queue_entry(guild_id, user_id)
        if latest is not None and latest.status == "matched" and latest.game_id is not None:
            raise refusal("queue.already_matched", id=latest.game_id)
        raise refusal("queue.not_queued")

    # ---- the pass -------------------------------------------------------------------------------------

    async def run(self) -> PassResult:
        """One queue pass over the claimed entries; see the module docstring. Claims are released when the
        pass is done, except those of entries matched into a game this pass did not get to start: a later
        pass takes them up once their claim runs out (`claim_unstarted`)."""
        now = self.now()
        claimed = await self.store.claim_queue(now, until=lease_end(self.now), limit=PASS_LIMIT)
        unstarted = await self.store.claim_unstarted(now, until=lease_end(self.now))
        if not claimed and not unstarted:
            return PassResult()
        keep: set[int] = set()
        try:
            resumed = await self.resume(unstarted, keep)
            worked = await self._work(claimed, now, keep)
            return PassResult(resumed + worked.started, worked.expired, worked.claimed, worked.lost)
        finally:
            await self.store.release_queue([entry.id for entry in (*claimed, *unstarted) if entry.id not in keep])

    async def resume(self, entries: Sequence[QueueEntry], keep: set[int]) -> tuple[Started, ...]:
        """Start the games of matched entries whose pass died before starting them (each game once: the
        start is compare-and-set on the lobby, so a pass that started it meanwhile wins)."""
        games: dict[int, list[QueueEntry]] = defaultdict(list)
        for entry in entries:
            if entry.game_id is not None:
                games[entry.game_id].append(entry)
        started: list[Started] = []
        for game_id, members in games.items():
            record = await self.store.get_game(game_id)
            if record is None or record.status != "lobby":
                continue  # started (or cancelled by hand) meanwhile: nothing is owed
            keep.update(entry.id for entry in members)
            try:
                loaded = await self.games.start(record, record.host_id, True)
            except LobbyError:
                continue
            keep.difference_update(entry.id for entry in members)
            started.append(Started(loaded, tuple(members), record.channel_id, record.options.get(RATED_OPTION) == "off"))
        return tuple(started)

    async def match_now(self, joined: QueueEntry) -> tuple[Started, ...]:
        """The match tried right after `joined` entered its queue, so a fitting opponent already waiting
        meets the player at once: the pass's claim (SKIP LOCKED) and compare-and-set over that one queue's
        waiting entries, opening the joined player's table only (the table the rule forms for them now).
        Entries a running pass holds are left to it; tables of the others (whose windows widened since the
        last pass), expiry and practice games against the AI stay with the pass."""
        now = self.now()
        claimed = await self.store.claim_queue(now, until=lease_end(self.now), limit=PASS_LIMIT, queue=joined.queue)
        keep: set[int] = set()

        def ready(live: list[QueueEntry]) -> bool:
            return len(live) >= joined.players and joined.id in {entry.id for entry in live}

        try:
            live = [entry for entry in claimed if entry.expires_at > now]
            if ready(live):
                live = await self.present(live)
            if not ready(live):
                return ()  # nobody (still in the server) to meet yet, or a running pass holds the joined entry
            settings = await self.store.get_guild_settings(joined.guild_id)
            started, _lost, _seated = await self._match(live, joined.players, settings, now, keep, only=joined.id)
            return tuple(started)
        finally:
            await self.store.release_queue([entry.id for entry in claimed if entry.id not in keep])

    async def _work(self, claimed: Sequence[QueueEntry], now: float, keep: set[int]) -> PassResult:
        due = [entry for entry in claimed if entry.expires_at <= now]
        expired_ids = set(await self.store.queue_expire([entry.id for entry in due]))
        expired = tuple(entry for entry in due if entry.id in expired_ids)
        queues: dict[QueueKey, list[QueueEntry]] = defaultdict(list)
        for entry in claimed:
            if entry.expires_at > now:
                queues[entry.queue].append(entry)
        started: list[Started] = []
        lost = 0
        for queue, waiting in queues.items():
            may_start = len(waiting) >= queue.players or any(entry.ai_at is not None and entry.ai_at <= now
                                                             for entry in waiting)
            entries = await self.present(waiting) if may_start else waiting  # asked only when a table may start
            settings = await self.store.get_guild_settings(queue.guild_id)
            matched, lost_here, seated = await self._match(entries, queue.players, settings, now, keep)
            started += matched
            lost += lost_here
            for entry in entries:
                if entry.id not in seated and entry.ai_at is not None and entry.ai_at <= now:
                    game = await self.open_table((entry,), settings, keep, practice=True)
                    if game is not None:
                        started.append(game)
        return PassResult(tuple(started), expired, len(claimed), lost)

    async def present(self, entries: Sequence[QueueEntry]) -> list[QueueEntry]:
        """One queue's entries without those of players who left the server, whose entries are dropped
        (they leave the queue as `/queue leave` would, without a word: they are no longer there to read it)."""
        if self.gone is None or not entries:
            return list(entries)
        left = await self.gone(entries[0].guild_id, [entry.user_id for entry in entries])
        for entry in entries:
            if entry.user_id in left:
                await self.store.queue_leave(entry.guild_id, entry.user_id)
        return [entry for entry in entries if entry.user_id not in left]

    async def _match(self, entries: Sequence[QueueEntry], size: int, settings: Mapping[str, Any], now: float,
                     keep: set[int], *, only: int | None = None) -> tuple[list[Started], int, set[int]]:
        """Open the tables the rule forms from one queue's claimed entries (only the one seating entry
        `only`, when given): the games started, how many tables were lost to another pass, and the entries
        seated."""
        by_id = {entry.id: entry for entry in entries}
        started: list[Started] = []
        lost = 0
        seated: set[int] = set()
        for table in tables([Waiting(entry.id, entry.rating, entry.joined_at) for entry in entries], size, now):
            members = tuple(by_id[waiting.key] for waiting in table)
            if only is not None and only not in {entry.id for entry in members}:
                continue
            seated.update(entry.id for entry in members)
            game = await self.open_table(members, settings, keep)
            if game is None:
                lost += 1
            else:
                started.append(game)
        return started, lost, seated

    async def open_table(self, entries: Sequence[QueueEntry], settings: Mapping[str, Any], keep: set[int], *,
                         practice: bool = False) -> Started | None:
        """Create the table's game as a lobby, match its entries into it (all or none), then start it.
        None when the match was lost: the lobby is cancelled and nobody hears of it. Between the match and
        the start the entries are in `keep` (their claims outlive this pass should the start fail)."""
        first = entries[0]
        users = [entry.user_id for entry in entries]
        random.SystemRandom().shuffle(users)  # who sits first is not decided by who queued first
        while practice and len(users) < first.players:
            ai = new_ai_id(users, DEFAULT_LEVEL)
            assert ai is not None, "tables are smaller than the AI slots"
            users.append(ai)
        options = {RATED_OPTION: "off" if practice else "on"} | ({TIME_OPTION: first.time_control} if first.time_control else {})
        channel_id = int(settings.get(QUEUE_CHANNEL) or first.channel_id)
        record = await self.store.create_game(game_type=first.game_type, guild_id=first.guild_id, channel_id=channel_id,
                                              host_id=users[0], options=options, capacity=len(users))
        for user in users[1:]:
            record = await self.store.add_player(record.id, user)
        if not await self.store.queue_match([entry.id for entry in entries], game_id=record.id):
            await self.store.cancel_game(record.id, lobby_only=True)
            return None
        ids = [entry.id for entry in entries]
        keep.update(ids)
        try:
            loaded = await self.games.start(record, users[0], True)
        except LobbyError:
            keep.difference_update(ids)
            return None  # another pass took the match up (this one outlived its claim) and started it
        keep.difference_update(ids)
        return Started(loaded, tuple(entries), channel_id, practice)
