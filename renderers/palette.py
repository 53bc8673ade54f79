"""Colours and seat identities shared by every board image.

Why these colours: seat colours come from the Okabe–Ito palette, designed to stay distinguishable for
the common colour-vision deficiencies. Of its seven colours we use the five whose weakest pair is still
the most different after simulating protanopia, deuteranopia and tritanopia (Machado et al. 2009,
severity 1.0; smallest CIELAB distance 20.7 over all pairs and all simulations, versus 17.2 for the next
best choice). The order puts the most different colours first, so a two-player game gets blue against
vermillion (distance 92) and every prefix stays as distinct as possible. The test suite re-checks this.

Colour is never the only cue: each seat also has a letter (A–E) and a shape, drawn together by
`renderers.toolkit.draw_marker`, so a player who sees no colour at all still tells seats apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.types import T, Text

RGB = tuple[int, int, int]


def hex_rgb(code: str) -> RGB:
    """`"#RRGGBB"` as an RGB tuple; Pillow accepts both, but contrast maths needs the numbers."""
    value = code.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance: the basis of the contrast ratio below."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio (1–21). Text needs at least 4.5 to be readable when shrunk on a phone."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# Neutrals. Warm paper instead of pure white keeps large boards calm. Contrast on the paper: ink 16:1,
# muted ink 6.6:1 (both above the 4.5 needed for text), grid lines 3.6:1 (3 is the minimum for graphics).
BACKGROUND: RGB = hex_rgb("#F4EFE4")
PANEL: RGB = hex_rgb("#FFFDF8")
PANEL_HEADER: RGB = hex_rgb("#E4DCCB")
INK: RGB = hex_rgb("#121212")
MUTED_INK: RGB = hex_rgb("#5A5346")
LINE: RGB = hex_rgb("#857C6A")
WHITE: RGB = (255, 255, 255)
# The highlight (last action) is a white band between two ink edges: it reads on every seat colour
# and on the paper, so it is recognisable by its double-edged shape rather than by a hue.
HIGHLIGHT: RGB = WHITE
HIGHLIGHT_EDGE: RGB = INK

SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "pentagon")


@dataclass(frozen=True, slots=True)
class Style:
    """How one seat (or team) is drawn: fill colour, the ink readable on it, a letter and a shape.

    `ink` is chosen per colour (white on the dark blue, near-black elsewhere) so that the letter inside
    a marker meets WCAG AA contrast. `name` is the bilingual word for the seat, for legends and alt text.
    """

    colour: RGB
    ink: RGB
    letter: str
    shape: str
    name: Text


SEAT_STYLES: tuple[Style, ...] = (
    Style(hex_rgb("#0072B2"), WHITE, "A", "circle", T("青 A", "Blue A")),
    Style(hex_rgb("#D55E00"), INK, "B", "square", T("朱 B", "Vermillion B")),
    Style(hex_rgb("#F0E442"), INK, "C", "triangle", T("黄 C", "Yellow C")),
    Style(hex_rgb("#56B4E9"), INK, "D", "diamond", T("空 D", "Sky D")),
    Style(hex_rgb("#CC79A7"), INK, "E", "star", T("紫 E", "Purple E")),
)

# Teams use the two Okabe–Ito colours the seats leave free, other letters and other shapes, so a team
# badge is never mistaken for a seat marker.
TEAM_STYLES: tuple[Style, ...] = (
    Style(hex_rgb("#009E73"), INK, "X", "hexagon", T("チームX", "Team X")),
    Style(hex_rgb("#E69F00"), INK, "Y", "pentagon", T("チームY", "Team Y")),
)


def seat_style(seat: int) -> Style:
    """The style of a seat (0-based). Games support at most five seats, so more is a programming error."""
    if not 0 <= seat < len(SEAT_STYLES):
        raise ValueError(f"no style for seat {seat}: at most {len(SEAT_STYLES)} seats are supported")
    return SEAT_STYLES[seat]


def team_style(team: int) -> Style:
    """The style of a team (0-based)."""
    if not 0 <= team < len(TEAM_STYLES):
        raise ValueError(f"no style for team {team}: at most {len(TEAM_STYLES)} teams are supported")
    return TEAM_STYLES[team]
