"""Corner-to-corner line of sight.

The rule: cells a and b see each other when some straight line from a corner of a to a
corner of b, each corner taken a hair inside its own cell, touches no wall and no cell
other than a and b that blocks sight (blocking terrain, or a cell that is not part of the
board: blocked cells and gaps between tiles). Touching includes grazing an edge or a
corner, so sight never slips between two diagonally touching blockers, along the face of
a blocker in the same row, or round the end of a wall into the cell behind it; a line may
still start at a corner that lies on a wall, which keeps long corridors open. The rule is
symmetric, and a cell always sees itself and its wall-free neighbours. A railing stops a
line as a wall does, unless one end of the line is a high-side square at that run of railing
(see `railings`).

Cover: a target in sight has cover when no single corner of the viewer's cell has clear
lines to all four corners of the target's cell, counting cover terrain and the cells of
other figures as obstacles too (neither blocks sight; both shield what stands behind).

Arithmetic is exact: coordinates are scaled by `K` and "a hair" is one scaled unit, with
`K` large enough (8 × (board span + 2)) that the result equals the infinitesimal one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.geometry.cells import Cell
from compiler.geometry.railings import edge_segment, segment_line

if TYPE_CHECKING:
    from compiler.geometry.board import Board

Point = tuple[int, int]
_CORNERS = ((0, 0, 1, 1), (1, 0, -1, 1), (0, 1, 1, -1), (1, 1, -1, -1))  # corner, nudge inward


def _orient(p: Point, q: Point, r: Point) -> int:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


class SightIndex:
    """What line-of-sight queries need of a board, computed once per board."""

    def __init__(self, board: Board) -> None:
        self.cells = board.cells
        self.blocks = board.blocks_sight
        columns, rows = board.frame
        self.k = 8 * (max(columns, rows) + 2)
        found = (edge_segment(*pair) for pair in board.walls)
        self.walls: list[tuple[Point, Point]] = [s for s in found if s is not None]
        # each railing edge with its grid line, and the lines each high-side square stands at
        self.railings: list[tuple[tuple[Point, Point], tuple[str, int]]] = []
        self.at_railing: dict[Cell, set[tuple[str, int]]] = {}
        for pair, high in board.railed.items():
            segment = edge_segment(*pair)
            if segment is not None:
                self.railings.append((segment, segment_line(segment)))
                self.at_railing.setdefault(high, set()).add(segment_line(segment))

    def visible(self, a: Cell, b: Cell) -> bool:
        if a not in self.cells or b not in self.cells:
            return False
        if a == b:
            return True
        squares, walls = self._obstacles(a, b, self.blocks)
        starts = [self._corner(a, corner) for corner in _CORNERS]
        ends = [self._corner(b, corner) for corner in _CORNERS]
        return any(not _blocked(p, q, squares, walls) for p in starts for q in ends)

    def covered(self, a: Cell, b: Cell, screens) -> bool:
        """Whether `b` has cover from `a`: no corner of `a` has clear lines to all four
        corners of `b`, where cells that `screens` holds for (cover terrain, figures) stop a
        line as well as whatever blocks sight."""
        if a == b:
            return False
        squares, walls = self._obstacles(a, b, lambda c: self.blocks(c) or screens(c))
        ends = [self._corner(b, corner) for corner in _CORNERS]
        return not any(
            all(not _blocked(self._corner(a, corner), q, squares, walls) for q in ends)
            for corner in _CORNERS
        )

    def _obstacles(self, a: Cell, b: Cell, blocks):
        """The scaled squares (other than a and b) for which `blocks` holds, and the scaled
        walls, that could touch a line between a and b."""
        k = self.k
        c0, c1 = min(a[0], b[0]), max(a[0], b[0])
        r0, r1 = min(a[1], b[1]), max(a[1], b[1])
        # Only cells inside the rectangle spanned by a and b can touch a line between them.
        squares = [
            (c * k, r * k, (c + 1) * k, (r + 1) * k)
            for c in range(c0, c1 + 1)
            for r in range(r0, r1 + 1)
            if (c, r) != a and (c, r) != b and blocks((c, r))
        ]
        over = self.at_railing.get(a, set()) | self.at_railing.get(b, set())
        walls = [
            ((x1 * k, y1 * k), (x2 * k, y2 * k))
            for (x1, y1), (x2, y2) in self.walls + [s for s, line in self.railings
                                                    if line not in over]
            if c0 <= x1 <= c1 + 1
            and c0 <= x2 <= c1 + 1
            and r0 <= y1 <= r1 + 1
            and r0 <= y2 <= r1 + 1
        ]
        return squares, walls

    def _corner(self, cell: Cell, corner: tuple[int, int, int, int]) -> Point:
        dx, dy, nx, ny = corner
        return (cell[0] + dx) * self.k + nx, (cell[1] + dy) * self.k + ny


def _blocked(p: Point, q: Point, squares, walls) -> bool:
    for w1, w2 in walls:
        # Line ends are never on a wall's line (they sit a hair inside a cell), so the
        # segments meet exactly when the ends straddle the wall and the wall's ends do not
        # both lie strictly on one side of the line.
        if (
            _orient(w1, w2, p) * _orient(w1, w2, q) < 0
            and _orient(p, q, w1) * _orient(p, q, w2) <= 0
        ):
            return True
    xlo, xhi = min(p[0], q[0]), max(p[0], q[0])
    ylo, yhi = min(p[1], q[1]), max(p[1], q[1])
    dx, dy = q[0] - p[0], q[1] - p[1]
    for x0, y0, x1, y1 in squares:
        if xhi < x0 or xlo > x1 or yhi < y0 or ylo > y1:
            continue
        sides = [dx * (y - p[1]) - dy * (x - p[0]) for x in (x0, x1) for y in (y0, y1)]
        if min(sides) <= 0 <= max(sides):  # the closed square touches the line
            return True
    return False
