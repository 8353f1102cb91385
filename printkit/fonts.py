"""Fonts: Source Sans Pro and Source Serif Pro from their PyPI packages (regular, bold,
italic, bold italic), Pillow's built-in font when a package is missing.

Fonts are named like layout boxes name them (`sans`, `serif-bold-italic`) and loaded once
per process and size. Layout is Pillow's basic engine, so text measures the same with or
without libraqm.
"""

from __future__ import annotations

import importlib.util
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_PACKAGES = {
    "sans": ("font_source_sans_pro", "SourceSansPro"),
    "serif": ("font_source_serif_pro", "SourceSerifPro"),
}
_STYLES = {
    (False, False): "Regular",
    (True, False): "Bold",
    (False, True): "It",
    (True, True): "BoldIt",
}


def parse_name(name: str) -> tuple[str, bool, bool]:
    """`serif-bold-italic` -> (`serif`, bold, italic)."""
    family, *styles = name.split("-")
    return family, "bold" in styles, "italic" in styles


@cache
def font_path(family: str, bold: bool = False, italic: bool = False) -> Path | None:
    """The font file for a family and style, or None when its package is not installed."""
    package, stem = _PACKAGES.get(family, _PACKAGES["sans"])
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = (
        Path(next(iter(spec.submodule_search_locations)))
        / "files"
        / f"{stem}-{_STYLES[bold, italic]}.ttf"
    )
    return path if path.is_file() else None


@lru_cache(maxsize=1024)
def font(family: str, bold: bool, italic: bool, size_px: float) -> Font:
    """A font at `size_px` pixels (the em size)."""
    path = font_path(family, bold, italic)
    if path is None:
        return ImageFont.load_default(size_px)
    return ImageFont.truetype(str(path), size_px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=65536)
def width(family: str, bold: bool, italic: bool, size_px: float, text: str) -> float:
    """How wide `text` sets in that font, in pixels (fitting text measures the same words at
    the same sizes again and again)."""
    return font(family, bold, italic, size_px).getlength(text)


@lru_cache(maxsize=1024)
def metrics(family: str, bold: bool, italic: bool, size_px: float) -> tuple[float, float]:
    """(ascent, descent) in pixels measured on ink: the top of `Hd` and the bottom of `gy`,
    so a line of text centres on what the eye sees rather than on the font's line box."""
    f = font(family, bold, italic, size_px)
    top = f.getbbox("Hd", anchor="ls")[1]
    bottom = f.getbbox("gy", anchor="ls")[3]
    return float(-top), float(bottom)


def missing(family: str, bold: bool, italic: bool, text: str) -> list[str]:
    """The characters of `text` the font has no glyph for (it would draw its empty box)."""
    return [ch for ch in dict.fromkeys(text) if not _has_glyph(family, bold, italic, ch)]


@lru_cache(maxsize=4096)
def _has_glyph(family: str, bold: bool, italic: bool, ch: str) -> bool:
    if ch.isspace() or not ch.isprintable():
        return True
    glyph, nothing = font(family, bold, italic, 40).getmask(ch), _no_glyph(family, bold, italic)
    return glyph.size != nothing[0] or bytes(glyph) != nothing[1]


@lru_cache(maxsize=16)
def _no_glyph(family: str, bold: bool, italic: bool) -> tuple[tuple[int, int], bytes]:
    """The size and pixels of what the font draws for a character it lacks: a private code
    point, which no font draws."""
    nothing = font(family, bold, italic, 40).getmask("\U0010ffff")
    return nothing.size, bytes(nothing)


def fonts_id() -> str:
    """What identifies the fonts in use, for cache keys."""
    return ",".join(str(font_path(f, b, i)) for f in _PACKAGES for b, i in _STYLES)
