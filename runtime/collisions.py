"""Foes walking into characters (rules `collisions`): with `block` a character's square stops
a foe short, as any piece does; with `shove` the foe walks on and each character whose square
it moves onto steps aside, into a free square next to it that its seat picks (with none free,
into the closest free square: no figure, foe or impassable terrain there), and that seat's
`on-collided` window fires (`target` picks the foe). A character may be shoved several times
in one walk. A foe walking towards a piece stops as soon as it stands next to it, and a
character walking goes round the foes (`foes_in_the_way`), never through them.

The walk is kept in the op's `local` (`walk<piece>`: the cells ahead, how far it got and what
it spent), so it goes on after the shoved seat's decision and after its window; a foe's
distance read from a stat its window lowered (`mvmt`) is read again then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import (
    ask_cell,
    board,
    cell_of,
    cells_of,
    distance,
    face_towards,
    nearest_path,
    occupied,
    pieces,
    step_towards,
)
from runtime.entering import covered_before, entered
from runtime.frames import Call
from runtime.targets import in_the_way, is_character, piece_label
from runtime.windows import windows

if TYPE_CHECKING:
    from runtime.machine import Machine

Cell = tuple[int, int]


def walk(m: Machine, ctx: dict, local: dict, i: int, goal: set[Cell], steps: int,
         stop_next_to: bool):
    """Walk piece `i` towards the nearest `goal` cell, spending `steps`: None once it has
    walked, else a decision or the frames to run first (call again after them)."""
    piece = pieces(m)[i]
    if not shoves(m, i):
        step_towards(m, piece, goal, steps, stop_next_to, in_the_way(m, i))
        return None
    key = f"walk{i}"
    if key not in local:
        local[key] = {"path": _route(m, piece, goal, stop_next_to), "n": 0, "spent": 0}
        m.state["path"] = []  # the cells this move passes through, for `in-path`
    w = local[key]
    b, _ = board(m)
    while True:
        shoving = shove_under(m, local, i, w["n"])
        if shoving is not None:
            return shoving
        if w["n"] >= len(w["path"]):
            return None
        cell = tuple(w["path"][w["n"]])
        covers = cells_of(m, piece, cell)
        blocked = _foes_cells(m, i)
        cost = b.movement_cost(cell)
        if w["spent"] + cost > steps or any(c in blocked or not b.passable(c) for c in covers):
            w["n"] = len(w["path"])
            return None
        face_towards(piece, cell)
        piece[2], piece[3] = cell
        m.state.setdefault("path", []).append(list(cell))
        w["spent"] += cost
        w["n"] += 1


def shove_under(m: Machine, local: dict, i: int, step: int = 0):
    """Shove aside, one by one, the figures standing where foe `i` now stands (`step`: how
    far along its walk, so that each stop is asked about afresh): None once none is left,
    else a decision or the frames that follow a shove (call again after them)."""
    key = f"under{i}:{step}"
    if key not in local:
        covers = set(cells_of(m, pieces(m)[i]))
        local[key] = [j for j, p in enumerate(pieces(m))
                      if p[1] is not None and p[2] is not None and cell_of(p) in covers]
    while local[key]:
        shoved = _shove(m, local, i, local[key][0], f"{key}:{local[key][0]}")
        if type(shoved) is dict:
            return shoved
        local[key].pop(0)
        if shoved:
            return Call(*shoved)
    return None


def landing_cells(m: Machine, i: int, cells: list[Cell]) -> list[Cell]:
    """Of `cells`, where foe `i` may be placed (rules `collisions: shove`: wherever its whole
    footprint is passable and clear of other foes, figures being shoved off)."""
    b, _ = board(m)
    blocked = _foes_cells(m, i)
    return [c for c in cells
            if all(b.passable(x) and x not in blocked for x in cells_of(m, pieces(m)[i], c))]


def foes_in_the_way(m: Machine, i: int) -> set[Cell]:
    """The cells a character's figure `i` may not walk through (rules `collisions: shove`:
    those of the foes; it walks round them, as they shove it): none otherwise."""
    if m.program.rules.collisions != "shove" or not is_character(m, i):
        return set()
    return in_the_way(m, i)


def shoves(m: Machine, i: int) -> bool:
    """Whether piece `i` shoves the figures it walks or is placed onto."""
    return m.program.rules.collisions == "shove" and not is_character(m, i)


def _foes_cells(m: Machine, i: int) -> set[Cell]:
    """The cells the foes other than foe `i` cover: a foe walks and lands clear of them (the
    figures it meets are shoved instead)."""
    return {c for j, p in enumerate(pieces(m)) if j != i and p[2] is not None and p[1] is None
            for c in cells_of(m, p)}


def _route(m: Machine, piece: list, goal: set[Cell], stop_next_to: bool) -> list[list[int]]:
    """The cells ahead on a cheapest path to the nearest goal cell (figures in the way do not
    count: they are shoved), up to the first from which it stands next to the goal."""
    b, _ = board(m)
    start = cell_of(piece)
    best = nearest_path(b, start, goal)
    if best is None:
        return []
    ahead = []
    for cell in best:
        if cell != start:
            ahead.append(list(cell))
        covers = cells_of(m, piece, cell)
        if stop_next_to and any(b.adjacent(c, g) for c in covers for g in goal):
            break
    return ahead


def _shove(m: Machine, local: dict, i: int, j: int, slot: str):
    """Character `j`, on a square foe `i` has moved onto, steps aside where its seat picks:
    the frames that follow (terrain it enters, its `on-collided`), or the decision first."""
    figure = pieces(m)[j]
    seat = figure[1]
    if figure[2] is None:  # it left the board meanwhile
        return []
    b, _ = board(m)
    taken = occupied(m)  # its own square too: the foe stands on it
    here = cell_of(figure)
    cells = [c for c in b.neighbours(here) if b.adjacent(here, c) and b.passable(c)
             and c not in taken]
    if not cells:
        free = [c for c in sorted(b.cells) if b.passable(c) and c not in taken]
        if not free:
            return []
        near = min(distance(m, here, c) for c in free)
        cells = [c for c in free if distance(m, here, c) == near]
    cell = ask_cell(m, local, slot, seat, sorted(cells),
                    f"{piece_label(m, i)} barges into you: step aside where?")
    if type(cell) is dict:
        return cell
    before = covered_before(m, j)
    figure[2], figure[3] = cell
    m.emit("collide", piece=i, seat=seat, cell=[cell[0], cell[1]])
    m.emit("move-piece", piece=j, seat=seat, cell=[cell[0], cell[1]])
    wctx = {"self": seat, "target": seat, "tpiece": i}
    return entered(m, j, before) + windows(m, ("on-collided",), wctx)


def covered_at_start(m: Machine, local: dict, i: int) -> set[Cell]:
    """The cells piece `i` covered when its move began (`covered_before`, kept in `local` while
    a shoved seat decides)."""
    if not shoves(m, i):
        return covered_before(m, i)
    key = f"before{i}"
    if key not in local:
        local[key] = [list(c) for c in covered_before(m, i)]
    return {tuple(c) for c in local[key]}
