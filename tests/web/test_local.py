"""Local mode (no DISCORD_TOKEN): on loopback the page opens a session of the local viewer with no sign-in;
a game against the AI is created and played to its end through the HTTP API, the AI answering by itself;
pass and play covers the screen between people so no seat's private view reaches the next one's; hostile
input changes nothing; beyond loopback, sign-in is required; local and Discord games never cross."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any, AsyncIterator

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from storage.base import GameRecord
from tabletop.play.ai_seats import is_ai
from tabletop.play.local_games import LOCAL_GUILD, LOCAL_VIEWER, is_local
from tabletop.play.service import match_of
from tests.web.board import set_cookie
from tests.web.live_board import leaves
from tests.web.json_values import values
from tests.web.local_mode import Local, local_bot, local_config
from tabletop.presentation import pictures
from web import bundle
from web.app import make_app
from web.local_screen import LOCAL

GAME = "walpurgis"
"""The shortest of the games to play to its end (about 90 steps between two random players)."""


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    """The local page's shell names the client bundle's files."""
    bundle.ensure_built()


@pytest.fixture
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    config = local_config(tmp_path / "local.sqlite3")
    async with local_bot(config) as bot:
        started = await Local(bot, config).start()
        try:
            yield started
        finally:
            await started.close()


async def play_leaf(local: Local, game_id: int, rng: random.Random) -> dict[str, Any]:
    """One move of the seat on screen, a random leaf of its scene's choice tree, sent by path."""
    scene = await local.get_json(f"/api/games/{game_id}")
    decision = scene["you"]["decision"]
    path, _ = rng.choice(leaves(decision["choices"]))
    response = await local.post(f"/api/games/{game_id}/move", {"decision": decision["id"], "path": list(path)})
    assert response.status == 200, await response.text()
    return scene


async def test_the_page_opens_a_session_of_the_local_viewer(local: Local) -> None:
    page = await local.open_page("ja")
    assert page.status == 200 and 'id="local"' in await page.text()
    cookie = set_cookie(page, "tt_session")
    assert cookie is not None and cookie["httponly"] and cookie["samesite"] == "Lax"
    me = await local.get_json("/auth/me")
    assert me["user"] == {"id": str(LOCAL_VIEWER), "name": "あなた"}
    assert await local.get_json("/api/local/games") == {"games": []}
    catalogue = await local.get_json("/api/local/catalogue")
    assert {game["id"] for game in catalogue["games"]} >= {"artofwar", "wallofwar", "walpurgis", "warchest", "wunderkammer"}
    assert [level["key"] for level in catalogue["levels"]] == ["easy", "normal", "hard"]
    again = await local.client.get("/", headers=local.headers)
    assert set_cookie(again, "tt_session") is None, "a browser with a session keeps it"


async def test_a_game_against_the_ai_played_to_its_end(local: Local) -> None:
    await local.open_page()
    game_id = await local.create(GAME, [{"kind": "you", "name": "Mika"}, {"kind": "ai", "level": "easy"}])
    record = await local.record(game_id)
    assert is_local(record) and record.guild_id == LOCAL_GUILD and record.players[0] == LOCAL_VIEWER
    assert is_ai(record.players[1]) and record.options["tt_rated"] == "off"
    rng = random.Random(7)
    moves = 0
    while (record := await local.people_asked(game_id)).status == "active":
        scene = await play_leaf(local, game_id, rng)
        assert scene["you"]["seat"] == 0 and scene["local"]["on_screen"] == 0, "one person: never covered"
        moves += 1
        assert moves < 400
    assert record.status == "finished"
    actions = await local.bot.store.actions(game_id)
    assert {entry.seat for entry in actions} == {0, 1}, "the AI answered by itself"
    assert await nothing_owed(local), "nothing is owed to Discord"
    final = await local.get_json(f"/api/games/{game_id}")
    assert final["outcome"] is not None and final["game"]["status"] == "finished"
    assert [seat["name"] for seat in final["seats"]] == ["Mika", "AI · easy"]
    listed = (await local.get_json("/api/local/games"))["games"]
    assert [(game["id"], game["status"]) for game in listed] == [(str(game_id), "finished")]


async def nothing_owed(local: Local, tries: int = 250) -> bool:
    """Whether the outbox empties: the last step is settled just after its commit, which the test may have
    read first (its HTTP answer, or the AI's commit, comes before its `after_commit` has run)."""
    for _ in range(tries):
        if not await local.bot.store.pending_outbox(before=float("inf")):
            return True
        await asyncio.sleep(0.02)
    return False


async def test_open_boards_follow_the_ai_and_stay_open_while_covered(local: Local) -> None:
    """The live channel of a local game sends the AI's answers as they land, and a covered screen keeps it
    (the host is watching their own game, not spectating a server's)."""
    await local.open_page()
    game_id = await local.create("wallofwar", [{"kind": "you"}, {"kind": "player", "name": "Bob"},
                                               {"kind": "ai", "level": "easy"}])
    async with local.client.ws_connect(f"/api/games/{game_id}/live", headers=local.headers) as socket:
        first = await socket.receive_json(timeout=10)
        rng = random.Random(5)
        for _ in range(4):
            record = await local.people_asked(game_id)
            seat = next(seat for seat in match_of(record).awaited_seats() if not is_ai(record.players[seat]))
            assert (await local.post(f"/api/local/games/{game_id}/screen", {"seat": seat})).status == 200
            await play_leaf(local, game_id, rng)
        record = await local.people_asked(game_id)
        seen = first["version"]
        while seen < record.version:
            seen = (await socket.receive_json(timeout=10))["version"]
        assert seen >= record.version and not socket.closed
        ai_steps = [entry for entry in await local.bot.store.actions(game_id) if entry.seat == 2]
        assert ai_steps, "the AI played in between"


async def scene_of(local: Local, game_id: int) -> dict[str, Any]:
    return await local.get_json(f"/api/games/{game_id}")


async def test_pass_and_play_covers_the_screen_between_people(local: Local) -> None:
    await local.open_page()
    game_id = await local.create(GAME, [{"kind": "you"}, {"kind": "player", "name": "Bob"}])
    record = await local.record(game_id)
    first = match_of(record).awaited_seats()[0]
    covered = await scene_of(local, game_id)
    assert covered["you"] is None and covered["local"] == {"on_screen": None, "next": first, "people": [0, 1]}
    version = covered["version"]
    private = await local.get(f"/api/games/{game_id}/private/{version}/{first}.webp")
    assert private.status == 403, "nothing private while covered"
    refused = await local.post(f"/api/games/{game_id}/move", {"decision": 0, "notation": "x"})
    assert refused.status == 409 and (await refused.json())["error"] == "local_covered"

    rng = random.Random(3)
    refused_other = 0
    for _ in range(8):  # several handovers
        record = await local.record(game_id)
        asked = match_of(record).awaited_seats()
        seat = asked[0]
        if 1 - seat not in asked:
            wrong = await local.post(f"/api/local/games/{game_id}/screen", {"seat": 1 - seat})
            assert wrong.status == 409, "only a seat asked may be shown"
            refused_other += 1
        shown = await local.post(f"/api/local/games/{game_id}/screen", {"seat": seat})
        assert shown.status == 200 and (await shown.json())["on_screen"] == seat
        scene = await scene_of(local, game_id)
        assert scene["you"]["seat"] == seat
        check_private_kept(scene, record, 1 - seat)
        image = await local.get(f"/api/games/{game_id}/private/{scene['version']}/{1 - seat}.webp")
        assert image.status == 403, "the other seat's picture is not served"
        if scene["you"]["image"]:
            own = await local.client.get(scene["you"]["image"], headers=local.headers)
            assert own.status == 200 or (await own.json())["error"] == "no_image", "its own picture is its to see"
        await play_leaf(local, game_id, rng)
        after = await local.record(game_id)
        if after.status != "active":
            break
        now = await scene_of(local, game_id)
        if seat in match_of(after).awaited_seats():
            assert now["you"]["seat"] == seat, "the seat that goes on keeps the screen"
        else:
            assert now["you"] is None and now["local"]["next"] == 1 - seat, "handed over: covered"
    assert refused_other, "a seat not asked was never tried"
    hide = await local.post(f"/api/local/games/{game_id}/screen", {"seat": None})
    assert hide.status == 200 and (await hide.json())["on_screen"] is None


async def test_a_covered_screen_starts_no_private_drawing(local: Local, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scene draws ahead only the pictures its page shows: under the cover, the public board alone. A cover
    set while a seat's scene is being made (Hide tapped meanwhile) covers from the next scene on: the scene
    sent is that seat's, and its `local` part says so (no cover over a view drawn for nothing)."""
    await local.open_page()
    game_id = await local.create(GAME, [{"kind": "you"}, {"kind": "player", "name": "Bob"}])
    drawn: list[tuple[str, int | None]] = []
    covering = False

    def noted(kind: str, record: GameRecord, match: Any, seat: int | None, *rest: Any) -> None:
        drawn.append((kind, seat))
        if covering:
            local.client.app[LOCAL].shown.pop(record.id, None)

    monkeypatch.setattr(pictures, "draw_ahead", noted)
    covered = await scene_of(local, game_id)
    assert covered["you"] is None and covered["local"]["on_screen"] is None
    assert drawn and {kind for kind, _ in drawn} == {"board"}, "covered: no private drawing starts"
    seat = covered["local"]["next"]
    assert (await local.post(f"/api/local/games/{game_id}/screen", {"seat": seat})).status == 200
    drawn.clear()
    covering = True
    shown = await scene_of(local, game_id)
    assert shown["you"]["seat"] == seat and shown["local"]["on_screen"] == seat, "the scene and its screen agree"
    assert ("private", seat) in drawn
    drawn.clear()
    again = await scene_of(local, game_id)
    assert again["you"] is None and again["local"]["on_screen"] is None
    assert {kind for kind, _ in drawn} == {"board"}


def check_private_kept(scene: dict[str, Any], record: GameRecord, other: int) -> None:
    """Nothing of `other`'s private view (what the public view and the seat on screen lack) is in `scene`."""
    match = match_of(record)
    seat = scene["you"]["seat"]
    secret = values(match.view(other)) - values(match.view(None)) - values(match.view(seat))
    assert not values(scene) & secret, sorted(values(scene) & secret)[:3]


async def test_hostile_input_is_refused_and_changes_nothing(local: Local) -> None:
    await local.open_page()
    you, ai = {"kind": "you"}, {"kind": "ai", "level": "easy"}
    bad_bodies: list[Any] = [
        "not json", [], {"game": "nope", "seats": [you, ai]}, {"game": GAME, "seats": [you, you]},
        {"game": GAME, "seats": [ai, ai]}, {"game": GAME, "seats": [you]}, {"game": GAME, "seats": [you, ai, ai, ai, ai]},
        {"game": GAME, "seats": [you, {"kind": "ai", "level": "godlike"}]},
        {"game": GAME, "seats": [you, {"kind": "player", "name": "x" * 200}]},
        {"game": GAME, "seats": [you, {"kind": "player", "name": "\u0000"}]},
        {"game": GAME, "seats": [you, {"kind": "player", "name": 5}]},
        {"game": GAME, "seats": [you, {"kind": "boss"}]}, {"game": GAME, "seats": "you"},
        {"game": GAME, "seats": [you, ai], "options": {"tt_time": "move:60"}},
        {"game": GAME, "seats": [you, ai], "options": {"first": "nobody"}},
        {"game": GAME, "seats": [you, ai], "options": {"unknown": "1"}},
        {"game": GAME, "seats": [you, ai], "options": ["first"]},
    ]
    for body in bad_bodies:
        response = await local.post("/api/local/games", body)
        assert response.status == 400, (body, await response.text())
        assert (await response.json())["message"]
    assert await local.bot.store.list_games(guild_id=LOCAL_GUILD, statuses=("lobby", "active")) == []
    game_id = await local.create(GAME, [you, {"kind": "player", "name": "Bob"}])
    for body in ({"seat": 9}, {"seat": -1}, {"seat": "0"}, {}, {"seat": True}):
        assert (await local.post(f"/api/local/games/{game_id}/screen", body)).status in (400, 409), body
    no_csrf = {key: value for key, value in local.headers.items() if key != "X-CSRF-Token"}
    assert (await local.post("/api/local/games", {"game": GAME, "seats": [you, ai]}, headers=no_csrf)).status == 403
    foreign = local.headers | {"Origin": "http://evil.example"}
    assert (await local.post("/api/local/games", {"game": GAME, "seats": [you, ai]}, headers=foreign)).status == 403
    rebound = await local.client.get("/api/local/games", headers=local.headers | {"Host": "evil.example:8080"})
    assert rebound.status == 403 and (await rebound.json())["error"] == "local_host"
    proxied = await local.client.get("/api/local/games", headers=local.headers | {"X-Forwarded-For": "203.0.113.9"})
    assert proxied.status == 403, "a proxy brings in requests from elsewhere"
    anonymous = await local.client.get("/api/local/games")
    assert anonymous.status == 401
    assert (await local.client.get(f"/api/games/{game_id}")).status == 401
    assert len(await local.bot.store.list_games(guild_id=LOCAL_GUILD)) == 1


async def test_local_and_discord_games_never_cross(local: Local) -> None:
    """Local mode serves no Discord game (even to its player), and the bot's board serves no local game."""
    await local.open_page()
    local_game = await local.create(GAME, [{"kind": "you"}, {"kind": "ai", "level": "easy"}])
    discord_game = await local.bot.service.create(GAME, guild_id=5, channel_id=50, host_id=LOCAL_VIEWER, players=2,
                                                  options={})
    await local.bot.store.add_player(discord_game.id, 77)
    await local.bot.service.start(await local.record(discord_game.id), LOCAL_VIEWER, False)
    assert (await local.get(f"/api/games/{discord_game.id}")).status == 404
    assert (await local.post(f"/api/local/games/{discord_game.id}/screen", {"seat": 0})).status == 404
    bot_board = make_app(local.bot, local.config)
    client = TestClient(TestServer(bot_board), cookie_jar=aiohttp.DummyCookieJar())
    await client.start_server()
    try:
        response = await client.get(f"/api/games/{local_game}", headers=local.headers)
        assert response.status == 404
        assert (await client.get("/api/local/games", headers=local.headers)).status == 404, "no local pages"
    finally:
        await client.close()


@pytest.mark.parametrize("where", [{"web_host": "0.0.0.0", "public_url": "https://board.example.org"},
                                   {"web_host": "127.0.0.1", "public_url": "https://board.example.org"}],
                         ids=["listening-wide", "behind-a-proxy"])
async def test_beyond_loopback_signing_in_is_required(tmp_path: Path, where: dict[str, str]) -> None:
    """Listening on another address, or published through a reverse proxy at a PUBLIC_URL elsewhere: no
    local viewer, sign-in required."""
    config = local_config(tmp_path / "wide.sqlite3", **where)
    async with local_bot(config) as bot:
        wide = await Local(bot, config).start()
        try:
            page = await wide.client.get("/", allow_redirects=False)
            assert page.status == 302 and page.headers["Location"] == "/auth/login?next=/"
            assert set_cookie(page, "__Host-tt_session") is None and set_cookie(page, "tt_session") is None
            assert (await wide.client.get("/api/local/games")).status == 401
            assert (await wide.client.get("/api/local/games", headers={"Host": "board.example.org"})).status == 401
        finally:
            await wide.close()

