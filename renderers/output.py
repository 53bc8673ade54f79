"""What leaves the renderer: cached static layers, never-square images, small lossless WebP files."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from renderers.density import Canvas, Picture, density, pixels, scale_of
from renderers.palette import BACKGROUND, RGB

# Discord Android crops square images, and near-square ones look square in a chat: pad to this difference.
_MIN_ASPECT_GAP = 100


_LAYER_CACHE_SIZE = {1: 16, 2: 4}
"""Layers kept per density: a 1200x800 RGB layer is 2.9 MB (11.5 MB at 2×), so each cache stays under ~50 MB,
and the live board's 2× layers never push Discord's 1× ones out."""
_layers: dict[int, OrderedDict[Hashable, Picture]] = {scale: OrderedDict() for scale in _LAYER_CACHE_SIZE}
_layers_lock = threading.Lock()


def cached_layer(key: Hashable, builder: Callable[[], Picture]) -> Picture:
    """A copy of a static layer (board background, grid), built once per `key` and density and kept (LRU).

    A copy is returned because renderers draw on it; copying a 1200x800 layer costs well under a
    millisecond, far less than redrawing a board. Put everything the layer depends on (game id, player
    count, locale) in `key`; the density (`renderers.density`) is added here.
    """
    scale = density()
    layers = _layers[scale]
    with _layers_lock:
        layer = layers.get(key)
        if layer is not None:
            layers.move_to_end(key)
            return layer.copy()
    layer = builder()
    with _layers_lock:
        layers[key] = layer
        layers.move_to_end(key)
        while len(layers) > _LAYER_CACHE_SIZE[scale]:
            layers.popitem(last=False)
    return layer.copy()


def ensure_not_square(img: Picture, colour: RGB = BACKGROUND) -> Picture:
    """The image, padded when it is (nearly) square, because Discord's Android app crops square images.

    The image grows at the bottom until it is `_MIN_ASPECT_GAP` taller than wide; the width never
    changes, since the text sizes were chosen for it (`min_text_size`). Images whose sides already
    differ that much are returned unchanged (the same object). A canvas of a higher density is measured
    and padded in 1× pixels, so its picture stays exactly that many times the 1× one.
    """
    width, height = img.size
    if abs(width - height) >= _MIN_ASPECT_GAP:
        return img
    scale = scale_of(img)
    size = (width * scale, (width + _MIN_ASPECT_GAP) * scale)
    source = pixels(img)
    source = source if source.mode in ("RGB", "RGBA") else source.convert("RGB")
    padded = Image.new(source.mode, size, colour)
    padded.paste(source, (0, 0))
    return padded if scale == 1 else Canvas(padded, scale)


# Flat graphics (boards, cards, text) have a few thousand colours, all from anti-aliased edges; gradients
# and photos have tens of thousands. Below this count a 256-colour palette is visually lossless.
_PALETTE_MAX_COLOURS = 8192


IMAGE_SUFFIX = "webp"
"""The file extension of every encoded image; Discord shows WebP inline on every client, like PNG."""

_WEBP_METHOD = 1
_WEBP_EFFORT = 60


def encode_image(img: Picture) -> bytes:
    """Lossless WebP bytes for Discord: never square, reduced to a 256-colour palette first when flat (a
    canvas of a higher density, `renderers.density`, is encoded at its own pixels).

    Image bytes are what a phone downloads for every board in a game's thread, so they are chosen
    smaller over cheaper. Measured on 8 real 800 px boards (War Chest 2 and 4 players, Wall of War 3 and
    5 players, early and late), palette first, on this 2-core machine, encode time per board:

    ==========================================  ==========  =============
    method                                       time        bytes vs PNG
    ==========================================  ==========  =============
    PNG, zlib level 6 (the previous choice)      4–7 ms      100%
    PNG, zlib level 9                            40–50 ms    93%
    WebP lossless, method 0                      13–17 ms    102–110%
    WebP lossless, method 1, effort 25           18 ms       83%
    WebP lossless, method 1, effort 60 (chosen)  29 ms       66%
    WebP lossless, method 1, effort 80–100       33–35 ms    63%
    WebP lossless of the RGB image (no palette)  20–30 ms    155%
    ==========================================  ==========  =============

    The palette matters: WebP's colour-indexing transform needs at most 256 colours, and the
    anti-aliased edges of a flat board have a few hundred to a few thousand (mean error of the palette
    ≤ 1.2/255). Gradients and photos have more than `_PALETTE_MAX_COLOURS` and stay full colour. All
    results are far below Discord's 10 MiB limit.

    Where the time goes, and why it stays (issue 16 asked for draw + encode ≤ 20 ms; measured again on
    every game's mid-game board, 0.56–1.4 megapixels): the palette takes 3–7 ms, libwebp the rest, about
    27 ms per megapixel. The saving comes from libwebp's 2-D LZ77, which it uses from effort 25 up: below
    25 an encode takes 9–19 ms but the files grow 1.43–1.59×, which would put War Chest's thread bytes
    back above issue 9's 40% of the baseline. A 16-colour palette (libwebp then packs two pixels per
    byte; method 0 encodes in 8–16 ms at 1.02–1.15× the bytes) cannot hold every seat colour plus the
    neutrals: a rare seat colour changed hue (errors up to 100/255 on Wunderkammer's 4-player board).
    Pillow adds nothing measurable over libwebp itself (the `webp` cffi binding was 0–12% faster). So
    images stay small, and the encode runs in the render pool's worker processes, off the event loop.
    """
    img = pixels(ensure_not_square(img))
    if img.mode in ("RGB", "RGBA") and img.getcolors(_PALETTE_MAX_COLOURS) is not None:
        img = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if img.mode not in ("RGB", "RGBA"):
        img = img.convert("RGB")
    buffer = io.BytesIO()
    img.save(buffer, "WEBP", lossless=True, method=_WEBP_METHOD, quality=_WEBP_EFFORT)
    return buffer.getvalue()
