"""Player names as they can be drawn, applied by the platform before names reach a renderer.

Discord display names may hold anything: emoji, right-to-left scripts, Thai or Devanagari, the
mathematical "fancy letters", invisible format characters (zero-width spaces, direction marks and
isolates), decomposed accents, letters that draw nothing (a Hangul filler), and up to 32 characters.
`display_name` keeps every character some bundled face draws (`renderers.fonts`: the main font and its
Noto fallbacks; `renderers.scripts` shapes and orders them), drops the invisible ones (an emoji keeps the
joiners that make it one picture), shortens long names by their width on the image (a kanji or an emoji
is as wide as two Latin letters), and falls back to the seat number only when nothing drawable is left,
so no seat is ever blank on a board.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from renderers.fonts import JOINERS, MAIN, cluster_face, clusters, shaping_face

NAME_COLUMNS = 20
"""Longest name kept whole, in columns (a full-width character counts two): about 200 px at body size,
what a banner or a seat row holds next to its marker."""
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"}
_ELLIPSIS = "…"


def invisible(char: str) -> bool:
    """Format, control and combining characters: nothing to see on their own."""
    return unicodedata.category(char) in _INVISIBLE


@lru_cache(maxsize=4096)
def _inked(cluster: str) -> bool:
    """Whether the cluster's glyphs leave any ink: Hangul and Braille fillers are letters that draw
    nothing, a common way to make a name look blank."""
    face = cluster_face(cluster)
    return face is not None and shaping_face(face, 24).getmask(cluster).getbbox() is not None


def _visible(cluster: str) -> str:
    """The cluster itself when a face draws it with ink (without joiners and variation selectors when the
    main font draws it); else its base letter when only an accent is
    missing ("e" with a mark no face has → "e"); nothing for an invisible one; a space for one no face
    draws, or draws blank (it still separates two words)."""
    if cluster.isspace():
        return cluster
    if not invisible(cluster[0]) and _inked(cluster):  # joiners shape Arabic, Indic and emoji, not kana or Latin
        return cluster if cluster_face(cluster) != MAIN else "".join(char for char in cluster if char not in JOINERS)
    base = unicodedata.normalize("NFD", cluster)[0]
    if base != cluster and not invisible(base) and _inked(base):
        return base
    return "" if invisible(cluster[0]) else " "


def _width(cluster: str) -> int:
    """Columns of one cluster: wide and full-width characters (kanji, emoji) count two."""
    return 2 if unicodedata.east_asian_width(cluster[0]) in ("W", "F") else 1


def columns(text: str) -> int:
    """Display width in columns: wide and full-width characters count two."""
    return sum(_width(cluster) for cluster in clusters(text))


def _clip(text: str, limit: int) -> str:
    if columns(text) <= limit:
        return text
    kept, used = "", 0
    for cluster in clusters(text):
        if used + _width(cluster) > limit - 1:
            break
        kept += cluster
        used += _width(cluster)
    return kept.rstrip() + _ELLIPSIS


def display_name(name: str, seat: int) -> str:
    """The name as drawn: accents composed, what no face draws or what draws nothing removed (spaces
    collapse), clipped to `NAME_COLUMNS` with "…"; "P<n>" (the 1-based seat) when nothing is left."""
    composed = unicodedata.normalize("NFC", name)
    kept = " ".join("".join(_visible(cluster) for cluster in clusters(composed)).split())
    if not kept:
        return f"P{seat + 1}"
    return _clip(kept, NAME_COLUMNS)
