"""Attack patterns: masks of cells around a figure, turned to its facing.

A pattern is rows of marks drawn for a figure facing up: `@` is the figure's cell, `X` a
cell it reaches, `.` one it does not, and `*` a ray: the line of fire starts on that cell
and runs on away from `@` in the same straight or diagonal line, while the cells stay within
the reach (counted as the board counts range) and in the figure's line of sight; it stops
before the first cell out of sight or that blocks sight, or off the board.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING

from compiler.geometry.cells import Cell

if TYPE_CHECKING:
    from collections.abc import Sequence

    from compiler.geometry.board import Board

ORIGIN, REACH, RAY, EMPTY = "@", "X", "*", "."
MARKS = frozenset({ORIGIN, REACH, RAY, EMPTY})


class PatternError(ValueError):
    """A pattern that cannot be read: no `@`, more than one, or a mark it does not know."""


def pattern_marks(rows: Sequence[str]) -> tuple[list[Cell], list[Cell]]:
    """The offsets from `@` of the cells a pattern reaches (`X`, either case) and of its
    rays' first cells (`*`), row by row."""
    origins = [(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ORIGIN]
    if len(origins) != 1:
        raise PatternError(f"an attack pattern needs exactly one '{ORIGIN}' marking the "
                           f"attacker's cell, not {len(origins)}")
    unknown = sorted({ch for row in rows for ch in row if ch.upper() not in MARKS})
    if unknown:
        raise PatternError(f"an attack pattern's marks are '@', 'X', '*' and '.', not "
                           f"{', '.join(repr(ch) for ch in unknown)}")
    (oc, orow), = origins
    reach, rays = [], []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch.upper() == REACH:
                reach.append((c - oc, r - orow))
            elif ch == RAY:
                rays.append((c - oc, r - orow))
    return reach, rays


def turned(offset: Cell, face: int, mirrored: bool = False) -> Cell:
    """An offset drawn facing up, mirrored left to right first when `mirrored`, then turned
    clockwise `face` quarter turns (0 up, 1 right, 2 down, 3 left)."""
    dc, dr = offset
    if mirrored:
        dc = -dc
    for _ in range(face % 4):
        dc, dr = -dr, dc
    return dc, dr


def ray_cells(board: Board, at: Cell, first: Cell, reach: int | None = None) -> list[Cell]:
    """The cells of a ray from `at` whose first cell is `first`: on along the line from `at`
    through `first` while each cell is on the board, does not block sight, is seen from `at`
    and lies within `reach` (None: unlimited) of it."""
    dc, dr = first[0] - at[0], first[1] - at[1]
    step = gcd(dc, dr)
    if step == 0:
        return []
    dc, dr = dc // step, dr // step
    found: list[Cell] = []
    cell = first
    while (cell in board.cells and not board.blocks_sight(cell)
           and (reach is None or board.span(at, cell) <= reach)
           and board.line_of_sight(at, cell)):
        found.append(cell)
        cell = (cell[0] + dc, cell[1] + dr)
    return found


def pattern_cells(rows: Sequence[str], at: Cell, face: int, mirrored: bool = False,
                  board: Board | None = None, reach: int | None = None) -> list[Cell]:
    """The cells a pattern covers for a figure on `at` facing `face` (mirrored first when
    `mirrored`): its `X` cells, then its rays' cells on `board` within `reach` (no board, no
    rays)."""
    cells, rays = pattern_marks(rows)
    found = [(at[0] + dc, at[1] + dr) for dc, dr in (turned(o, face, mirrored) for o in cells)]
    if board is None:
        return found
    for offset in rays:
        dc, dr = turned(offset, face, mirrored)
        found += ray_cells(board, at, (at[0] + dc, at[1] + dr), reach)
    return found
