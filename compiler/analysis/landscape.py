"""Landscape and scenario boards: cell notation (GS505), cells and pieces off the board
(GS501), overlapping pieces (GS502) and tiles (GS504), start areas that cannot reach an
objective, enemy or exit area (GS503), and walls between cells that are not side by side.

Areas are told apart by their ids: `start…`/`deploy…` areas are where figures begin;
`objective…`, `enemy…`/`enemies…` and `exit…` areas are where they must be able to get.
Unknown tile and terrain ids are the linker's to report; they are skipped here, and checks
that need the board's extent are skipped while a tile of it cannot be placed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.geometry import (
    Board,
    Cell,
    CellError,
    Notation,
    Piece,
    board_from_landscape,
    format_cell,
    fully_placed,
    parse_cell,
    parse_range,
    piece_of,
    placed_tiles,
    range_cells,
)
from compiler.language.documents import Landscape, Placement, Scenario, Terrain

START_PREFIXES = ("start", "deploy")
GOAL_PREFIXES = ("objective", "enemy", "enemies", "exit")
_SHOWN = 3  # cells named in a message before "and N more"


class Locator(Protocol):
    """What the analysis needs of a loaded document (`compiler.loader.Document`)."""

    def location(self, path: tuple, key: bool = False) -> Location: ...


class _Check:
    """Parses cells of one document and collects its diagnostics."""

    def __init__(self, doc: Locator, notation: Notation, item: str) -> None:
        self.doc, self.notation, self.item = doc, notation, item
        self.found: list[Diagnostic] = []

    def report(self, code: str, message: str, path: tuple, *, key: bool = False, hint=None) -> None:
        location = self.doc.location(path, key=key)
        self.found.append(CATALOGUE[code](message, location, hint=hint, item=self.item))

    def name(self, cell: Cell) -> str:
        return format_cell(cell, self.notation)

    def names(self, cells: Iterable[Cell]) -> str:
        cells = sorted(cells, key=lambda c: (c[1], c[0]))
        shown = ", ".join(self.name(c) for c in cells[:_SHOWN])
        return shown if len(cells) <= _SHOWN else f"{shown} and {len(cells) - _SHOWN} more"

    def _bad(self, err: CellError, path: tuple) -> None:
        example = self.notation.example()
        hint = f"Cells on this board are written like '{example}', ranges like 'A1:{example}'."
        if self.notation.columns != "letters" or self.notation.rows != "numbers":
            hint = f"Cells on this board are written like '{example}'."
        self.report("GS505", f"{err.message}.", path, hint=hint)

    def cell(self, value: object, path: tuple) -> Cell | None:
        """The single cell `value` names, or None after reporting GS505."""
        try:
            return parse_cell(value, self.notation)
        except CellError as err:
            self._bad(err, path)
            return None

    def corners(self, value: object, path: tuple) -> tuple[Cell, Cell] | None:
        """The corners of a cell or range, or None after reporting GS505."""
        try:
            return parse_range(value, self.notation)
        except CellError as err:
            self._bad(err, path)
            return None


class _Bounds:
    """What is on a board, and why a cell is not."""

    def __init__(self, board: Board, composed: bool) -> None:
        self.board, self.composed = board, composed
        extent = board.extent or frozenset({(0, 0)})
        self.low = (min(c for c, _ in extent), min(r for _, r in extent))
        self.high = (max(c for c, _ in extent), max(r for _, r in extent))

    def why_off(self, cell: Cell) -> str:
        if cell in self.board.extent:
            return "a blocked cell"
        if self.composed:
            return "not on any tile"
        columns, rows = self.board.frame
        return f"outside the {columns} × {rows} grid"

    def in_frame(self, cell: Cell) -> bool:
        return all(lo <= x <= hi for lo, x, hi in zip(self.low, cell, self.high, strict=True))

    def clip(self, corners: tuple[Cell, Cell]) -> tuple[Cell, Cell]:
        """A range cut down to the board's frame (possibly to nothing: corners crossed)."""
        (c0, r0), (c1, r1) = corners
        return (max(c0, self.low[0]), max(r0, self.low[1])), (
            min(c1, self.high[0]),
            min(r1, self.high[1]),
        )


# -- the checks -----------------------------------------------------------------------------


def _check_tiles(check: _Check, landscape: Landscape, landscapes, terrain) -> None:
    for i, tp in enumerate(landscape.tiles):
        check.cell(tp.at, ("tiles", i, "at"))
    tiles = placed_tiles(landscape, landscapes, terrain)
    owner: dict[Cell, int] = {}  # cell -> the position in `tiles` of the tile covering it
    for j, tile in enumerate(tiles):
        shared: dict[int, list[Cell]] = {}
        for cell in tile.board.cells:
            if cell in owner:
                shared.setdefault(owner[cell], []).append(cell)
            else:
                owner[cell] = j
        for k, cells in sorted(shared.items()):
            earlier = tiles[k]
            check.report(
                "GS504",
                f"Tile '{tile.placement.tile}' at {tile.placement.at} overlaps tile "
                f"'{earlier.placement.tile}' placed at {earlier.placement.at} on "
                f"{check.names(cells)}.",
                ("tiles", tile.index, "at"),
                hint="Move a tile so the tiles only touch, or leave a gap between them.",
            )


def _check_blocked(check: _Check, values: list[str], bounds: _Bounds | None) -> None:
    for j, value in enumerate(values):
        corners = check.corners(value, ("blocked", j))
        if corners is None or bounds is None:
            continue
        single = corners[0] == corners[1]
        off = [
            c for c in corners if not (c in bounds.board.extent if single else bounds.in_frame(c))
        ]
        if off:
            check.report(
                "GS501",
                f"Blocked cell {check.name(off[0])} is {bounds.why_off(off[0])}.",
                ("blocked", j),
            )


def _check_walls(check: _Check, walls: list[tuple[str, str]], bounds: _Bounds | None,
                 key: str = "walls") -> None:
    """Each wall (or railing, under `railings`) names two side-by-side cells of the board."""
    what = "railing" if key == "railings" else "wall"
    for j, pair in enumerate(walls):
        cells = [check.cell(value, (key, j, k)) for k, value in enumerate(pair)]
        if None in cells:
            continue
        a, b = cells
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            check.report(
                "GS205",
                f"A {what} stands between two side-by-side cells; {check.name(a)} and "
                f"{check.name(b)} are not side by side.",
                (key, j),
                hint="Name two cells that share an edge, like C4 and D4; list a long wall "
                "edge by edge.",
            )
        for k, cell in enumerate(cells):
            if bounds is not None and cell not in bounds.board.extent:
                check.report(
                    "GS501",
                    f"{what.capitalize()} cell {check.name(cell)} is {bounds.why_off(cell)}.",
                    (key, j, k),
                )


def _describe(check: _Check, piece: Piece, tile_names: Mapping[int, str], where: str) -> str:
    origin = where
    if piece.tile is not None:
        origin = f" (printed on tile '{tile_names.get(piece.tile, piece.tile)}')"
    return f"'{piece.name}' at {check.name(piece.at)}{origin}"


def _check_pieces(
    check: _Check,
    placements: list[Placement],
    terrain: Mapping[str, Terrain],
    bounds: _Bounds | None,
    earlier: list[tuple[Piece, str]],
) -> list[Piece]:
    """GS505, GS501 and GS502 for `placements`; returns the pieces they put down."""
    covering: dict[Cell, list[int]] = {}  # cell -> indices into `placed` of pieces on it
    placed: list[tuple[Piece, str]] = []
    pieces = []

    def put(piece: Piece, where: str) -> None:
        if not piece.may_overlap:  # a piece that may overlap never clashes, so never listed
            for cell in piece.cells:
                covering.setdefault(cell, []).append(len(placed))
        placed.append((piece, where))

    for piece, where in earlier:
        put(piece, where)
    for i, placement in enumerate(placements):
        path = ("terrain", i, "at")
        at = check.cell(placement.at, path)
        model = terrain.get(placement.piece)
        if at is None or model is None:
            continue
        piece = piece_of(placement, model, check.notation)
        if bounds is not None:
            off = piece.cells - bounds.board.cells
            if off:
                first = min(off, key=lambda c: (c[1], c[0]))
                check.report(
                    "GS501",
                    f"'{piece.name}' at {check.name(at)} covers {check.names(off)}, "
                    f"{bounds.why_off(first)}.",
                    path,
                    hint="Place it so its whole footprint is on the board; `rotate` turns it.",
                )
        if not piece.may_overlap:
            shared: dict[int, list[Cell]] = {}
            for cell in piece.cells:
                for k in covering.get(cell, ()):
                    shared.setdefault(k, []).append(cell)
            for k, cells in sorted(shared.items()):
                check.report(
                    "GS502",
                    f"'{piece.name}' at {check.name(at)} overlaps {placed[k][1]} on "
                    f"{check.names(cells)}.",
                    path,
                    hint="Move one of them, or give one terrain `may-overlap: true`.",
                )
        put(piece, f"'{piece.name}' at {check.name(at)}")
        pieces.append(piece)
    return pieces


def _check_areas(
    check: _Check, areas: Mapping[str, list[str]], bounds: _Bounds | None
) -> dict[str, frozenset[Cell]]:
    """GS505 and GS501 for `areas`; returns each area's on-board cells."""
    found: dict[str, frozenset[Cell]] = {}
    for name, values in areas.items():
        cells: set[Cell] = set()
        for j, value in enumerate(values):
            path = ("areas", name, j)
            corners = check.corners(value, path)
            if corners is None:
                continue
            single = corners[0] == corners[1]
            outside = [] if bounds is None else [c for c in corners if not bounds.in_frame(c)]
            if outside and not single:
                check.report(
                    "GS501",
                    f"Area '{name}' range {value} reaches {check.name(outside[0])}, "
                    f"{bounds.why_off(outside[0])}.",
                    path,
                )
                corners = bounds.clip(corners)
            try:
                covered = range_cells(corners)
            except CellError as err:
                check.report("GS505", f"{err.message}.", path)
                continue
            if bounds is None:
                cells |= covered
                continue
            on_board = covered & bounds.board.cells
            cells |= on_board
            if on_board or (outside and not single):
                continue
            if single:
                why = bounds.why_off(corners[0])
                check.report("GS501", f"Area '{name}' names {check.name(corners[0])}, {why}.", path)
            else:
                check.report(
                    "GS501", f"Area '{name}' range {value} covers no cell of the board.", path
                )
        found[name] = frozenset(cells)
    return found


def unreachable_goals(board: Board, areas: Mapping[str, frozenset[Cell]]) -> list[tuple[str, str]]:
    """(start, goal) area pairs where no figure starting in the start area can get to the
    goal; areas with no cell on the board are left out."""
    starts = [n for n, cells in areas.items() if n.startswith(START_PREFIXES) and cells]
    goals = [n for n, cells in areas.items() if n.startswith(GOAL_PREFIXES) and cells]
    return [(s, g) for s in starts for g in goals if not board.reachable(areas[s], areas[g])]


def _unreachable_message(start: str, goal: str) -> str:
    return (
        f"Start area '{start}' cannot reach area '{goal}': impassable terrain, walls or the "
        "board's edges cut it off."
    )


_REACH_HINT = "Open a path, or move the start area."


# -- entry points -------------------------------------------------------------------------------


def analyse_landscape(
    landscape: Landscape,
    doc: Locator,
    landscapes: Mapping[str, Landscape],
    terrain: Mapping[str, Terrain],
) -> list[Diagnostic]:
    """Every board problem of one landscape document."""
    check = _Check(doc, Notation.of(landscape.grid), landscape.id)
    board = board_from_landscape(landscape, landscapes, terrain)
    composed = landscape.grid is None
    if composed:
        _check_tiles(check, landscape, landscapes, terrain)
    bounds = _Bounds(board, composed) if fully_placed(landscape, landscapes) else None
    _check_blocked(check, landscape.blocked, bounds)
    _check_walls(check, landscape.walls, bounds)
    _check_walls(check, landscape.railings, bounds, "railings")
    tile_names = {i: tp.tile for i, tp in enumerate(landscape.tiles)}
    printed = [(p, _describe(check, p, tile_names, "")) for p in board.pieces if p.tile is not None]
    _check_pieces(check, landscape.terrain, terrain, bounds, printed)
    areas = _check_areas(check, landscape.areas, bounds)
    if bounds is not None:
        for start, goal in unreachable_goals(board, areas):
            check.report(
                "GS503",
                _unreachable_message(start, goal),
                ("areas", start),
                key=True,
                hint=_REACH_HINT,
            )
    return check.found


def analyse_scenario_board(
    scenario: Scenario,
    doc: Locator,
    landscapes: Mapping[str, Landscape],
    terrain: Mapping[str, Terrain],
) -> list[Diagnostic]:
    """The board problems a scenario adds to its landscape: its terrain, areas and enemy
    placements. Problems of the landscape alone are reported on the landscape."""
    landscape = landscapes.get(scenario.landscape) if scenario.landscape else None
    if scenario.landscape and landscape is None:
        return []
    check = _Check(doc, Notation.of(landscape.grid if landscape else None), scenario.id)
    base = board_from_landscape(landscape, landscapes, terrain) if landscape else None
    bounds = None
    if base is not None and fully_placed(landscape, landscapes):
        bounds = _Bounds(base, landscape.grid is None)
    tile_names = {i: tp.tile for i, tp in enumerate(landscape.tiles)} if landscape else {}
    where = f" (on landscape '{scenario.landscape}')"
    earlier = [(p, _describe(check, p, tile_names, where)) for p in base.pieces] if base else []
    pieces = _check_pieces(check, scenario.terrain, terrain, bounds, earlier)
    areas = _check_areas(check, scenario.areas, bounds)
    for i, group in enumerate(scenario.enemies):
        for j, value in enumerate(group.at):
            path = ("enemies", i, "at", j)
            cell = check.cell(value, path)
            if cell is not None and bounds is not None and cell not in base.cells:
                why = bounds.why_off(cell)
                check.report(
                    "GS501", f"Enemy '{group.enemy}' is placed at {check.name(cell)}, {why}.", path
                )
    if bounds is not None:
        _check_scenario_reach(check, scenario, base, base.extended(pieces=pieces, areas=areas))
    return check.found


def _check_scenario_reach(check: _Check, scenario: Scenario, base: Board, board: Board) -> None:
    already = set(unreachable_goals(base, base.areas))
    for start, goal in unreachable_goals(board, board.areas):
        own = start in scenario.areas or goal in scenario.areas
        if not own and (start, goal) in already:
            continue  # the landscape's own problem, reported there
        if start in scenario.areas:
            path = ("areas", start)
        elif goal in scenario.areas:
            path = ("areas", goal)
        else:
            path = ("terrain",)  # the scenario's terrain cut the landscape's areas apart
        check.report("GS503", _unreachable_message(start, goal), path, key=True, hint=_REACH_HINT)
