"""The replay stepper on the live board (`web.replay`): every game replays from its first step to its
last, each step showing what Discord's `/game replay` shows (the public board of that version, rendered
once for both, and the public lines) and nothing private of any seat at that step; steps out of range,
strangers, lobbies and cancelled games are refused; a game still being played replays up to now."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest


from tabletop.presentation import pictures

from tabletop.play import service

from tabletop.runtime import packages
from tabletop.play.history import history_of, moment_lines
from tabletop.presentation.names import seat_names
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.e2e.driver import GUILD, private_event_texts
from tests.e2e.test_every_game_history import GAMES, play_quietly_to_end
from tests.web.live_board import OUTSIDER, LiveBoard, match_of
from tests.web.json_values import values
from tests.web.test_web_rights import status_of

PLAYERS = [ALICE, BOB, CAROL]
SEED = 20261127
SPECTATOR = ERIN


async def get_json(live: LiveBoard, path: str, user: int, lang: str = "en") -> dict[str, Any]:
    response = await live.get(path, user, lang=lang)
    assert response.status == 200, await response.text()
    body: dict[str, Any] = await response.json()
    return body


async def finished_game(live: LiveBoard, monkeypatch: pytest.MonkeyPatch, game: str) -> int:
    monkeypatch.setattr(service, "secrets", SimpleNamespace(randbits=lambda bits: SEED))  # the same deal every run
    players = min(packages.declared()[game].game.player_counts)
    seated = PLAYERS[:players]
    game_id = await live.table.start_game(seated[0], seated[1:], game)
    await play_quietly_to_end(live.table, game_id, random.Random(game))
    assert (await live.table.record(game_id)).status == "finished"
    return game_id


@pytest.mark.parametrize("game", GAMES)
async def test_every_game_replays_step_by_step_showing_nothing_private(live: LiveBoard, monkeypatch: pytest.MonkeyPatch,
                                                                      game: str) -> None:
    game_id = await finished_game(live, monkeypatch, game)
    record = await live.table.record(game_id)
    past = await history_of(live.table.bot.store, record)
    names = await seat_names(live.table.bot, record)
    log = [(entry.seat, entry.action) for entry in await live.table.bot.store.actions(game_id)]
    private_lines = set().union(*private_event_texts(record, log, names).values())
    base = f"/api/games/{game_id}/replay"

    overview = await get_json(live, base, SPECTATOR)
    assert overview == await get_json(live, base, ALICE), "a player's replay is the spectators' (as on Discord)"
    assert overview["last"] == past.last == len(log) and len(overview["steps"]) == past.last + 1
    assert overview["steps"][0]["seat"] is None and overview["game"]["status"] == "finished"
    for number, step in enumerate(overview["steps"][1:], start=1):
        moment = past.moments[number - 1]
        assert step == {"step": number, "seat": moment.seat, "lines": moment_lines(moment, "en", names, None)}
    assert not values(overview) & private_lines, sorted(values(overview) & private_lines)[:3]

    looked_for = 0
    for number in range(past.last + 1):
        shown = await get_json(live, f"{base}/{number}", SPECTATOR)
        match = past.match_at(number)
        assert shown["step"] == number and shown["board"]["image"] == f"{base}/{number}.webp?lang=en"
        assert shown["private"] == [], "Discord's replay shows no hand"
        assert (shown["result"] is not None) == (number == past.last)
        assert [waiting["seat"] for waiting in shown["waiting"]] == [decision.seat for decision in match.pending()]
        public = values(match.view(None))
        secret = set().union(*(values(match.view(seat)) - public for seat in range(match.players)), private_lines)
        assert not values(shown) & secret, f"step {number}: {sorted(values(shown) & secret)[:3]}"
        looked_for += len(secret)
    assert looked_for > 0, "every game hides something: the check looked for it"

    for number in sorted({0, past.last // 2, past.last}):
        response = await live.get(f"{base}/{number}.webp", SPECTATOR, lang="en")
        assert response.status == 200 and response.content_type == "image/webp"
        assert "private" in response.headers["Cache-Control"] and "max-age" in response.headers["Cache-Control"]
        drawn = await pictures.rendered("board", record, past.match_at(number), None, "en", names)
        assert await response.read() == drawn, "the very render Discord's replay attaches"
    sharp = await live.get(f"{base}/{past.last}.webp", SPECTATOR, lang="en", d="2")
    assert await sharp.read() == await pictures.rendered("board", record, past.match_at(past.last), None, "en", names, 2)
    assert await status_of(live, f"{base}/0.webp?d=3", SPECTATOR) == (400, "bad_density")


async def test_steps_out_of_range_and_strangers_are_refused(live: LiveBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await finished_game(live, monkeypatch, "warchest")
    last = (await get_json(live, f"/api/games/{game_id}/replay", ALICE))["last"]
    base = f"/api/games/{game_id}/replay"
    assert await status_of(live, f"{base}/{last + 1}", ALICE) == (404, "no_step")
    assert await status_of(live, f"{base}/{last + 1}.webp", ALICE) == (404, "no_step")
    for path in (f"{base}/-1", f"{base}/1234567", f"{base}/x", f"{base}/1.png", f"{base}/0/0.webp/x"):
        assert await status_of(live, path, ALICE) == (404, "not_found"), path
    assert await status_of(live, f"{base}/0/0.webp", ALICE) == (403, "not_your_seat"), "no hands in a replay"
    assert await status_of(live, "/api/games/99999/replay", ALICE) == (404, "no_game")
    live.world.add_user(OUTSIDER, "outsider")
    live.members_only(GUILD, {ALICE, BOB, CAROL})
    assert (await get_json(live, f"{base}/{last}", CAROL))["last"] == last, "a member of the server watches"
    for path in (base, f"{base}/0", f"{base}/0.webp"):
        assert await status_of(live, path, OUTSIDER) == (403, "not_member")
        assert await status_of(live, path, ERIN) == (403, "not_member")
        assert await status_of(live, path, None) == (401, "unauthorized")
    lobby, _ = await live.table.open_lobby(ALICE, "warchest")
    assert await status_of(live, f"/api/games/{lobby}/replay", ALICE) == (404, "no_game")


async def test_a_cancelled_game_has_no_replay(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    await table.world.slash(ALICE, "game cancel", {"game": game_id}, channel_id=record.thread_id, guild_id=GUILD)
    assert (await table.record(game_id)).status == "cancelled"
    assert await status_of(live, f"/api/games/{game_id}/replay", ALICE) == (404, "no_replay")


async def test_a_game_being_played_replays_up_to_now(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    base = f"/api/games/{game_id}/replay"
    first = await get_json(live, base, CAROL)
    assert first["game"]["status"] == "active" and first["last"] == len(await table.bot.store.actions(game_id))
    assert await status_of(live, f"{base}/{first['last'] + 1}", CAROL) == (404, "no_step"), "no step ahead of the game"
    record = await table.record(game_id)
    await table.take_turn(record.players[(await match_of(table, game_id)).awaited_seats()[0]], game_id, random.Random(1))
    later = await get_json(live, base, CAROL)
    assert later["last"] > first["last"] and later["steps"][: first["last"] + 1] == first["steps"]
    response = await live.get(base, CAROL)
    assert response.headers["Cache-Control"] == "no-store", "a game being played moves on"
    step = await get_json(live, f"{base}/{later['last']}", CAROL)
    assert step["result"] is None and step["waiting"]


async def test_private_views_join_only_where_discord_shows_them(live: LiveBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package that reveals private views after the end (none of the five does yet) gets them here too,
    for every seat, exactly the renders Discord's replay attaches; a game being played never."""
    game_id = await finished_game(live, monkeypatch, "warchest")
    package = packages.get("warchest")
    assert package is not None
    monkeypatch.setattr(packages, "get", lambda game_type: SimpleNamespace(
        replay_reveals_private=True, private_images=package.private_images))
    record = await live.table.record(game_id)
    past = await history_of(live.table.bot.store, record)
    shown = await get_json(live, f"/api/games/{game_id}/replay/1", SPECTATOR)
    assert [item["seat"] for item in shown["private"]] == [0, 1]
    response = await live.get(f"/api/games/{game_id}/replay/1/1.webp", SPECTATOR, lang="en")
    assert response.status == 200
    names = await seat_names(live.table.bot, record)
    assert await response.read() == await pictures.rendered("private", record, past.match_at(1), 1, "en", names)
    assert await status_of(live, f"/api/games/{game_id}/replay/1/2.webp", SPECTATOR) == (403, "not_your_seat")
