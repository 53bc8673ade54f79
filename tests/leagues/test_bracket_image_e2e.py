"""The bracket image through the offline Discord harness: a 6-player single elimination of War Chest (byes
to the top two seeds) posts its bracket after each change with the image attached, and `/league bracket`
answers with it too; every page is lossless WebP, 800 px wide, at most twice as tall, and every text
drawn on it is at least 9 px on a 400 px phone."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from renderers import text as text_module
from renderers import toolkit as tk
from renderers.pages import max_height
from tests.e2e.driver import CHANNEL, Table
from tests.leagues.harness import RatingCheck, add_players, slash
from tests.leagues.test_tournaments_e2e import play_tournament, signed_up, worse_seed


def pages_of(files: Any) -> list[Image.Image]:
    found = []
    for file in files:
        assert file.filename.startswith("bracket-") and file.filename.endswith(".webp")
        image = Image.open(io.BytesIO(file.data))
        image.load()
        assert image.format == "WEBP" and image.width == tk.CANVAS_WIDTH and image.height <= max_height(image.width)
        found.append(image)
    return found


async def test_the_bracket_is_posted_and_shown_as_an_image(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[float] = []
    original = text_module.draw_line

    def line(draw: Any, xy: Any, string: str, size: int, *args: Any) -> None:
        sizes.append(size * tk.PHONE_WIDTH / draw._image.width)  # noqa: SLF001 - the image drawn on
        original(draw, xy, string, size, *args)

    monkeypatch.setattr(text_module, "draw_line", line)
    players = add_players(table, 6)
    await signed_up(table, "Cup", players, {"game": "warchest", "format": "single_elim", "round_hours": 48})
    view = await play_tournament(table, "Cup", worse_seed, RatingCheck(), random.Random(6))
    assert view.done and view.champion is not None
    [posted] = [message for message in table.world.messages_in(CHANNEL) if message.text.startswith("**Cup — ")]
    posts = [message for message in table.world.every_version(channels={CHANNEL}) if message.id == posted.id]
    assert len(posts) >= 3 and all(len(pages_of(post.attachments)) == 1 for post in posts)  # edited in place
    for player in players[:2]:  # an English and a Japanese reader
        shown = await slash(table, player, "league bracket")
        [answer] = [message for message in shown.messages if message.attachments]
        assert len(pages_of(answer.attachments)) == 1
    assert sizes and min(sizes) >= tk.PHONE_MIN_TEXT
