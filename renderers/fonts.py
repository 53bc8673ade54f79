"""The one font every image uses: Noto Sans CJK JP Regular.

Why a single font: Pillow has no fallback chain, so whatever we draw (Latin, kana, kanji, digits and the
few symbols we use) must come from one face. Noto Sans CJK JP covers all of it with Japanese glyph forms.
It comes from the pinned PyPI package `noto-cjk-sans-jp-regular` (SIL OFL 1.1; the licence is copied to
data/fonts/LICENSE-NotoSansCJK.txt because the package's copy omits the copyright line). There is only
the Regular weight, so bold is drawn as a stroke of the same colour (`bold_stroke`).

Fonts are cached per size because every `ImageFont.truetype` call builds a new FreeType face. A cached
face is shared by the render threads (`asyncio.to_thread`): that is safe on the GIL build of CPython we
run, where Pillow holds the GIL while it uses a face (free-threaded builds need Pillow's own locking).

The BASIC layout engine is used on purpose: Japanese and Latin need no complex shaping, and it measures
text 3–4 times faster than Raqm (0.10 vs 0.36 ms per line here), which matters when wrapping by character.
Emoji and many dingbats (⚔ ✔ ♛ ⬢ …) are NOT in the font and would draw as an empty box: `drawable` drops
them (for player names), and renderers' tests check their own strings with `missing_glyphs`.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from PIL import ImageFont

FONT_PACKAGE = "noto_cjk_sans_jp_regular"
FONT_FILE = "NotoSansCJKjp-Regular.otf"
LICENSE_PATH = Path(__file__).resolve().parent.parent / "data" / "fonts" / "LICENSE-NotoSansCJK.txt"

# A private-use code point: the font has no glyph for it, so it renders the .notdef box.
_NOTDEF_PROBE = "\ue000"


@lru_cache(maxsize=1)
def font_path() -> Path:
    """Where the OTF is installed (a plain file inside the package, which Pillow opens by path)."""
    path = Path(str(files(FONT_PACKAGE).joinpath(FONT_FILE)))
    if not path.is_file():
        raise FileNotFoundError(f"{FONT_FILE} not found in the {FONT_PACKAGE} package (is it installed?)")
    return path


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The font at a pixel size, cached: the same object is returned for the same size."""
    if size < 1:
        raise ValueError(f"font size must be positive, got {size}")
    return ImageFont.truetype(str(font_path()), size, layout_engine=ImageFont.Layout.BASIC)


def bold_stroke(size: int) -> float:
    """Stroke width that makes Regular look bold at this size: 1/40 em, a fraction of a pixel at text
    sizes (Pillow strokes with anti-aliased fractional widths); a whole pixel clogs small kanji."""
    return size / 40


@lru_cache(maxsize=4096)
def _glyph_signature(char: str) -> tuple[tuple[int, int], bytes]:
    """The rendered bitmap of one character at a probe size, to compare against .notdef."""
    mask = font(24).getmask(char)
    return mask.size, bytes(mask)


def _has_glyph(char: str) -> bool:
    return char.isspace() or _glyph_signature(char) != _glyph_signature(_NOTDEF_PROBE)


def missing_glyphs(text: str) -> str:
    """The characters of `text` the font cannot draw (they would render as the .notdef box).

    Renderers' tests call this on their fixed strings, since a missing glyph fails silently in Pillow.
    """
    return "".join(dict.fromkeys(char for char in text if not _has_glyph(char)))


def drawable(text: str) -> str:
    """`text` without the characters the font cannot draw.

    Discord display names often hold emoji, which no CJK font has: dropping them reads better than a
    row of empty boxes. `renderers.toolkit.draw_text` applies this to everything it draws.
    """
    return "".join(char for char in text if _has_glyph(char))
