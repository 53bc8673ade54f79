"""Who may see what of a game on the live board: its players their own seat, members of its server the
public board, nobody else anything; a seat's private picture only to that seat's player; a picture of a
version that is no longer current is gone; the pictures are the ones Discord gets."""

from __future__ import annotations


from tabletop.presentation import pictures
from tabletop.presentation.names import seat_names
from tabletop.play.service import match_of as decoded
from tests.e2e.conftest import ALICE, BOB, CAROL, ERIN
from tests.e2e.driver import GUILD
from tests.web.live_board import OUTSIDER, LiveBoard, match_of
from web import keys


async def status_of(live: LiveBoard, path: str, user: int | None) -> tuple[int, str]:
    response = await live.get(path, user)
    body = await response.read()
    code = (await response.json())["error"] if response.content_type == "application/json" else body[:4].decode("latin-1")
    return response.status, code


async def test_spectators_must_be_members_of_the_games_server(live: LiveBoard) -> None:
    table = live.table
    live.world.add_user(OUTSIDER, "outsider")
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    path = f"/api/games/{game_id}"
    live.members_only(GUILD, {ALICE, BOB, CAROL})
    assert (await live.scene(game_id, CAROL))["you"] is None, "a member watches"
    assert await status_of(live, path, OUTSIDER) == (403, "not_member")
    assert await status_of(live, path, ERIN) == (403, "not_member")
    assert await status_of(live, path, None) == (401, "unauthorized")
    live.members_only(GUILD, {CAROL})
    assert (await live.scene(game_id, ALICE))["you"]["seat"] == 0, "a player needs no membership"
    assert await status_of(live, path + "/live", OUTSIDER) == (403, "not_member")
    assert await status_of(live, "/api/games/99999", ALICE) == (404, "no_game")
    assert await status_of(live, "/api/games/00x", ALICE) == (404, "no_game")
    lobby, _ = await table.open_lobby(ALICE, "warchest")
    assert await status_of(live, f"/api/games/{lobby}", ALICE) == (404, "no_game"), "a lobby has no board yet"


async def test_membership_is_remembered_briefly(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    assert live.client.app[keys.MEMBERS] is not None
    now = [0.0]
    table.bot.membership.clock = lambda: now[0]
    assert (await live.scene(game_id, CAROL))["you"] is None
    live.members_only(GUILD, {ALICE, BOB})
    assert (await live.scene(game_id, CAROL))["you"] is None, "asked a moment ago"
    now[0] += 61
    assert await status_of(live, f"/api/games/{game_id}", CAROL) == (403, "not_member")


async def test_pictures_go_to_those_who_may_see_them(live: LiveBoard) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    version = record.version
    board = f"/api/games/{game_id}/board/{version}.webp"
    alice_private = f"/api/games/{game_id}/private/{version}/0.webp"
    live.members_only(GUILD, {ALICE, BOB, CAROL})
    for user in (ALICE, BOB, CAROL):
        response = await live.get(board, user, lang="ja")
        assert response.status == 200 and response.content_type == "image/webp"
        assert "private" in response.headers["Cache-Control"]
    names = await seat_names(table.bot, record)
    expected = await pictures.rendered("board", record, decoded(record), None, "ja", names)
    assert await (await live.get(board, CAROL, lang="ja")).read() == expected, "the picture Discord gets"
    assert await status_of(live, board, ERIN) == (403, "not_member")
    response = await live.get(alice_private, ALICE)
    assert response.status == 200 and response.content_type == "image/webp"
    assert await status_of(live, alice_private, BOB) == (403, "not_your_seat")
    assert await status_of(live, alice_private, CAROL) == (403, "not_your_seat")
    assert await status_of(live, f"/api/games/{game_id}/private/{version}/7.webp", ALICE) == (403, "not_your_seat")
    scene = await live.scene(game_id, ALICE)
    assert scene["you"]["image"] == alice_private + "?lang=en&d=2" and scene["board"]["image"] == board + "?lang=en&d=2"
    assert (await live.scene(game_id, CAROL))["you"] is None

    match = await match_of(table, game_id)
    seat = match.awaited_seats()[0]
    await live.play(game_id, record.players[seat], match.legal_actions(seat)[0].notation)
    assert await status_of(live, board, ALICE) == (404, "old_version")
    assert await status_of(live, alice_private, ALICE) == (404, "old_version")
    assert await status_of(live, alice_private, BOB) == (403, "not_your_seat"), "rights first, then the version"
