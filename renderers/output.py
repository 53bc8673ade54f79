"""What leaves the renderer: cached static layers, never-square images, small PNGs."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from renderers.palette import BACKGROUND, RGB

# Discord Android crops square images, and near-square ones look square in a chat: pad to this difference.
_MIN_ASPECT_GAP = 100


_LAYER_CACHE_SIZE = 16  # a 1200x800 RGB layer is 2.9 MB, so the cache stays under ~50 MB
_layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
_layers_lock = threading.Lock()


def cached_layer(key: Hashable, builder: Callable[[], Image.Image]) -> Image.Image:
    """A copy of a static layer (board background, grid), built once per `key` and kept (LRU).

    A copy is returned because renderers draw on it; copying a 1200x800 layer costs well under a
    millisecond, far less than redrawing a board. Put everything the layer depends on (game id, player
    count, locale) in `key`.
    """
    with _layers_lock:
        layer = _layers.get(key)
        if layer is not None:
            _layers.move_to_end(key)
            return layer.copy()
    layer = builder()
    with _layers_lock:
        _layers[key] = layer
        _layers.move_to_end(key)
        while len(_layers) > _LAYER_CACHE_SIZE:
            _layers.popitem(last=False)
    return layer.copy()


def ensure_not_square(img: Image.Image, colour: RGB = BACKGROUND) -> Image.Image:
    """The image, padded when it is (nearly) square, because Discord's Android app crops square images.

    The image grows at the bottom until it is `_MIN_ASPECT_GAP` taller than wide; the width never
    changes, since the text sizes were chosen for it (`min_text_size`). Images whose sides already
    differ that much are returned unchanged (the same object).
    """
    width, height = img.size
    if abs(width - height) >= _MIN_ASPECT_GAP:
        return img
    size = (width, width + _MIN_ASPECT_GAP)
    source = img if img.mode in ("RGB", "RGBA") else img.convert("RGB")
    padded = Image.new(source.mode, size, colour)
    padded.paste(source, (0, 0))
    return padded


# Flat graphics (boards, cards, text) have a few thousand colours, all from anti-aliased edges; gradients
# and photos have tens of thousands. Below this count a 256-colour palette is visually lossless.
_PALETTE_MAX_COLOURS = 8192


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes for Discord: never square, a 256-colour palette when the image is flat, zlib level 6.

    Measured on real 800 px boards (War Chest 2 and 4 players, Wall of War 3 and 5 players, mid-game)
    and the tests' busy 1200 x 800 board on this 2-core machine, mean of 3:

    ====================================  ===========  ============  =================
    method                                 time         size          mean error /255
    ====================================  ===========  ============  =================
    octree 256 colours + level 1          8–12 ms      47–71 KiB     ≤ 1.2
    octree 256 colours + level 6 (chosen) 8–15 ms      43–62 KiB     ≤ 1.2
    octree 32 colours + level 6           8–12 ms      37–48 KiB     up to 11: merges the paper,
                                                                     panel and header fills
    median cut 32 colours + level 6       26–45 ms     39–58 KiB     ≤ 0.7
    the 32 most frequent colours          8–12 ms      40–57 KiB     ≤ 1.4
    ====================================  ===========  ============  =================

    With a palette, level 6 costs about a millisecond more than level 1 and saves a quarter of the
    bytes (the old choice of level 1 was measured on RGB, where level 6 is much slower). Fewer colours
    save little more once the canvas is 800 px wide, and the fast octree then merges the neutral fills.
    Counting colours costs about 2 ms. The octree quantizer would posterize gradients and photos, which
    have more than `_PALETTE_MAX_COLOURS` colours and stay RGB. All results are far below Discord's
    10 MiB limit.
    """
    img = ensure_not_square(img)
    if img.mode in ("RGB", "RGBA") and img.getcolors(_PALETTE_MAX_COLOURS) is not None:
        img = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    img.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()
