"""The one path from committed actions to Discord.

Every source of actions (a picker click, `/game play`, a move on the live board, resign, a forfeit, an
automatic answer, an AI player, a vote) commits through `GameService` and then calls `after_commit`. It first
takes what needs no person (forced choices whose being forced is public, and answers players' stored
preferences give), committing each, then publishes the whole chain once:

- the board: a new thread message with the position when the decision passes to someone else
  (mentioning exactly those seats); otherwise the current board message gets the new lines in place and
  keeps its picture, below a line saying the picture stops there, so a player who continues (a follow-up,
  a chain of attacks) or a window answered seat by seat neither floods the thread nor re-sends the image;
- one DM per seat that now has to decide, carrying its private image and lines and the decision's menu;
- the actor's own private reply: what was done, and the next menu if they are still to decide.

Boards and turn DMs are written through the courier (discord_ui.courier): in a thread busier than Discord's
per-channel limits, moves made while a board waits for its turn share the next board, and a seat's turn DM
gives way to a newer one; a quiet game sees each write at once.

Discord failing here never undoes anything: the actions are committed, and the failure is logged.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

import discord

from engine.core.errors import GameError
from engine.core.match import Match
from engine.core.types import Event, T, Text
from discord_ui import announce
from tabletop.play import local_games
from tabletop.runtime import packages
from tabletop.play.ai_seats import is_ai, people
from tabletop.presentation.i18n import lang, tr
from discord_ui.interactions import bot_of, clip, late_answer
from tabletop.delivery.live_links import live_links, signin_url
from tabletop.play.clocks import Timing
from discord_ui.board_message import DiscordBoard, find_posted_board
from discord_ui.pickers import menu_at, picker_payload, tip_and_view
from tabletop.play.quiet import quiet_until
from tabletop.play.service import Loaded, Played, game_of, match_of
from storage.base import GameRecord, StoreError

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.publish")
MAX_CHAIN = 20
AUTOMATIC = {
    "forced": T("(自動: 選択肢が一つだけ) {action}", "(automatic: the only choice) {action}"),
    "preference": T("(自動: 設定による) {action}", "(automatic: by preference) {action}"),
    "timeout": T("(時間切れ: 手番を飛ばしました) {action}", "(out of time: turn skipped) {action}"),
}


@dataclass(frozen=True, slots=True)
class NoticePlan:
    """How each seat the decision passes to hears of it, by its player's preferences: mentioned in the
    board message, sent a DM, or held by quiet hours until a time (the scheduler sends it then)."""

    mention: tuple[int, ...]
    dm: tuple[int, ...]
    held: Mapping[int, float]


async def plan_notices(bot: "TabletopBot", record: GameRecord, seats: Sequence[int]) -> NoticePlan:
    now = bot.service.now()
    mention, dm, held = [], [], {}
    for seat in people(record, seats):
        user = await bot.store.get_user(record.players[seat])
        until = quiet_until(user.prefs, now)
        if until is not None:
            held[seat] = until
            continue
        if user.prefs.get("notify_mention", True) or user.dms_closed:
            mention.append(seat)
        if user.prefs.get("notify_dm", True):
            dm.append(seat)
    return NoticePlan(tuple(mention), tuple(dm), held)


async def hold_notices(bot: "TabletopBot", record: GameRecord, match: Match, held: Mapping[int, float]) -> None:
    """Quiet hours: the notice waits in the game's timing; a move landing first makes it moot."""
    if not held or record.timing is None:
        return
    timing = Timing.from_json(record.timing)
    for seat, until in held.items():
        timing = timing.with_seat(seat, notice=until)
    await bot.store.update_timing(record.id, version=match.version, timing=timing.to_json(), due_at=timing.next_due())


async def after_commit(bot: "TabletopBot", played: Played, interaction: discord.Interaction | None = None, *,
                       present: bool = False) -> list[Played]:
    """Take what follows automatically, then publish the whole chain once, then wake the AI if a seat it
    plays is awaited (tabletop.play.ai_turns). Returns the chain. `present`: the actor moved on a board in front
    of them (the live board), so, as after a click, they are not notified of their own next decision.
    A local game (no Discord: `tabletop.play.local_games`) is settled instead of published."""
    chain = [played]
    for _ in range(MAX_CHAIN):
        following = await automatic_step(bot, chain[-1])
        if following is None:
            break
        chain.append(following)
    if local_games.is_local(played.record):
        await local_games.settle(bot, chain)
    else:
        await publish(bot, chain, interaction, present=present)
    bot.ai.wake(chain[-1].record)
    return chain


async def automatic_step(bot: "TabletopBot", played: Played) -> Played | None:
    """The next step no person needs to choose, committed; None when every awaited seat must choose."""
    match, loaded = played.match, Loaded(played.record, played.match)
    try:
        for decision in match.pending():
            legal = match.legal_actions(decision.seat)
            if decision.public and len(legal) == 1:
                return await bot.service.play(loaded, decision.seat, legal[0], decision_id=match.decisions[decision.seat],
                                              automatic="forced")
        package = packages.get(match.game.id)
        if package is None or package.auto_answer is None:
            return None
        for seat in match.awaited_seats():
            prefs = (await bot.store.get_user(played.record.players[seat])).prefs
            notation = package.auto_answer(match, seat, prefs)
            if notation is not None:
                return await bot.service.play(loaded, seat, notation, decision_id=match.decisions[seat], automatic="preference")
        return None
    except GameError:
        return None  # someone acted first: their own publish covers what follows


def receivers(awaited: Sequence[int], decisions: Sequence[int], after: Match, actor: int | None) -> list[int]:
    """Seats the decision passes to: newly awaited, or asked something new since `awaited`/`decisions`
    (who was asked what before); not the actor, who has the next menu in front of them already."""
    was = set(awaited)
    return [seat for seat in after.awaited_seats()
            if seat != actor and (seat not in was or after.decisions[seat] != decisions[seat])]


def step_events(events: Sequence[Event], automatic: str | None, label: Text | None) -> list[Event]:
    """A step's events, after a public line saying so when the platform took it without a click."""
    if not automatic or label is None:
        return list(events)
    note = AUTOMATIC[automatic]
    return [Event(T(note.ja.format(action=label.ja), note.en.format(action=label.en))), *events]


def chain_events(chain: Sequence[Played]) -> list[Event]:
    events: list[Event] = []
    for played in chain:
        action = played.step.action
        events += step_events(played.step.events, played.automatic, action.path[-1].label if action and action.path else None)
    return events


async def publish(bot: "TabletopBot", chain: Sequence[Played], interaction: discord.Interaction | None = None, *,
                  present: bool = False) -> None:
    first, last = chain[0], chain[-1]
    record, match = last.record, last.match
    actor = first.step.seat if interaction is not None or present else None
    events = chain_events(chain)
    pinged = receivers(first.before.awaited_seats(), first.before.decisions, match, actor)
    board = await deliver(bot, record, match, events, pinged, None, actor=first.step.seat)
    if interaction is not None:
        names = await announce.seat_names(bot, record)
        shown = replace(record, board_message_id=board) if board is not None else record
        await reply_to_actor(interaction, shown, match, first, events, names, delayed=board is None)


async def deliver(
    bot: "TabletopBot", record: GameRecord, match: Match, events: Sequence[Event], pinged: Sequence[int],
    header: str | None, *, board_due: bool = True, notices_due: bool = True, adopt: bool = False, actor: int | None = None,
) -> int | None:
    """Board and turn notices side by side, then the finished lobby; the outbox records each as it happens,
    so a crash repeats only what did not happen. In a busy thread the board waits for its lane
    (discord_ui.courier) and the notices do not wait for it; a board Discord refuses does not hold them back
    either: the players still hear it is their turn, and the board alone is retried. With `adopt`, a board already
    posted for this state (by a process that died before recording it) is taken over instead of posted
    twice. Seats the AI plays are never pinged: a decision passing to the AI updates the board in place.
    Returns the board's id (None while it is still owed). Open live boards hear of the state first: it is
    stored, and they need no Discord to show it."""
    bot.live.changed(record.id, match.version)
    pinged = people(record, pinged)
    plan = await plan_notices(bot, record, pinged)
    io = DiscordBoard(bot)
    ticket = None
    if board_due and adopt:
        adopted = await find_posted_board(bot, record, match)
        if adopted is not None:
            await bot.store.set_messages(record.id, board_message_id=adopted)
            bot.courier.forget(record.id)
            record, board_due = replace(record, board_message_id=adopted), False
    if board_due:
        ticket = bot.courier.join(record, match, events, pinged, header, plan.mention, plan.dm)
    parts = _Parts(board_due, notices_due)

    async def board_part() -> int | None:
        shown = await bot.courier.shown(ticket, io) if ticket is not None else record.board_message_id
        await parts.finished("board", shown is not None, bot, record.id, match.version)
        return shown

    async def notices_part() -> None:
        if notices_due:
            names = await announce.seat_names(bot, record)
            await asyncio.gather(*(bot.courier.notify(record, match, seat, events,
                                                      functools.partial(_turn_notice, bot, seat, names, actor))
                                   for seat in plan.dm))
            await hold_notices(bot, record, match, plan.held)
        await parts.finished("notices", True, bot, record.id, match.version)

    board, _ = await asyncio.gather(board_part(), notices_part())
    if ticket is not None and board is not None:
        board = await bot.courier.posted(ticket, io)  # the handover's new board, if the thread was busy
    if board is not None:
        record = replace(record, board_message_id=board)
    if notices_due and match.finished:
        await close_lobby(bot, record)
    owed = ticket is not None and board is None
    await bot.store.outbox_advance(record.id, upto_version=match.version, stage="notified" if owed else "done")
    return None if owed else board


class _Parts:
    """The board and the turn notices of one delivery go out side by side (a player hears it is their turn
    while a busy thread's board waits for its lane); whichever is done first moves the outbox entries to the
    stage saying what is left, so a crash in between repeats only the other."""

    def __init__(self, board_due: bool, notices_due: bool) -> None:
        self.left = {part for part, due in (("board", board_due), ("notices", notices_due)) if due}

    async def finished(self, part: str, ok: bool, bot: "TabletopBot", game_id: int, version: int) -> None:
        if not ok or part not in self.left:
            return
        self.left.discard(part)
        if self.left:
            await bot.store.outbox_advance(game_id, upto_version=version, stage="notified" if part == "notices" else "notices")


async def _turn_notice(bot: "TabletopBot", seat: int, names: dict[int, str], actor: int | None, record: GameRecord,
                       match: Match, events: Sequence[Event]) -> bool:
    return await notify_turn(bot, record, match, seat, events, names, actor)


async def publish_start(bot: "TabletopBot", loaded: Loaded, header: str) -> int | None:
    """The first board of a game, a turn DM to whoever decides first, the starting hands to the others."""
    record, match = loaded.record, loaded.match
    board = await deliver(bot, record, match, (), match.awaited_seats(), header)
    await send_starting_hands(bot, record, match)
    bot.ai.wake(record)
    return board


async def send_starting_hands(bot: "TabletopBot", record: GameRecord, match: Match) -> None:
    """Seats not deciding first still see their starting hand at once (one DM each, image only)."""
    names = await announce.seat_names(bot, record)
    for seat in people(record, range(match.players)):
        if seat not in match.awaited_seats():
            await send_private(bot, record, match, seat, names, T("ゲーム開始時のあなたの情報です。", "Your starting information."),
                               (), only_with_image=True)


async def reply_to_actor(
    interaction: discord.Interaction, record: GameRecord, match: Match, first: Played, events: Sequence[Event],
    names: dict[int, str], *, delayed: bool = False,
) -> None:
    """What was done (in the actor's language, with their private lines), and their next menu if any.
    `delayed`: the move counted but Discord refused the board; the actor is told it will follow."""
    locale = lang(interaction.locale)
    tnames = announce.text_names(names)
    seat = first.step.seat
    action = first.step.action
    label = action.label(locale, tnames) if action else first.step.notation
    lines = [tr("turn.done", locale, action=label), *announce.event_lines(events, locale, tnames, seat)]
    lines.append(tr("turn.board_delayed", locale) if delayed else announce.jump_url(record, record.board_message_id))
    done = "\n".join(lines)
    try:
        if seat in match.awaited_seats():
            links = live_links(bot_of(interaction))
            payload = await picker_payload(record, match, seat, menu_at(match, seat, (), links), locale, names, with_image=True,
                                           links=links, store=bot_of(interaction).store)
            payload["content"] = clip(done + "\n\n" + payload["content"])
            file = payload.pop("file", None)
            await late_answer(interaction, edit=True, attachments=[file] if file else [], **payload)
        else:
            await late_answer(interaction, edit=True, needed=False, content=clip(done), view=None, attachments=[])
    except discord.HTTPException:
        log.warning("game %s: could not answer the actor", record.id, exc_info=True)


async def notify_turn(
    bot: "TabletopBot", record: GameRecord, match: Match, seat: int, events: Iterable[Event], names: dict[int, str],
    actor: int | None = None,
) -> bool:
    """One DM for one handover: "your turn", the prompt, private lines and image, and the decision's menu
    itself, so a player notified on their phone decides with one tap from the DM. True when sent."""
    decision = match.decision_of(seat)
    prompt = decision.prompt if decision else T("", "")
    return await send_private(bot, record, match, seat, names, prompt, events, turn=True, actor=actor)


async def send_private(
    bot: "TabletopBot", record: GameRecord, match: Match, seat: int, names: dict[int, str], note: Text,
    events: Iterable[Event], *, turn: bool = False, only_with_image: bool = False, actor: int | None = None,
) -> bool:
    """A DM to one seat; on 50007 remember it and say so once in the thread (the button works instead).
    An AI seat has nobody to write to."""
    user_id = record.players[seat]
    if is_ai(user_id):
        return False
    user = await bot.store.get_user(user_id)
    if user.dms_closed:
        return False
    locale = lang(user.locale)
    tnames = announce.text_names(names)
    key = "turn.your_turn" if turn else "turn.private_update"
    title = tr(key, locale, game=game_of(record).name.get(locale), id=record.id)
    file = await announce.render_file("private", record, match, seat, locale, names)
    if file is None and only_with_image:
        return False
    view: discord.ui.View | None = None
    tip: str | None = None
    if turn and seat in match.awaited_seats():
        links = live_links(bot)
        tip, view = await tip_and_view(bot.store, record, match, seat, menu_at(match, seat, (), links), locale, tnames, links,
                                       signin_url(bot, user_id, record.id))
    lines = [f"**{title}**", _context(bot, record, locale, tnames, actor) if turn else "", note.render(locale, tnames), tip,
             *announce.event_lines(events, locale, tnames, seat), announce.jump_url(record, record.board_message_id)]
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(**announce.dm_kwargs("\n".join(filter(None, lines)), file, view))
        return True
    except discord.Forbidden as error:
        if error.code != announce.DM_CLOSED:
            log.warning("game %s: DM to seat %s refused", record.id, seat, exc_info=True)
            return False
        await bot.store.update_user(user_id, dms_closed=True)
        await _say_dms_closed(bot, record, user_id)
        return False
    except discord.HTTPException:
        log.warning("game %s: DM to seat %s failed", record.id, seat, exc_info=True)
        return False


def _context(bot: "TabletopBot", record: GameRecord, locale: str, names: Mapping[int, str], actor: int | None) -> str:
    """Where the game is and who played last, so a notice read hours later on a phone makes sense."""
    guild = bot.get_guild(record.guild_id) if record.guild_id is not None else None
    parts = [announce.escape(guild.name)] if guild is not None else []
    if actor is not None and actor in names:
        parts.append(tr("turn.last_move_by", locale, name=names[actor]))
    return " · ".join(parts)


async def _say_dms_closed(bot: "TabletopBot", record: GameRecord, user_id: int) -> None:
    locale = await announce.guild_locale(bot, record)
    thread = bot.get_partial_messageable(record.thread_id or record.channel_id)
    try:
        await thread.send(tr("turn.dm_closed_notice", locale, user=f"<@{user_id}>"),
                          allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user_id)]))
    except discord.HTTPException:
        log.warning("game %s: could not post the closed-DM notice", record.id, exc_info=True)


async def close_lobby(bot: "TabletopBot", record: GameRecord) -> None:
    """The lobby message shows the result and a link to the final board instead of "In progress"."""
    if record.lobby_message_id is None:
        return
    try:
        fresh = await bot.store.get_game(record.id) or record
        locale = await announce.guild_locale(bot, fresh)
        embed = await announce.lobby_embed(bot, fresh, locale)
        names = announce.text_names(await announce.seat_names(bot, fresh))
        outcome = match_of(fresh).outcome if fresh.state else None
        result = outcome.summary.render(locale, names) if outcome else ""
        link = announce.jump_url(fresh, record.board_message_id)
        embed.add_field(name=tr(f"game.status_{fresh.status}", locale), value=clip(f"{result}\n{link}", 1024), inline=False)
        channel = bot.get_partial_messageable(record.channel_id)
        await channel.get_partial_message(record.lobby_message_id).edit(embed=embed, view=None)
    except (discord.HTTPException, StoreError):
        log.warning("game %s: could not update the lobby message", record.id, exc_info=True)
