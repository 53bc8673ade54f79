"""The fonts every image uses: Noto Sans CJK JP Regular, and Noto faces for what it lacks.

Noto Sans CJK JP draws nearly everything the games write (Latin, kana, kanji, digits, Hangul and the few
symbols we use) with Japanese glyph forms. It comes from the pinned PyPI package
`noto-cjk-sans-jp-regular` (SIL OFL 1.1; the licence is copied to data/fonts/LICENSE-NotoSansCJK.txt
because the package's copy omits the copyright line). There is only the Regular weight, so bold is drawn
as a stroke of the same colour (`bold_stroke`).

Player names hold anything, though: Arabic and Hebrew (right to left), Thai, Devanagari, emoji, the
"fancy letters" of the mathematical alphabets (𝓐𝓵𝓲𝓬𝓮). Pillow has no fallback chain, so `FALLBACKS` lists
the Noto faces tried, in order, for a character the main font lacks: small WOFF2 subsets bundled in
data/fonts/fallback/ (1.3 MB in all; each family's OFL licence beside it, their source in SOURCES.md).
`renderers.scripts` splits a line into runs of one face and direction and draws each with Raqm (shaping
and right-to-left); a line the main font draws alone keeps the fast path of `renderers.text`.

Which face draws a character is read from each font's character map (fontTools), once per process; a
character no face maps is what `missing_glyphs` reports and `drawable` drops, so nothing is ever drawn
as an empty box.

Fonts are cached per size because every `ImageFont.truetype` call builds a new FreeType face. A cached
face is shared by the render threads (`asyncio.to_thread`): that is safe on the GIL build of CPython we
run, where Pillow holds the GIL while it uses a face (free-threaded builds need Pillow's own locking).

The main font uses the BASIC layout engine on purpose: Japanese and Latin need no complex shaping, and it
measures text 3–4 times faster than Raqm (0.10 vs 0.36 ms per line here), which matters when wrapping by
character.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import ImageFont

FONT_PACKAGE = "noto_cjk_sans_jp_regular"
FONT_FILE = "NotoSansCJKjp-Regular.otf"
FONTS_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
LICENSE_PATH = FONTS_DIR / "LICENSE-NotoSansCJK.txt"
FALLBACK_DIR = FONTS_DIR / "fallback"
FALLBACKS = (
    ("noto-sans", "latin"),
    ("noto-sans", "latin-ext"),
    ("noto-sans", "vietnamese"),
    ("noto-sans", "greek"),
    ("noto-sans", "greek-ext"),
    ("noto-sans", "cyrillic"),
    ("noto-sans", "cyrillic-ext"),
    ("noto-sans-arabic", "arabic"),
    ("noto-sans-hebrew", "hebrew"),
    ("noto-sans-thai", "thai"),
    ("noto-sans-devanagari", "devanagari"),
    ("noto-sans-bengali", "bengali"),
    ("noto-sans-tamil", "tamil"),
    ("noto-sans-armenian", "armenian"),
    ("noto-sans-georgian", "georgian"),
    ("noto-sans-symbols", "symbols"),
    ("noto-sans-math", "latin"),
    ("noto-emoji", "emoji"),
)
"""(family, subset) of each fallback face, tried in this order after the main font (face 0): face i + 1
is `FALLBACKS[i]`, in data/fonts/fallback/<family>-<subset>-400-normal.woff2, its licence in
LICENSE-<family>.txt beside it."""
MAIN = 0
EMOJI = len(FALLBACKS)
"""The face index of Noto Emoji (monochrome, so it takes the text's colour like every other glyph)."""

_EMOJI_STYLE = "\ufe0f"
JOINERS = frozenset("\u200c\u200d\ufe0e\ufe0f")
"""Zero-width (non-)joiners and variation selectors: they shape their neighbours and draw nothing."""
_ATTACHED = frozenset({"Mn", "Mc", "Me"})
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_TAGS = range(0xE0020, 0xE0080)
_REGIONAL = range(0x1F1E6, 0x1F200)


@lru_cache(maxsize=1)
def font_path() -> Path:
    """Where the OTF is installed (a plain file inside the package, which Pillow opens by path)."""
    path = Path(str(files(FONT_PACKAGE).joinpath(FONT_FILE)))
    if not path.is_file():
        raise FileNotFoundError(f"{FONT_FILE} not found in the {FONT_PACKAGE} package (is it installed?)")
    return path


def fallback_file(family: str, subset: str) -> Path:
    return FALLBACK_DIR / f"{family}-{subset}-400-normal.woff2"


def face_path(index: int) -> Path:
    return font_path() if index == MAIN else fallback_file(*FALLBACKS[index - 1])


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The main font at a pixel size, cached: the same object is returned for the same size."""
    if size < 1:
        raise ValueError(f"font size must be positive, got {size}")
    return ImageFont.truetype(str(font_path()), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=256)
def shaping_face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """Face `index` at a pixel size with Raqm layout (shaping, right to left), for `renderers.scripts`."""
    if size < 1:
        raise ValueError(f"font size must be positive, got {size}")
    return ImageFont.truetype(str(face_path(index)), size, layout_engine=ImageFont.Layout.RAQM)


def bold_stroke(size: int) -> float:
    """Stroke width that makes Regular look bold at this size: 1/40 em, a fraction of a pixel at text
    sizes (Pillow strokes with anti-aliased fractional widths); a whole pixel clogs small kanji."""
    return size / 40


@lru_cache(maxsize=None)
def coverage(index: int) -> frozenset[int]:
    """The code points face `index` maps to a glyph (its character map; the main font's takes ~0.15 s
    to read, once per process)."""
    with TTFont(str(face_path(index)), lazy=True) as ttf:
        return frozenset(ttf.getBestCmap())


def faces() -> range:
    return range(len(FALLBACKS) + 1)


def _attaches(char: str, previous: str) -> bool:
    """Whether `char` belongs to the cluster before it: marks, joiners and variation selectors, skin
    tones, tag characters (subdivision flags), the letter after a zero-width joiner, a flag's second
    regional indicator."""
    code = ord(char)
    if char in JOINERS or unicodedata.category(char) in _ATTACHED or code in _SKIN_TONES or code in _TAGS:
        return True
    if previous[-1] == "\u200d":
        return True
    return code in _REGIONAL and len(previous) == 1 and ord(previous) in _REGIONAL


@lru_cache(maxsize=4096)
def clusters(text: str) -> tuple[str, ...]:
    """`text` cut into what a reader sees as one character: a letter with its marks, an emoji sequence."""
    found: list[str] = []
    for char in text:
        if found and _attaches(char, found[-1]):
            found[-1] += char
        else:
            found.append(char)
    return tuple(found)


@lru_cache(maxsize=16384)
def cluster_face(cluster: str) -> int | None:
    """The first face that maps every visible code point of `cluster` (an emoji-style variation selector
    asks for Noto Emoji first), or None when no face can draw it."""
    needed = [ord(char) for char in cluster if char not in JOINERS]
    order = [EMOJI, *faces()] if _EMOJI_STYLE in cluster else faces()
    for index in order:
        if all(code in coverage(index) for code in needed):
            return index
    return None


def _drawn(cluster: str) -> bool:
    return cluster.isspace() or cluster_face(cluster) is not None


def missing_glyphs(text: str) -> str:
    """The characters of `text` no face can draw (they would render as the .notdef box).

    Renderers' tests call this on their fixed strings, since a missing glyph fails silently in Pillow.
    """
    return "".join(dict.fromkeys(char for cluster in clusters(text) if not _drawn(cluster)
                                 for char in cluster if char not in JOINERS))


@lru_cache(maxsize=8192)
def drawable(text: str) -> str:
    """`text` without the characters no face can draw (whole clusters: an emoji keeps its joiners).

    `renderers.text` applies this to everything it draws: dropping a character reads better than an
    empty box.
    """
    return "".join(cluster for cluster in clusters(text) if _drawn(cluster))
