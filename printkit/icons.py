"""Icons: shapes drawn from a layout's `icons:` (no file needed) or image files the game
declares in `icons:`. `icon_image` returns an RGBA image of the asked size; `open_image`
reads any image file (icons and card art) once per process.

Shapes are drawn four times larger and scaled down, so their edges are smooth.
"""

from __future__ import annotations

import math
import stat
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from compiler.language.documents import IconShape
from printkit import fonts

IconSource = IconShape | Path
"""A shape to draw, or the image file of an icon."""

_SUPERSAMPLE = 4


def aspect(source: IconSource) -> float | None:
    """Width over height of the icon; None when its image file cannot be read."""
    if isinstance(source, IconShape):
        return 1.0
    image = open_image(source)
    return None if image is None else image.width / image.height


def icon_image(source: IconSource, width: int, height: int) -> Image.Image | None:
    """The icon as an RGBA image; None when its image file cannot be read."""
    width, height = max(1, width), max(1, height)
    if isinstance(source, IconShape):
        return _shape(source, width, height)
    image = open_image(source)
    return None if image is None else image.resize((width, height), Image.Resampling.LANCZOS)


def open_image(path: Path) -> Image.Image | None:
    """An image file as RGBA, read once per process while the file is unchanged; None when
    it is missing, unreadable or not a regular file."""
    try:
        st = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):  # a pipe or a device: opening it could wait forever
        return None
    return _read(path, st.st_mtime_ns)


@lru_cache(maxsize=64)
def _read(path: Path, mtime: int) -> Image.Image | None:
    try:
        with Image.open(path) as im:
            return im.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


@lru_cache(maxsize=256)
def _shape(spec: IconShape, width: int, height: int) -> Image.Image:
    s = _SUPERSAMPLE
    w, h = width * s, height * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    line = max(1, round(min(w, h) * 0.07)) if spec.stroke else 0
    kw = {"fill": spec.fill, "outline": spec.stroke, "width": line}
    box = (0, 0, w - 1, h - 1)
    if spec.shape == "circle":
        draw.ellipse(box, **kw)
    elif spec.shape == "square":
        draw.rectangle(box, **kw)
    elif spec.shape == "rounded":
        draw.rounded_rectangle(box, radius=min(w, h) * 0.25, **kw)
    else:
        points = [(x * (w - 1), y * (h - 1)) for x, y in _OUTLINES[spec.shape]]
        draw.polygon(points, **kw)
    if spec.label:
        size = (
            min(w, h) * (0.62 if len(spec.label) == 1 else 0.5) * _LABEL_SCALE.get(spec.shape, 1.0)
        )
        f = fonts.font("sans", True, False, size)
        centre = (w / 2, h * _LABEL_Y.get(spec.shape, 0.5))
        draw.text(centre, spec.label, font=f, fill=spec.color, anchor="mm")
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _star(points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        r = 0.5 if i % 2 == 0 else 0.5 * inner
        a = math.pi * i / points - math.pi / 2
        out.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    return out


def _heart(steps: int = 48) -> list[tuple[float, float]]:
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((0.5 + x / 34, 0.45 - y / 34))
    return pts


def _shield(steps: int = 24) -> list[tuple[float, float]]:
    pts = [(0.0, 0.08), (0.5, 0.0), (1.0, 0.08), (1.0, 0.45)]
    for i in range(1, steps):  # the curved point at the bottom
        t = i / steps
        pts.append((1.0 - 0.5 * t, 0.45 + 0.55 * math.sin(t * math.pi / 2)))
    pts.append((0.5, 1.0))
    pts += [(1.0 - x, y) for x, y in reversed(pts[4:-1])]
    pts.append((0.0, 0.45))
    return pts


def _drop(steps: int = 32) -> list[tuple[float, float]]:
    pts = [(0.5, 0.0)]
    for i in range(steps + 1):  # the round bottom, from the right side to the left
        a = -math.pi / 6 + (math.pi + math.pi / 3) * i / steps
        pts.append((0.5 + 0.38 * math.cos(a), 0.62 + 0.38 * math.sin(a)))
    return pts


_OUTLINES: dict[str, list[tuple[float, float]]] = {
    "diamond": [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)],
    "triangle": [(0.5, 0.0), (1.0, 1.0), (0.0, 1.0)],
    "hexagon": [(0.25, 0.0), (0.75, 0.0), (1.0, 0.5), (0.75, 1.0), (0.25, 1.0), (0.0, 0.5)],
    "star": _star(),
    "heart": _heart(),
    "shield": _shield(),
    "drop": _drop(),
}
# Where a label's centre sits, as a fraction of the height, on shapes whose mass is off-centre.
_LABEL_SCALE = {"star": 0.7, "triangle": 0.8, "diamond": 0.85}
_LABEL_Y = {"triangle": 0.65, "heart": 0.42, "shield": 0.42, "drop": 0.62, "star": 0.55}
