"""The live board's pictures at 2× density (`?d=2`, `renderers.density`): twice the size of the 1× picture
Discord gets, laid out alike (the scene's regions and size are the 1× ones), drawn and cached apart from it;
the scene links them; `d` is 1 or 2 and anything else a short 400 that changes nothing."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from tabletop.presentation import pictures
from tabletop.presentation.names import seat_names
from tabletop.play.service import match_of as decoded
from tests.e2e.conftest import ALICE, BOB, CAROL
from tests.e2e.driver import GUILD
from tests.web.live_board import LiveBoard
from tests.web.test_web_rights import status_of


def size_of(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


async def test_pictures_at_2x_are_twice_the_1x_ones_drawn_apart(live: LiveBoard, monkeypatch: pytest.MonkeyPatch) -> None:
    table = live.table
    game_id = await table.start_game(ALICE, [BOB], "warchest")
    record = await table.record(game_id)
    board = f"/api/games/{game_id}/board/{record.version}.webp"
    private = f"/api/games/{game_id}/private/{record.version}/0.webp"
    live.members_only(GUILD, {ALICE, BOB, CAROL})
    drawn: list[tuple[Any, ...]] = []
    original = pictures.render_image

    def counting(*args: Any) -> bytes | None:
        drawn.append(args)
        return original(*args)

    monkeypatch.setattr(pictures, "render_image", counting)
    scene = await live.scene(game_id, ALICE)
    assert scene["board"]["image"] == board + "?lang=en&d=2" and scene["you"]["image"] == private + "?lang=en&d=2"
    sharp = await (await live.get(board, CAROL, lang="en", d="2")).read()
    plain = await (await live.get(board, CAROL, lang="en")).read()
    names = await seat_names(table.bot, record)
    assert plain == await pictures.rendered("board", record, decoded(record), None, "en", names), "Discord's 1× picture"
    assert await (await live.get(board, CAROL, lang="en", d="1")).read() == plain
    width, height = size_of(plain)
    assert size_of(sharp) == (2 * width, 2 * height) and sharp != plain
    assert (scene["board"]["width"], scene["board"]["height"]) == (width, height), "regions in 1× pixels"
    assert await (await live.get(board, BOB, lang="en", d="2")).read() == sharp
    mine = await live.get(private, ALICE, lang="en", d="2")
    assert mine.status == 200 and mine.content_type == "image/webp"
    mine_plain = await (await live.get(private, ALICE, lang="en")).read()
    assert size_of(await mine.read()) == tuple(2 * side for side in size_of(mine_plain))
    kinds = sorted((args[1], args[-1]) for args in drawn)
    assert len(kinds) == len(set(kinds)) and {("board", 2), ("private", 2)} <= set(kinds), "each density drawn once"
    assert await status_of(live, private + "?d=2", BOB) == (403, "not_your_seat")


@pytest.mark.parametrize("density", ["0", "3", "2.0", "", "x", "02", "２"])
async def test_a_density_other_than_1_or_2_is_refused(live: LiveBoard, density: str) -> None:
    game_id = await live.table.start_game(ALICE, [BOB], "warchest")
    version = (await live.table.record(game_id)).version
    for path in (f"/api/games/{game_id}/board/{version}.webp", f"/api/games/{game_id}/private/{version}/0.webp"):
        response = await live.get(path, ALICE, d=density)
        assert response.status == 400 and (await response.json())["error"] == "bad_density"
    assert await status_of(live, f"/api/games/{game_id}/board/{version}.webp?d=9", None) == (401, "unauthorized")
