"""Wall of War images: drawn from real self-play views for 3, 4 and 5 players in both languages, plus
scenario boards proving that lines, colours, the latest action and the Rain window are shown where the
rules put them, and the card list.

Set WALLOFWAR_SAMPLES=/some/dir to also write the self-play images there as PNGs for a look by eye.
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
from PIL import Image
from test_toolkit import _CVD, _lab_as_seen  # the palette's own colour-vision simulation

from engine.core.match import Match
from engine.selfplay import playout
from engine.wallofwar import GAME
from engine.wallofwar.cards import CARDS
from engine.wallofwar.colours import COLOURS
from engine.wallofwar.scenario import build, card_of, play
from renderers import for_game
from renderers import toolkit as tk
from renderers import wallofwar_parts as parts
from renderers.base import RenderContext
from renderers.fonts import missing_glyphs
from renderers.palette import contrast_ratio
from renderers.wallofwar import RENDERER, all_card_ids, card_pages, cards_sheet

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
    seen: list[Any] = []
    original = tk.draw_highlight

    def recording(img: Image.Image, outline: Any, width: int = 6) -> None:
        seen.append(tuple(outline))
        original(img, outline, width)

    monkeypatch.setattr(tk, "draw_highlight", recording)
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
            board = RENDERER.board(match.view(None), ctx)
            assert board.width == tk.CANVAS_WIDTH and abs(board.height - board.width) >= 8
            data = tk.encode_png(board)
            assert len(data) < MIB // 2
            assert Image.open(io.BytesIO(data)).size == board.size
            if SAMPLES:
                Path(SAMPLES).mkdir(parents=True, exist_ok=True)
                Path(SAMPLES, f"board{players}_{point}_{locale}.png").write_bytes(data)
            for seat in range(players):
                view = match.view(seat)
                private = RENDERER.private(view, ctx)
                assert (private is None) == (not view["private"]["hand"]), "an image exactly when cards are hidden"
                if private is None:
                    continue
                assert private.width == tk.CANVAS_WIDTH and abs(private.width - private.height) >= 8
                private_data = tk.encode_png(private)
                assert len(private_data) < MIB // 2
                if SAMPLES and seat == 0:
                    Path(SAMPLES, f"private{players}_{point}_{locale}.png").write_bytes(private_data)
    assert {"colour", "over"} <= phases
    missing = {text: missing_glyphs(text) for text in texts(drawn) if missing_glyphs(text)}
    assert missing == {}
    assert not any("{s" in text for text in texts(drawn)), "seat placeholders are filled in"


def test_text_is_phone_sized(drawn: list[tuple[str, int]]) -> None:
    """Every word at 26 px or more on the 1200 px canvas; only the toolkit's one- or two-digit card
    badges (cost, points) are a pixel smaller, inside their disc or tile."""
    match = list(snapshots(4, 7))[2][1]
    for locale in LOCALES:
        RENDERER.board(match.view(None), ctx_for(locale, 4))
        RENDERER.private(match.view(0), ctx_for(locale, 4))
    small = {text for text, size in drawn if size < tk.SIZE_SMALL and len(text) > 2}
    assert small == set()
    assert min(size for _, size in drawn) >= tk.SIZE_SMALL - 2


def test_the_awaited_seats_read_from_the_view_match_the_engine() -> None:
    """The banner strip works out who is to play from the view alone; it must agree with `pending`."""
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        for step in playout(GAME, players, seed):
            match = step.match
            if match.finished:
                assert parts.awaited(match.view(None)) == []
                continue
            assert sorted(parts.awaited(match.view(None))) == sorted(match.awaited_seats())


def test_board_draw_is_fast() -> None:
    """Tens of milliseconds per board; the bound is loose for a busy 2-core machine."""
    for players, seed in ((3, 5), (5, 9)):
        match = list(snapshots(players, seed))[2][1]
        view, ctx = match.view(None), ctx_for("ja", players)
        RENDERER.board(view, ctx)
        best = min(_timed(lambda: RENDERER.board(view, ctx)) for _ in range(3))
        assert best < 0.15, f"{players}p board took {best * 1000:.0f} ms"


def _timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


# --------------------------------------------------------------------------- purchaser colours


def test_colours_pair_fill_with_shape_and_letter() -> None:
    for locale in LOCALES:
        styles = parts.colour_styles(RenderContext(locale, ()))
        assert len({style.letter for style in styles}) == len({style.shape for style in styles}) == len(COLOURS)
        assert all(contrast_ratio(style.ink, style.colour) >= 4.5 for style in styles)
    assert [s.letter for s in parts.colour_styles(RenderContext("ja", ()))] == ["赤", "青", "黄", "緑", "紫"]
    assert [s.letter for s in parts.colour_styles(RenderContext("en", ()))] == ["R", "B", "Y", "G", "P"]


def test_colour_fills_stay_distinct_under_colour_blindness() -> None:
    styles = parts.colour_styles(RenderContext("en", ()))
    worst = min(
        math.dist(_lab_as_seen(a.colour, m), _lab_as_seen(b.colour, m))
        for m in _CVD.values()
        for a, b in itertools.combinations(styles, 2)
    )
    assert worst >= 25


def _line_markers(markers: list[tuple[tk.Box, tk.Style]], size: int = 50) -> list[tuple[tk.Box, str]]:
    return [(box, style.letter) for box, style in markers if box[2] - box[0] == size]


def test_lines_show_purchaser_cards_front_to_back_in_their_colours(markers: list[tuple[tk.Box, tk.Style]]) -> None:
    state = build(4, circles=ROW, cards={0: ["c01"]})
    img = RENDERER.board(GAME.view(state, None), ctx_for("en", 4))
    line = _line_markers(markers)
    assert [letter for _, letter in line] == ["R", "B", "Y", "G", "B", "R", "G", "Y"]
    rows = [[box for box, _ in line[i : i + 2]] for i in range(0, 8, 2)]
    for first, second in rows:
        assert first[1] == second[1] and first[0] < second[0], "front on the left"
    box, _ = line[0]
    assert img.getpixel((box[0] + 25, box[1] + 10)) == parts.colour_style("red", ctx_for("en", 4)).colour


def test_a_new_purchaser_card_is_outlined(markers: list[tuple[tk.Box, tk.Style]], highlights: list[Any]) -> None:
    state = build(4, phase="queue", circles=[(card, []) for card, _ in ROW])
    state, _ = play(state, (0, "q:3"))
    img = RENDERER.board(GAME.view(state, None), ctx_for("en", 4))
    (box, letter), = _line_markers(markers)
    assert letter == "R" and highlights == [box]
    assert img.getpixel(((box[0] + box[2]) // 2, box[1])) == tk.HIGHLIGHT


def test_colour_choice_board(drawn: list[tuple[str, int]]) -> None:
    state = Match.start(GAME, 4, 3, {"first": "2"}).state
    state, _ = play(state, (1, "colour:green"))
    RENDERER.board(GAME.view(state, None), ctx_for("ja", 4))
    seen = texts(drawn)
    assert "準備: 色を選ぶ" in seen and "購入者カードの色" in seen
    assert ["赤", "青", "黄", "緑", "紫"] == [t for t in seen if t in ("赤", "青", "黄", "緑", "紫")]
    assert seen.count("空き") == 4 and "Alice" in seen
    assert "花子さん: 緑" not in seen and "Alice: 緑" in seen
    assert "購入者カードの色を選ぶ" in seen, "what the awaited seat decides"


# --------------------------------------------------------------------------- what the board says


def test_a_rain_window_names_everyone_asked_and_the_ability(drawn: list[tuple[str, int]], highlights: list[Any]) -> None:
    reprint, rain = card_of("sairoku"), card_of("ame")
    state = build(4, circles=ROW, cards={0: [reprint], 1: [rain], 2: ["c10"], 3: ["c11"]})
    state, _ = play(state, (0, f"ab:{reprint}:2"), (1, "allow"))
    RENDERER.board(GAME.view(state, None), ctx_for("en", 4))
    seen = texts(drawn)
    assert "花子さん" in seen and "Bob" in seen
    assert "Rain on たろう's Reprint?" in seen
    assert "たろう: Reprint" in seen, "while answers come in, the ability is the latest action"
    assert len(highlights) == 1, "the user's row"


def test_the_latest_action_in_words(drawn: list[tuple[str, int]]) -> None:
    state = build(4, phase="purchase", circles=ROW, medals=[5, 5, 5, 5])
    state, _ = play(state, (0, "buy"))
    RENDERER.board(GAME.view(state, None), ctx_for("ja", 4))
    assert any(text.startswith("たろう: サークル1を2で購入") for text in texts(drawn))
    drawn.clear()
    RENDERER.board(GAME.view(state, None), ctx_for("en", 4))
    assert any(text.startswith("たろう buys circle 1 for 2") for text in texts(drawn))
    assert "bought 2" in texts(drawn), "the circle's log"


def test_price_effects_and_seat_flags_are_shown(drawn: list[tuple[str, int]]) -> None:
    slow, bulk = card_of("gyuuho"), card_of("tairyou")
    state = build(4, circles=ROW, cards={0: [slow], 1: [bulk]}, medals=[5, 5, 1, 1])
    state, _ = play(state, (0, f"ab:{slow}:2"), (1, "allow"), (1, f"ab:{bulk}"))
    RENDERER.board(GAME.view(state, None), ctx_for("en", 4))
    seen = texts(drawn)
    assert "Price 4" in seen and "effects =4" in seen
    assert "prices −2" in seen and "used ability" in seen


def test_the_end_shows_the_winner_points_and_hands(drawn: list[tuple[str, int]]) -> None:
    match = list(snapshots(4, 7))[-1][1]
    view = match.view(None)
    RENDERER.board(view, ctx_for("en", 4))
    seen = texts(drawn)
    points = view["final"]["points"]
    assert "Winner" in seen and "Points" in seen
    assert all(str(p) in seen for p in points)
    hand = view["final"]["hands"][0][0]
    assert f"{hand['name']['en']} {hand['vp']} VP" in seen


def test_names_missing_from_the_context_fall_back_to_colour_words(drawn: list[tuple[str, int]]) -> None:
    state = build(4, circles=ROW, cards={0: ["c01"]})
    RENDERER.board(GAME.view(state, None), RenderContext("en", (), ""))
    assert {"Red", "Blue", "Yellow", "Green"} <= set(texts(drawn))


# --------------------------------------------------------------------------- private image


def test_private_image_shows_the_hidden_cards_with_costs_and_the_rain_answer(drawn: list[tuple[str, int]]) -> None:
    reprint, rain = card_of("sairoku"), card_of("ame")
    state = build(4, circles=ROW, cards={0: [reprint], 1: [rain, "c18"], 2: ["c10"], 3: ["c11"]})
    state, _ = play(state, (0, f"ab:{reprint}:2"), (1, "rain"))
    img = RENDERER.private(GAME.view(state, 1), ctx_for("en", 4))
    assert img is not None and img.width == tk.CANVAS_WIDTH and img.height < img.width
    seen = texts(drawn)
    assert "Alice's hand (private)" in seen and "Your answer: cancel with Rain" in seen
    assert CARDS.card(rain).name.en in seen and "2" in seen, "name and cost badge"
    assert any(CARDS.abilities["ame"].text.en in text for text in seen)
    assert "Always on (face up)" in seen and any(text.startswith("c18 · Space · Lightweight") for text in seen)
    assert RENDERER.private(GAME.view(state, None), ctx_for("en", 4)) is None
    assert RENDERER.private(GAME.view(build(4, circles=ROW), 2), ctx_for("en", 4)) is None


# --------------------------------------------------------------------------- card list


def test_the_card_list_is_split_evenly() -> None:
    pages = card_pages(all_card_ids())
    assert [len(page) for page in pages] == [10, 10, 9, 9]
    assert [card for page in pages for card in page] == sorted(CARDS.cards)
    assert card_pages(["c01"]) == [["c01"]]


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
    for index, page in enumerate(card_pages(all_card_ids())):
        img = cards_sheet(page, ctx)
        assert img.width == tk.CANVAS_WIDTH and img.height > img.width
        data = tk.encode_png(img)
        assert len(data) < MIB // 2
        if SAMPLES:
            Path(SAMPLES, f"cards_{locale}_{index + 1}.png").write_bytes(data)
    seen = texts(drawn)
    for card in CARDS.cards.values():
        assert card.name.get(locale) in seen
        assert any(card.id in text and CARDS.abilities[card.ability].text.get(locale) in text for text in seen)
    assert cut == [], "ability texts are never shortened"
    assert not any(missing_glyphs(text) for text in seen)
