"""Drawing a picture at a pixel density: the live board's 2× pictures, sharp on a phone's 2× or 3× screen,
from the same renderers that draw Discord's 1× pictures.

Why this way: the renderers lay everything out in pixels of the 1× picture (an 800 px canvas, text sizes
chosen for it, boxes, hex centres, regions). Rather than multiply every length in ~6,000 lines, a picture
drawn at density d is a `Canvas`: it holds pixels d times as wide and as tall, but shows the renderers its
1× size, and everything that puts pixels on it scales what it is given (`drawing` for shapes and lines,
`renderers.text.draw_line` for text, `renderers.markers.draw_marker` and the other sprites for pasted
parts). So a 2× board is really drawn at 2×: text rasterised at twice the font size, lines twice as thick,
shapes at twice the coordinates, sprites built at twice the size (cached per size, so per density) — and
laid out exactly as the 1× board is, because the layout is the same code on the same 1× numbers (where
text wraps, what is cut with "…", which letter fits a marker).

At density 1 nothing changes: `new_image` makes a plain Pillow image, `drawing` is `ImageDraw.Draw`, and the
pixels are the ones the renderers drew before densities existed.

Coordinates that leave the renderer (`renderers.regions`) are in the 1× picture's pixels at every density:
the live board overlays them with the 1× width and height as its viewBox, so one layout serves both pictures.

The density is chosen per drawing with `at_density` (a context variable, so threads and worker processes
drawing other pictures meanwhile are not affected); only `new_image` reads it, and everything else takes it
from the canvas it draws on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from PIL import Image, ImageDraw

DENSITIES = (1, 2)
"""The densities pictures are drawn at: 1 for Discord, 2 for the live board."""
LIVE_DENSITY = 2
"""The live board's: it is read on phones, whose screens have two or three pixels to a CSS pixel, where a 1×
picture shown full width is blurred (Discord's pictures stay 1×)."""

_DENSITY: ContextVar[int] = ContextVar("density", default=1)


def density() -> int:
    """The density new canvases are drawn at here."""
    return _DENSITY.get()


@contextmanager
def at_density(value: int) -> Iterator[None]:
    """Draw the canvases made inside the block at `value` (one of `DENSITIES`)."""
    if value not in DENSITIES:
        raise ValueError(f"density must be one of {DENSITIES}, got {value!r}")
    token = _DENSITY.set(value)
    try:
        yield
    finally:
        _DENSITY.reset(token)


class Canvas:
    """A picture drawn at `density` > 1, seen in 1× pixels: `width`, `height`, `size`, `crop` and `paste`
    take and give 1× coordinates, while `pixels` (the Pillow image) is `density` times as wide and tall.

    `paste` takes a sprite already drawn at this density (`scale_of` tells how large to make it) and a 1×
    position. Draw shapes through `drawing`, text through `renderers.text`."""

    __slots__ = ("density", "pixels")

    def __init__(self, pixels: Image.Image, density: int) -> None:
        self.pixels = pixels
        self.density = density

    @property
    def width(self) -> int:
        return self.pixels.width // self.density

    @property
    def height(self) -> int:
        return self.pixels.height // self.density

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def copy(self) -> Canvas:
        return Canvas(self.pixels.copy(), self.density)

    def crop(self, box: Sequence[float]) -> Canvas:
        """The part inside `box` (1× pixels, rounded as Pillow rounds a crop box)."""
        return Canvas(self.pixels.crop(tuple(round(value) * self.density for value in box)), self.density)

    def paste(self, sprite: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
        """Paste `sprite` (drawn at this density) with its top-left corner at the 1× point `xy`."""
        self.pixels.paste(sprite, (xy[0] * self.density, xy[1] * self.density), mask)


Picture = Image.Image | Canvas
"""What renderers draw on: a Pillow image at density 1, a `Canvas` above."""


def new_image(mode: str, size: tuple[int, int], colour: Any) -> Picture:
    """A blank picture of `size` 1× pixels at the current density."""
    scale = density()
    if scale == 1:
        return Image.new(mode, size, colour)
    return Canvas(Image.new(mode, (size[0] * scale, size[1] * scale), colour), scale)


def scale_of(img: Picture) -> int:
    """The density `img` is drawn at."""
    return img.density if isinstance(img, Canvas) else 1


def pixels(img: Picture) -> Image.Image:
    """The Pillow image of a picture at its own density."""
    return img.pixels if isinstance(img, Canvas) else img


def drawing(img: Picture) -> Drawer:
    """What draws shapes on `img` in 1× coordinates: Pillow's own `ImageDraw.Draw` at density 1."""
    return ScaledDraw(img) if isinstance(img, Canvas) else ImageDraw.Draw(img)


def _flat(xy: Sequence[Any]) -> list[float]:
    """[x0, y0, x1, y1, ...] from either a flat sequence or a sequence of points."""
    if xy and isinstance(xy[0], (tuple, list)):
        return [value for point in xy for value in point]
    return list(xy)


class ScaledDraw:
    """The `ImageDraw` methods the renderers use, on a `Canvas`, in its 1× coordinates.

    A box is scaled so that it covers the pixels its 1× box covers, times the density (Pillow's boxes include
    their right and bottom edge: 1× pixels 0..9 become 0..19 at 2×); points, widths and radii are multiplied
    (a line of odd width is moved half a 1× pixel, as Pillow centres it on a pixel, an even one between two)."""

    def __init__(self, canvas: Canvas) -> None:
        self._image = canvas  # as `ImageDraw.ImageDraw._image`: the picture drawn on (the tests' watchers read it)
        self.density = canvas.density
        self.draw = ImageDraw.Draw(canvas.pixels)

    def _box(self, xy: Sequence[Any]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = _flat(xy)
        d = self.density
        return (x0 * d, y0 * d, x1 * d + d - 1, y1 * d + d - 1)

    def _points(self, xy: Sequence[Any], shift: float = 0) -> list[tuple[float, float]]:
        flat = _flat(xy)
        d = self.density
        return [(x * d + shift, y * d + shift) for x, y in zip(flat[::2], flat[1::2])]

    def _width(self, width: int) -> int:
        return max(1, width) * self.density

    def rectangle(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.rectangle(self._box(xy), fill=fill, outline=outline, width=self._width(width))

    def rounded_rectangle(self, xy: Sequence[Any], radius: float = 0, fill: Any = None, outline: Any = None,
                          width: int = 1, *, corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        self.draw.rounded_rectangle(self._box(xy), radius=radius * self.density, fill=fill, outline=outline,
                                    width=self._width(width), corners=corners)

    def ellipse(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.ellipse(self._box(xy), fill=fill, outline=outline, width=self._width(width))

    def polygon(self, xy: Sequence[Any], fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.polygon(self._points(xy), fill=fill, outline=outline, width=self._width(width))

    def line(self, xy: Sequence[Any], fill: Any = None, width: int = 0, joint: str | None = None) -> None:
        shift = self.density / 2 if max(1, width) % 2 else 0
        self.draw.line(self._points(xy, shift), fill=fill, width=self._width(width), joint=joint)


Drawer = ImageDraw.ImageDraw | ScaledDraw
"""What `drawing` gives: shapes drawn in 1× coordinates at the picture's density."""
