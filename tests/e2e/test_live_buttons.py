"""Open live board on every board message and turn DM: the Activity launched in the channel of the click
(Discord's LAUNCH_ACTIVITY) when Activities are set up, a link to the board's page when PUBLIC_URL is
given and sign-in is set up, nothing when neither is; pickers keep their last row for it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine import registry
from storage.base import GameRecord
from tabletop.play.service import match_of
from tests.e2e.conftest import ALICE, CAROL, DAVE
from tests.e2e.driver import Table
from tests.fakediscord import RecordedMessage

PUBLIC = "https://board.example.org"


def set_up(table: Table, *, activity: bool = True, public_url: str = PUBLIC, oauth: bool = True) -> None:
    """The bot's configuration as an admin who followed docs/live-board.md has it."""
    oauth_app = table.world.oauth
    table.bot.config = replace(table.bot.config, public_url=public_url, activity_enabled=activity,
                               discord_client_id=oauth_app.client_id if oauth else None,
                               discord_client_secret=oauth_app.client_secret if oauth else None)


def live_row(message: RecordedMessage) -> list[dict[str, Any]]:
    """The Open live board components of a message: its Activity button and its link."""
    return [c for c in message.buttons() if c.get("custom_id", "").startswith("tt:live:") or c.get("style") == 5]


def _awaited(record: GameRecord) -> list[int]:
    return list(match_of(record).awaited_seats())


def turn_dm(table: Table, user: int, game_id: int) -> RecordedMessage:
    return next(m for m in reversed(table.world.dms_to(user)) if any(f":{game_id}:" in cid for cid in m.custom_ids()))


async def test_boards_and_turn_dms_launch_the_activity_and_link_the_board(table: Table) -> None:
    table.world.activities.enable()
    set_up(table)
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    record = await table.record(game_id)
    board = table.latest_board(record)
    expected = [(f"tt:live:{game_id}", None, "ライブ盤を開く"), (None, f"{PUBLIC}/games/{game_id}", "ブラウザで開く")]
    assert [(c.get("custom_id"), c.get("url"), c.get("label")) for c in live_row(board)] == expected
    awaited = record.players[_awaited(record)[0]]  # told by DM, with the menu and the same two below it
    dm = turn_dm(table, awaited, game_id)
    rows = dm.components
    activity, link = [c.get("custom_id") or c.get("url") for c in rows[-1]["components"] if c in live_row(dm)]
    assert activity == f"tt:live:{game_id}"
    assert link.startswith(f"{PUBLIC}/auth/link/{awaited}.{game_id}."), "their own DM signs them in (test_signin_link)"

    rec = await table.world.click(DAVE, board, f"tt:live:{game_id}")
    assert rec.response_type == 12
    launched = table.world.activities.launches[-1]
    assert (launched.user_id, launched.channel_id) == (DAVE, record.thread_id)
    rec = await table.world.click(awaited, dm, f"tt:live:{game_id}")
    assert rec.response_type == 12 and table.world.activities.launches[-1].channel_id == dm.channel_id
    assert table.bot.launches.recent(awaited, table.bot.service.now()) == game_id, "remembered for the DM's Activity"
    table.clock.advance(601)
    assert table.bot.launches.recent(awaited, table.bot.service.now()) is None


async def test_a_refused_launch_answers_with_the_link(table: Table) -> None:
    set_up(table)  # configured, but Activities are off in the developer portal: Discord refuses the launch
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    board = table.latest_board(await table.record(game_id))
    rec = await table.world.click(DAVE, board, f"tt:live:{game_id}")
    assert rec.response_type == 4 and rec.ephemeral
    assert f"{PUBLIC}/games/{game_id}" in table.world.message(rec.original_id).content
    assert table.world.activities.launches == []
    assert any(r.status == 400 and r.path.endswith("/callback") for r in table.world.rejected)


@pytest.mark.parametrize(("activity", "public_url", "oauth", "shown"), [
    (False, PUBLIC, True, ["link:ライブ盤を開く"]),  # the server's language
    (True, "", True, ["tt:live"]),           # PUBLIC_URL not given: nobody else could open a loopback link
    (False, PUBLIC, False, []),              # no sign-in: the page could show nothing
    (False, "", True, []),
])
async def test_only_what_is_set_up_is_shown(table: Table, activity: bool, public_url: str, oauth: bool,
                                             shown: list[str]) -> None:
    if activity:
        table.world.activities.enable()
    set_up(table, activity=activity, public_url=public_url, oauth=oauth)
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    board = table.latest_board(await table.record(game_id))
    found = [f"link:{c['label']}" if c.get("style") == 5 else c["custom_id"].rsplit(":", 1)[0] for c in live_row(board)]
    assert found == shown


async def test_an_old_button_after_the_activity_was_turned_off_gives_the_link(table: Table) -> None:
    table.world.activities.enable()
    set_up(table)
    game_id = await table.start_game(ALICE, [CAROL], "warchest")
    board = table.latest_board(await table.record(game_id))
    set_up(table, activity=False)
    rec = await table.world.click(DAVE, board, f"tt:live:{game_id}")
    assert rec.response_type == 4 and f"{PUBLIC}/games/{game_id}" in table.world.message(rec.original_id).content
    set_up(table, activity=False, oauth=False)
    rec = await table.world.click(CAROL, board, f"tt:live:{game_id}")
    assert "not set up" in table.world.message(rec.original_id).content


@pytest.mark.parametrize("game", ["warchest", "wallofwar", "walpurgis", "wunderkammer", "artofwar"])
async def test_every_picker_keeps_a_row_for_the_live_board(table: Table, game: str) -> None:
    """A stretch of every game played through turn DMs and pickers that carry Open live board: every
    message passes Discord's component limits (the fake refuses any that does not)."""
    table.world.activities.enable()
    set_up(table)
    players = sorted(registry.get(game).player_counts)[0]
    game_id = await table.start_game(ALICE, [CAROL, DAVE][: players - 1], game)
    rng = random.Random(7)
    for _ in range(12):
        record = await table.record(game_id)
        if record.status != "active":
            break
        seat = rng.choice(_awaited(record))
        await table.take_turn(record.players[seat], game_id, rng)
    pickers = [m for m in table.world.every_version() if any(cid.startswith("tt:pick") or cid.startswith("tt:psel")
                                                                or cid.startswith("tt:pset") for cid in m.custom_ids())]
    assert pickers and all(f"tt:live:{game_id}" in m.custom_ids() for m in pickers)
