"""Text layout: words in styled runs and inline icons, wrapped to a width, shrunk until the
block fits its box in both directions (down to a minimum size), aligned, and drawn.

Lines break at spaces and after a hyphen between two letters. Sizes are in points, positions
in pixels. Icons are as tall as the font's ascenders and sit on the baseline wherever they fall
in a line. A block that does not fit even at the minimum size is laid out at that size and
marked `overflow`.

Cards repeat their texts, so a process lays out each text in each box once (a bounded cache
of blocks, which are frozen and shared).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from printkit import fonts
from printkit.geometry import pt_to_px
from printkit.markup import Paragraph, Run

STEP = 0.25  # points between the sizes tried when shrinking
ICON_GAP = 0.08  # em of space each side of an inline icon
Aspect = Callable[[str], float]  # icon name -> width over height
HYPHEN = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # after a hyphen between two letters


@dataclass(frozen=True)
class Piece:
    """A run placed in a line: `x` from the line's start, width `w` in pixels."""

    run: Run
    x: float
    w: float


@dataclass(frozen=True)
class Line:
    """Pieces set in one line `width` wide, `x` from the box's left after alignment, its
    `baseline` from the box's top."""

    pieces: tuple[Piece, ...]
    width: float
    x: float = 0.0
    baseline: float = 0.0


@dataclass(frozen=True)
class Block:
    """Laid-out text: its size, lines and ink extent (relative to the box's top-left).
    Blocks are shared between callers that lay out the same text in the same box."""

    size: float
    size_px: float
    family: str
    lines: tuple[Line, ...]
    overflow: bool
    icon_h: float
    bounds: tuple[float, float, float, float]


@dataclass(frozen=True)
class _Word:
    """Runs between spaces (`2:coin:` mixes styles and icons), and the styles of the spaces
    that follow it: the same at every size."""

    runs: tuple[Run, ...]
    spaces: tuple[tuple[bool, bool], ...]


@dataclass
class _Set:
    """Words placed in lines at one size: each line's pieces and width."""

    size: float
    size_px: float
    icon_h: float
    lines: list[tuple[list[Piece], float]]


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
    runs = tuple(tuple(para) for para in paragraphs)
    icons = {r.icon for para in runs for r in para if r.icon is not None}
    aspects = tuple(sorted((name, aspect(name)) for name in icons))
    return _fit(
        runs, width, height, family, size, min_size, dpi, line_height, wrap, align, valign, aspects
    )


# Faces repeat their texts (titles, type lines, stat labels, backs): lay each out once.
@lru_cache(maxsize=4096)
def _fit(
    paragraphs: tuple[tuple[Run, ...], ...],
    width: float,
    height: float,
    family: str,
    size: float,
    min_size: float,
    dpi: int,
    line_height: float,
    wrap: bool,
    align: str,
    valign: str,
    aspects: tuple[tuple[str, float], ...],
) -> Block:
    min_size = min(min_size, size)
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    if sizes[-1] > min_size:
        sizes.append(min_size)
    words = [_words(para) for para in paragraphs]  # split once, measured at each size tried
    aspect = dict(aspects)
    # Binary search for the largest size that fits; wrapping makes "fits" nearly monotonic.
    lo, hi, best = 0, len(sizes) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = _set(words, width, sizes[mid], family, dpi, wrap, aspect, (height, line_height))
        if attempt is not None:
            best, hi = attempt, mid - 1
        else:
            lo = mid + 1
    overflow = best is None
    if best is None:
        best = _set(words, width, sizes[-1], family, dpi, wrap, aspect)
    assert best is not None  # set without a box to fit, every size gives lines
    return _align(best, family, width, height, align, valign, line_height, overflow)


def _height(size_px: float, lines: int, family: str, line_height: float) -> float:
    ascent, descent = fonts.metrics(family, False, False, size_px)
    return ascent + descent + (lines - 1) * size_px * line_height


def _set(
    paragraphs: list[list[_Word]],
    width: float,
    size: float,
    family: str,
    dpi: int,
    wrap: bool,
    aspect: dict[str, float],
    box: tuple[float, float] | None = None,
) -> _Set | None:
    """Break the paragraphs into lines at `size`. Given a `box` (height, line height), None
    as soon as the lines cannot fit it: one wider than `width`, or too many for its height
    (lines only grow, so the rest need not be measured)."""
    size_px = pt_to_px(size, dpi)
    icon_h = fonts.metrics(family, False, False, size_px)[0]
    gap = 2 * ICON_GAP * size_px
    lines: list[tuple[list[Piece], float]] = []

    def too_tall() -> bool:
        return box is not None and _height(size_px, len(lines), family, box[1]) > box[0] + 0.5

    for para in paragraphs:
        pieces: list[Piece] = []
        line_width = space = 0.0
        for word in para:
            widths = [
                icon_h * aspect[r.icon] + gap
                if r.icon is not None
                else fonts.width(family, r.bold, r.italic, size_px, r.text)
                for r in word.runs
            ]
            start = line_width + space if pieces else 0.0
            if wrap and pieces and start + sum(widths) > width + 0.5:
                lines.append((pieces, line_width))
                if too_tall():
                    return None
                pieces, start = [], 0.0
            for run, w in zip(word.runs, widths, strict=True):
                pieces.append(Piece(run, start, w))
                start += w
            line_width = start
            if box is not None and line_width > width + 0.5:
                return None
            space = 0.0
            for bold, italic in word.spaces:
                space += fonts.width(family, bold, italic, size_px, " ")
        lines.append((pieces, line_width))
        if too_tall():
            return None
    return _Set(size, size_px, icon_h, lines)


def _words(para: tuple[Run, ...]) -> list[_Word]:
    """Split runs at spaces into words; a space before the first word is dropped."""
    words: list[_Word] = []
    current: list[Run] = []

    def close(space_run: Run | None) -> None:
        space = () if space_run is None else ((space_run.bold, space_run.italic),)
        if current:
            words.append(_Word(tuple(current), space))
            current.clear()
        elif space and words:
            words[-1] = _Word(words[-1].runs, words[-1].spaces + space)

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
    setting: _Set,
    family: str,
    width: float,
    height: float,
    align: str,
    valign: str,
    line_height: float,
    overflow: bool,
) -> Block:
    """The block of `setting`, its lines placed in the box."""
    ascent, _ = fonts.metrics(family, False, False, setting.size_px)
    total = _height(setting.size_px, len(setting.lines), family, line_height)
    top = {"top": 0.0, "middle": (height - total) / 2, "bottom": height - total}[valign]
    pitch = setting.size_px * line_height
    left = right = None
    lines = []
    for i, (pieces, line_width) in enumerate(setting.lines):
        x = {"left": 0.0, "center": (width - line_width) / 2, "right": width - line_width}[align]
        lines.append(Line(tuple(pieces), line_width, x, top + ascent + i * pitch))
        if pieces:
            left = x if left is None else min(left, x)
            right = x + line_width if right is None else max(right, x + line_width)
    if left is None:
        left = right = 0.0
    return Block(
        setting.size,
        setting.size_px,
        family,
        tuple(lines),
        overflow,
        setting.icon_h,
        (left, top, right, top + total),
    )


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
        space = fonts.width(block.family, run.bold, run.italic, block.size_px, " ")
        text += " " * max(1, round(gap / space)) if gap > 0.5 else ""
        text += p.run.text
        end = p.x + p.w
    canvas.text((x0 + start, baseline), text, font=f, fill=color, anchor="ls")
