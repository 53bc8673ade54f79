"""Wall of War images: drawn from real self-play views for 3, 4 and 5 players in both languages, plus
scenario boards proving that lines, colours, the latest action and the Rain window are shown where the
rules put them, and the card list.

Set WALLOFWAR_SAMPLES=/some/dir to also write the self-play images there as WebP files for a look by eye.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from framing import frame_of
from PIL import Image
from test_toolkit import _CVD, _lab_as_seen  # the palette's own colour-vision simulation

from engine.core.match import Match
from engine.selfplay import playout
from engine.wallofwar import GAME
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import COLOURS
from engine.wallofwar.scenario import build, card_of, play
from engine.wallofwar.views import card_view
from renderers import for_game
from renderers import strips
from renderers import toolkit as tk
from renderers import wallofwar_parts as parts
from renderers.base import RenderContext
from renderers.fonts import missing_glyphs
from renderers.palette import contrast_ratio
from renderers.pages import max_height
from renderers.wallofwar import CARD_WIDTH, RENDERER
from renderers.wallofwar_cards import all_card_ids, card_pages, cards_sheet

MIB = 1024 * 1024
NAMES = ("たろう", "Alice", "花子さん", "Bob", "エリ")
LOCALES = ("ja", "en")
SAMPLES = os.environ.get("WALLOFWAR_SAMPLES")
ROW = [("c02", [0, 1]), ("c03", [2, 3]), ("c05", [1, 0]), ("c07", [3, 2])]


def ctx_for(locale: str, players: int) -> RenderContext:
    return RenderContext(locale, NAMES[:players], "")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every (string, size) drawn while the fixture is active (the toolkit drops missing glyphs silently)."""
    seen: list[tuple[str, int]] = []
    original = tk.draw_text

    def recording(img: Image.Image, xy: Any, text: str, size: int, **kwargs: Any) -> tk.Box:
        seen.append((text, size))
        return original(img, xy, text, size, **kwargs)

    monkeypatch.setattr(tk, "draw_text", recording)
    return seen


@pytest.fixture
def markers(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tk.Box, tk.Style]]:
    """Every marker drawn, with its box and style, in drawing order."""
    seen: list[tuple[tk.Box, tk.Style]] = []
    original = tk.draw_marker

    def recording(img: Image.Image, centre: Any, size: int, style: tk.Style) -> tk.Box:
        box = original(img, centre, size, style)
        seen.append((box, style))
        return box

    monkeypatch.setattr(tk, "draw_marker", recording)
    return seen


@pytest.fixture
def highlights(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The outlines of what the last step touched (the frames of the seats to act are not among them)."""
    seen: list[Any] = []
    original = tk.draw_highlight

    def recording(img: Image.Image, outline: Any, width: int = 6) -> None:
        seen.append(tuple(outline))
        original(img, outline, width)

    monkeypatch.setattr(tk, "draw_highlight", recording)
    monkeypatch.setattr(tk, "draw_seat_frame", lambda img, box, seat, frame: False)
    return seen


def texts(drawn: list[tuple[str, int]]) -> list[str]:
    return [text for text, _ in drawn]


def snapshots(players: int, seed: int) -> Iterator[tuple[str, Match]]:
    """The colour choice, early, middle and the end of one random game."""
    matches = [step.match for step in playout(GAME, players, seed)]
    wanted = {"colour": 0, "early": players + 6, "middle": len(matches) // 2, "end": len(matches) - 1}
    for name, index in wanted.items():
        yield name, matches[index]


# --------------------------------------------------------------------------- self-play images


def test_registry_finds_the_renderer() -> None:
    assert for_game("wallofwar") is RENDERER


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 7), (5, 9)])
def test_boards_and_private_images_render_through_a_game(players: int, seed: int, drawn: list[tuple[str, int]]) -> None:
    phases = set()
    for point, match in snapshots(players, seed):
        phases.add(match.state["phase"])
        for locale in LOCALES:
            ctx = ctx_for(locale, players)
            board = RENDERER.board(match.frame(None), ctx)
            assert board.width == tk.CANVAS_WIDTH and abs(board.height - board.width) >= 100
            data = tk.encode_image(board)
            assert len(data) < MIB // 2
            assert Image.open(io.BytesIO(data)).size == board.size
            if SAMPLES:
                Path(SAMPLES).mkdir(parents=True, exist_ok=True)
                Path(SAMPLES, f"board{players}_{point}_{locale}.webp").write_bytes(data)
            for seat in range(players):
                frame = match.frame(seat)
                private = RENDERER.private(frame, ctx)
                assert (private is None) == (not frame.view["private"]["hand"]), "an image exactly when cards are hidden"
                if private is None:
                    continue
                assert private.width == tk.CANVAS_WIDTH and abs(private.width - private.height) >= 100
                private_data = tk.encode_image(private)
                assert len(private_data) < MIB // 2
                if SAMPLES and seat == 0:
                    Path(SAMPLES, f"private{players}_{point}_{locale}.webp").write_bytes(private_data)
    assert {"colour", "over"} <= phases
    missing = {text: missing_glyphs(text) for text in texts(drawn) if missing_glyphs(text)}
    assert missing == {}
    assert not any("{s" in text for text in texts(drawn)), "seat placeholders are filled in"


def test_board_draw_is_fast() -> None:
    """Tens of milliseconds per board; the bound is loose for a busy 2-core machine."""
    for players, seed in ((3, 5), (5, 9)):
        match = list(snapshots(players, seed))[2][1]
        frame, ctx = match.frame(None), ctx_for("ja", players)
        RENDERER.board(frame, ctx)
        best = min(_timed(lambda: RENDERER.board(frame, ctx)) for _ in range(3))
        assert best < 0.15, f"{players}p board took {best * 1000:.0f} ms"


def _timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


# --------------------------------------------------------------------------- purchaser colours


def test_colours_pair_fill_with_shape_and_letter() -> None:
    styles = parts.colour_styles()
    assert len({style.letter for style in styles}) == len({style.shape for style in styles}) == len(COLOURS)
    assert all(contrast_ratio(style.ink, style.colour) >= 4.5 for style in styles)
    assert [s.letter for s in styles] == ["R", "B", "Y", "G", "P"]


def test_every_colour_shows_its_letter_in_a_seat_marker() -> None:
    """The initials fit every shape at the usual marker size (a kanji would not fit the triangle)."""
    floor = tk.min_text_size(tk.CANVAS_WIDTH)
    assert all(tk.marker_letter_size(style, tk.MARKER) >= floor for style in parts.colour_styles())


def test_colour_fills_stay_distinct_under_colour_blindness() -> None:
    styles = parts.colour_styles()
    worst = min(
        math.dist(_lab_as_seen(a.colour, m), _lab_as_seen(b.colour, m))
        for m in _CVD.values()
        for a, b in itertools.combinations(styles, 2)
    )
    assert worst >= 25


def _line_markers(markers: list[tuple[tk.Box, tk.Style]]) -> list[tuple[tk.Box, str]]:
    """The purchaser cards in the circles' lines: seat-sized markers right of the circle cards."""
    return [(box, style.letter) for box, style in markers if box[2] - box[0] == tk.MARKER and box[0] > CARD_WIDTH]


def test_lines_show_purchaser_cards_front_to_back_in_their_colours(markers: list[tuple[tk.Box, tk.Style]]) -> None:
    state = build(4, circles=ROW, cards={0: ["c01"]})
    img = RENDERER.board(frame_of(GAME, state), ctx_for("en", 4))
    line = _line_markers(markers)
    assert [letter for _, letter in line] == ["R", "B", "Y", "G", "B", "R", "G", "Y"]
    rows = [[box for box, _ in line[i : i + 2]] for i in range(0, 8, 2)]
    for first, second in rows:
        assert first[1] == second[1] and first[0] < second[0], "front on the left"
    box, _ = line[0]
    assert img.getpixel((box[0] + 20, box[1] + 8)) == parts.colour_style("red").colour


def test_a_new_purchaser_card_is_outlined(markers: list[tuple[tk.Box, tk.Style]], highlights: list[Any]) -> None:
    state = build(4, phase="queue", circles=[(card, []) for card, _ in ROW])
    state, events = play(state, (0, "q:3"))
    img = RENDERER.board(frame_of(GAME, state, None, events), ctx_for("en", 4))
    (box, letter), = _line_markers(markers)
    assert letter == "R" and highlights == [box]
    assert img.getpixel(((box[0] + box[2]) // 2, box[1])) == tk.HIGHLIGHT


def test_colour_choice_board(drawn: list[tuple[str, int]]) -> None:
    state = Match.start(GAME, 4, 3, {"first": "2"}).state
    state, events = play(state, (1, "colour:green"))
    frame = frame_of(GAME, state, None, events)
    RENDERER.board(frame, ctx_for("ja", 4))
    seen = texts(drawn)
    assert "準備: 色を選ぶ" in seen and "購入者カードの色" in seen
    assert ["赤", "青", "黄", "緑", "紫"] == [t for t in seen if t in ("赤", "青", "黄", "緑", "紫")]
    assert seen.count("空き") == 4 and "Alice" in seen
    said = strips.recent_text(ctx_for("ja", 4), frame.recent)
    assert said in seen and said.startswith("Alice"), "who took which colour, in the engine's words"
    assert "購入者カードの色を選んでください。" in seen, "what the awaited seat is asked"


# --------------------------------------------------------------------------- what the board says


def test_a_rain_window_names_everyone_asked_and_the_ability(drawn: list[tuple[str, int]], highlights: list[Any]) -> None:
    reprint, rain = card_of("sairoku"), card_of("ame")
    state = build(4, circles=ROW, cards={0: [reprint], 1: [rain], 2: ["c10"], 3: ["c11"]})
    state, _ = play(state, (0, f"ab:{reprint}:2"))
    state, answered = play(state, (1, "allow"))
    RENDERER.board(frame_of(GAME, state, None, answered), ctx_for("en", 4))
    seen = texts(drawn)
    assert "花子さん" in seen and "Bob" in seen
    assert "たろう uses Reprint. Cancel it with Rain?" in seen, "the open decision's prompt"
    assert "No public action" in seen, "a secret answer shows nothing new"
    assert highlights == [], "nothing new to outline"


def test_the_latest_action_in_words(drawn: list[tuple[str, int]]) -> None:
    state = build(4, phase="purchase", circles=ROW, medals=[5, 5, 5, 5])
    state, events = play(state, (0, "buy"))
    frame = frame_of(GAME, state, None, events)
    for locale in LOCALES:
        RENDERER.board(frame, ctx_for(locale, 4))
        assert strips.recent_text(ctx_for(locale, 4), frame.recent) in texts(drawn)
    assert any(text.startswith("たろう buys circle 1") for text in texts(drawn)), "the engine's own sentence"
    assert "bought 2" in texts(drawn), "the circle's log"


def test_price_effects_and_seat_flags_are_shown(drawn: list[tuple[str, int]]) -> None:
    slow, bulk = card_of("gyuuho"), card_of("tairyou")
    state = build(4, circles=ROW, cards={0: [slow], 1: [bulk]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{slow}:2"), (1, "allow"), (1, f"ab:{bulk}"))
    RENDERER.board(frame_of(GAME, state), ctx_for("en", 4))
    seen = texts(drawn)
    assert "Price 4" in seen and "effects =4" in seen
    assert "prices −2" in seen and "used ability" in seen


def test_the_end_shows_the_winner_points_and_hands(drawn: list[tuple[str, int]]) -> None:
    match = list(snapshots(4, 7))[-1][1]
    view = match.view(None)
    RENDERER.board(match.frame(None), ctx_for("en", 4))
    seen = texts(drawn)
    points = view["final"]["points"]
    assert "Result" in seen and "Points" in seen
    assert tk.localize(ctx_for("en", 4), match.outcome.summary) in seen, "the engine's summary of the result"
    assert all(str(p) in seen for p in points)
    hand = view["final"]["hands"][0][0]
    assert f"{hand['name']['en']} {hand['vp']} VP" in seen


def test_names_missing_from_the_context_fall_back_to_colour_words(drawn: list[tuple[str, int]]) -> None:
    state = build(4, circles=ROW, cards={0: ["c01"]})
    RENDERER.board(frame_of(GAME, state), RenderContext("en", (), ""))
    assert {"Red", "Blue", "Yellow", "Green"} <= set(texts(drawn))


# --------------------------------------------------------------------------- private image


def test_private_image_shows_the_hidden_cards_with_costs_and_the_rain_answer(drawn: list[tuple[str, int]]) -> None:
    reprint, rain = card_of("sairoku"), card_of("ame")
    state = build(4, circles=ROW, cards={0: [reprint], 1: [rain, "c18"], 2: ["c10"], 3: ["c11"]})
    state, _ = play(state, (0, f"ab:{reprint}:2"), (1, "rain"))
    img = RENDERER.private(frame_of(GAME, state, 1), ctx_for("en", 4))
    assert img is not None and img.width == tk.CANVAS_WIDTH and img.height < img.width
    seen = texts(drawn)
    assert "Alice's hand (private)" in seen and "Your answer: cancel with Rain" in seen
    assert CARDS.card(rain).name.en in seen and "2" in seen, "name and cost badge"
    assert any(CARDS.abilities["ame"].text.en in text for text in seen)
    assert "Always on (face up)" in seen and any(text.startswith("c18 · Space · Lightweight") for text in seen)
    assert RENDERER.private(frame_of(GAME, state), ctx_for("en", 4)) is None
    assert RENDERER.private(frame_of(GAME, build(4, circles=ROW), 2), ctx_for("en", 4)) is None


# --------------------------------------------------------------------------- card list


@pytest.mark.parametrize("locale", LOCALES)
def test_the_card_list_is_cut_into_even_pages_that_fit_a_phone(locale: str) -> None:
    ctx = RenderContext(locale, ())
    pages = card_pages(all_card_ids(), ctx)
    assert [card for page in pages for card in page] == sorted(CARDS.cards)
    assert all(len(page) % 2 == 0 for page in pages[:-1]), "pages break between rows of two"
    heights = [cards_sheet(page, ctx).height for page in pages]
    assert max(heights) <= max_height(tk.CANVAS_WIDTH) and max(heights) - min(heights) < 400
    assert card_pages(["c01"], ctx) == [["c01"]]


@pytest.mark.parametrize("locale", LOCALES)
def test_card_pages_show_every_card_in_full(locale: str, drawn: list[tuple[str, int]], monkeypatch: pytest.MonkeyPatch) -> None:
    cut: list[str] = []
    original = tk.wrap_text

    def recording(text: str, size: int, max_width: int, **kwargs: Any) -> tuple[str, ...]:
        lines = original(text, size, max_width, **kwargs)
        if len(text) > 40:
            cut.extend(line for line in lines if line.endswith("…"))
        return lines

    monkeypatch.setattr(tk, "wrap_text", recording)
    ctx = RenderContext(locale, ())
    for index, page in enumerate(card_pages(all_card_ids(), ctx)):
        img = cards_sheet(page, ctx)
        assert img.width == tk.CANVAS_WIDTH and img.height > img.width
        data = tk.encode_image(img)
        assert len(data) < MIB // 2
        if SAMPLES:
            Path(SAMPLES, f"cards_{locale}_{index + 1}.webp").write_bytes(data)
    seen = texts(drawn)
    for card in CARDS.cards.values():
        assert card.name.get(locale) in seen
        assert any(card.id in text and CARDS.abilities[card.ability].text.get(locale) in text for text in seen)
    assert cut == [], "ability texts are never shortened"
    assert not any(missing_glyphs(text) for text in seen)


@pytest.mark.parametrize("locale", LOCALES)
def test_card_titles_are_never_cut(locale: str, drawn: list[tuple[str, int]]) -> None:
    """A circle's card is narrow: a long title takes a smaller size, then a second line, never "…"."""
    ctx = RenderContext(locale, ())
    for card_id in all_card_ids():
        name = parts.card_name(card_view(card_id), ctx)
        drawn.clear()
        tk.draw_card(tk.new_canvas(200), (0, 0, CARD_WIDTH, 190), name, cost=1, points=2)
        title = next(text for text, _ in drawn if text not in ("1", "2"))
        assert "…" not in title and title.replace("\n", "").replace(" ", "") == name.replace(" ", ""), name
