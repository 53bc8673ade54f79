"""Every image stays readable on a phone, for every game, player count, viewer and language.

Discord shows an image about 400 px wide on a phone, so the smallest text must be at least 9 px tall
there: font size * 400 / image width >= 9 (`tk.min_text_size`). The check records every line of text
drawn (`renderers.text.draw_line`, which every text run passes through) and the letters inside seat
markers (`ImageDraw.text` on a supersampled sprite, so they are scaled back to the marker's size on the
image). Images are drawn from sampled frames of self-played games: public boards and every seat's
private image, in Japanese and English, with player names as the platform passes them (`display_name`) from awkward Discord names. No
drawn string may keep an unfilled `{s0}`-style placeholder or any brace.

Every other image the bot sends (card lists, unit sheets, league standings, rating charts) is a registered
kind (`renderers.kinds`); each is drawn here in both languages. Every image, boards and private views too,
must also fit a phone screen: one taller than twice its width is shown narrower, its text smaller.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw

from engine import registry
from engine.core.match import Match
from engine.selfplay import playout
from engine.warchest.board import BOARDS
import renderers
from renderers import for_game, scripts
from renderers import text as text_module
from renderers import toolkit as tk
from renderers.base import GameRenderer, RenderContext
from renderers.fonts import JOINERS, face_path
from renderers.kinds import IMAGE_KINDS
from renderers.names import display_name
from renderers.pages import max_height
from renderers.worker import encoded_pages
from discord_ui.announce import MAX_ATTACHMENTS
from tests.fixtures.highcard import GAME as HIGH_CARD
from tests.fixtures.highcard_render import RENDERER as HIGH_CARD_RENDERER
from tests.renderers.samples import RAW_NAMES, SAMPLES

LOCALES = ("ja", "en")
SETUPS: list[tuple[str, int, dict[str, str], int]] = [
    ("warchest", 2, {"mode": "random"}, 3),
    ("warchest", 2, {"mode": "draft"}, 4),
    ("warchest", 4, {"mode": "draft"}, 5),
    ("warchest", 4, {"mode": "random"}, 6),
    ("wallofwar", 3, {}, 7),
    ("wallofwar", 4, {}, 8),
    ("wallofwar", 5, {}, 9),
    ("artofwar", 2, {}, 12),
    ("walpurgis", 2, {}, 15),
    ("wunderkammer", 2, {}, 13),
    ("wunderkammer", 3, {}, 16),
    ("wunderkammer", 4, {}, 14),
    ("highcard", 2, {}, 10),
    ("highcard", 3, {}, 11),
]


@dataclass(frozen=True, slots=True)
class Drawn:
    """One run of text as it lands on an image: the string, its font size there, the image's width."""

    text: str
    size: float
    width: int

    @property
    def phone_px(self) -> float:
        return self.size * tk.PHONE_WIDTH / self.width


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text run drawn while the fixture is active."""
    seen: list[Drawn] = []
    markers: list[tuple[int, int]] = []  # (marker size, image width) while a marker is being drawn
    original_text = ImageDraw.ImageDraw.text
    original_line = text_module.draw_line
    original_marker = tk.draw_marker

    def line(draw: ImageDraw.ImageDraw, xy: Any, string: str, size: int, *args: Any) -> None:
        seen.append(Drawn(string, size, draw._image.width))  # noqa: SLF001 - the image drawn on
        original_line(draw, xy, string, size, *args)

    def text(self: ImageDraw.ImageDraw, xy: Any, string: str, *args: Any, **kwargs: Any) -> None:
        if markers:  # a sprite drawn larger than the marker: scale back to the marker on the image
            marker, width_on_image = markers[-1]
            seen.append(Drawn(string, kwargs["font"].size * marker / self._image.width, width_on_image))
        original_text(self, xy, string, *args, **kwargs)

    def marker(img: Image.Image, centre: Any, size: int, style: tk.Style) -> tk.Box:
        markers.append((size, img.width))
        try:
            return original_marker(img, centre, size, style)
        finally:
            markers.pop()

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(text_module, "draw_line", line)
    monkeypatch.setattr(tk, "draw_marker", marker)
    tk.marker_sprite.cache_clear()  # so that every marker letter is drawn (and seen) again
    return seen


def names(players: int) -> tuple[str, ...]:
    return tuple(display_name(name, seat) for seat, name in enumerate(RAW_NAMES[:players]))


def renderer_of(game_id: str) -> GameRenderer:
    return HIGH_CARD_RENDERER if game_id == "highcard" else for_game(game_id)


def sampled_matches(game_id: str, players: int, options: dict[str, str], seed: int) -> Iterator[Match]:
    """The start, the first frame of every phase, a few points between, the end, and the middle conceded."""
    game = HIGH_CARD if game_id == "highcard" else registry.get(game_id)
    matches = [step.match for step in playout(game, players, seed, options)]
    picked = {0, len(matches) // 4, len(matches) // 2, 3 * len(matches) // 4, len(matches) - 1}
    first: dict[Any, int] = {}
    for index, match in enumerate(matches):
        first.setdefault(match.state.get("phase"), index)
    picked |= set(first.values())
    for index in sorted(picked):
        yield matches[index]
    yield matches[len(matches) // 2].concede(0).match


def images(game_id: str, players: int, options: dict[str, str], seed: int) -> Iterator[Image.Image]:
    renderer = renderer_of(game_id)
    for match in sampled_matches(game_id, players, options, seed):
        for locale in LOCALES:
            ctx = RenderContext(locale, names(players), f"{game_id} #12345")
            yield renderer.board(match.frame(None), ctx)
            for seat in range(players):
                private = renderer.private(match.frame(seat), ctx)
                if private is not None:
                    yield private


def check(drawn: list[Drawn]) -> None:
    small = sorted({(d.text, round(d.phone_px, 1)) for d in drawn if d.phone_px < tk.PHONE_MIN_TEXT})
    assert small == [], f"text under {tk.PHONE_MIN_TEXT} px on a {tk.PHONE_WIDTH} px wide phone"
    braces = sorted({d.text for d in drawn if "{" in d.text or "}" in d.text})
    assert braces == [], "unfilled placeholders"


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), SETUPS)
def test_every_text_is_readable_on_a_phone(game_id: str, players: int, options: dict[str, str], seed: int,
                                           drawn: list[Drawn]) -> None:
    sizes = {img.size for img in images(game_id, players, options, seed)}
    assert {width for width, _ in sizes} == {tk.CANVAS_WIDTH}, "every image is drawn at the width its text sizes were chosen for"
    tall = sorted(size for size in sizes if size[1] > max_height(size[0]))
    assert tall == [], "taller than a phone shows at full width: the text would be drawn smaller"
    assert any(d.text in names(players) for d in drawn), "the players' names are drawn"
    assert any(len(d.text) == 1 and d.width == tk.CANVAS_WIDTH for d in drawn), "marker letters are checked too"
    check(drawn)


def test_positions_in_war_chest_texts_are_the_labels_on_the_map(drawn: list[Drawn]) -> None:
    """Sentences name hexes exactly as the map labels them, so a player finds "F4" by reading."""
    for game_id, players, options, seed in SETUPS[:4]:
        for _ in images(game_id, players, options, seed):
            pass
        labels = set(BOARDS[players].labels)
        named = {token for d in drawn for token in re.findall(r"(?<![A-Za-z0-9])[A-K][1-7](?![0-9])", d.text)}
        assert named and named <= labels, named - labels
        drawn.clear()


# --------------------------------------------------------------------------- every other image the bot sends


def test_every_image_kind_the_bot_sends_is_sampled() -> None:
    """A sheet or chart reaches Discord only as a registered kind (`renderers.worker.encoded_pages` refuses
    any other), so sampling every registered kind here checks every image the bot sends; boards and private
    views are checked for every game and player count."""
    for module in pkgutil.iter_modules(renderers.__path__):
        importlib.import_module(f"renderers.{module.name}")
    assert set(IMAGE_KINDS) == set(SAMPLES)
    counts = {(game.id, players) for game in registry.games().values() for players in game.player_counts}
    assert counts <= {(game_id, players) for game_id, players, _, _ in SETUPS}, "a game and player count without a sample"


def test_only_registered_kinds_are_encoded() -> None:
    with pytest.raises(ValueError, match="not a registered image kind"):
        encoded_pages(lambda: tk.new_canvas(900))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_sheet_and_chart_is_readable_on_a_phone(kind: str, locale: str, drawn: list[Drawn]) -> None:
    """Text at least 9 px on a 400 px phone, and no page taller than twice its width: a phone shows a
    taller image narrower, and its text smaller (the unit sheet's 18 px text came out at 7.5 px). A long
    sheet comes as pages, all in one message."""
    for pages in SAMPLES[kind](RenderContext(locale, ())):
        assert 1 <= len(pages) <= MAX_ATTACHMENTS, "one message holds every page"
        for img in pages:
            assert img.width == tk.CANVAS_WIDTH, "every image is drawn at the width its text sizes were chosen for"
            assert img.height <= max_height(img.width), f"{img.size}: taller than a phone shows at full width"
            assert img.height != img.width
    check(drawn)


# --------------------------------------------------------------------------- names in every script


@pytest.mark.parametrize("raw", RAW_NAMES)
def test_awkward_names_are_drawn_with_their_own_glyphs(raw: str) -> None:
    """An emoji-only name is drawn as its emoji and an Arabic one in Arabic, not as "P1": every letter,
    digit, symbol and emoji of the name is kept (only invisible characters and blank fillers go), each
    run is drawn with a face whose character map has it, and the drawing is not the placeholder's."""
    shown = display_name(raw, 0)
    assert shown != "P1"
    seen = unicodedata.normalize("NFC", raw)
    if shown.endswith("…"):  # a long name is clipped by its width
        assert seen.startswith(shown[:-1])
    else:
        assert all(char in shown for char in seen if unicodedata.category(char)[0] in "LNSP" and char != "\u3164")
    for run in scripts.runs(shown):
        with TTFont(str(face_path(run.face)), lazy=True) as ttf:
            cmap = ttf.getBestCmap()
        assert all(ord(char) in cmap for char in run.text if char not in JOINERS), (run, face_path(run.face).name)
    name, placeholder = tk.new_canvas(60, 400), tk.new_canvas(60, 400)
    tk.draw_text(name, (4, 4), shown, tk.SIZE_BODY)
    tk.draw_text(placeholder, (4, 4), "P1", tk.SIZE_BODY)
    assert ImageChops.difference(name, placeholder).getbbox() is not None

