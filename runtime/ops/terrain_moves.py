"""Terrain that moves figures or moves itself, and what it meets: `with-piece` (one piece
picked, then effects on it as `target`), `cross-terrain` (the acting figure swings across the
piece to the opposite cell, bumping whoever stood there) and `roll-terrain` (the piece rolls
towards its front, hitting what stands in the cells it enters, carrying what rides on it).

Each runs inside a terrain ability (see `runtime.ops.terrain`): `terrain` and `terrain_at`
in its context name the piece. A piece picked or met becomes `tpiece`, so the effects below
reach it with the selector `target`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import ask_cell, board, cell_of, occupied, pieces
from runtime.frames import Call, Tail, answered, ask, fx
from runtime.ops import amount, implements
from runtime.targets import (
    DIRECTIONS,
    STEPS,
    enemies_of,
    piece_candidates,
    piece_label,
    source_piece,
    standing,
    terrain_cells,
    tie_chooser,
)

if TYPE_CHECKING:
    from runtime.machine import Machine

Cell = tuple[int, int]


def nearest_free(m: Machine, cell: Cell, keep_out: set[Cell] | frozenset[Cell]) -> list[Cell]:
    """The free cells (passable, nobody on them, outside `keep_out`) nearest to `cell`."""
    b, _ = board(m)
    taken = occupied(m)
    found = [c for c in b.cells if b.passable(c) and c not in taken and c not in keep_out]
    if not found:
        return []
    best = min(b.span(cell, c) for c in found)
    return sorted(c for c in found if b.span(cell, c) == best)


def _step_aside(m: Machine, ctx: dict, local: dict, i: int, keep_out) -> dict | None:
    """Piece `i` steps to a free cell nearest to where it stands, outside `keep_out` (the
    acting seat picks among equally near ones), or the decision to make first."""
    slot = f"aside{i}"
    cells = nearest_free(m, cell_of(pieces(m)[i]), keep_out) if slot not in local else []
    if slot not in local and not cells:
        local[slot] = None  # nowhere to go: it stays
        return None
    if local.get(slot, []) is None:
        return None
    cell = ask_cell(m, local, slot, tie_chooser(m, ctx), cells,
                    f"Where does {piece_label(m, i)} go?")
    if type(cell) is dict:
        return cell
    if "set" + slot not in local:
        local["set" + slot] = True
        pieces(m)[i][2:4] = list(cell)
        m.emit("move-piece", piece=i, seat=pieces(m)[i][1], cell=list(cell))
    return None


# -- with-piece ---------------------------------------------------------------------------


def _among(m: Machine, ctx: dict, p) -> list[int]:
    found = piece_candidates(m, ctx, p.among, p)
    if p.foes:
        theirs = set(enemies_of(m, source_piece(m, ctx)))
        found = [i for i in found if i in theirs]
    return found


def _with_piece_viable(m: Machine, ctx: dict, p) -> bool:
    return bool(_among(m, ctx, p))


@implements("with-piece", viable=_with_piece_viable)
def with_piece(m: Machine, ctx: dict, p, local: dict):
    if "piece" not in local:
        answer = answered(local, "piece")
        if answer is not None:
            local["piece"] = answer["piece"]
        else:
            found = _among(m, ctx, p)
            if len(found) > 1:
                local["asking"] = "piece"
                options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i}
                           for i in found]
                return ask(tie_chooser(m, ctx), "piece", "Which one?", options)
            local["piece"] = found[0] if found else None
    lid = m.program.lid(p.do)
    if lid is None or local["piece"] is None:
        return None
    return Tail(fx(lid, {**ctx, "tpiece": local["piece"]}))


# -- cross-terrain ------------------------------------------------------------------------


def _landing(m: Machine, me: int, cells: frozenset[Cell]) -> Cell | None:
    """The cell facing the figure's across the centre of `cells`: None unless the figure
    stands outside them next to one of their edges and that cell is one a figure may enter."""
    here = cell_of(pieces(m)[me])
    cols, rows = [c for c, _ in cells], [r for _, r in cells]
    edge = any(abs(here[0] - c) + abs(here[1] - r) == 1 for c, r in cells)
    to = (min(cols) + max(cols) - here[0], min(rows) + max(rows) - here[1])
    b, _ = board(m)
    return to if edge and here not in cells and b.passable(to) else None


@implements("cross-terrain")
def cross_terrain(m: Machine, ctx: dict, p, local: dict):
    if "to" not in local:
        me = source_piece(m, ctx)
        cells = terrain_cells(m, ctx)
        to = _landing(m, me, cells) if me is not None and cells else None
        if to is None:
            return None
        local["me"], local["to"] = me, list(to)
        local["bumped"] = next((i for i in standing(m) if i != me
                                and cell_of(pieces(m)[i]) == to), None)
    to, bumped = tuple(local["to"]), local["bumped"]
    if bumped is not None:
        asked = _step_aside(m, ctx, local, bumped, {to})
        if asked is not None:
            return asked
    me = local["me"]
    pieces(m)[me][2:4] = list(to)
    m.emit("move-piece", piece=me, seat=pieces(m)[me][1], cell=list(to))
    lid = m.program.lid(p.bumped)
    if bumped is None or lid is None:
        return None
    return Tail(fx(lid, {**ctx, "tpiece": bumped}))


# -- roll-terrain -------------------------------------------------------------------------


def _roll(m: Machine, ctx: dict, p, local: dict) -> None:
    """Roll the piece as far as it goes: the terrain moved, the pieces met kept in
    `local["hit"]`, the cells it halts on in `local["under"]`, where its riders get off in
    `local["ride"]` (they move once those under it have made room)."""
    b, notation = board(m)
    at = tuple(ctx.get("terrain_at") or ())
    piece = next((t for t in b.pieces if t.name == ctx.get("terrain") and t.at == at), None)
    local["hit"], local["under"] = [], []
    if piece is None:
        return
    dc, dr = STEPS[(DIRECTIONS.index(p.toward) + piece.rotate // 90) % 4]
    stops = {c for t in b.pieces if t is not piece and not t.may_overlap for c in t.cells}
    cells, moved, gone = set(piece.cells), 0, False
    riders = [i for i in standing(m) if cell_of(pieces(m)[i]) in cells]
    for _ in range(max(0, int(amount(m, ctx, p.distance)))):
        ahead = {(c + dc, r + dr) for c, r in cells}
        if ahead & stops:
            break
        if not ahead & b.cells or (piece.at[0] + (moved + 1) * dc,
                                   piece.at[1] + (moved + 1) * dr) not in b.extent:
            gone = True  # past the edge: it leaves the board
            break
        local["hit"] += [i for i in standing(m) if i not in riders and i not in local["hit"]
                         and cell_of(pieces(m)[i]) in ahead - cells]
        cells, moved = ahead, moved + 1
    if moved == 0 and not gone:
        return
    placed = m.state.setdefault("terrain", [])
    mine = next((t for t in placed if t[:3] == [piece.name, *at]), None)
    if mine is not None:
        placed.remove(mine)
    else:  # a piece of the landscape itself: the board leaves it out from now on
        m.state.setdefault("removed", []).append([piece.name, *at])
    to = [at[0] + moved * dc, at[1] + moved * dr]
    local["ride"] = {}  # where each rider gets off: as far as the board goes
    for i in riders:
        c, r = cell_of(pieces(m)[i])
        for _ in range(moved):
            if (c + dc, r + dr) not in b.cells:
                break
            c, r = c + dc, r + dr
        local["ride"][str(i)] = [c, r]
    if gone:
        m.emit("remove-terrain", terrain=piece.name, cell=list(at))
        return
    placed.append([piece.name, *to, piece.rotate])
    m.emit("move-terrain", terrain=piece.name, cell=list(at), to=to, steps=moved)
    local["under"] = sorted(cells & b.cells)


@implements("roll-terrain")
def roll_terrain(m: Machine, ctx: dict, p, local: dict):
    if "hit" not in local:
        _roll(m, ctx, p, local)
        lid = m.program.lid(p.entered)
        if lid is not None and local["hit"]:
            return Call(*(fx(lid, {**ctx, "tpiece": i}) for i in local["hit"]))
    under = set(map(tuple, local["under"]))
    ride = local.get("ride", {})
    for i in standing(m):
        if str(i) not in ride and cell_of(pieces(m)[i]) in under:
            asked = _step_aside(m, ctx, local, i, under)
            if asked is not None:
                return asked
    for key, cell in ride.items():  # the riders get off once the ground under them is clear
        row = pieces(m)[int(key)]
        if row[2] is not None and row[2:4] != cell:
            row[2:4] = list(cell)
            m.emit("move-piece", piece=int(key), seat=row[1], cell=list(cell))
    return None
