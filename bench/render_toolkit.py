"""Benchmark of the shared renderer toolkit: font load, drawing a typical board, encoding it.

Why: drawing and encoding run on the bot's two cores for every move; these numbers tell whether a
change to the toolkit makes every game slower or its images bigger.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from statistics import median

from PIL import Image, ImageDraw, ImageFont

from renderers import toolkit as tk
from renderers.base import RenderContext
from renderers.fonts import font_path

_REPEAT = 7
_CTX = RenderContext("ja", ("たろう", "Alice", "花子さん", "Bob"), "ウォーチェスト War Chest")


def _best_ms(action: Callable[[], object], repeat: int = _REPEAT) -> float:
    """Fastest of `repeat` runs in milliseconds: the least noisy figure on a shared machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def _board() -> Image.Image:
    """A typical 800x560 board: banner, 61-hex grid, 20 markers, highlight, three cards, legend."""
    img = tk.new_canvas(560)
    top = tk.draw_banner(img, _CTX, "第3ラウンド・手番2", waiting=[1])
    draw = ImageDraw.Draw(img)
    centre = (230, top + 245)
    for q in range(-4, 5):
        for r in range(-4, 5):
            if abs(q + r) <= 4:
                draw.polygon(tk.hex_points(tk.hex_centre(q, r, 30, centre), 29), fill=tk.PANEL, outline=tk.LINE, width=2)
    for i in range(20):
        q, r = i % 9 - 4, (i * 7) % 9 - 4
        if abs(q + r) <= 4:
            tk.draw_marker(img, tk.hex_centre(q, r, 30, centre), tk.MARKER, tk.seat_style(i % 4))
    tk.draw_highlight(img, tk.hex_points(tk.hex_centre(1, 0, 30, centre), 29))
    body = "配置：袋からコインを1枚引き、盤上に置く。Deploy a coin next to a controlled location."
    for i, title in enumerate(("騎兵", "Archer 弓兵", "ランサー")):
        x, y = 460 + (i % 2) * 170, top + 10 + (i // 2) * 210
        tk.draw_card(img, (x, y, x + 160, y + 200), title, body, cost=i + 2, points=i,
                     style=tk.seat_style(i) if i else None, highlight=i == 1)
    tk.draw_legend(img, (460, 470), [(tk.seat_style(i), name) for i, name in enumerate(_CTX.seat_names)], max_width=330)
    return img


def _encode_rgb_level1(img: Image.Image) -> bytes:
    """The baseline encode_image is compared with: plain RGB at zlib level 1."""
    buffer = io.BytesIO()
    img.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def run() -> list[tuple[str, float, str]]:
    """(name, value, unit) figures for the toolkit."""
    path = str(font_path())
    font_load = median(
        _best_ms(lambda size=size: ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC), 3)
        for size in (20, 26, 32, 44)
    )
    first_draw = _best_ms(_board, 1)
    draw = _best_ms(_board)
    img = _board()
    encode = _best_ms(lambda: tk.encode_image(img))
    size = len(tk.encode_image(img)) / 1024
    baseline = _best_ms(lambda: _encode_rgb_level1(img))
    baseline_size = len(_encode_rgb_level1(img)) / 1024
    return [
        ("toolkit: font load (uncached truetype)", font_load, "ms"),
        ("toolkit: draw 800x560 board, first call (caches cold)", first_draw, "ms"),
        ("toolkit: draw 800x560 board", draw, "ms"),
        ("toolkit: encode_image 800x560 board", encode, "ms"),
        ("toolkit: encode_image size", size, "KiB"),
        ("toolkit: RGB level-1 PNG (baseline) time", baseline, "ms"),
        ("toolkit: RGB level-1 PNG (baseline) size", baseline_size, "KiB"),
    ]


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name:55s} {value:9.2f} {unit}")
