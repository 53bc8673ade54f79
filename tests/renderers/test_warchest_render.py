"""War Chest images: drawn from real self-play views in both languages, plus scenario boards whose
pixels prove that the last action, control markers and owners are shown where the rules put them.

Set WARCHEST_SAMPLES=/some/dir to also write the self-play boards there as WebP files for a look by eye.
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

from engine import registry
from engine.core.types import Text
from engine.selfplay import playout
from engine.warchest import GAME
from engine.warchest.board import BOARDS
from engine.warchest.scenario import build, last_action, play
from engine.warchest.units import ROYAL, ROYAL_GUARD_2018, UNIT_IDS, UNITS
from renderers import for_game
from renderers import toolkit as tk
from renderers import warchest_parts as parts
from renderers.base import RenderContext
from renderers.fonts import bold_stroke, missing_glyphs
from renderers.pages import max_height
from renderers.warchest import RENDERER, map_geometry
from renderers.warchest_units import units_pages

MIB = 1024 * 1024
NAMES = ("たろう", "Alice", "花子さん", "Bob")
LOCALES = ("ja", "en")
PLAYOUTS = [(2, "random", 24), (2, "draft", 12), (4, "draft", 13), (4, "random", 5), (2, "crecy", 15)]
"""Seeds chosen so that the random games end in a control win and the others in the round-limit draw."""
WAR_CHEST = registry.get("warchest")
SAMPLES = os.environ.get("WARCHEST_SAMPLES")


def ctx_for(locale: str, players: int) -> RenderContext:
    return RenderContext(locale, NAMES[:players], "")


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@pytest.fixture
def drawn_strings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn while the fixture is active (the toolkit drops missing glyphs silently)."""
    seen: list[str] = []
    original = tk.draw_text

    def recording(img: Image.Image, xy: Any, text: str, size: int, **kwargs: Any) -> tk.Box:
        seen.append(text)
        return original(img, xy, text, size, **kwargs)

    monkeypatch.setattr(tk, "draw_text", recording)
    return seen


def snapshots(players: int, mode: str, seed: int) -> Iterator[tuple[str, Any]]:
    """Matches at the start, during the draft (if any), early, middle and at the end of one game."""
    matches = [step.match for step in playout(WAR_CHEST, players, seed, {"mode": mode})]
    picks = [i for i, m in enumerate(matches) if m.state["phase"] == "draft"]
    wanted = {"start": 0, "early": len(picks) + 10, "middle": len(matches) // 2, "end": len(matches) - 1}
    if picks:
        wanted["draft"] = picks[len(picks) // 2]
    for name, index in wanted.items():
        yield name, matches[min(index, len(matches) - 1)]


# --------------------------------------------------------------------------- self-play boards


def test_registry_finds_the_renderer() -> None:
    assert WAR_CHEST is GAME
    assert for_game("warchest") is RENDERER


@pytest.mark.parametrize(("players", "mode", "seed"), PLAYOUTS)
def test_boards_and_private_images_render_through_a_game(
    players: int, mode: str, seed: int, drawn_strings: list[str]
) -> None:
    phases = set()
    for point, match in snapshots(players, mode, seed):
        phases.add(match.state["phase"])
        if point == "end":
            ended = match
        for locale in LOCALES:
            ctx = ctx_for(locale, players)
            board = RENDERER.board(match.frame(None), ctx)
            assert board.width == tk.CANVAS_WIDTH and abs(board.height - board.width) >= 100
            data = tk.encode_image(board)
            assert len(data) < MIB // 4
            assert decode(data).size == board.size
            if SAMPLES:
                Path(SAMPLES).mkdir(parents=True, exist_ok=True)
                Path(SAMPLES, f"board{players}_{mode}_{point}_{locale}.webp").write_bytes(data)
            for seat in range(players):
                private = RENDERER.private(match.frame(seat), ctx)
                if match.state["phase"] == "draft":
                    assert private is None, "nobody holds a coin while drafting"
                    continue
                assert private is not None
                assert abs(private.width - private.height) >= 100
                assert len(tk.encode_image(private)) < MIB // 4
    assert {"play", "over"} <= phases
    assert ("draft" in phases) == (mode == "draft")
    assert (ended.state["result"]["winner"] is not None) == (mode == "random")
    missing = {text: missing_glyphs(text) for text in drawn_strings if missing_glyphs(text)}
    assert missing == {}


def test_layout_is_fixed_per_player_count() -> None:
    """Players find things in the same place every move: the canvas size depends on the player count only."""
    sizes: dict[int, set[tuple[int, int]]] = {2: set(), 4: set()}
    for players, mode, seed in PLAYOUTS:
        for _, match in snapshots(players, mode, seed):
            sizes[players].add(RENDERER.board(match.frame(None), ctx_for("en", players)).size)
    assert len(sizes[2]) == 1 and len(sizes[4]) == 1
    (w2, h2), (w4, h4) = sizes[2].pop(), sizes[4].pop()
    assert w2 == w4 == tk.CANVAS_WIDTH and h2 < h4 < 2 * w4, "4 players: taller, yet still phone-sized"


def test_board_draw_is_fast() -> None:
    """Tens of milliseconds per board (static map cached); the bound is loose for a busy 2-core machine."""
    for players, mode, seed in ((2, "random", 21), (4, "random", 22)):
        match = list(snapshots(players, mode, seed))[2][1]
        frame, ctx = match.frame(None), ctx_for("ja", players)
        RENDERER.board(frame, ctx)
        best = min(_timed(lambda: RENDERER.board(frame, ctx)) for _ in range(5))
        assert best < 0.15, f"{players}p board took {best * 1000:.0f} ms"


def _timed(action: Any) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


# --------------------------------------------------------------------------- fixed strings and codes


def test_unit_codes_cover_every_coin_and_are_distinct_per_language() -> None:
    assert set(parts.CODES) == set(UNIT_IDS) | {ROYAL}
    for locale in LOCALES:
        codes = [code.get(locale) for code in parts.CODES.values()]
        assert len(set(codes)) == len(codes), locale
        assert all(1 <= len(code) <= 2 for code in codes)


def test_japanese_codes_are_the_start_of_the_unit_name() -> None:
    """So a Japanese player reads 騎士 vs 騎兵 straight from the coin, legend or not."""
    for unit in UNIT_IDS:
        assert UNITS[unit].name.ja.startswith(parts.CODES[unit].ja[0]), unit


def test_every_fixed_text_has_glyphs() -> None:
    texts: list[Text] = list(parts.CODES.values()) + list(parts.FOLLOWUPS.values())
    texts += [UNITS[unit].name for unit in UNIT_IDS] + [UNITS[unit].ability for unit in UNIT_IDS]
    texts.append(parts.unit_ability("royal"))
    for text in texts:
        for locale in LOCALES:
            assert missing_glyphs(text.get(locale)) == "", text.get(locale)


# --------------------------------------------------------------------------- scenarios: what the map shows

ARMIES_2P = [["warrior_priest", "archer", "knight", "scout"], ["cavalry", "lancer", "footman", "ensign"]]
ARMIES_4P = [["archer", "knight", "scout"], ["cavalry", "lancer", "footman"],
             ["warrior_priest", "pikeman", "ensign"], ["marshall", "mercenary", "swordsman"]]


def _board(state: dict[str, Any], events: Any = (), locale: str = "en") -> Image.Image:
    """The public board of a hand-built state whose last step produced `events`."""
    return RENDERER.board(frame_of(GAME, state, None, events), ctx_for(locale, state["players"]))


def _edge_midpoint(view: dict[str, Any], hex_: str) -> tuple[int, int]:
    """A point on the highlight band: the middle of the hex's top edge, 5 px inside."""
    geo = map_geometry(view)
    top_left, top_right = geo.polygon(hex_, 5)[4], geo.polygon(hex_, 5)[5]
    return round((top_left[0] + top_right[0]) / 2), round((top_left[1] + top_right[1]) / 2)


def _along(view: dict[str, Any], a: str, b: str, distance: float) -> tuple[int, int]:
    """A point `distance` px from the coin spot of hex `a` towards that of hex `b` (on a path arrow)."""
    geo = map_geometry(view)
    (ax, ay), (bx, by) = geo.coin_at(a), geo.coin_at(b)
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    return round(ax + (bx - ax) * distance / length), round(ay + (by - ay) * distance / length)


def test_a_move_is_highlighted_on_its_destination_with_an_arrow_along_the_path() -> None:
    state = build(ARMIES_2P, board={"F4": "archer"}, hands={0: ["archer"], 1: ["royal"]})
    before = GAME.view(state, None)
    moved, events = play(state, "archer:move:F4-F3")
    after = GAME.view(moved, None)
    assert last_action(events)["path"] == ["F4", "F3"]
    plain, marked = _board(state), _board(moved, events)
    assert marked.getpixel(_edge_midpoint(after, "F3")) == tk.HIGHLIGHT
    assert plain.getpixel(_edge_midpoint(before, "F3")) != tk.HIGHLIGHT
    assert marked.getpixel(_along(after, "F4", "F3", 20)) == tk.HIGHLIGHT, "the arrow starts in the empty hex"
    assert plain.getpixel(_along(before, "F4", "F3", 20)) != tk.HIGHLIGHT


def test_an_attack_marks_the_attacked_hex_and_points_at_it() -> None:
    state = build(ARMIES_2P, board={"F4": ("knight", 2), "F5": ("cavalry", 2)}, hands={0: ["knight"], 1: ["royal"]})
    attacked, events = play(state, "knight:attack:F4-F5")
    view = GAME.view(attacked, None)
    img = _board(attacked, events)
    assert img.getpixel(_edge_midpoint(view, "F5")) == tk.HIGHLIGHT
    assert img.getpixel(_edge_midpoint(view, "F4")) != tk.HIGHLIGHT, "the attacker stays put: only the target"
    coin_radius = map_geometry(view).coin_diameter / 2
    assert img.getpixel(_along(view, "F4", "F5", coin_radius - 10)) != tk.HIGHLIGHT, "the attacker's coin stays visible"
    assert img.getpixel(_along(view, "F4", "F5", coin_radius + 6)) == tk.HIGHLIGHT


def test_face_down_actions_highlight_nothing_on_the_map() -> None:
    state = build(ARMIES_2P, board={"F4": "archer"}, hands={0: ["archer"], 1: ["royal"]})
    passed, events = play(state, "archer:pass")
    geo = map_geometry(GAME.view(passed, None))
    assert last_action(events)["kind"] == "pass"
    assert _board(passed, events).crop(geo.box).tobytes() == _board(passed).crop(geo.box).tobytes()


def _coin_fill_point(view: dict[str, Any], hex_: str) -> tuple[int, int]:
    """Inside the coin, below its code."""
    geo = map_geometry(view)
    x, y = geo.coin_at(hex_)
    return round(x), round(y + 0.38 * geo.coin_diameter)


def _marker_fill_point(view: dict[str, Any], hex_: str) -> tuple[int, int]:
    """Inside an empty location's control marker, below its letter."""
    geo = map_geometry(view)
    x, y = geo.coin_at(hex_)
    return round(x), round(y + 0.3 * geo.rim_diameter)


def test_two_player_stacks_and_control_markers_use_the_seat_styles() -> None:
    state = build(ARMIES_2P, board={"F4": "archer", "F5": "cavalry"}, control={"E1": 0, "G6": 1})
    view = GAME.view(state, None)
    img = _board(state)
    assert img.getpixel(_coin_fill_point(view, "F4")) == tk.seat_style(0).colour
    assert img.getpixel(_coin_fill_point(view, "F5")) == tk.seat_style(1).colour
    assert img.getpixel(_marker_fill_point(view, "E1")) == tk.seat_style(0).colour
    assert img.getpixel(_marker_fill_point(view, "G6")) == tk.seat_style(1).colour
    assert img.getpixel(_marker_fill_point(view, "H1")) == tk.PANEL, "H1 is uncontrolled in this scenario"


def test_four_player_stacks_show_the_team_and_the_seat() -> None:
    """The coin takes the team's colour; its tag is the owning seat's own colour and letter, the same
    identity as the seat's marker in the panels, the banner and the private image."""
    state = build(ARMIES_4P, board={"F4": "archer", "F5": "cavalry", "G4": "pikeman", "E4": "marshall"})
    view = GAME.view(state, None)
    img = _board(state)
    geo = map_geometry(view)
    for hex_, seat in (("F4", 0), ("F5", 1), ("G4", 2), ("E4", 3)):
        assert img.getpixel(_coin_fill_point(view, hex_)) == tk.team_style(seat % 2).colour
        box = geo.owner_box(hex_)
        assert img.getpixel((box[0] + 4, box[1] + 4)) == tk.seat_style(seat).colour
    assert img.getpixel(_marker_fill_point(view, "B1")) == tk.team_style(0).colour
    assert img.getpixel(_marker_fill_point(view, "J3")) == tk.team_style(1).colour


def test_a_stacks_owner_is_a_letter_read_at_a_glance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teammates' units differ by the owner's seat letter on its colour; the letter and the stack height
    are drawn above the smallest readable size (9 px on a 400 px wide phone), the hex labels at it."""
    sizes: dict[str, int] = {}
    original = tk.draw_text

    def recording(img: Image.Image, xy: Any, text: str, size: int, **kwargs: Any) -> tk.Box:
        sizes[text] = size
        return original(img, xy, text, size, **kwargs)

    monkeypatch.setattr(tk, "draw_text", recording)
    state = build(ARMIES_4P, board={"F4": ("archer", 3), "G4": "pikeman"})
    view = GAME.view(state, None)
    geo = map_geometry(view)
    img = tk.new_canvas(geo.box[3] + 20)
    parts.draw_static_map(img, view["hexes"], geo)
    for stack in view["stacks"]:
        parts.draw_stack(img, geo, stack, RenderContext("en", ()))
    floor = tk.min_text_size(tk.CANVAS_WIDTH)
    assert {stack["seat"] for stack in view["stacks"]} == {0, 2}, "the two units belong to teammates"
    for text in ("A", "C", "3"):
        assert sizes[text] > floor, text
    assert sizes["F4"] >= floor and sizes["K2"] >= floor
    tags = [geo.owner_box(hex_) for hex_ in ("F4", "G4")]
    assert [img.getpixel((box[0] + 4, box[1] + 4)) for box in tags] == [tk.seat_style(0).colour, tk.seat_style(2).colour]


@pytest.mark.parametrize("players", [2, 4])
def test_the_static_map_labels_every_hex(players: int, drawn_strings: list[str]) -> None:
    """The labels players type in actions ("C4"); drawn once per board size into the cached layer."""
    view = GAME.view(GAME.new_state(players, 1, GAME.validate_options(players, {})), None)
    geo = map_geometry(view)
    parts.draw_static_map(tk.new_canvas(geo.box[3] + 20), view["hexes"], geo)
    labels = [hex_["label"] for hex_ in view["hexes"]]
    assert drawn_strings == labels and set(labels) == set(BOARDS[players].labels)
    assert geo.box[0] >= 0 and geo.box[2] <= tk.CANVAS_WIDTH


def test_the_last_step_is_told_in_the_engines_words(drawn_strings: list[str]) -> None:
    state = build(ARMIES_2P, board={"F4": "archer"}, hands={0: ["archer"], 1: ["royal"]})
    moved, events = play(state, "archer:move:F4-F3")
    _board(moved, events, "ja")
    assert "たろう: 射手がF4→F3へ移動。" in drawn_strings
    _board(moved, events, "en")
    assert "たろう: Archer moved F4→F3." in drawn_strings


def test_private_image_shows_the_warrior_priest_coin(drawn_strings: list[str]) -> None:
    state = build(ARMIES_2P, board={"F4": "warrior_priest", "F5": "cavalry"},
                  hands={0: ["warrior_priest"], 1: ["royal"]}, bags={0: ["archer"]}, discards_down={0: ["scout"]})
    attacked, _ = play(state, "warrior_priest:attack:F4-F5")
    frame = frame_of(GAME, attacked, 0)
    assert frame.view["private"]["drawn"] == ["archer"] and frame.view["followup"]["kind"] == "priest"
    img = RENDERER.private(frame, ctx_for("en", 2))
    assert img is not None and img.width == tk.CANVAS_WIDTH
    assert "Drawn for the Warrior Priest:\nuse it now" in drawn_strings
    assert "×1  Scout" in drawn_strings, "the face-down discard"
    assert "Archer" in drawn_strings
    board = RENDERER.board(frame_of(GAME, attacked), ctx_for("en", 2))
    assert board.width == tk.CANVAS_WIDTH
    assert "Round 1 · Warrior Priest's coin" in drawn_strings, "banner status"
    assert "Bag 0 · Hand 0+1 · Face-down 1" in drawn_strings, "the drawn coin counts with the hand"


def test_names_missing_from_the_context_fall_back_to_seat_colours(drawn_strings: list[str]) -> None:
    state = build(ARMIES_4P, board={"F4": "archer"}, hands={0: ["archer"], 1: ["royal"]})
    moved, events = play(state, "archer:move:F4-F3")
    RENDERER.board(frame_of(GAME, moved, None, events), RenderContext("en", (), ""))
    assert "Blue A: Archer moved F4→F3." in drawn_strings
    assert not any("{s" in text for text in drawn_strings)


# --------------------------------------------------------------------------- unit sheet


@pytest.mark.parametrize("locale", LOCALES)
def test_units_sheet_shows_every_unit_card(locale: str, drawn_strings: list[str]) -> None:
    ids = list(UNIT_IDS) + [ROYAL]
    ctx = ctx_for(locale, 2)
    for img in units_pages(ids, ctx):
        assert img.width == tk.CANVAS_WIDTH and img.width < img.height <= max_height(img.width)
        assert len(tk.encode_image(img)) < MIB // 2
    for unit in ids:
        assert parts.unit_name(unit, ctx) in drawn_strings
        assert parts.unit_code(unit, ctx) in drawn_strings
    assert not any(missing_glyphs(text) for text in drawn_strings)


@pytest.mark.parametrize("locale", LOCALES)
def test_units_sheet_cards_are_not_cut_off(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card is as tall as its text, so no wrapped line is shortened with "…"."""
    cut: list[str] = []
    original = tk.wrap_text

    def recording(text: str, size: int, max_width: int, **kwargs: Any) -> tuple[str, ...]:
        lines = original(text, size, max_width, **kwargs)
        cut.extend(line for line in lines if line.endswith("…"))
        return lines

    monkeypatch.setattr(tk, "wrap_text", recording)
    units_pages(list(UNIT_IDS) + [ROYAL], ctx_for(locale, 2))
    assert cut == []


def test_units_sheet_gives_the_2018_royal_guard_tactic_when_that_option_is_played(drawn_strings: list[str]) -> None:
    ctx = ctx_for("en", 2)
    units_pages(["royal_guard"], ctx)
    assert not any("2018" in text for text in drawn_strings)
    units_pages(["royal_guard"], ctx, royal_guard="2018")
    assert any(text.endswith(ROYAL_GUARD_2018.en) for text in drawn_strings)


# --------------------------------------------------------------------------- inside a hex


@pytest.mark.parametrize("players", [2, 4])
def test_nothing_inside_a_hex_overlaps_and_nothing_leaves_it(players: int) -> None:
    """Label, coin, owner tag and height badge stay apart and inside their hex, at the drawn sizes."""
    view = GAME.view(GAME.new_state(players, 1, GAME.validate_options(players, {})), None)
    geo = map_geometry(view)
    hex_ = "F4"
    circles = {
        "coin": (geo.coin_at(hex_), geo.coin_diameter / 2),
        "height": (geo.height_at(hex_), geo.height_diameter / 2),
    }
    left, top, right, bottom = tk.font(tk.SIZE_SMALL).getbbox("K2", anchor="mm")
    lx, ly = geo.label_at(hex_)
    boxes = {"label": (lx + left, ly + top, lx + right, ly + bottom), "owner": geo.owner_box(hex_)}
    (ca, ra), (cb, rb) = circles.values()
    assert math.dist(ca, cb) >= ra + rb
    assert any(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
               for a, b in [tuple(boxes.values())]), "the owner tag covers the label"
    for name, ((cx, cy), r) in circles.items():
        for box_name, box in boxes.items():
            nearest = (min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3]))
            assert math.dist(nearest, (cx, cy)) >= r, f"{name} covers the {box_name}"
    hexagon = geo.polygon(hex_)
    for name, ((cx, cy), r) in circles.items():
        ring = [(cx + r * math.cos(a / 16 * math.pi), cy + r * math.sin(a / 16 * math.pi)) for a in range(32)]
        assert all(_in_convex(hexagon, point) for point in ring), f"{name} leaves the hex"
    for box in boxes.values():
        assert all(_in_convex(hexagon, corner) for corner in itertools.product(box[::2], box[1::2]))


def _in_convex(polygon: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    signs = {(x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1) > 0
             for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1])}
    return len(signs) == 1


@pytest.mark.parametrize("locale", LOCALES)
def test_every_unit_code_fits_inside_its_coin(locale: str) -> None:
    """Two kanji at the smallest readable size stay inside a board coin's rim, and inside a hand coin."""
    view = GAME.view(GAME.new_state(2, 1, GAME.validate_options(2, {})), None)
    for diameter in (map_geometry(view).coin_diameter, 64):
        radius = diameter / 2 - parts.COIN_EDGE - 1
        for text in parts.CODES.values():
            code = text.get(locale)
            size, bold = parts.code_font(code, diameter)
            left, top, right, bottom = tk.font(size).getbbox(code, anchor="mm", stroke_width=bold_stroke(size) if bold else 0)
            assert size >= tk.min_text_size(tk.CANVAS_WIDTH)
            assert math.hypot((right - left) / 2, (bottom - top) / 2) <= radius, (code, diameter)
