"""Ops on terrain pieces standing on the board: `use-terrain` (a seat uses an ability of a
piece within reach of its figure: the Interact action) and `remove-terrain` (the piece whose
ability runs, placed in play or part of the landscape, is taken away).

A terrain ability runs for the acting seat with `terrain` (the piece's terrain id) and
`terrain_at` (its top-left cell) in its context, so `on-terrain` picks the pieces standing
on it and `remove-terrain` knows which piece to take away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.geometry import format_cell
from runtime.board import board, cells_of, figure, pieces
from runtime.frames import Tail, ask, fx
from runtime.interactions import used_terrain
from runtime.ops import implements

if TYPE_CHECKING:
    from runtime.machine import Machine


def _in_reach(m: Machine, ctx: dict, p) -> list[tuple[int, int]]:
    """(index of the board's piece, index of its ability) for each ability waiting on
    `p.when` of a terrain piece the acting seat's figure can reach, whose `if:` holds."""
    seat = ctx.get("self")
    mine = figure(m, seat) if seat is not None and m.program.game.landscapes else None
    if mine is None:
        return []
    b, _ = board(m)
    here = cells_of(m, mine)
    terrain = m.program.game.terrain
    found = []
    for k, piece in enumerate(b.pieces):
        doc = terrain.get(piece.name)
        if doc is None or not any(a.when == p.when for a in doc.abilities):
            continue
        on = any(c in piece.cells for c in here)
        beside = any(b.adjacent(c, x) for c in here for x in piece.cells)
        if not (on or (beside and (p.reach == "on-or-next-to" or doc.type == "obstacle"))):
            continue
        tctx = _context(ctx, piece)
        found += [(k, i) for i, a in enumerate(doc.abilities)
                  if a.when == p.when and m.holds(a.if_, seat, tctx)]
    return found


def _context(ctx: dict, piece) -> dict:
    return {**ctx, "terrain": piece.name, "terrain_at": list(piece.at)}


def _viable(m: Machine, ctx: dict, p) -> bool:
    return bool(_in_reach(m, ctx, p))


@implements("use-terrain", viable=_viable)
def use_terrain(m: Machine, ctx: dict, p, local: dict):
    if "ans" in local:
        k, index = local.pop("ans")["use"]
    else:
        found = _in_reach(m, ctx, p)
        if not found:
            return None
        b, notation = board(m)
        terrain = m.program.game.terrain
        options = []
        for k, i in found:
            piece = b.pieces[k]
            ability = terrain[piece.name].abilities[i]
            label = (f"{terrain[piece.name].name}: {ability.name or p.when} at "
                     f"{format_cell(piece.at, notation)}")
            options.append({"label": label, "key": f"terrain:{piece.name}:{k}:{i}",
                            "use": [k, i]})
        return ask(ctx["self"], "terrain", "Use which terrain?", options)
    piece = board(m)[0].pieces[k]
    ability = m.program.game.terrain[piece.name].abilities[index]
    m.emit("ability", seat=ctx["self"], card=None, name=ability.name or "")
    tctx = _context(ctx, piece)
    return Tail(fx(m.program.lid(ability.do), tctx), *used_terrain(m, tctx))


@implements("remove-terrain")
def remove_terrain(m: Machine, ctx: dict, p, local: dict):
    placed = m.state.get("terrain") or []
    if p.piece is not None:  # the first of that terrain placed in play
        mine = next((t for t in placed if t[0] == p.piece), None)
    elif ctx.get("terrain") is not None and ctx.get("terrain_at") is not None:
        mine = [ctx["terrain"], *ctx["terrain_at"]]  # the piece whose ability runs
    else:
        return None
    if mine is None:
        return None
    kept = next((t for t in placed if t[:3] == mine[:3]), None)
    if kept is not None:
        placed.remove(kept)
    else:  # a piece of the landscape itself: the board leaves it out from now on
        m.state.setdefault("removed", []).append(mine)
    m.emit("remove-terrain", terrain=mine[0], cell=mine[1:])
    return None


@implements("move-terrain")
def move_terrain(m: Machine, ctx: dict, p, local: dict):
    """The placed terrain piece steps towards the closest figure until it covers its cell;
    the figures it comes to cover enter it."""
    from runtime.entering import placed_by_key, went_in
    from runtime.ops import amount
    from runtime.seats import incapacitated
    from runtime.targets import is_character, piece_label, standing, tie_chooser

    placed = m.state.get("terrain") or []
    if p.piece is not None:
        mine = next((t for t in placed if t[0] == p.piece), None)
    else:
        at = ctx.get("terrain_at") or ()
        mine = next((t for t in placed if [t[0], *t[1:]] == [ctx.get("terrain"), *at]), None)
    if mine is None:
        return None
    w, h = m.program.game.terrain[mine[0]].size or (1, 1)

    def cover(c: int, r: int) -> set:
        return {(c + dc, r + dr) for dc in range(w) for dr in range(h)}

    rows = pieces(m)
    if "goal" not in local:
        if "ans" in local:
            local["goal"] = local.pop("ans")["piece"]
        else:
            here = cover(mine[1], mine[2])
            far = {i: min(abs(x - a) + abs(y - b) for x, y in here for a, b in cells_of(m, rows[i]))
                   for i in standing(m) if is_character(m, i) and not incapacitated(m, rows[i][1])}
            if not far:
                return None
            tied = [i for i in far if far[i] == min(far.values())]
            if len(tied) > 1:
                options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i}
                           for i in tied]
                return ask(tie_chooser(m, ctx), "piece", "It heads for which?", options)
            local["goal"] = tied[0]
    goal = rows[local["goal"]][2:4]
    b, _ = board(m)
    c, r = mine[1], mine[2]
    before = cover(c, r)
    for _ in range(int(amount(m, ctx, p.distance))):
        if tuple(goal) in cover(c, r):
            break
        nc, nr = c, r
        if goal[0] < c:
            nc -= 1
        elif goal[0] > c + w - 1:
            nc += 1
        elif goal[1] < r:
            nr -= 1
        else:
            nr += 1
        ahead = cover(nc, nr)
        if not ahead <= b.extent or any(
                "impassable" in t.keywords and t.name not in p.over and t.name != mine[0]
                for cell in ahead for t in b.occupants(cell)):
            break
        c, r = nc, nr
    if (c, r) == (mine[1], mine[2]):
        return None
    owners = m.state.get("placed_by", {})
    owner = owners.pop(placed_by_key(mine[0], (mine[1], mine[2])), None)
    mine[1], mine[2] = c, r
    if owner is not None:
        owners[placed_by_key(mine[0], (c, r))] = owner
    m.emit("move-terrain", terrain=mine[0], cell=[c, r])
    now = cover(c, r)
    frames = [f for i in standing(m) if is_character(m, i)
              and now.intersection(cells_of(m, rows[i])) and not before.intersection(cells_of(m, rows[i]))
              for f in went_in(m, mine[0], (c, r), i)]
    return Tail(*frames) if frames else None
