"""The shared drawing toolkit: font coverage, palette accessibility, layout rules and image output."""

from __future__ import annotations

import io
import itertools
import math
import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from engine import registry
from engine.core.match import Match, chose
from engine.core.types import Event, Frame, Outcome, T
from renderers import strips
from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.fonts import (
    FALLBACK_DIR,
    FALLBACKS,
    LICENSE_PATH,
    bold_stroke,
    drawable,
    fallback_file,
    font,
    font_path,
    missing_glyphs,
)
from renderers.palette import (
    BACKGROUND,
    INK,
    LINE,
    MUTED_INK,
    PANEL,
    PANEL_HEADER,
    SEAT_STYLES,
    SHAPES,
    TEAM_STYLES,
    contrast_ratio,
    seat_style,
    team_style,
)


CTX = RenderContext("ja", ("たろう", "Alice", "花子さん", "Bob", "Eve"), "ウォーチェスト War Chest")


def _mask(char: str, size: int = 48) -> tuple[tuple[int, int], bytes]:
    mask = font(size).getmask(char)
    return mask.size, bytes(mask)


# --------------------------------------------------------------------------- font


def test_font_draws_japanese_not_notdef_boxes() -> None:
    img = Image.new("L", (300, 120), 0)
    ImageDraw.Draw(img).text((10, 10), "「戦争」", font=font(64), fill=255)
    assert img.getbbox() is not None
    notdef = _mask("\ue000")
    for char in "「戦争」":
        size, bits = _mask(char)
        assert any(bits), char
        assert (size, bits) != notdef, f"{char} renders as the .notdef box"
    assert _mask("戦") != _mask("争")


def test_missing_glyphs_reports_what_no_font_can_draw() -> None:
    assert missing_glyphs("戦争 War Chest 0123456789 ×→…・「」（）！？●▲■◆★") == ""
    assert missing_glyphs("騎兵⚔と🎲 علي") == "", "emoji and Arabic come from the fallback faces"
    assert missing_glyphs("騎兵♛と\ue000𓀀") == "♛\ue000𓀀"


def test_characters_without_glyphs_are_dropped_not_drawn_as_boxes() -> None:
    assert drawable("Alice 🎲⚔\ue000 花子") == "Alice 🎲⚔ 花子"
    with_box, plain = tk.new_canvas(60, 300), tk.new_canvas(60, 300)
    box = tk.draw_text(with_box, (10, 10), "Alice\ue000", 30)
    assert box == tk.draw_text(plain, (10, 10), "Alice", 30)
    assert ImageChops.difference(with_box, plain).getbbox() is None
    assert tk.wrap_text("\ue000あ", 30, 100) == ("あ",)


def test_font_is_cached_per_size() -> None:
    assert font(32) is font(32)
    assert font(32) is not font(33)
    assert font_path().suffix == ".otf"
    assert bold_stroke(20) == 0.5 and bold_stroke(40) == 1
    with pytest.raises(ValueError):
        font(0)


def test_font_licence_is_shipped() -> None:
    text = LICENSE_PATH.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Noto Sans CJK" in text and "Copyright 2014-2021 Adobe" in text


def test_every_fallback_font_is_shipped_with_its_licence_and_source() -> None:
    sources = (FALLBACK_DIR / "SOURCES.md").read_text(encoding="utf-8")
    for family, subset in FALLBACKS:
        assert fallback_file(family, subset).is_file() and fallback_file(family, subset).name in sources
        licence = (FALLBACK_DIR / f"LICENSE-{family}.txt").read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE" in licence.upper() and "Copyright" in licence, family


# --------------------------------------------------------------------------- palette

# Machado, Oliveira & Fernandes (2009) colour-vision-deficiency matrices, severity 1.0, on linear RGB.
_CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lab_as_seen(colour: tuple[int, int, int], matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    rgb = [linear(c) for c in colour]
    r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb)))) for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def test_seat_colours_stay_distinct_under_colour_blindness() -> None:
    for styles, minimum in ((SEAT_STYLES, 20), (SEAT_STYLES[:2], 80), (TEAM_STYLES, 40)):
        worst = min(
            math.dist(_lab_as_seen(a.colour, m), _lab_as_seen(b.colour, m))
            for m in _CVD.values()
            for a, b in itertools.combinations(styles, 2)
        )
        assert worst >= minimum, (styles, worst)


def test_every_style_pairs_colour_with_letter_and_shape() -> None:
    styles = SEAT_STYLES + TEAM_STYLES
    assert [s.letter for s in SEAT_STYLES] == ["A", "B", "C", "D", "E"]
    assert len({s.letter for s in styles}) == len(styles)
    assert len({s.shape for s in styles}) == len(styles)
    assert all(s.shape in SHAPES for s in styles)
    assert all(s.name.ja and s.name.en for s in styles)
    for style in styles:
        assert contrast_ratio(style.ink, style.colour) >= 4.5, style
    assert seat_style(4) is SEAT_STYLES[4] and team_style(1) is TEAM_STYLES[1]
    with pytest.raises(ValueError):
        seat_style(5)
    with pytest.raises(ValueError):
        team_style(-1)


def test_neutral_colours_have_readable_contrast() -> None:
    for surface in (BACKGROUND, PANEL, PANEL_HEADER):
        assert contrast_ratio(INK, surface) >= 7
        assert contrast_ratio(MUTED_INK, surface) >= 4.5
    assert contrast_ratio(LINE, BACKGROUND) >= 3


# --------------------------------------------------------------------------- markers and shapes


def test_marker_shapes_are_distinct_per_seat() -> None:
    masks = [tk.marker_sprite(style, 64).getchannel("A").point(lambda a: 255 if a > 127 else 0) for style in SEAT_STYLES + TEAM_STYLES]
    for (i, a), (j, b) in itertools.combinations(enumerate(masks), 2):
        union = ImageChops.lighter(a, b).histogram()[255]
        inter = ImageChops.darker(a, b).histogram()[255]
        assert inter / union < 0.9, f"styles {i} and {j} have nearly the same silhouette"


def test_marker_is_cached_and_shows_its_letter() -> None:
    style = seat_style(0)
    assert tk.marker_sprite(style, 48) is tk.marker_sprite(style, 48)
    img = tk.new_canvas(100, 200)
    box = tk.draw_marker(img, (50, 50), 48, style)
    assert box == (26, 26, 74, 74)
    colours = {rgb for _, rgb in img.crop(box).getcolors(10_000)}
    assert style.colour in colours and style.ink in colours and INK in colours


def test_hex_points_are_flat_topped_and_hex_centres_tile() -> None:
    points = tk.hex_points((100, 100), 40)
    assert len(points) == 6
    assert all(math.isclose(math.dist(p, (100, 100)), 40) for p in points)
    top = min(y for _, y in points)
    assert sum(1 for _, y in points if math.isclose(y, top)) == 2
    origin = tk.hex_centre(0, 0, 40, (100, 100))
    assert origin == (100, 100)
    for q, r in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)):
        assert math.isclose(math.dist(tk.hex_centre(q, r, 40, (100, 100)), origin), 40 * math.sqrt(3))


def test_unknown_shape_is_rejected() -> None:
    with pytest.raises(ValueError):
        tk.shape_points("moon", (0, 0), 10)


# --------------------------------------------------------------------------- text layout


def test_japanese_wraps_by_character() -> None:
    text = "あいうえおかきくけこさしすせそ"
    width = tk.text_width("あいうえお", 30)
    lines = tk.wrap_text(text, 30, width)
    assert lines == ("あいうえお", "かきくけこ", "さしすせそ")


def test_english_wraps_by_word_and_splits_only_overlong_words() -> None:
    text = "Deploy a coin next to a controlled location"
    width = tk.text_width("Deploy a coin ne", 30)
    lines = tk.wrap_text(text, 30, width)
    assert " ".join(lines) == text
    assert all(tk.text_width(line, 30) <= width for line in lines)
    assert len(lines) >= 3
    long = tk.wrap_text("Supercalifragilistic", 30, tk.text_width("Super", 30))
    assert "".join(line.removesuffix("-") for line in long) == "Supercalifragilistic" and len(long) > 1
    assert all(line.endswith("-") for line in long[:-1]), "the cuts are hyphenated"


def test_japanese_punctuation_never_starts_a_line() -> None:
    width = tk.text_width("あいうえお", 30)
    lines = tk.wrap_text("あいうえお。かきくけ「こ」", 30, width)
    assert lines[1] == "お。かきく"
    assert all(line[0] not in "。、」）" for line in lines)
    assert all(line[-1] != "「" for line in lines)
    assert "".join(lines) == "あいうえお。かきくけ「こ」"


def test_mixed_text_and_newlines() -> None:
    lines = tk.wrap_text("騎兵 Cavalry を配置\n2行目", 30, 2000)
    assert lines == ("騎兵 Cavalry を配置", "2行目")
    assert tk.wrap_text("", 30, 100) == ("",)


def test_ellipsis_when_out_of_lines() -> None:
    width = tk.text_width("あいうえお", 30)
    lines = tk.wrap_text("あいうえおかきくけこさしすせそ", 30, width, max_lines=2)
    assert len(lines) == 2 and lines[0] == "あいうえお"
    assert lines[1].endswith("…") and tk.text_width(lines[1], 30) <= width
    english = tk.wrap_text("one two three four five six", 30, tk.text_width("one two", 30), max_lines=1)
    assert english[0].endswith("…") and english[0].startswith("one")


def test_draw_text_box_matches_measure_and_anchor() -> None:
    img = tk.new_canvas(400, 600)
    text = "第3ラウンド Round three of the game"
    size = tk.SIZE_BODY
    width, height = tk.measure_text(text, size, max_width=300)
    box = tk.draw_text(img, (300, 200), text, size, anchor="mm", max_width=300)
    assert box[2] - box[0] in (width, width + 1) and box[3] - box[1] == height
    assert abs((box[0] + box[2]) / 2 - 300) <= 1 and abs((box[1] + box[3]) / 2 - 200) <= 1
    ink = img.crop(box).getcolors(100_000)
    assert ink is not None and any(rgb == INK for _, rgb in ink)
    assert img.crop((0, 0, box[0] - 2, 400)).getcolors(1) == [((box[0] - 2) * 400, BACKGROUND)]
    with pytest.raises(ValueError):
        tk.draw_text(img, (0, 0), "x", 20, anchor="ma")  # type: ignore[arg-type]


def test_bold_text_is_wider_and_darker() -> None:
    assert tk.text_width("戦争", 40, bold=True) > tk.text_width("戦争", 40)
    plain, bold = tk.new_canvas(80, 200), tk.new_canvas(80, 200)
    tk.draw_text(plain, (10, 10), "戦争", 40)
    tk.draw_text(bold, (10, 10), "戦争", 40, bold=True)
    assert ImageStat.Stat(bold.convert("L")).mean[0] < ImageStat.Stat(plain.convert("L")).mean[0]


def test_a_lines_width_is_the_sum_of_its_characters_advances() -> None:
    """`text_width` sums cached advances instead of laying out every prefix; that is exact only while the
    font's BASIC layout applies no kerning, which this checks on mixed Japanese and Latin."""
    sample = "プレイヤー2: 剣士がG4→H3へ移動。AVAWTo Ty 騎兵 Cavalry ×3 ♥5 (Royal Guard)"
    rng = random.Random(3)
    for size, bold in itertools.product((tk.SIZE_SMALL, tk.SIZE_BODY, tk.SIZE_TITLE), (False, True)):
        for _ in range(200):
            start = rng.randrange(len(sample))
            text = sample[start:rng.randrange(start, len(sample) + 1)]
            extra = 2 * bold_stroke(size) if bold else 0
            assert tk.text_width(text, size, bold=bold) == math.ceil(font(size).getlength(text)) + extra


def test_a_cached_line_draws_the_pixels_pillow_draws() -> None:
    """Lines are blitted from cached masks; at whole-pixel positions they match `ImageDraw.text`."""
    for text, size, bold in (("第3ラウンド Round 3", tk.SIZE_BODY, False), ("騎兵 ×2", tk.SIZE_SMALL, True)):
        stroke = bold_stroke(size) if bold else 0
        ours, pillow = tk.new_canvas(60, 400), tk.new_canvas(60, 400)
        tk.draw_text(ours, (20, 30), text, size, anchor="lm", bold=bold)
        ImageDraw.Draw(pillow).text((20, 30), text, font=font(size), fill=INK, anchor="lm", stroke_width=stroke,
                                     stroke_fill=INK)
        assert ImageChops.difference(ours, pillow).getbbox() is None


def test_localize_fills_seat_names() -> None:
    assert tk.localize(CTX, T("{s1}の手番", "{s1} to play")) == "Aliceの手番"
    en = RenderContext("en-US", CTX.seat_names)
    assert tk.localize(en, T("{s1}の手番", "{s1} to play")) == "Alice to play"


# --------------------------------------------------------------------------- widgets


def _changed(img: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return img.crop(box).getcolors(1) is None


def test_banner_shows_title_status_and_waiting_seats() -> None:
    img = tk.new_canvas(300)
    bottom = tk.draw_banner(img, CTX, "第3ラウンド", waiting=[1])
    assert bottom == tk.BANNER_HEIGHT
    width = img.width
    assert _changed(img, (0, 0, width // 3, bottom)) and _changed(img, (2 * width // 3, 0, width, bottom))
    assert img.crop((0, bottom, width, 300)).getcolors(1) == [(width * (300 - bottom), BACKGROUND)]
    style = seat_style(1)
    assert any(rgb == style.colour for _, rgb in img.crop((width // 2, 0, width, bottom)).getcolors(100_000))


def test_banner_with_every_seat_waiting_and_long_names_still_fits() -> None:
    ctx = RenderContext("en", tuple("A very long display name number %d" % i for i in range(5)), "A long game title")
    img = tk.new_canvas(200)
    bottom = tk.draw_banner(img, ctx, "Simultaneous choice", waiting=range(5), label=T("選択中", "Choosing"), top=20)
    assert bottom == 20 + tk.BANNER_HEIGHT
    present = {rgb for _, rgb in img.getcolors(100_000)}
    assert all(style.colour in present for style in SEAT_STYLES)


def test_card_panel_draws_inside_its_box() -> None:
    img = tk.new_canvas(400)
    box = (100, 50, 360, 350)
    tk.draw_card(img, box, "騎兵 Cavalry", "配置：袋からコインを1枚引く。" * 10, cost=3, points=2, style=seat_style(2), highlight=False)
    assert _changed(img, box)
    outside = img.copy()
    ImageDraw.Draw(outside).rectangle(box, fill=BACKGROUND)
    assert outside.getcolors(1) == [(img.width * 400, BACKGROUND)]
    present = {rgb for _, rgb in img.getcolors(100_000)}
    assert seat_style(2).colour in present and PANEL in present


def test_highlight_reaches_outside_the_card() -> None:
    img = tk.new_canvas(400)
    box = (100, 50, 360, 350)
    tk.draw_card(img, box, "弓兵", cost="★", highlight=True)
    assert _changed(img, (92, 42, 100, 358))
    tk.draw_highlight(img, tk.hex_points((700, 200), 60))
    assert _changed(img, (630, 140, 770, 260))


def test_legend_wraps_rows() -> None:
    img = tk.new_canvas(400)
    entries = [(seat_style(i), name) for i, name in enumerate(CTX.seat_names)]
    one_row = tk.draw_legend(img, (20, 20), entries)
    narrow = tk.draw_legend(img, (20, 200), entries, max_width=300)
    assert narrow[3] - narrow[1] > one_row[3] - one_row[1]
    assert narrow[2] <= 20 + 300


# --------------------------------------------------------------------------- caching and output


def test_cached_layer_builds_once_and_returns_copies() -> None:
    calls: list[int] = []

    def build() -> Image.Image:
        calls.append(1)
        return tk.new_canvas(50, 60)

    key = ("test_toolkit", random.random())
    first = tk.cached_layer(key, build)
    ImageDraw.Draw(first).rectangle((0, 0, 10, 10), fill=INK)
    second = tk.cached_layer(key, build)
    assert len(calls) == 1
    assert second is not first and second.getcolors(1) == [(60 * 50, BACKGROUND)]


def test_cached_layer_evicts_least_recently_used() -> None:
    calls: list[str] = []

    def builder(name: str):
        return lambda: calls.append(name) or tk.new_canvas(10, 20)

    keep = ("test_toolkit_keep", random.random())
    tk.cached_layer(keep, builder("keep"))
    for i in range(20):
        tk.cached_layer(("test_toolkit_fill", i, keep), builder(f"fill{i}"))
        tk.cached_layer(keep, builder("keep"))
    tk.cached_layer(("test_toolkit_fill", 0, keep), builder("fill0"))
    assert calls.count("keep") == 1 and calls.count("fill0") == 2


def test_ensure_not_square_grows_the_height_only() -> None:
    """At least 100 px taller than wide when nearly square; the width, which text sizes depend on, stays."""
    square = tk.new_canvas(500, 500)
    padded = tk.ensure_not_square(square)
    assert padded.size == (500, 600) and padded.getpixel((0, 599)) == BACKGROUND
    assert tk.ensure_not_square(tk.new_canvas(height=450, width=500)).size == (500, 600)
    wide = tk.new_canvas(400, 800)
    assert tk.ensure_not_square(wide) is wide
    grey = Image.new("L", (40, 40), 0)
    assert tk.ensure_not_square(grey).size == (40, 140)


def _busy_board(seed: int = 7) -> Image.Image:
    """A worst-case board, 1200 x 800: every widget, 60 markers, dense bilingual text and a noisy texture."""
    rnd = random.Random(seed)
    img = tk.new_canvas(800, 1200)
    top = tk.draw_banner(img, CTX, "第12ラウンド・Round 12", waiting=[0, 3])
    draw = ImageDraw.Draw(img)
    for q in range(-4, 5):
        for r in range(-4, 5):
            if abs(q + r) <= 4:
                centre = tk.hex_centre(q, r, 44, (330, top + 360))
                draw.polygon(tk.hex_points(centre, 42), fill=tk.PANEL, outline=tk.LINE, width=3)
    for _ in range(60):
        centre = (rnd.uniform(30, 640), rnd.uniform(top + 30, 780))
        tk.draw_marker(img, centre, rnd.choice((32, 40, 48)), rnd.choice(SEAT_STYLES + TEAM_STYLES))
    for i in range(4):
        x, y = 660 + (i % 2) * 270, top + 10 + (i // 2) * 300
        tk.draw_card(img, (x, y, x + 250, y + 280), "騎兵 Cavalry", "配置：袋からコインを1枚引き盤上に置く。Deploy." * 3,
                     cost=i, points=i + 1, style=seat_style(i) if i % 2 else None, highlight=i == 3)
    for _ in range(300):
        x, y = rnd.randrange(1200), rnd.randrange(top, 800)
        draw.point((x, y), fill=tuple(rnd.randrange(256) for _ in range(3)))
    return img


def test_encode_image_of_busy_board_is_valid_small_and_faithful() -> None:
    img = _busy_board()
    data = tk.encode_image(img)
    assert data[:4] == b"RIFF" and data[8:16] == b"WEBPVP8L", "a simple lossless WebP, not an animation"
    assert len(data) < 512 * 1024
    Image.open(io.BytesIO(data)).verify()
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    assert decoded.size == img.size
    error = ImageStat.Stat(ImageChops.difference(img, decoded)).mean
    assert max(error) < 2, error


def test_encode_image_keeps_photos_exact_and_never_emits_square() -> None:
    gradient = Image.merge(
        "RGB",
        [Image.linear_gradient("L").resize((300, 300)), Image.linear_gradient("L").rotate(90).resize((300, 300)), Image.new("L", (300, 300), 90)],
    )
    decoded = Image.open(io.BytesIO(tk.encode_image(gradient)))
    assert decoded.mode == "RGB" and decoded.size == (300, 400)
    assert ImageChops.difference(gradient, decoded.convert("RGB").crop((0, 0, 300, 300))).getbbox() is None
    board = _busy_board()
    flat = Image.open(io.BytesIO(tk.encode_image(board))).convert("RGB")
    assert len(flat.getcolors(1 << 20)) <= 256 < len(board.getcolors(1 << 20)), "flat images go through a palette"


# --------------------------------------------------------------------------- phone legibility and frames


def test_the_smallest_text_is_readable_on_a_phone() -> None:
    assert tk.min_text_size(800) == 18 and tk.min_text_size(1200) == 27
    assert tk.SIZE_SMALL >= tk.min_text_size(tk.CANVAS_WIDTH)


def test_every_seat_and_team_marker_shows_its_letter_at_the_usual_size() -> None:
    floor = tk.min_text_size(tk.CANVAS_WIDTH)
    assert all(tk.marker_letter_size(style, tk.MARKER) >= floor for style in SEAT_STYLES[:4] + TEAM_STYLES)


def test_a_marker_letter_too_small_to_read_is_left_out() -> None:
    """A kanji fits a triangle only at a smaller size than "A": below the phone floor it is not drawn."""
    kanji = tk.Style(seat_style(2).colour, INK, "黄", "triangle", seat_style(2).name)
    assert tk.marker_letter_size(kanji, tk.MARKER) < tk.marker_letter_size(seat_style(2), tk.MARKER)
    assert tk.marker_letter_size(kanji, tk.MARKER) < tk.min_text_size(tk.CANVAS_WIDTH)
    with_letter, blank = tk.new_canvas(60, tk.CANVAS_WIDTH), tk.new_canvas(60, tk.CANVAS_WIDTH)
    tk.draw_marker(with_letter, (30, 30), tk.MARKER, kanji)
    tk.draw_marker(blank, (30, 30), tk.MARKER, tk.Style(kanji.colour, INK, "", "triangle", kanji.name))
    assert ImageChops.difference(with_letter, blank).getbbox() is None


def test_recent_events_read_as_one_text_in_the_viewers_language() -> None:
    events = [Event(T("{s0}がパスしました。", "{s0} passed.")), Event(T("第2ラウンド開始", "Round 2 begins."))]
    assert strips.recent_text(CTX, events) == "たろうがパスしました。第2ラウンド開始"
    assert strips.recent_text(RenderContext("en", CTX.seat_names), events) == "たろう passed. Round 2 begins."
    assert strips.recent_text(CTX, []) == ""


def test_missing_seat_names_get_the_games_fallback() -> None:
    ctx = tk.with_seat_names(RenderContext("en", ("Ann", "")), 3, lambda seat: f"Seat {seat + 1}")
    assert ctx.seat_names == ("Ann", "Seat 2", "Seat 3")
    assert tk.localize(ctx, T("{s2}", "{s2} to play")) == "Seat 3 to play"


def test_outcome_shows_the_winners_and_the_engines_summary() -> None:
    won = Outcome((2, 1, 2), "score", T("{s1}の勝利", "{s1} wins"))
    img = tk.new_canvas(60)
    strips.draw_outcome(img, CTX, (0, 0, img.width, 60), won, seat_style)
    present = {rgb for _, rgb in img.getcolors(100_000)}
    assert seat_style(1).colour in present and seat_style(0).colour not in present
    draw = Outcome((1, 1), "draw", T("引き分け", "Draw"))
    img = tk.new_canvas(60)
    strips.draw_outcome(img, CTX, (0, 0, img.width, 60), draw, seat_style)
    assert not {style.colour for style in SEAT_STYLES} & {rgb for _, rgb in img.getcolors(100_000)}


def test_a_long_card_title_takes_a_second_line_rather_than_an_ellipsis() -> None:
    title = "Vending-Machine Energy Drink"
    size, lines = tk.card_title_lines(title, tk.text_width(title, tk.SIZE_SMALL, bold=True) - 20, tk.SIZE_SMALL)
    assert size == tk.SIZE_SMALL and len(lines) == 2 and " ".join(lines) == title
    size, lines = tk.card_title_lines("騎兵", 200, tk.SIZE_SMALL)
    assert size == tk.SIZE_SMALL + 4 and lines == ("騎兵",)
    two = tk.card_header_height(title, 200, cost=True, points=True)
    assert two > tk.card_header_height("騎兵", 200, cost=True, points=True)


def test_words_break_at_hyphens_and_a_word_too_wide_is_hyphenated() -> None:
    """Card names on narrow cards: "Demon-" "Repelling", and a word wider than the line is cut with a
    hyphen, leaving at least three letters ("Declarat-" "ion"), never "Mushroo" "m"."""
    assert tk.wrap_text("Demon-Repelling Charm", tk.SIZE_SMALL, 92) == ("Demon-", "Repelling", "Charm")
    lines = tk.wrap_text("Mushroom Declaration", tk.SIZE_SMALL, 92)
    assert lines[0] == "Mushroom" and lines[1].endswith("-") and len(lines[2]) >= 3
    assert "".join(line.removesuffix("-") for line in lines[1:]) == "Declaration"
    assert all(tk.text_width(line, tk.SIZE_SMALL) <= 92 for line in lines)
    assert tk.wrap_text("騎兵騎兵騎兵", tk.SIZE_SMALL, 60) == ("騎兵騎", "兵騎兵"), "kanji break anywhere, no hyphen"


def test_the_last_step_line_says_nothing_happened_only_at_the_start() -> None:
    ctx = RenderContext("en", ("Ann", "Bob"))
    said = Frame({}, (), (Event(T("{s0}が引きました。", "{s0} drew.")),), None, 5)
    assert strips.news_text(ctx, said) == "Ann drew."
    assert strips.news_text(ctx, Frame({}, (), (), None, 0)) == "Nothing has happened yet."
    assert strips.news_text(ctx, Frame({}, (), (), None, 7)) == "No public action", "a step stored without its actor"


def test_a_step_that_logs_nothing_public_names_who_acted_and_nothing_else() -> None:
    match, rng = Match.start(registry.get("wallofwar"), 3, 5, {}), random.Random(1)
    for _ in range(300):
        seat = match.awaited_seats()[0]
        step = match.play(seat, rng.choice(match.legal_actions(seat)))
        match = step.match
        if not any(event.seat is None for event in step.events):
            break
    else:
        raise AssertionError("no secret step in 300 random steps")
    assert match.recent == (chose(seat),)
    ctx = RenderContext("en", ("Ann", "Bob", "Cy"))
    assert strips.news_text(ctx, match.frame(None)) == f"{ctx.seat_names[seat]} made a choice."
