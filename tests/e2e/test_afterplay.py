"""After a move and after a game, through Discord: `/game takeback` asks the other seats, who accept or
refuse with buttons checked against the game's seats, place and version; `/game export` hands over a
finished game as a file that replays and verifies, and refuses a game in progress; the final board's
Rematch button opens a lobby with the same players and options in the game's channel, once."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path

from engine import registry
from engine.core.export import verify_export
from engine.core.match import NOT_YOUR_LAST, Match
from engine.core.notations import TAKEBACK
from engine.core.takeback import CHANCE, SHOWN_TO_ACTOR
from engine.core.types import Text
from storage.base import GameRecord
from discord_ui import ids
from tabletop.presentation.i18n import catalog
from tests.e2e.conftest import ALICE, CAROL, DAVE, ERIN
from tests.e2e.driver import CHANNEL, GUILD, Table
from tests.e2e.test_rights import MANAGE_GUILD, OTHER_CHANNEL, other_server
from tests.e2e.test_wallofwar_e2e import lively
from tests.e2e.test_warchest_e2e import aggressive
from tests.fakediscord import RecordedMessage

ROOT = Path(__file__).resolve().parents[2]
NOT_PLAYING = Text("このゲームの参加者ではありません。", "You are not playing in this game.")


def pinged(message: RecordedMessage) -> set[int]:
    """Users the message notifies: mentioned in its text and allowed by its allowed_mentions."""
    allowed = {int(user) for user in (message.payload.get("allowed_mentions") or {}).get("users", [])}
    return {user for user in allowed if f"<@{user}>" in message.text}


def says(message: RecordedMessage, *texts: Text) -> bool:
    return any(text.ja in message.text or text.en in message.text for text in texts)


def catalog_text(key: str) -> Text:
    entry = catalog()[key]
    return Text(entry["ja"], entry["en"])


def opening(key: str) -> Text:
    """A catalog text up to its first placeholder: enough to recognise it once filled in."""
    entry = catalog_text(key)
    return Text(entry.ja.split("{")[0], entry.en.split("{")[0])


def lowest_play(match: Match, seat: int, rng: random.Random) -> str:
    """High Card: a face-up play below 10 (no reaction follows), which a takeback may undo."""
    plays = [a.notation for a in match.legal_actions(seat) if a.notation.startswith("play:") and int(a.notation[5:]) < 10]
    return min(plays, key=lambda notation: int(notation[5:])) if plays else match.legal_actions(seat)[0].notation


async def awaited(table: Table, game_id: int) -> tuple[int, int]:
    """(user, seat) of the seat the game waits for."""
    record = await table.record(game_id)
    seat = Match.from_json(registry.get(record.game_type), record.state or {}).awaited_seats()[0]
    return record.players[seat], seat


async def log_of(table: Table, game_id: int) -> list[tuple[int, str]]:
    return [(entry.seat, entry.action) for entry in await table.bot.store.actions(game_id)]


async def ask(table: Table, user: int, record: GameRecord) -> RecordedMessage:
    """`/game takeback` in the game's thread: the user's private answer."""
    rec = await table.world.slash(user, "game takeback", {}, channel_id=record.thread_id, guild_id=GUILD)
    answer = rec.messages[-1]
    assert answer.ephemeral
    return answer


def request_in(table: Table, record: GameRecord) -> RecordedMessage:
    requests = [m for m in table.world.messages_in(record.thread_id or 0) if any(c.startswith("tt:tb:") for c in m.custom_ids())]
    assert requests, "no takeback request in the thread"
    return requests[-1]


def button(message: RecordedMessage, op: str) -> str:
    return next(custom_id for custom_id in message.custom_ids() if custom_id.startswith("tt:tb:") and custom_id.endswith(f":{op}"))


async def refused(table: Table, user: int, message: RecordedMessage, custom_id: str, **where: int) -> RecordedMessage:
    rec = await table.world.forge(user, message, custom_id, **where)
    assert rec.messages and rec.messages[-1].ephemeral and rec.messages[-1].id != message.id
    return rec.messages[-1]


async def played_low(table: Table, game_id: int, rng: random.Random) -> tuple[int, int, GameRecord]:
    user, seat = await awaited(table, game_id)
    await table.take_turn(user, game_id, rng, policy=lowest_play)
    return user, seat, await table.record(game_id)


async def test_an_accepted_takeback_reposts_the_board_and_stales_old_menus(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user, seat, record = await played_low(table, game_id, random.Random(1))
    opponent = record.players[1 - seat]
    menu = table.dm_menu(opponent, game_id, Match.from_json(registry.get("highcard"), record.state or {}).decisions[1 - seat])
    assert menu is not None
    answer = await ask(table, user, record)
    request = request_in(table, record)
    assert f"/{request.id}" in answer.text and pinged(request) == {opponent}
    assert says(await refused(table, user, request, button(request, "yes")), catalog_text("afterplay.takeback_own"))
    assert says(await refused(table, DAVE, request, button(request, "no")), NOT_PLAYING)
    other_server(table)
    await refused(table, opponent, request, button(request, "yes"), channel_id=OTHER_CHANNEL)
    assert (await table.record(game_id)).version == record.version
    boards_before = len([m for m in world.messages_in(record.thread_id or 0) if f"tt:take:{game_id}" in m.custom_ids()])
    await asyncio.gather(world.click(opponent, request, button(request, "yes")),
                         world.click(opponent, request, button(request, "yes")))
    after = await table.record(game_id)
    log = await log_of(table, game_id)
    assert after.version == record.version + 1 and log[-1] == (seat, TAKEBACK) and log.count((seat, TAKEBACK)) == 1
    assert world.message(request.id).custom_ids() == []
    boards = [m for m in world.messages_in(record.thread_id or 0) if f"tt:take:{game_id}" in m.custom_ids()]
    assert len(boards) == boards_before + 1 and boards[-1].id == after.board_message_id
    assert "取り消しました" in boards[-1].text and pinged(boards[-1]) == {user}
    await refused(table, opponent, request, button(request, "yes"))
    stale = await world.click(opponent, menu, next(c for c in menu.custom_ids() if c.startswith("tt:pick:")))
    assert stale.messages[-1].ephemeral
    assert (await table.record(game_id)).version == after.version


async def test_a_refusal_closes_the_request(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user, seat, record = await played_low(table, game_id, random.Random(2))
    opponent = record.players[1 - seat]
    await ask(table, user, record)
    request = request_in(table, record)
    no, yes = button(request, "no"), button(request, "yes")
    await world.click(opponent, request, no)
    closed = world.message(request.id)
    assert closed.custom_ids() == [] and closed.text.startswith("❌")
    late = await refused(table, opponent, request, yes)
    assert says(late, catalog_text("afterplay.takeback_stale"), catalog_text("err.bad_input")), late.text
    after = await table.record(game_id)
    assert (after.version, after.state) == (record.version, record.state)


async def test_every_other_seat_must_accept(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL, ERIN], "highcard")
    user, seat, record = await played_low(table, game_id, random.Random(3))
    others = [player for player in record.players if player != user]
    await ask(table, user, record)
    request = request_in(table, record)
    assert pinged(request) == set(others)
    first = await world.click(others[0], request, button(request, "yes"))
    assert [m.ephemeral for m in first.messages] == [False], [m.text for m in first.messages]
    partly = world.message(request.id)
    assert (await table.record(game_id)).version == record.version and button(partly, "yes") != button(request, "yes")
    await world.click(others[0], partly, button(partly, "yes"))
    assert (await table.record(game_id)).version == record.version
    await world.click(others[1], partly, button(partly, "yes"))
    assert (await log_of(table, game_id))[-1] == (seat, TAKEBACK)


async def test_a_move_since_refuses_the_takeback_and_stales_the_request(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    rng = random.Random(4)
    user, seat, record = await played_low(table, game_id, rng)
    await ask(table, user, record)
    request = request_in(table, record)
    opponent, _ = await awaited(table, game_id)
    await table.take_turn(opponent, game_id, rng, policy=lowest_play)
    moved = await table.record(game_id)
    assert says(await refused(table, opponent, request, button(request, "yes")), catalog_text("afterplay.takeback_stale"))
    assert says(await ask(table, user, moved), NOT_YOUR_LAST)
    assert (await table.record(game_id)).version == moved.version


async def test_the_server_can_turn_takebacks_off(table: Table) -> None:
    world = table.world
    world.user(DAVE).guild_permissions[GUILD] = MANAGE_GUILD
    saved = await world.slash(DAVE, "game-settings", {"takebacks": False}, channel_id=CHANNEL, guild_id=GUILD)
    assert "手の取り消し: 禁止" in saved.messages[-1].text
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    user, _, record = await played_low(table, game_id, random.Random(5))
    assert says(await ask(table, user, record), catalog_text("afterplay.takebacks_off"))
    assert not any(c.startswith("tt:tb:") for m in world.messages_in(record.thread_id or 0) for c in m.custom_ids())
    await world.slash(DAVE, "game-settings", {"takebacks": True}, channel_id=CHANNEL, guild_id=GUILD)
    assert not says(await ask(table, user, record), catalog_text("afterplay.takebacks_off"))


async def test_the_last_coin_of_a_round_cannot_be_taken_back(table: Table) -> None:
    """War Chest: the action that ends a round makes everyone draw, which is news to the actor."""
    game_id = await table.start_game(ALICE, [CAROL], "warchest", {"mode": "draft"})
    rng = random.Random(6)
    for _ in range(400):
        record = await table.record(game_id)
        assert record.status == "active"
        round_before = (record.state or {})["state"]["round"]
        user, _ = await awaited(table, game_id)
        await table.take_turn(user, game_id, rng, policy=aggressive)
        record = await table.record(game_id)
        log = await log_of(table, game_id)
        if (record.state or {})["state"]["round"] > round_before and record.players[log[-1][0]] == user:
            answer = await ask(table, user, record)
            assert says(answer, SHOWN_TO_ACTOR, CHANCE), answer.text
            assert (await table.record(game_id)).version == record.version
            return
    raise AssertionError("no round ended on its player's own action")


async def exported(table: Table, user: int, game_id: int, tmp_path: Path) -> Path:
    rec = await table.world.slash(user, "game export", {"game": game_id}, channel_id=CHANNEL, guild_id=GUILD)
    message = rec.messages[-1]
    assert message.ephemeral and [file.filename for file in message.attachments] == [f"{(await table.record(game_id)).game_type}-{game_id}.json"]
    path = tmp_path / message.attachments[0].filename
    path.write_bytes(message.attachments[0].data)
    return path


def replays(path: Path) -> None:
    verify_export(json.loads(path.read_text(encoding="utf-8")))
    done = subprocess.run([sys.executable, "-m", "engine.replay", str(path)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


async def test_finished_games_export_and_verify(table: Table, tmp_path: Path) -> None:
    chest = await table.start_game(ALICE, [CAROL], "warchest", {"mode": "draft"})
    await table.play_to_end(chest, random.Random(2), policy=aggressive)
    wall = await table.start_game(ALICE, [CAROL, ERIN], "wallofwar")
    await table.play_to_end(wall, random.Random(3), policy=lively)
    replays(await exported(table, CAROL, chest, tmp_path))
    replays(await exported(table, DAVE, wall, tmp_path))


async def test_an_active_game_is_not_exported(table: Table) -> None:
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    record = await table.record(game_id)
    for channel in (CHANNEL, record.thread_id):
        rec = await table.world.slash(ALICE, "game export", {"game": game_id}, channel_id=channel, guild_id=GUILD)
        assert rec.messages[-1].ephemeral and not rec.messages[-1].attachments
        assert says(rec.messages[-1], catalog_text("afterplay.export_active"))


async def test_rematch_opens_one_lobby_with_the_same_players_and_options(table: Table) -> None:
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard", {"hand": "3", "tt_time": "move:86400"})
    await table.play_to_end(game_id, random.Random(7))
    record = await table.record(game_id)
    final = world.message(record.board_message_id or 0)
    assert final.custom_ids() == [f"tt:replay:{game_id}:0:o", f"tt:rematch:{game_id}"]
    other_server(table)
    for user, where in ((DAVE, {}), (ALICE, {"channel_id": OTHER_CHANNEL})):
        await refused(table, user, final, f"tt:rematch:{game_id}", **where)
    assert await table.bot.store.list_games(channel_id=CHANNEL, statuses=("lobby",)) == []
    channel_before = len(world.messages_in(CHANNEL))
    rec = await world.click(CAROL, final, f"tt:rematch:{game_id}")
    lobbies = await table.bot.store.list_games(channel_id=CHANNEL, statuses=("lobby",))
    assert len(lobbies) == 1
    lobby = lobbies[0]
    assert (lobby.game_type, lobby.host_id, set(lobby.players), lobby.capacity, lobby.options) == \
        ("highcard", CAROL, {ALICE, CAROL}, record.capacity, record.options)
    posted = world.messages_in(CHANNEL)[channel_before:]
    assert [m.id for m in posted] == [lobby.lobby_message_id] and pinged(posted[0]) == {ALICE, CAROL}
    assert f"tt:lobby:start:{lobby.id}" in posted[0].custom_ids()
    assert rec.messages[-1].ephemeral and f"/{CHANNEL}/{lobby.lobby_message_id}" in rec.messages[-1].text
    assert world.message(final.id).sequence == final.sequence
    again = await world.click(ALICE, final, f"tt:rematch:{game_id}")
    assert says(again.messages[-1], opening("afterplay.rematch_exists"))
    assert f"/{CHANNEL}/{lobby.lobby_message_id}" in again.messages[-1].text
    assert len(await table.bot.store.list_games(channel_id=CHANNEL, statuses=("lobby",))) == 1
    await world.click(CAROL, posted[0], f"tt:lobby:start:{lobby.id}")
    assert (await table.record(lobby.id)).status == "active"


async def test_a_finished_games_thread_says_it_ended_and_how_to_replay_it(table: Table) -> None:
    """`/game play` and `/game resign` in a finished game's thread, and the buttons of its older boards,
    answer briefly and privately that the game is over and how to see its replay (not "which game?"); the
    final board offers only what still works, Replay (opened privately) and Rematch."""
    world = table.world
    game_id = await table.start_game(ALICE, [CAROL], "highcard")
    first = table.latest_board(await table.record(game_id))
    await table.play_to_end(game_id, random.Random(5))
    record = await table.record(game_id)
    ended = catalog_text("err.game_ended").with_args(id=game_id)
    for command, options in (("game play", {"action": "pass"}), ("game resign", {})):
        rec = await world.slash(CAROL, command, options, channel_id=record.thread_id, guild_id=GUILD)
        reply = rec.messages[-1]
        assert reply.ephemeral and reply.text in (ended.render("ja"), ended.render("en")), reply.text
        assert f"/game replay game:{game_id}" in reply.text
    old = await world.click(ALICE, first, f"tt:take:{game_id}")
    assert old.messages[-1].ephemeral and old.messages[-1].text in (ended.render("ja"), ended.render("en"))
    final = world.message(record.board_message_id or 0)
    assert final.custom_ids() == [ids.replay_open(game_id), f"tt:rematch:{game_id}"]
    opened = await world.click(CAROL, final, ids.replay_open(game_id))
    assert opened.messages[-1].ephemeral and opened.messages[-1].id != final.id
    assert ids.replay_step(game_id, 1, "n") in opened.messages[-1].custom_ids()
    assert world.message(final.id).sequence == final.sequence, "the public final board is left as it is"
    assert (await table.record(game_id)).state == record.state
