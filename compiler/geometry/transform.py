"""Quarter turns and footprints. Turns are clockwise; a turned shape keeps its top-left at
the cell it is placed at, so placing never moves a shape up or left of its anchor."""

from __future__ import annotations

from collections.abc import Iterable

from compiler.geometry.cells import Cell

ROTATIONS = (0, 90, 180, 270)


def turned_size(size: tuple[int, int], rotate: int) -> tuple[int, int]:
    """The (columns, rows) a `size` covers after turning by `rotate` degrees."""
    w, h = size
    return (h, w) if rotate % 180 else (w, h)


def rotate_cell(cell: Cell, size: tuple[int, int], rotate: int) -> Cell:
    """Where `cell` of a (columns, rows) frame lands when the frame turns `rotate` degrees
    clockwise about its own top-left corner and is moved back to start at (0, 0)."""
    x, y = cell
    w, h = size
    turns = (rotate // 90) % 4
    if turns == 0:
        return x, y
    if turns == 1:
        return h - 1 - y, x
    if turns == 2:
        return w - 1 - x, h - 1 - y
    return y, w - 1 - x


def frame_of(cells: Iterable[Cell]) -> tuple[int, int]:
    """The (columns, rows) of the smallest frame from (0, 0) holding `cells`."""
    cells = list(cells)
    if not cells:
        return 0, 0
    return max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1


def rotate_cells(cells: Iterable[Cell], rotate: int) -> frozenset[Cell]:
    """A shape turned clockwise and moved back so its top-left is where it was."""
    cells = frozenset(cells)
    if not cells:
        return cells
    c0 = min(c for c, _ in cells)
    r0 = min(r for _, r in cells)
    local = [(c - c0, r - r0) for c, r in cells]
    size = frame_of(local)
    return frozenset((c + c0, r + r0) for c, r in (rotate_cell(x, size, rotate) for x in local))


def footprint(at: Cell, size: tuple[int, int], rotate: int = 0) -> frozenset[Cell]:
    """The cells a (columns, rows) piece covers with its top-left at `at`."""
    w, h = turned_size(size, rotate)
    c0, r0 = at
    return frozenset((c0 + dc, r0 + dr) for dc in range(w) for dr in range(h))
