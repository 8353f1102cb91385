"""Railings: edges between two squares with a high side and a low side (a gallery's
balustrade, a stair's banister).

A railing is stored as (high cell, low cell). Nothing moves across it and no melee blow
reaches across it (a straight line between the two squares' centres that touches a railing,
its ends included, crosses it). Sight crosses a run of railing (the railing edges on one grid
line) only to or from a square on its high side that borders that run: a figure at the
balustrade sees over it and is seen, one further back or below is not. A square bordering a
railing on its high side is high ground.
"""

from __future__ import annotations

from collections.abc import Iterable

from compiler.geometry.cells import Cell

SIDES = ("top", "right", "bottom", "left")  # clockwise, as quarter turns count
_OUTWARD = ((0, -1), (1, 0), (0, 1), (-1, 0))

Segment = tuple[tuple[int, int], tuple[int, int]]
Line = tuple[str, int]  # ("h", y) or ("v", x): the grid line an edge lies on


def piece_railings(cells: Iterable[Cell], side: str, rotate: int) -> list[tuple[Cell, Cell]]:
    """The railing edges along `side` of a footprint (the side as drawn unturned; the piece
    is turned `rotate` degrees clockwise): (the footprint's cell, the cell beyond it)."""
    dc, dr = _OUTWARD[(SIDES.index(side) + rotate // 90) % 4]
    cells = frozenset(cells)
    return sorted((c, (c[0] + dc, c[1] + dr)) for c in cells
                   if (c[0] + dc, c[1] + dr) not in cells)


def edge_segment(a: Cell, b: Cell) -> Segment | None:
    """The grid segment between two orthogonally touching cells (None for any other pair)."""
    (c1, r1), (c2, r2) = sorted((a, b))
    if (c2 - c1, r2 - r1) == (1, 0):  # a vertical edge on the right of the first cell
        return (c2, r1), (c2, r1 + 1)
    if (c2 - c1, r2 - r1) == (0, 1):  # a horizontal edge below the first cell
        return (c1, r2), (c1 + 1, r2)
    return None


def segment_line(segment: Segment) -> Line:
    (x1, y1), (x2, _) = segment
    return ("h", y1) if x1 != x2 else ("v", x1)


def _orient(p, q, r) -> int:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _on(p, q, r) -> bool:
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def centres_cross(a: Cell, b: Cell, segment: Segment) -> bool:
    """Whether the line between the centres of `a` and `b` touches `segment` (ends included)."""
    p, q = (2 * a[0] + 1, 2 * a[1] + 1), (2 * b[0] + 1, 2 * b[1] + 1)
    s, t = (2 * segment[0][0], 2 * segment[0][1]), (2 * segment[1][0], 2 * segment[1][1])
    d1, d2, d3, d4 = _orient(s, t, p), _orient(s, t, q), _orient(p, q, s), _orient(p, q, t)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return ((d1 == 0 and _on(s, t, p)) or (d2 == 0 and _on(s, t, q))
            or (d3 == 0 and _on(p, q, s)) or (d4 == 0 and _on(p, q, t)))
