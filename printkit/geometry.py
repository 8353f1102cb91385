"""Physical geometry: millimetres, points and pixels; paper sizes; a card's trim, bleed and
safe zone at a resolution, and where a card's size comes from.

Pixel sizes are rounded per part: a card image is `trim + 2 × bleed` pixels, with the trim
and the bleed each rounded once, so the trim sits exactly centred in the image.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.language.documents import DEFAULT_CARD_SIZES, CardSize

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0

PAPER: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Portrait paper sizes in millimetres."""


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


def px(mm: float, dpi: float) -> int:
    """`mm` as a whole number of pixels at `dpi`."""
    return round(mm * dpi / MM_PER_INCH)


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_INCH / MM_PER_INCH


def pt_to_px(pt: float, dpi: float) -> float:
    return pt * dpi / PT_PER_INCH


@dataclass(frozen=True)
class CardGeometry:
    """A card's trim size (mm), bleed and safe margin (mm) at `dpi`."""

    width: float
    height: float
    bleed: float = 3.0
    dpi: int = 300
    safe: float = 3.0

    @property
    def bleed_px(self) -> int:
        return px(self.bleed, self.dpi)

    @property
    def trim_px(self) -> tuple[int, int]:
        return px(self.width, self.dpi), px(self.height, self.dpi)

    @property
    def size_px(self) -> tuple[int, int]:
        """The card image with its bleed, in pixels."""
        w, h = self.trim_px
        return w + 2 * self.bleed_px, h + 2 * self.bleed_px

    def x(self, mm: float) -> float:
        """The image x of a point `mm` right of the trim's left edge."""
        return self.bleed_px + mm_to_px(mm, self.dpi)

    def y(self, mm: float) -> float:
        return self.bleed_px + mm_to_px(mm, self.dpi)

    def rect(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """A box given in trim millimetres, as image pixels (left, top, right, bottom)."""
        return self.x(x), self.y(y), self.x(x + w), self.y(y + h)

    @property
    def trim_rect(self) -> tuple[int, int, int, int]:
        b = self.bleed_px
        w, h = self.trim_px
        return b, b, b + w, b + h

    @property
    def safe_rect(self) -> tuple[float, float, float, float]:
        return self.rect(
            self.safe, self.safe, self.width - 2 * self.safe, self.height - 2 * self.safe
        )


def card_size(name: str, declared: dict[str, CardSize]) -> CardSize | None:
    """The size called `name`: the game's own (`card-sizes:`) first, then the built-in ones."""
    return declared.get(name) or DEFAULT_CARD_SIZES.get(name)
