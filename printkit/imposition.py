"""Imposition: as many cards as fit on a sheet, crop marks, and back sheets for duplex.

Cards sit in a grid centred on the paper, `gutter` millimetres apart (0: trims butt and
one cut separates two cards). Each card keeps its bleed where there is room: all round the
block, and up to half the gutter between cards. Crop marks extend every trim line from
just outside the bleed to the paper's edge (at most `MARK_LENGTH`), on all four sides, so
after any one cut the marks for the other cuts are still on the sheet.

Backs: flipping a portrait sheet on its long edge mirrors it left to right, so a back goes
in the mirrored column; on its short edge it mirrors top to bottom, so a back goes in the
mirrored row, turned 180° so it reads the right way up when the card is turned over.
"""

from __future__ import annotations

from dataclasses import dataclass

MARK_GAP = 1.0  # mm between the bleed and a crop mark
MARK_MIN = 1.5  # mm: the shortest mark worth printing
MARK_LENGTH = 10.0  # mm: the longest mark
MARK_WIDTH = 0.15  # mm: drawn as a vector line in the PDF
DUPLEX = ("none", "duplex-long", "duplex-short")


@dataclass(frozen=True)
class Slot:
    column: int
    row: int
    turned: bool = False  # drawn rotated 180°


@dataclass(frozen=True)
class Sheet:
    """How cards of one size sit on one paper size (all lengths in millimetres)."""

    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    gutter: float
    columns: int
    rows: int
    marks: bool

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def block(self) -> tuple[float, float]:
        """The grid's trim extent: from the first card's left trim to the last's right."""
        w, h = self.card
        return self.columns * w + (self.columns - 1) * self.gutter, self.rows * h + (
            self.rows - 1
        ) * self.gutter

    @property
    def origin(self) -> tuple[float, float]:
        bw, bh = self.block
        return (self.paper[0] - bw) / 2, (self.paper[1] - bh) / 2

    def trim(self, slot: Slot) -> tuple[float, float, float, float]:
        """The card's trim on the paper: left, top, right, bottom."""
        ox, oy = self.origin
        w, h = self.card
        x = ox + slot.column * (w + self.gutter)
        y = oy + slot.row * (h + self.gutter)
        return x, y, x + w, y + h

    def reach(
        self, slot: Slot, used: set[tuple[int, int]] | None = None
    ) -> tuple[float, float, float, float]:
        """How far the card's image extends past its trim on each side (left, top, right,
        bottom): the full bleed at the block's edge and beside an empty slot (`used` holds
        the filled (column, row) pairs; None: all), else up to half the gutter."""
        inner = min(self.bleed, self.gutter / 2)
        c, r = slot.column, slot.row

        def side(dc: int, dr: int) -> float:
            n = (c + dc, r + dr)
            outside = not (0 <= n[0] < self.columns and 0 <= n[1] < self.rows)
            return self.bleed if outside or (used is not None and n not in used) else inner

        return side(-1, 0), side(0, -1), side(1, 0), side(0, 1)

    def slots(self) -> list[Slot]:
        return [Slot(c, r) for r in range(self.rows) for c in range(self.columns)]

    def back_of(self, slot: Slot, duplex: str) -> Slot:
        """Where the back of the card in `slot` goes on the back sheet."""
        if duplex == "duplex-short":
            return Slot(slot.column, self.rows - 1 - slot.row, turned=True)
        return Slot(self.columns - 1 - slot.column, slot.row)

    def mark_lines(
        self, slots: list[Slot] | None = None
    ) -> list[tuple[float, float, float, float]]:
        """Crop mark segments (x0, y0, x1, y1) in millimetres for the trims of `slots` (all)."""
        if not self.marks:
            return []
        pw, ph = self.paper
        ox, oy = self.origin
        bw, bh = self.block
        trims = [self.trim(s) for s in (slots if slots is not None else self.slots())]
        xs = sorted({v for t in trims for v in (t[0], t[2])})
        ys = sorted({v for t in trims for v in (t[1], t[3])})
        lines = []
        top_end, bottom_start = oy - self.bleed - MARK_GAP, oy + bh + self.bleed + MARK_GAP
        left_end, right_start = ox - self.bleed - MARK_GAP, ox + bw + self.bleed + MARK_GAP
        for x in xs:
            lines.append((x, max(0.0, top_end - MARK_LENGTH), x, top_end))
            lines.append((x, bottom_start, x, min(ph, bottom_start + MARK_LENGTH)))
        for y in ys:
            lines.append((max(0.0, left_end - MARK_LENGTH), y, left_end, y))
            lines.append((right_start, y, min(pw, right_start + MARK_LENGTH), y))
        return lines


def fit(
    paper: tuple[float, float], card: tuple[float, float], bleed: float, gutter: float, marks: bool
) -> Sheet | None:
    """The sheet holding the most cards, or None when not even one card fits."""
    margin = bleed + (MARK_GAP + MARK_MIN if marks else 0.0)

    def count(room: float, size: float) -> int:
        return max(0, int((room - 2 * margin + gutter + 1e-9) // (size + gutter)))

    columns, rows = count(paper[0], card[0]), count(paper[1], card[1])
    if not columns or not rows:
        return None
    return Sheet(paper, card, bleed, gutter, columns, rows, marks)


@dataclass(frozen=True)
class Placement:
    """One card image on a sheet, in millimetres from the paper's top-left corner: the box
    the whole image fills (trim plus full bleed), the part of it shown (`clip`: the trim
    plus the card's reach) and whether it is turned 180° within its box."""

    image: tuple[float, float, float, float]  # left, top, right, bottom
    clip: tuple[float, float, float, float]
    turned: bool


def placements(sheet: Sheet, slots: list[Slot]) -> list[Placement]:
    """Where each card of a page goes: its image at its exact size (trim plus bleed) over its
    slot, shown as far as its reach (see `Sheet.reach`), the filled slots being `slots`."""
    used = {(slot.column, slot.row) for slot in slots}
    bleed = sheet.bleed
    out = []
    for slot in slots:
        left, top, right, bottom = sheet.trim(slot)
        rl, rt, rr, rb = sheet.reach(slot, used)
        out.append(Placement(
            (left - bleed, top - bleed, right + bleed, bottom + bleed),
            (left - rl, top - rt, right + rr, bottom + rb),
            slot.turned,
        ))
    return out
