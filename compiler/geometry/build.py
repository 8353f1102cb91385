"""Boards from content models: a `Landscape` (a grid, or map tiles placed together), its
terrain placements and areas, and a `Scenario`'s additions on top.

Building is lenient: notation errors, unknown ids, cells off the board and tiles that place
themselves are skipped, because the compiler's analyses report them and the runtime only
sees content that passed them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from compiler.geometry.board import Board, Piece, compose
from compiler.geometry.cells import Cell, CellError, Notation, parse_area, parse_cell
from compiler.geometry.transform import footprint

MAX_TILE_DEPTH = 8  # tiles placing tiles placing tiles…; anything deeper is left out
MAX_PIECE_SIDE = 256


class PlacedTile(NamedTuple):
    """Tile number `index` of a composed landscape, as a board in the landscape's cells."""

    index: int
    placement: object  # the TilePlacement model
    board: Board


def cell_or_none(text: object, notation: Notation) -> Cell | None:
    try:
        return parse_cell(text, notation)
    except CellError:
        return None


def area_or_empty(values: Iterable[object], notation: Notation) -> frozenset[Cell]:
    cells: set[Cell] = set()
    for value in values:
        try:
            cells |= parse_area([value], notation)
        except CellError:
            continue
    return frozenset(cells)


def piece_of(placement, terrain, notation: Notation) -> Piece | None:
    """The `Piece` a `Placement` puts down, given its `Terrain` model; None if unplaceable."""
    at = cell_or_none(placement.at, notation)
    if at is None or terrain is None:
        return None
    # Wider than any grid is off the board anyway; the cap keeps a typo from costing memory.
    size = tuple(min(side, MAX_PIECE_SIDE) for side in terrain.size)
    return Piece(
        name=placement.piece,
        at=at,
        cells=footprint(at, size, placement.rotate),
        keywords=frozenset(terrain.keywords),
        movement_cost=terrain.movement_cost,
        may_overlap=terrain.may_overlap,
        rotate=placement.rotate,
        railing=getattr(terrain, "railing", None),
    )


class _Builder:
    """Builds landscapes into boards, each tile once, refusing tiles that place themselves
    or nest deeper than `MAX_TILE_DEPTH`."""

    def __init__(self, landscapes: Mapping[str, object], terrain: Mapping[str, object]) -> None:
        self.landscapes, self.terrain = landscapes, terrain
        self.tiles: dict[str, Board] = {}

    def placed_tiles(self, landscape, outer: tuple[str, ...]) -> list[PlacedTile]:
        notation = Notation.of(landscape.grid)
        outer = (*outer, landscape.id)
        placed = []
        for index, tp in enumerate(landscape.tiles):
            tile = self.landscapes.get(tp.tile)
            at = cell_or_none(tp.at, notation)
            if tile is None or at is None or tile.id in outer or len(outer) > MAX_TILE_DEPTH:
                continue
            board = self.tiles.get(tile.id)
            if board is None:
                board = self.tiles[tile.id] = self.board(tile, outer)
            placed.append(PlacedTile(index, tp, board.placed(at, tp.rotate)))
        return placed

    def board(self, landscape, outer: tuple[str, ...] = ()) -> Board:
        notation = Notation.of(landscape.grid)
        if landscape.grid is not None:
            grid = landscape.grid
            base = Board.rectangle(grid.columns, grid.rows, movement=landscape.movement,
                                   diagonal_cost=landscape.diagonal_cost,
                                   squeeze=landscape.squeeze)
        else:
            tiles = self.placed_tiles(landscape, outer)
            base = compose([t.board for t in tiles], landscape.movement,
                           landscape.diagonal_cost, landscape.squeeze)
        walls, railings = [], []
        for pairs, found in ((landscape.walls, walls), (landscape.railings, railings)):
            for first, second in pairs:
                a, b = cell_or_none(first, notation), cell_or_none(second, notation)
                if a is not None and b is not None:
                    found.append((a, b))
        pieces = (piece_of(p, self.terrain.get(p.piece), notation) for p in landscape.terrain)
        return base.extended(
            pieces=[p for p in pieces if p is not None],
            areas={name: area_or_empty(cells, notation) for name, cells in landscape.areas.items()},
            blocked=area_or_empty(landscape.blocked, notation),
            walls=walls,
            railings=railings,
        )


def placed_tiles(
    landscape, landscapes: Mapping[str, object], terrain: Mapping[str, object]
) -> list[PlacedTile]:
    """The tiles of a composed landscape, each turned and moved to where it is placed."""
    return _Builder(landscapes, terrain).placed_tiles(landscape, ())


def board_from_landscape(
    landscape, landscapes: Mapping[str, object], terrain: Mapping[str, object]
) -> Board:
    """The board a `Landscape` describes, with its terrain pieces and areas."""
    return _Builder(landscapes, terrain).board(landscape)


def fully_placed(landscape, landscapes: Mapping[str, object]) -> bool:
    """Whether every tile of a composed landscape, and every tile of those, names a known
    landscape, sits at a valid cell, does not place itself and nests at most
    `MAX_TILE_DEPTH` deep: whether `board_from_landscape` left nothing out."""
    known: dict[str, bool] = {}

    def placeable(land, outer: tuple[str, ...]) -> bool:
        if land.id in known:
            return known[land.id]
        outer = (*outer, land.id)
        notation = Notation.of(land.grid)
        result = True
        for tp in land.tiles:
            tile = landscapes.get(tp.tile)
            if (
                tile is None
                or tile.id in outer
                or len(outer) > MAX_TILE_DEPTH
                or cell_or_none(tp.at, notation) is None
                or not placeable(tile, outer)
            ):
                result = False
                break
        known[land.id] = result
        return result

    return placeable(landscape, ())


def board_from_scenario(
    scenario, landscapes: Mapping[str, object], terrain: Mapping[str, object]
) -> Board | None:
    """The scenario's landscape with the scenario's terrain and areas added; None when the
    scenario names no landscape (or one that does not exist)."""
    landscape = landscapes.get(scenario.landscape) if scenario.landscape else None
    if landscape is None:
        return None
    notation = Notation.of(landscape.grid)
    board = board_from_landscape(landscape, landscapes, terrain)
    pieces = (piece_of(p, terrain.get(p.piece), notation) for p in scenario.terrain)
    return board.extended(
        pieces=[p for p in pieces if p is not None],
        areas={name: area_or_empty(values, notation) for name, values in scenario.areas.items()},
    )
