"""The board: which cells exist, the walls between them, the terrain pieces on them, named
areas and, for a board composed of map tiles, which tile each cell belongs to.

A `Board` is immutable and knows nothing of files or content models (`build` makes one
from a landscape). Movement, paths and line of sight are methods backed by `paths` and
`sight`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from compiler.geometry import paths, sight
from compiler.geometry import railings as rails
from compiler.geometry.cells import Cell
from compiler.geometry.transform import frame_of, rotate_cell

MOVEMENTS = ("orthogonal", "eight-way")
_ORTHOGONAL = ((1, 0), (0, 1), (-1, 0), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True)
class Piece:
    """A terrain piece on the board: `name` is its terrain id, `at` the top-left cell of its
    footprint `cells` (which may run off the board; only on-board cells are occupied)."""

    name: str
    at: Cell
    cells: frozenset[Cell]
    keywords: frozenset[str] = frozenset()
    movement_cost: int = 1
    may_overlap: bool = False
    rotate: int = 0
    tile: int | None = field(default=None, compare=False)  # the tile it came printed on
    railing: str | None = None  # the side of its footprint (drawn unturned) with a railing


def wall(a: Cell, b: Cell) -> frozenset[Cell]:
    """The wall between two cells, as stored on a board."""
    return frozenset((a, b))


class Board:
    """A square-grid board. `extent` is every cell the board's grid or tiles cover; `cells`
    are those that are part of the board (the extent less blocked cells)."""

    def __init__(
        self,
        cells: Iterable[Cell],
        *,
        extent: Iterable[Cell] | None = None,
        walls: Iterable[Iterable[Cell]] = (),
        pieces: Iterable[Piece] = (),
        areas: Mapping[str, Iterable[Cell]] | None = None,
        tiles: Mapping[Cell, int] | None = None,
        movement: str = "orthogonal",
        diagonal_cost: int = 1,
        squeeze: bool = False,
        railings: Iterable[tuple[Cell, Cell]] = (),
    ) -> None:
        if movement not in MOVEMENTS:
            raise ValueError(f"movement is one of {MOVEMENTS}, not {movement!r}")
        if diagonal_cost < 1:
            raise ValueError(f"a diagonal step costs at least 1, not {diagonal_cost}")
        self.cells: frozenset[Cell] = frozenset(cells)
        self.extent: frozenset[Cell] = self.cells | frozenset(extent or ())
        pairs = (frozenset(w) for w in walls)
        # a "wall" from a cell to itself separates nothing
        self.walls: frozenset[frozenset[Cell]] = frozenset(w for w in pairs if len(w) == 2)
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        # railings the board itself has, as (high cell, low cell); pieces add their own
        self.railings: frozenset[tuple[Cell, Cell]] = frozenset(map(tuple, railings))
        self.railed: dict[frozenset[Cell], Cell] = {
            frozenset(edge): edge[0]
            for edge in (*self.railings, *(e for p in self.pieces if p.railing is not None
                                           for e in rails.piece_railings(
                                               p.cells, p.railing, p.rotate)))}
        self.areas: Mapping[str, frozenset[Cell]] = MappingProxyType(
            {name: frozenset(cells) for name, cells in (areas or {}).items()}
        )
        self.movement = movement
        # what a diagonal step costs on open ground (entering terrain multiplies it), and
        # whether it may pass between two squares a figure could not enter
        self.diagonal_cost = diagonal_cost
        self.squeeze = squeeze
        self._tiles = dict(tiles or {})
        self._adjacency: dict[str, dict[Cell, tuple[Cell, ...]]] = {}
        self._sight: sight.SightIndex | None = None

        occupancy: dict[Cell, list[Piece]] = {}
        for piece in self.pieces:
            for cell in piece.cells & self.cells:
                occupancy.setdefault(cell, []).append(piece)
        self._occupancy = {cell: tuple(found) for cell, found in occupancy.items()}
        self._cost = {
            cell: max(p.movement_cost for p in found) for cell, found in occupancy.items()
        }
        self._impassable = frozenset(
            cell
            for cell, found in occupancy.items()
            if any("impassable" in p.keywords for p in found)
        )
        self._blocking = frozenset(
            cell
            for cell, found in occupancy.items()
            if any("blocking" in p.keywords for p in found)
        )
        self._cover = frozenset(
            cell for cell, found in occupancy.items() if any("cover" in p.keywords for p in found)
        )

    @classmethod
    def rectangle(cls, columns: int, rows: int, *, blocked: Iterable[Cell] = (), **kwargs) -> Board:
        """A plain grid of `columns` × `rows` cells less the `blocked` ones."""
        extent = frozenset((c, r) for c in range(columns) for r in range(rows))
        return cls(extent - frozenset(blocked), extent=extent, **kwargs)

    # -- structure -------------------------------------------------------------------------

    @property
    def frame(self) -> tuple[int, int]:
        """(columns, rows) from A1 to the far corner of the extent."""
        return frame_of(self.extent)

    def in_bounds(self, cell: Cell) -> bool:
        """Whether `cell` is part of the board (not blocked, not in a gap between tiles)."""
        return cell in self.cells

    def tile_of(self, cell: Cell) -> int | None:
        """The index of the tile (in placement order) `cell` belongs to; None on a grid."""
        return self._tiles.get(cell)

    def has_wall(self, a: Cell, b: Cell) -> bool:
        return frozenset((a, b)) in self.walls

    def closed(self, a: Cell, b: Cell) -> bool:
        """Whether nothing steps from `a` to the touching `b` across their edge: a wall or
        a railing is in the way."""
        pair = frozenset((a, b))
        return pair in self.walls or pair in self.railed

    def across_railing(self, a: Cell, b: Cell) -> bool:
        """Whether a railing stands between two cells: the line between their centres
        touches one (no melee blow reaches across it)."""
        return bool(self.railed) and any(
            rails.centres_cross(a, b, rails.edge_segment(*edge)) for edge in self.railed)

    def high_ground(self, cell: Cell) -> bool:
        """Whether `cell` borders a railing on its high side."""
        return cell in self.railed.values()

    # -- terrain ---------------------------------------------------------------------------

    def occupants(self, cell: Cell) -> tuple[Piece, ...]:
        """The pieces covering `cell`, in placement order."""
        return self._occupancy.get(cell, ())

    def movement_cost(self, cell: Cell) -> int:
        """What entering `cell` costs: the highest `movement_cost` of its pieces, else 1."""
        return self._cost.get(cell, 1)

    def passable(self, cell: Cell) -> bool:
        """Whether a figure may enter `cell`: on the board and free of impassable terrain."""
        return cell in self.cells and cell not in self._impassable

    def blocks_sight(self, cell: Cell) -> bool:
        """Whether `cell` stops line of sight: blocking terrain, or not part of the board."""
        return cell in self._blocking or cell not in self.cells

    # -- movement --------------------------------------------------------------------------

    def step_cost(self, a: Cell, b: Cell) -> int:
        """What a step from `a` to the neighbouring `b` costs: 1 straight or `diagonal_cost`
        diagonally, times `b`'s movement cost (difficult ground doubles both)."""
        diagonal = a[0] != b[0] and a[1] != b[1]
        return (self.diagonal_cost if diagonal else 1) * self.movement_cost(b)

    def span(self, a: Cell, b: Cell) -> int:
        """How far apart two cells are: the cheapest walk between them over open ground,
        straight steps costing 1 and diagonal ones `diagonal_cost` (orthogonal boards never
        step diagonally, and a diagonal dearer than 2 is never cheaper than going round)."""
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        if self.movement == "orthogonal":
            return dc + dr
        return max(dc, dr) + (min(self.diagonal_cost, 2) - 1) * min(dc, dr)

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """Whether two different cells touch: along an edge, or (eight-way boards) at a
        corner too."""
        dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
        if self.movement == "orthogonal":
            return dc + dr == 1
        return max(dc, dr) == 1

    def neighbours(self, cell: Cell, movement: str | None = None) -> tuple[Cell, ...]:
        """The on-board cells one step from `cell` with no wall in between.

        With eight-way movement a diagonal step may not cut a corner: both cells beside it
        must be on the board and passable (on a board that allows squeezing, on the board
        will do), and none of the four edges meeting at the corner it passes may be a wall.
        Whether the destination itself is passable is not checked.
        """
        table = self._adjacency.get(movement or self.movement)
        if table is None:
            table = self._adjacency[movement or self.movement] = self._build_adjacency(
                movement or self.movement
            )
        return table.get(cell, ())

    def _build_adjacency(self, movement: str) -> dict[Cell, tuple[Cell, ...]]:
        if movement not in MOVEMENTS:
            raise ValueError(f"movement is one of {MOVEMENTS}, not {movement!r}")
        table = {}
        for cell in sorted(self.cells):
            c, r = cell
            found = [
                (c + dc, r + dr)
                for dc, dr in _ORTHOGONAL
                if (c + dc, r + dr) in self.cells and not self.closed(cell, (c + dc, r + dr))
            ]
            if movement == "eight-way":
                found += [
                    (c + dc, r + dr) for dc, dr in _DIAGONAL if self._diagonal_open(cell, dc, dr)
                ]
            table[cell] = tuple(found)
        return table

    def _diagonal_open(self, cell: Cell, dc: int, dr: int) -> bool:
        c, r = cell
        target, side_a, side_b = (c + dc, r + dr), (c + dc, r), (c, r + dr)
        beside = (lambda x: x in self.cells) if self.squeeze else self.passable
        if target not in self.cells or not (beside(side_a) and beside(side_b)):
            return False
        edges = ((cell, side_a), (cell, side_b), (side_a, target), (side_b, target))
        return not any(self.closed(x, y) for x, y in edges)

    def distances_from(
        self, start: Cell, movement: str | None = None, avoid: Iterable[Cell] = ()
    ) -> dict[Cell, int]:
        """The cheapest movement cost from `start` to every cell a figure can reach without
        entering a cell of `avoid`."""
        return paths.distances_from(self, start, movement, avoid)

    def cheapest_paths(
        self, start: Cell, movement: str | None = None, avoid: Iterable[Cell] = ()
    ) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
        """Costs and predecessors of the cheapest walks from `start` (see `paths`)."""
        return paths.cheapest_paths(self, start, movement, avoid)

    def shortest_path(self, a: Cell, b: Cell, movement: str | None = None) -> list[Cell] | None:
        """A cheapest path from `a` to `b`, both included; None when `b` cannot be reached."""
        return paths.shortest_path(self, a, b, movement)

    def reachable(
        self, sources: Iterable[Cell], targets: Iterable[Cell], movement: str | None = None
    ) -> bool:
        """Whether a figure on a passable cell of `sources` can step onto a cell of `targets`."""
        return paths.reachable(self, sources, targets, movement)

    def line_of_sight(self, a: Cell, b: Cell) -> bool:
        """Corner-to-corner line of sight between two cells (the rule is in `sight`)."""
        return self._sight_index().visible(a, b)

    def in_cover(self, a: Cell, b: Cell, screens: Iterable[Cell] = ()) -> bool:
        """Whether `b`, seen from `a`, has cover: something (blocking or cover terrain, a
        wall, a gap, or one of the `screens` cells where other figures stand) stops a line
        from each corner of `a` to some corner of `b` (the rule is in `sight`)."""
        shield = self._cover | frozenset(screens)
        return self._sight_index().covered(a, b, shield.__contains__)

    def _sight_index(self) -> sight.SightIndex:
        if self._sight is None:
            self._sight = sight.SightIndex(self)
        return self._sight

    # -- making boards from boards ---------------------------------------------------------

    def placed(self, at: Cell, rotate: int = 0) -> Board:
        """This board turned `rotate` degrees clockwise with its top-left moved to `at`."""
        size = self.frame
        dc, dr = at

        def move(cell: Cell) -> Cell:
            c, r = rotate_cell(cell, size, rotate)
            return c + dc, r + dr

        def move_piece(piece: Piece) -> Piece:
            cells = frozenset(move(x) for x in piece.cells)
            corner = (
                (min(c for c, _ in cells), min(r for _, r in cells)) if cells else move(piece.at)
            )
            return replace(piece, at=corner, cells=cells, rotate=(piece.rotate + rotate) % 360)

        return Board(
            (move(x) for x in self.cells),
            extent=(move(x) for x in self.extent),
            walls=((move(a), move(b)) for a, b in map(tuple, self.walls)),
            pieces=(move_piece(p) for p in self.pieces),
            areas={name: (move(x) for x in cells) for name, cells in self.areas.items()},
            tiles={move(x): i for x, i in self._tiles.items()},
            movement=self.movement,
            diagonal_cost=self.diagonal_cost,
            squeeze=self.squeeze,
            railings=((move(a), move(b)) for a, b in self.railings),
        )

    def without(self, gone: Iterable[tuple[str, Cell]]) -> Board:
        """This board less the terrain pieces named by (terrain id, top-left cell)."""
        gone = set(gone)
        return Board(
            self.cells,
            extent=self.extent,
            walls=self.walls,
            pieces=[p for p in self.pieces if (p.name, p.at) not in gone],
            areas=self.areas,
            tiles=self._tiles,
            movement=self.movement,
            diagonal_cost=self.diagonal_cost,
            squeeze=self.squeeze,
            railings=self.railings,
        )

    def extended(
        self,
        *,
        pieces: Iterable[Piece] = (),
        areas: Mapping[str, Iterable[Cell]] | None = None,
        blocked: Iterable[Cell] = (),
        walls: Iterable[Iterable[Cell]] = (),
        railings: Iterable[tuple[Cell, Cell]] = (),
    ) -> Board:
        """This board with more pieces, walls, railings and blocked cells; `areas` add to or
        replace areas of the same name."""
        return Board(
            self.cells - frozenset(blocked),
            extent=self.extent,
            walls=self.walls | {frozenset(w) for w in walls},
            pieces=self.pieces + tuple(pieces),
            areas={**self.areas, **(areas or {})},
            tiles=self._tiles,
            movement=self.movement,
            diagonal_cost=self.diagonal_cost,
            squeeze=self.squeeze,
            railings=self.railings | frozenset(map(tuple, railings)),
        )


def compose(
    tiles: Sequence[Board], movement: str = "orthogonal", diagonal_cost: int = 1,
    squeeze: bool = False,
) -> Board:
    """One board from tiles already placed: the union of their cells, walls and pieces.

    Cells no tile covers are not part of the board, so a gap between tiles stops movement
    (and sight) like a wall; tiles that touch edge to edge join freely. Tile areas are
    dropped: areas belong to the landscape that places the tiles. Where tiles overlap the
    earlier tile owns the cell (an analysis reports the overlap).
    """
    owner: dict[Cell, int] = {}
    for index, tile in enumerate(tiles):
        for cell in tile.extent:
            owner.setdefault(cell, index)
    pieces = [replace(p, tile=index) for index, tile in enumerate(tiles) for p in tile.pieces]
    return Board(
        frozenset().union(*(t.cells for t in tiles)),
        extent=frozenset().union(*(t.extent for t in tiles)),
        walls=frozenset().union(*(t.walls for t in tiles)),
        pieces=pieces,
        tiles=owner,
        movement=movement,
        diagonal_cost=diagonal_cost,
        squeeze=squeeze,
        railings=frozenset().union(*(t.railings for t in tiles)),
    )
