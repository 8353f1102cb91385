"""Text layout: words in styled runs and inline icons, wrapped to a width, shrunk until the
block fits its box in both directions (down to a minimum size), aligned, and drawn.

Lines break at spaces and after a hyphen between two letters. Sizes are in points, positions
in pixels. Icons are as tall as the font's ascenders and sit on the baseline wherever they fall
in a line. A block that does not fit even at the minimum size is laid out at that size and
marked `overflow`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from printkit import fonts
from printkit.geometry import pt_to_px
from printkit.markup import Paragraph, Run

STEP = 0.25  # points between the sizes tried when shrinking
ICON_GAP = 0.08  # em of space each side of an inline icon
Aspect = Callable[[str], float]  # icon name -> width over height
HYPHEN = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # after a hyphen between two letters


@dataclass
class Piece:
    """A run placed in a line: `x` from the line's start, width `w` in pixels."""

    run: Run
    x: float
    w: float


@dataclass
class Line:
    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0
    space: float = 0.0  # the space after the last word, used if another word follows
    x: float = 0.0  # offset from the box's left after alignment
    baseline: float = 0.0  # from the box's top


@dataclass
class Block:
    """Laid-out text: its size, lines and ink extent (relative to the box's top-left)."""

    size: float
    size_px: float
    family: str
    lines: list[Line]
    overflow: bool
    icon_h: float
    bounds: tuple[float, float, float, float]


@dataclass
class _Word:
    runs: list[Run]
    widths: list[float]
    space: float  # width of the space that follows it

    @property
    def width(self) -> float:
        return sum(self.widths)


def layout(
    paragraphs: list[Paragraph],
    width: float,
    height: float,
    *,
    family: str,
    size: float,
    min_size: float,
    dpi: int,
    line_height: float = 1.2,
    wrap: bool = True,
    align: str = "left",
    valign: str = "top",
    aspect: Aspect = lambda name: 1.0,
) -> Block:
    """Fit `paragraphs` into a `width` × `height` pixel box at the largest size that fits."""
    min_size = min(min_size, size)
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    if sizes[-1] > min_size:
        sizes.append(min_size)
    # Binary search for the largest size that fits; wrapping makes "fits" nearly monotonic.
    lo, hi, best = 0, len(sizes) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = _attempt(
            paragraphs, width, height, sizes[mid], family, dpi, line_height, wrap, aspect
        )
        if attempt is not None:
            best, hi = attempt, mid - 1
        else:
            lo = mid + 1
    if best is None:
        best = _set(paragraphs, width, sizes[-1], family, dpi, wrap, aspect)
        best.overflow = True
    _align(best, width, height, align, valign, line_height)
    return best


def _attempt(
    paragraphs, width, height, size, family, dpi, line_height, wrap, aspect
) -> Block | None:
    block = _set(paragraphs, width, size, family, dpi, wrap, aspect)
    if block.overflow or _height(block, line_height) > height + 0.5:
        return None
    return block


def _height(block: Block, line_height: float) -> float:
    ascent, descent = fonts.metrics(block.family, False, False, block.size_px)
    return ascent + descent + (len(block.lines) - 1) * block.size_px * line_height


def _set(paragraphs, width, size, family, dpi, wrap, aspect) -> Block:
    """Break the paragraphs into lines at `size`; `overflow` when a line is too wide."""
    size_px = pt_to_px(size, dpi)
    icon_h = fonts.metrics(family, False, False, size_px)[0]
    lines: list[Line] = []
    for para in paragraphs:
        line = Line()
        for word in _words(para, family, size_px, icon_h, aspect):
            start = line.width + line.space if line.pieces else 0.0
            if wrap and line.pieces and start + word.width > width + 0.5:
                lines.append(line)
                line, start = Line(), 0.0
            for run, w in zip(word.runs, word.widths, strict=True):
                line.pieces.append(Piece(run, start, w))
                start += w
            line.width, line.space = start, word.space
        lines.append(line)
    overflow = any(line.width > width + 0.5 for line in lines)
    return Block(size, size_px, family, lines, overflow, icon_h, (0, 0, 0, 0))


def _run_width(run: Run, family: str, size_px: float, icon_h: float, aspect: Aspect) -> float:
    if run.icon is not None:
        return icon_h * aspect(run.icon) + 2 * ICON_GAP * size_px
    return fonts.width(family, run.bold, run.italic, size_px, run.text)


def _words(
    para: Paragraph, family: str, size_px: float, icon_h: float, aspect: Aspect
) -> list[_Word]:
    """Split runs at spaces into words; a word may mix styles and icons (`2:coin:`)."""
    words: list[_Word] = []
    current: list[Run] = []

    def close(space_run: Run | None) -> None:
        if current:
            widths = [_run_width(r, family, size_px, icon_h, aspect) for r in current]
            space = 0.0
            if space_run is not None:
                space = fonts.width(family, space_run.bold, space_run.italic, size_px, " ")
            words.append(_Word(list(current), widths, space))
            current.clear()
        elif space_run is not None and words:
            words[-1].space += fonts.width(family, space_run.bold, space_run.italic, size_px, " ")

    for run in para:
        if run.icon is not None:
            current.append(run)
            continue
        parts = run.text.split(" ")
        for i, part in enumerate(parts):
            if i > 0:
                close(run)
            # A hyphen between letters may end a line: `Trouble-` / `maker`.
            *heads, tail = HYPHEN.split(part)
            for head in heads:
                current.append(Run(head, run.bold, run.italic))
                close(None)
            if tail:
                current.append(Run(tail, run.bold, run.italic))
    close(None)
    return words


def _align(
    block: Block, width: float, height: float, align: str, valign: str, line_height: float
) -> None:
    ascent, descent = fonts.metrics(block.family, False, False, block.size_px)
    total = _height(block, line_height)
    top = {"top": 0.0, "middle": (height - total) / 2, "bottom": height - total}[valign]
    pitch = block.size_px * line_height
    left = right = None
    for i, line in enumerate(block.lines):
        line.baseline = top + ascent + i * pitch
        line.x = {"left": 0.0, "center": (width - line.width) / 2, "right": width - line.width}[
            align
        ]
        if line.pieces:
            left = line.x if left is None else min(left, line.x)
            right = line.x + line.width if right is None else max(right, line.x + line.width)
    if left is None:
        left = right = 0.0
    block.bounds = (left, top, right, top + total)


def draw(
    image: Image.Image,
    block: Block,
    origin: tuple[float, float],
    color: str,
    icon: Callable[[str, int, int], Image.Image | None],
) -> list[str]:
    """Draw the block with its box's top-left at `origin`; return icons that could not be drawn."""
    canvas = ImageDraw.Draw(image)
    ox, oy = origin
    missing = []
    for line in block.lines:
        baseline = oy + line.baseline
        # Consecutive text pieces of one style are drawn as one string, keeping kerning.
        pending: list[Piece] = []
        for piece in [*line.pieces, None]:
            if pending and (
                piece is None or piece.run.icon is not None or _style(piece) != _style(pending[0])
            ):
                _draw_text(canvas, pending, ox + line.x, baseline, block, color)
                pending = []
            if piece is None:
                break
            if piece.run.icon is None:
                pending.append(piece)
                continue
            gap = ICON_GAP * block.size_px
            w = round(piece.w - 2 * gap)
            h = round(block.icon_h)
            picture = icon(piece.run.icon, w, h)
            left = round(ox + line.x + piece.x + gap)
            top = round(baseline) - h  # the icon's bottom row sits on the baseline
            if picture is None:
                canvas.rectangle(
                    (left, top, left + w - 1, top + h - 1), outline=color, width=max(1, h // 12)
                )
                missing.append(piece.run.icon)
            else:
                image.paste(picture, (left, top), picture)
    return missing


def _style(piece: Piece) -> tuple[bool, bool]:
    return piece.run.bold, piece.run.italic


def _draw_text(
    canvas: ImageDraw.ImageDraw,
    pieces: list[Piece],
    x0: float,
    baseline: float,
    block: Block,
    color: str,
) -> None:
    run = pieces[0].run
    f = fonts.font(block.family, run.bold, run.italic, block.size_px)
    # Text between pieces is joined with spaces the width the layout measured.
    start = pieces[0].x
    text = pieces[0].run.text
    end = start + pieces[0].w
    for p in pieces[1:]:
        gap = p.x - end
        space = f.getlength(" ")
        text += " " * max(1, round(gap / space)) if gap > 0.5 else ""
        text += p.run.text
        end = p.x + p.w
    canvas.text((x0 + start, baseline), text, font=f, fill=color, anchor="ls")
