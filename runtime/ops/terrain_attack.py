"""The op `attack-terrain`: an attack whose target is a terrain piece (a rope or chain shot
through, a door battered).

The seat's figure strikes with one of its weapons still ready to strike (see
`runtime.weapons`) whose pattern, rays in sight and range, covers a cell of a piece with an
ability waiting on `when` whose `if:` holds, read with that weapon as the card. The weapon
strikes (its once a turn is spent), the dice are rolled and the `after-attack-roll` window may
change them, then the piece's ability runs with the roll's `successes`, as a terrain ability
runs (`terrain` and `terrain_at` in its context).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.geometry import format_cell
from runtime import weapons
from runtime.board import board
from runtime.frames import Call, Tail, answered, ask, fx
from runtime.ops import implements
from runtime.targets import pattern_cover, source_piece
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine


def _reached(m: Machine, ctx: dict, p) -> list[tuple[int, int]]:
    """(index of the board's piece, index of its ability) for each ability waiting on
    `p.when` of a piece the armed weapon's pattern covers, whose `if:` holds."""
    src = source_piece(m, ctx) if m.program.game.landscapes else None
    if src is None:
        return []
    cells = pattern_cover(m, src, ctx)
    b, _ = board(m)
    terrain = m.program.game.terrain
    found = []
    for k, piece in enumerate(b.pieces):
        doc = terrain.get(piece.name)
        if doc is None or not cells.intersection(piece.cells):
            continue
        tctx = {**ctx, "terrain": piece.name, "terrain_at": list(piece.at)}
        found += [(k, i) for i, a in enumerate(doc.abilities)
                  if a.when == p.when and m.holds(a.if_, ctx["self"], tctx, ctx.get("weapon"))]
    return found


def _viable(m: Machine, ctx: dict, p) -> bool:
    return any(_reached(m, weapons.armed(m, ctx, p.weapon, inst), p)
               for inst in weapons.ready(m, p.weapon, ctx["self"]))


@implements("attack-terrain", viable=_viable)
def attack_terrain(m: Machine, ctx: dict, p, local: dict):
    from runtime.dice import count_roll, start_roll, system

    if "w" in local:  # the dice are rolled and changed: the piece's ability answers
        wctx = local["w"]
        successes = count_roll(m, system(m, p.dice))
        k, index = local["use"]
        piece = board(m)[0].pieces[k]
        ability = m.program.game.terrain[piece.name].abilities[index]
        m.emit("attack-terrain", seat=ctx["self"], terrain=piece.name, cell=list(piece.at),
               successes=successes, strikes=local["strikes"])
        return Tail(fx(m.program.lid(ability.do), wctx))
    inst = weapons.choose(m, ctx, p.weapon, local,
                          lambda i: bool(_reached(m, weapons.armed(m, ctx, p.weapon, i), p)))
    if inst is None or type(inst) is dict:
        return inst
    armed = weapons.armed(m, ctx, p.weapon, inst)
    if "use" not in local:
        answer = answered(local, "use")
        if answer is not None:
            local["use"] = answer["use"]
        else:
            found = _reached(m, armed, p)
            if not found:
                return None
            if len(found) > 1:
                b, notation = board(m)
                terrain = m.program.game.terrain
                local["asking"] = "use"
                options = [{"label": f"{terrain[b.pieces[k].name].name} at "
                                     f"{format_cell(b.pieces[k].at, notation)}",
                            "key": f"terrain:{b.pieces[k].name}:{k}:{i}", "use": [k, i]}
                           for k, i in found]
                return ask(ctx["self"], "terrain", "Attack which terrain?", options)
            local["use"] = list(found[0])
    piece = board(m)[0].pieces[local["use"][0]]
    local["strikes"] = weapons.strike(m, inst)
    ranged = p.ranged if type(p.ranged) is bool else m.holds(p.ranged, ctx["self"], armed, inst)
    local["w"] = {**armed, "terrain": piece.name, "terrain_at": list(piece.at),
                  "attacking": True, "ranged": ranged, "source": source_piece(m, ctx)}
    count = None if p.count is None else max(0, int(m.value(p.count, ctx["self"], armed, inst)))
    start_roll(m, system(m, p.dice), ctx["self"], count)
    return Call(window("after-attack-roll", local["w"]))
