"""Delivering what a crash or a Discord failure left unpublished.

Every committed step (and every start) writes an outbox entry in its own transaction; the publish path
advances it as the board and the notices go out. At start-up and then on a timer, entries left behind
are delivered here through the same `publish.deliver`, once per state: a board that reached Discord
before the process died is found in the thread and adopted, never posted twice.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Sequence

from engine.core.types import Event, Text
from discord_ui import announce
from tabletop.runtime.leases import held, lease_end
from tabletop.delivery.publish import deliver, receivers, send_starting_hands, step_events
from tabletop.play.service import match_of
from storage.base import OutboxRecord

if TYPE_CHECKING:
    from discord_ui.bot import TabletopBot

log = logging.getLogger("tabletop.outbox")
BATCH = 200


async def deliver_pending(bot: "TabletopBot", before: float) -> int:
    """Publish every game's entries created before `before`; returns how many games were delivered.

    The games are claimed while they are delivered (several bot processes may share the database), so two
    processes never deliver the same game's entries; the claim is a short lease renewed meanwhile
    (tabletop.runtime.leases), so one left by a dead process soon lapses."""
    entries = await bot.store.claim_outbox(before=before, now=time.time(), until=lease_end(time.time), limit=BATCH)
    by_game: dict[int, list[OutboxRecord]] = {}
    for entry in entries:  # oldest first, each game's entries together
        by_game.setdefault(entry.game_id, []).append(entry)
    delivered = 0
    async with held(bot.store, time.time, games=list(by_game)):
        for game_id, rows in by_game.items():
            try:
                delivered += await _deliver_game(bot, game_id, sorted(rows, key=lambda entry: entry.version))
            except Exception:  # noqa: BLE001 - one game's failure must not stop the others
                log.exception("game %s: delivering its outbox failed; it stays pending", game_id)
    return delivered


async def _deliver_game(bot: "TabletopBot", game_id: int, rows: Sequence[OutboxRecord]) -> int:
    record = await bot.store.get_game(game_id)
    last = rows[-1].version
    if record is None or record.state is None or record.status == "cancelled":
        if record is not None:
            await bot.store.outbox_advance(game_id, upto_version=last, stage="done")
        return 0
    match = match_of(record)
    first = rows[0].payload
    start = bool(first.get("start"))
    if start:
        awaited: Sequence[int] = ()
        decisions: Sequence[int] = [-1] * match.players
    else:
        awaited, decisions = first["awaited"], first["decisions"]
    events: list[Event] = []
    for row in rows:
        if not row.payload.get("start"):
            label = Text.from_json(row.payload["label"]) if row.payload.get("label") else None
            events += step_events([Event.from_json(event) for event in row.payload["events"]], row.payload.get("automatic"), label)
    pinged = receivers(awaited, decisions, match, None)
    board_due = any(row.stage in ("board", "notified") for row in rows)
    notices_due = any(row.stage in ("board", "notices") for row in rows)
    header = await announce.start_line(bot, record) if start else None
    board = await deliver(bot, record, match, events, pinged, header, board_due=board_due, notices_due=notices_due,
                          adopt=True, actor=first.get("seat"))
    if start and notices_due:
        await send_starting_hands(bot, record, match)
    return 0 if board_due and board is None else 1
