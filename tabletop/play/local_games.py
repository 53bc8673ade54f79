"""Local games: played on the live board alone, with no Discord (`make run` without a token).

A local game is stored like any other, in a pseudo server and channel that no Discord server has (id 0),
so no command, listing or league of a Discord server ever meets it. Its seats are its host (the local
viewer, or the signed-in person when local mode listens beyond loopback), pass-and-play players — local
ids below every Discord snowflake, one per name — and AI seats, encoded as a lobby encodes them
(`tabletop.play.ai_seats`). Every step is committed by `GameService` as any move is; `publish.after_commit`
then calls `settle` instead of writing to Discord: open live boards hear of the change, the outbox entry is
closed (nothing is owed to a thread), and the AI is woken as for every game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Mapping, Sequence

from engine import registry
from engine.core.errors import BadOptions
from engine.core.match import Match
from engine.core.types import T
from storage.base import GameRecord, Store
from tabletop.play.ai_seats import LEVEL_CODES, new_ai_id
from tabletop.play.clocks import TimeControl
from tabletop.leagues.results import RATED_OPTION
from tabletop.play.service import PLATFORM_PREFIX, Loaded, Played

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

LOCAL_GUILD = 0
"""The pseudo server of local games: no Discord server has id 0."""
LOCAL_CHANNEL = 0
LOCAL_VIEWER = 1 << 21
"""The local viewer's user id (local mode on loopback, no sign-in). A Discord snowflake carries its
timestamp from bit 22 up, so no Discord user has an id below 1 << 22: local ids are nobody's."""
LOCAL_IDS_END = 1 << 22
PLAYERS_SETTING = "local_players"
"""The local server's setting: pass-and-play player name → local user id (the same name, the same player)."""
MAX_PLAYERS = 1000
"""Distinct pass-and-play names kept; a form that asks for more is refused."""
MAX_NAME = 32
LOCAL_SETTINGS = {"stall_days": 0}
"""The local server's rules: a local game is never flagged as stalled; it waits as long as its players."""
WAKE_LIMIT = 1000
SeatKind = Literal["you", "player", "ai"]
_NAMING: "weakref.WeakKeyDictionary[Store, asyncio.Lock]" = weakref.WeakKeyDictionary()
"""One lock per store: a new name's id is read, chosen and written in one go."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat of a local game to create: the host ("you"), a pass-and-play player by name, or an AI."""

    kind: SeatKind
    name: str | None = None
    level: str | None = None


def is_local(record: GameRecord) -> bool:
    return record.guild_id == LOCAL_GUILD


def is_local_id(user_id: int) -> bool:
    return LOCAL_VIEWER <= user_id < LOCAL_IDS_END


def refused(ja: str, en: str) -> BadOptions:
    return BadOptions(T(ja, en))


def clean_name(name: object) -> str:
    """A pass-and-play name as stored: trimmed, printable, short; anything else is refused."""
    if not isinstance(name, str) or not (cleaned := " ".join(name.split())) or len(cleaned) > MAX_NAME \
            or not cleaned.isprintable():
        raise refused(f"名前は1〜{MAX_NAME}文字で入力してください。", f"A name must be 1 to {MAX_NAME} characters.")
    return cleaned


async def local_player(store: Store, name: str) -> int:
    """The local user id of a pass-and-play name, given at its first use (its name kept as the user's)."""
    async with _NAMING.setdefault(store, asyncio.Lock()):
        known: dict[str, int] = dict((await store.get_guild_settings(LOCAL_GUILD)).get(PLAYERS_SETTING, {}))
        if name in known:
            return known[name]
        if len(known) >= MAX_PLAYERS:
            raise refused("これ以上の名前は登録できません。以前の名前を使ってください。",
                          "No more new names can be kept; reuse an earlier name.")
        user_id = LOCAL_VIEWER + 1 + max((value - LOCAL_VIEWER for value in known.values()), default=0)
        await store.update_guild_settings(LOCAL_GUILD, {PLAYERS_SETTING: {**known, name: user_id}})
        await store.update_user(user_id, prefs={"name": name})
        return user_id


def checked_options(game_type: str, players: int, options: Mapping[str, Any]) -> dict[str, str]:
    """The game's own options for this table size (the same validation as a lobby's); platform keys refused."""
    game = registry.get(game_type)
    if players not in game.player_counts:
        counts = "/".join(map(str, game.player_counts))
        raise refused(f"このゲームは{counts}人で遊びます。", f"This game takes {counts} players.")
    if any(not isinstance(key, str) or not isinstance(value, str) or key.startswith(PLATFORM_PREFIX)
           for key, value in options.items()):
        raise refused("その設定は選べません。", "That setting is not available.")
    game.validate_options(players, dict(options))
    return dict(options)


async def seat_ids(bot: "TabletopBot", host_id: int, seats: Sequence[SeatSpec]) -> list[int]:
    """Each seat's user id in seat order: the host once, names their local ids, AIs their lobby ids."""
    if [seat.kind for seat in seats].count("you") != 1:
        raise refused("「あなた」の席を一つだけ選んでください。", "Choose exactly one seat for yourself.")
    ids: list[int] = []
    for seat in seats:
        if seat.kind == "you":
            ids.append(host_id)
        elif seat.kind == "player":
            ids.append(await local_player(bot.store, clean_name(seat.name)))
        else:
            if seat.level not in LEVEL_CODES:
                raise refused("AIの強さを選んでください。", "Choose the AI's level.")
            ai = new_ai_id(ids, seat.level)
            if ai is None:
                raise refused("AIの席が多すぎます。", "Too many AI seats.")
            ids.append(ai)
    if len(set(ids)) != len(ids):
        raise refused("同じ名前の席が二つあります。", "Two seats have the same name.")
    return ids


async def create(bot: "TabletopBot", game_type: str, host_id: int, seats: Sequence[SeatSpec],
                 options: Mapping[str, Any], locale: str = "en") -> Loaded:
    """A local game, started: the lobby made and filled in one go, seats in the order given, unrated and
    untimed, and its first decision awaited (the AI woken if it is an AI's). `locale`: the host's language,
    the local server's from now on (AI seats are named in it, as in a Discord server's language)."""
    chosen = checked_options(game_type, len(seats), options)
    players = await seat_ids(bot, host_id, seats)
    store = bot.store
    await store.update_guild_settings(LOCAL_GUILD, {**LOCAL_SETTINGS, "locale": locale})
    lobby = await store.create_game(game_type=game_type, guild_id=LOCAL_GUILD, channel_id=LOCAL_CHANNEL,
                                    host_id=host_id, options={**chosen, RATED_OPTION: "off"}, capacity=len(players))
    for user_id in players:
        if user_id != host_id:
            lobby = await store.add_player(lobby.id, user_id)
    seed = secrets.randbits(62)
    match = Match.start(registry.get(game_type), len(players), seed, chosen)
    seated = dataclasses.replace(lobby, players=tuple(players))  # the clocks know AI seats by seat
    timing = await bot.service.start_timing(seated, match, lambda settings: TimeControl())
    started = await store.start_game(lobby.id, players=players, seed=seed, state=match.to_json(),
                                     version=match.version, timing=timing.to_json(), due_at=timing.next_due())
    loaded = Loaded(started, match)
    bot.live.changed(started.id, match.version)
    bot.ai.wake(started)
    return loaded


async def settle(bot: "TabletopBot", chain: Sequence[Played]) -> None:
    """What publishing is for a local game: nothing is owed to Discord, open live boards are told."""
    last = chain[-1]
    await bot.store.outbox_advance(last.record.id, upto_version=last.match.version, stage="done")
    bot.live.changed(last.record.id, last.match.version)


async def wake_all(bot: "TabletopBot") -> int:
    """At local mode's start, the AI moves in every local game where it was to move when the last run
    stopped (the bot's scheduler does this for Discord's games; local mode runs no scheduler)."""
    games = await bot.store.list_games(guild_id=LOCAL_GUILD, statuses=("active",), limit=WAKE_LIMIT)
    return sum(bot.ai.wake(record) for record in games)
