"""Square-grid geometry, pure and game-agnostic: cell notation, quarter turns and
footprints, boards (grids or tiles with gaps, walls, blocked cells, terrain), movement with
costs (diagonal steps priced by the board), ranges, adjacency, shortest paths,
corner-to-corner line of sight and cover, attack patterns and their rays. Used by the compiler's analyses
and by the runtime; `build` turns content models into a `Board`, nothing else reads them.
"""

from compiler.geometry.board import MOVEMENTS, Board, Piece, compose, wall
from compiler.geometry.build import (
    board_from_landscape,
    board_from_scenario,
    fully_placed,
    piece_of,
    placed_tiles,
)
from compiler.geometry.cells import (
    DEFAULT,
    Cell,
    CellError,
    Notation,
    format_cell,
    parse_area,
    parse_cell,
    parse_range,
    range_cells,
)
from compiler.geometry.patterns import PatternError, pattern_cells, pattern_marks, ray_cells
from compiler.geometry.transform import ROTATIONS, footprint, rotate_cell, rotate_cells, turned_size

__all__ = [
    "DEFAULT",
    "MOVEMENTS",
    "ROTATIONS",
    "Board",
    "Cell",
    "CellError",
    "Notation",
    "PatternError",
    "Piece",
    "board_from_landscape",
    "board_from_scenario",
    "compose",
    "footprint",
    "format_cell",
    "fully_placed",
    "parse_area",
    "parse_cell",
    "parse_range",
    "pattern_cells",
    "pattern_marks",
    "piece_of",
    "placed_tiles",
    "range_cells",
    "ray_cells",
    "rotate_cell",
    "rotate_cells",
    "turned_size",
    "wall",
]
