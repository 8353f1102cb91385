"""Stepping into terrain: a piece that moves onto a terrain piece's cells (where it stops, or
on the path it walks) sets off that piece's `on-enter` abilities, once per move.

An entered piece's ability runs with `terrain` and `terrain_at` naming the terrain piece,
`target` naming the piece that stepped in (`tpiece`: so `target` picks it on the board) and
`entered_by_foe` saying whether that piece is a foe. It runs as the seat whose figure stepped
in; for a foe, as the seat that placed the terrain piece in play (`place-terrain`), else the
seat whose turn it is: what the ability deals the foe is that seat's doing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import board, cells_of, pieces
from runtime.frames import fx

if TYPE_CHECKING:
    from runtime.machine import Machine

Cell = tuple[int, int]


def _entered_kinds(m: Machine) -> frozenset[str]:
    """The terrain kinds with an `on-enter` ability (worked out once per program)."""
    cache = m.program.cache
    if "on-enter" not in cache:
        cache["on-enter"] = frozenset(
            kind_id for kind_id, kind in m.program.game.terrain.items()
            if any(a.when == "on-enter" for a in kind.abilities))
    return cache["on-enter"]


def placed_by_key(name: str, cell: Cell) -> str:
    """Where `state["placed_by"]` keeps the seat that placed a terrain piece in play."""
    return f"{name}@{cell[0]},{cell[1]}"


def covered_before(m: Machine, i: int) -> set[Cell]:
    """The cells piece `i` covers now, to pass to `entered` once it has moved (none when no
    terrain kind waits on a piece entering it)."""
    if not _entered_kinds(m) or pieces(m)[i][2] is None:
        return set()
    return set(cells_of(m, pieces(m)[i]))


def entered(m: Machine, i: int, before: set[Cell], walked: bool = False) -> list[dict]:
    """Frames running the `on-enter` abilities of the terrain pieces piece `i` has moved
    onto since it covered `before` (with `walked`, the cells of the path it walked too)."""
    kinds = _entered_kinds(m)
    piece = pieces(m)[i]
    if not kinds or piece[2] is None:
        return []
    now = set(cells_of(m, piece))
    if walked:
        for cell in m.state.get("path", ()):
            now.update(cells_of(m, piece, tuple(cell)))
    b, _ = board(m)
    frames = []
    for t in b.pieces:
        if t.name in kinds and now.intersection(t.cells) and not before.intersection(t.cells):
            frames += went_in(m, t.name, tuple(t.at), i)
    return frames


def went_in(m: Machine, name: str, at: Cell, i: int) -> list[dict]:
    """Frames running the `on-enter` abilities of terrain piece `name` (top-left on `at`) that
    piece `i` has entered."""
    piece = pieces(m)[i]
    seat = piece[1] if piece[1] is not None else m.state.get("placed_by", {}).get(
        placed_by_key(name, at), m.state["active"])
    ctx = {"self": seat, "terrain": name, "terrain_at": list(at), "tpiece": i,
           "target": piece[1], "entered_by_foe": piece[1] is None}
    frames = []
    for ability in m.program.game.terrain[name].abilities:
        if ability.when != "on-enter" or not m.holds(ability.if_, seat, ctx):
            continue
        m.emit("ability", seat=seat, card=None, name=ability.name or "", terrain=name)
        frames.append(fx(m.program.lid(ability.do), ctx))
    return frames
