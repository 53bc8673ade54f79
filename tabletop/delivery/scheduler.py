"""The scheduler: one pass reads only what is due now (games and users, through their indexed due times)
and does it — held turn notices, reminders, running out of time, the timeout policy, stalled games,
daily digests and the end of vacations.

Order of work for a game: the bookkeeping (a reminder marked sent, a clock marked over time) is committed
with compare-and-set on the game's version before anything is sent, so a pass that races a move changes
nothing (the move rescheduled the game), and a restart never repeats a reminder. A crash between that
commit and Discord loses at most that one message; nothing is ever sent twice. Steps the scheduler takes
(a skip, a forfeit) go through `GameService` and the one publish path like any click.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import GameError
from engine.core.match import Match
from engine.core.types import Event, T
from discord_ui import announce
from tabletop.runtime import packages
from tabletop.play.ai_seats import DEFAULT_LEVEL, ai_name, is_ai, people, taken_over
from tabletop.play.ai_turns import take_over
from discord_ui.ai_ui import return_view
from tabletop.delivery.away import end_vacation, reschedule_user
from tabletop.play.clocks import Due, Timing, duration
from tabletop.presentation.i18n import lang, tr
from tabletop.runtime.leases import held, lease_end
from discord_ui.mine import waiting_lines
from discord_ui.notices import mention_message, send_dm
from tabletop.delivery.publish import after_commit, notify_turn
from tabletop.play.quiet import next_local_hour, quiet_until
from tabletop.play.service import Loaded, game_of, match_of
from discord_ui.views import vote_view
from storage.base import GameRecord, LobbyError, UserRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.scheduler")
PASS_LIMIT = 50
"""Games (and users) handled per pass, so one pass stays short (about 30 ms of work here); a backlog is
drained by passes run back to back (`drain`), yielding to the event loop between them."""
MAX_PASSES = 100


@dataclass(frozen=True, slots=True)
class PassReport:
    games: int
    users: int
    seconds: float


async def run_pass(bot: "TabletopBot") -> PassReport:
    """One pass over what is due. Several bot processes may share the database: the pass claims the games
    and users it handles (short leases renewed while it works, tabletop.runtime.leases) and releases them when
    done, so another process's pass takes other work and nothing is sent twice."""
    started = time.perf_counter()
    now = bot.service.now()
    games = await bot.store.claim_due_games(now, until=lease_end(bot.service.now), limit=PASS_LIMIT)
    async with held(bot.store, bot.service.now, games=[record.id for record in games]):
        for record in games:
            try:
                await handle_game(bot, record, now)
            except Exception:  # noqa: BLE001 - one bad game must not stop the others
                log.exception("scheduler: game %s failed", record.id)
    users = await bot.store.claim_due_users(now, until=lease_end(bot.service.now), limit=PASS_LIMIT)
    async with held(bot.store, bot.service.now, users=[user.user_id for user in users]):
        for user in users:
            try:
                await handle_user(bot, user, now)
            except Exception:  # noqa: BLE001
                log.exception("scheduler: user %s failed", user.user_id)
    return PassReport(len(games), len(users), time.perf_counter() - started)


async def drain(bot: "TabletopBot") -> list[PassReport]:
    """Passes until nothing due is left (or `MAX_PASSES`, so one tick never runs unbounded)."""
    reports = []
    for _ in range(MAX_PASSES):
        report = await run_pass(bot)
        reports.append(report)
        if report.games < PASS_LIMIT and report.users < PASS_LIMIT:
            break
    return reports


async def handle_game(bot: "TabletopBot", record: GameRecord, now: float) -> None:
    if record.timing is None:
        return
    timing = Timing.from_json(record.timing)
    items = timing.due(now)
    final = next((item for item in items if item.kind in ("policy", "stall_end")), None)
    if final is not None:
        await (apply_policy(bot, record, timing, final.seat) if final.kind == "policy" else end_stalled(bot, record))
        return
    outgoing: list[Due] = []
    for item in items:
        if item.kind == "ai":
            continue
        timing, send = await _book(bot, record, timing, item, now)
        if send:
            outgoing.append(item)
    if not await bot.store.update_timing(record.id, version=record.version, timing=timing.to_json(), due_at=timing.next_due()):
        return  # the game moved meanwhile: its step computed fresh clocks
    record = replace(record, timing=timing.to_json())
    for item in outgoing:
        await _send(bot, record, timing, item, now)
    policy = next((item for item in timing.due(now) if item.kind == "policy"), None)
    if policy is not None:  # no grace: the policy applies at once
        await apply_policy(bot, record, timing, policy.seat)
    elif any(item.kind == "ai" for item in items):  # after a restart, or a search outliving a tick
        bot.ai.wake(record)
        await bot.ai.lease(record)


async def _book(bot: "TabletopBot", record: GameRecord, timing: Timing, item: Due, now: float) -> tuple[Timing, bool]:
    """The bookkeeping of one due item, and whether a message goes out for it."""
    if item.kind in ("notice", "remind"):
        assert item.seat is not None
        prefs = (await bot.store.get_user(record.players[item.seat])).prefs
        held = quiet_until(prefs, now)
        if item.kind == "notice":
            return timing.with_seat(item.seat, notice=held), held is None
        if held is not None:
            return timing.with_seat(item.seat, hold=held), False
        assert item.percent is not None
        return timing.reminded(item.seat, item.percent), True
    if item.kind == "timeout":
        assert item.seat is not None
        return timing.with_seat(item.seat, over=now), True
    return replace(timing, flagged=True), True


async def _send(bot: "TabletopBot", record: GameRecord, timing: Timing, item: Due, now: float) -> None:
    if item.kind == "notice":
        assert item.seat is not None
        match = match_of(record)
        if item.seat in match.awaited_seats():
            await deliver_held_notice(bot, record, match, item.seat, await announce.seat_names(bot, record))
    elif item.kind == "remind":
        assert item.seat is not None
        await remind(bot, record, timing, item.seat, now)
    elif item.kind == "timeout":
        assert item.seat is not None
        await announce_timeout(bot, record, timing, item.seat)
    else:
        await flag_stalled(bot, record, timing)


async def deliver_held_notice(bot: "TabletopBot", record: GameRecord, match: Match, seat: int, names: dict[int, str]) -> None:
    """The turn notice quiet hours held back: by DM when the player takes DMs, else a thread mention."""
    user = await bot.store.get_user(record.players[seat])
    if user.prefs.get("notify_dm", True) and not user.dms_closed:
        if await notify_turn(bot, record, match, seat, (), names):
            return
    if user.prefs.get("notify_mention", True) or user.dms_closed:
        locale = await announce.guild_locale(bot, record)
        await mention_message(bot, record, [record.players[seat]], tr("timing.turn_mention", locale, user=f"<@{record.players[seat]}>",
                                                                     link=announce.jump_url(record, record.board_message_id)))


async def remind(bot: "TabletopBot", record: GameRecord, timing: Timing, seat: int, now: float) -> None:
    """A reminder with the time left and a jump link: by DM, or a thread mention for players without DMs."""
    user_id = record.players[seat]
    user = await bot.store.get_user(user_id)
    deadline = timing.deadline(seat) or now
    link = announce.jump_url(record, record.board_message_id)
    game = game_of(record).name
    if user.prefs.get("notify_dm", True) and not user.dms_closed:
        locale = lang(user.locale)
        text = tr("timing.reminder_dm", locale, game=game.get(locale), id=record.id, left=_left(timing, seat, now, locale),
                  at=f"<t:{int(deadline)}:R>", link=link)
        if await send_dm(bot, user_id, text):
            return
    if user.prefs.get("notify_mention", True) or user.dms_closed:
        locale = await announce.guild_locale(bot, record)
        await mention_message(bot, record, [user_id], tr("timing.reminder_thread", locale, user=f"<@{user_id}>",
                                                         left=_left(timing, seat, now, locale), at=f"<t:{int(deadline)}:R>"))


def _left(timing: Timing, seat: int, now: float, locale: str) -> str:
    ja, en = duration(timing.left(seat, now) or 0)
    return ja if locale == "ja" else en


async def announce_timeout(bot: "TabletopBot", record: GameRecord, timing: Timing, seat: int) -> None:
    """The thread hears that a seat ran out of time; the others get vote buttons while the grace lasts."""
    locale = await announce.guild_locale(bot, record)
    names = announce.text_names(await announce.seat_names(bot, record))
    policy = tr(f"timing.policy_{timing.policy}", locale)
    others = [record.players[index] for index in people(record, range(len(record.players))) if index != seat]
    if timing.grace > 0 and others:
        ends = int((timing.seats[seat].over or 0) + timing.grace)
        text = tr("timing.timeout_vote", locale, name=names[seat], policy=policy, at=f"<t:{ends}:R>")
        mentions = " ".join(f"<@{user}>" for user in others)
        await mention_message(bot, record, others, f"{text}\n{mentions}", view=vote_view(record.id, seat, locale))
    else:
        await mention_message(bot, record, [], tr("timing.timeout_now", locale, name=names[seat], policy=policy))


async def apply_policy(bot: "TabletopBot", record: GameRecord, timing: Timing, seat: int | None, choice: str | None = None) -> None:
    """Skip the seat's turn where the game has a pass, else forfeit, or let an AI take the seat over;
    `choice` is a vote's verdict ("skip" or "expel"), otherwise the game's policy applies."""
    assert seat is not None
    loaded = Loaded(record, match_of(record))
    match = loaded.match
    if seat not in match.awaited_seats():
        return
    if choice is None and timing.policy == "ai":
        taken = await take_over(bot, record, timing, seat)
        if taken is not None:
            await announce_takeover(bot, taken, seat)
            bot.ai.wake(taken)
        return
    want_skip = choice == "skip" or (choice is None and timing.policy == "skip")
    notation = packages.skip_action(match, seat) if want_skip else None
    try:
        if notation is not None:
            played = await bot.service.play(loaded, seat, notation, decision_id=match.decisions[seat], automatic="timeout")
        else:
            played = await bot.service.concede(loaded, seat, forfeit=True, expected_version=record.version)
    except (GameError, LobbyError):
        return  # someone moved first: the clock was answered
    await after_commit(bot, played)


async def announce_takeover(bot: "TabletopBot", record: GameRecord, seat: int) -> None:
    """The thread hears that an AI plays the seat now, with the button its player returns by."""
    locale = await announce.guild_locale(bot, record)
    level = taken_over(record).get(seat, DEFAULT_LEVEL)
    text = tr("ai.taken_over", locale, name=announce.escape(await bot.display_name(record.players[seat])),
              ai=ai_name(level, locale))
    await mention_message(bot, record, [], text, view=return_view(record.id, seat, locale))


async def flag_stalled(bot: "TabletopBot", record: GameRecord, timing: Timing) -> None:
    locale = await announce.guild_locale(bot, record)
    ends = int(timing.last + timing.stall) + 7 * 86400
    users = [user for user in dict.fromkeys([*record.players, record.host_id]) if not is_ai(user)]
    await mention_message(bot, record, users, tr("timing.stalled", locale, at=f"<t:{ends}:R>",
                                                 users=" ".join(f"<@{user}>" for user in users)))


async def end_stalled(bot: "TabletopBot", record: GameRecord) -> None:
    """A game nobody moved for the stall period plus its warning ends as abandoned (unrated)."""
    match = match_of(record)
    summary = T("ゲームは放置されたため終了しました。", "The game was abandoned and has ended.")
    abandoned = match.cancelled()
    outcome = replace(abandoned.concluded, summary=summary) if abandoned.concluded else None
    abandoned = replace(abandoned, concluded=outcome, recent=(Event(summary),))
    if not await bot.store.cancel_game(record.id, state=abandoned.to_json(), version=abandoned.version):
        return
    locale = await announce.guild_locale(bot, record)
    await mention_message(bot, record, [], summary.get(locale))


async def handle_user(bot: "TabletopBot", user: UserRecord, now: float) -> None:
    """A user's own schedule: the end of a vacation, the daily digest."""
    prefs = user.prefs
    until = prefs.get("vacation_until")
    if isinstance(until, (int, float)) and until <= now:
        await end_vacation(bot, user.user_id, now)
        prefs = (await bot.store.get_user(user.user_id)).prefs
    digest_at = prefs.get("digest_next")
    if isinstance(digest_at, (int, float)) and digest_at <= now:
        hour = prefs.get("digest_hour")
        following = next_local_hour(prefs, hour, now) if isinstance(hour, int) else None
        await bot.store.update_user(user.user_id, prefs={"digest_next": following})
        await send_digest(bot, user.user_id)
    await reschedule_user(bot, user.user_id)


async def send_digest(bot: "TabletopBot", user_id: int) -> None:
    """The daily DM listing the games waiting on the player (nothing is sent when none are)."""
    user = await bot.store.get_user(user_id)
    locale = lang(user.locale)
    lines = await waiting_lines(bot, user_id, locale, only_waiting=True)
    if lines:
        await send_dm(bot, user_id, "\n".join([f"**{tr('timing.digest_title', locale)}**", *lines]))

