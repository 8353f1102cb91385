"""Board ops: move, push, place, place-terrain, approach, scatter, spawn, damage-near."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import (
    area_goal,
    ask_cell,
    ask_facing,
    board,
    cell_of,
    cells_of,
    distance,
    figure,
    free,
    named_cells,
    new_piece,
    occupied,
    pieces,
    step_towards,
)
from runtime.entering import covered_before, entered, placed_by_key
from runtime.frames import Tail, fx
from runtime.ops import _some_piece, amount, implements
from runtime.ops.variables import read, write
from runtime.selectors import resolve
from runtime.targets import in_the_way, resolve_pieces, targets_pieces
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine


def _around(m: Machine, cell) -> list:
    b, _ = board(m)
    return list(b.neighbours(cell))


def _cells(
    m: Machine, ctx: dict, local: dict, at: list[str], area: str | None, near: str | None, slot: str
):
    """The cells named (`at`, `area`) and those around the figures of the seats `near` names,
    or the decision to make first."""
    cells = named_cells(m, at, area)
    if near is None:
        return cells
    seats = resolve(m, ctx, near, local, slot=slot)
    if type(seats) is dict:
        return seats
    return cells + [c for s in seats if figure(m, s) for c in _around(m, cell_of(figure(m, s)))]


@implements("place", seats="who")
def place(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        if str(seat) in local.setdefault("placed", {}):
            continue
        cells = _cells(m, ctx, local, p.at, p.area, p.behind, "behind")
        if type(cells) is dict:
            return cells
        if p.next_to is not None:
            around = _next_to(m, ctx, local, p.next_to)
            if type(around) is dict:
                return around
            cells = cells + around
        open_cells = free(m, cells)
        if not open_cells and f"cell{seat}" not in local:
            continue  # nowhere to stand: it stays where it is
        # a seat places its own figure; anything else is placed by the seat the effect is for
        cell = ask_cell(m, local, f"cell{seat}", seat, open_cells, "Where does your figure go?")
        if type(cell) is dict:
            return cell
        piece = figure(m, seat)
        if piece is None:
            pieces(m).append(new_piece(None, seat, cell, None))
        else:
            piece[2], piece[3] = cell
        local["placed"][str(seat)] = list(cell)
    return None


def _next_to(m: Machine, ctx: dict, local: dict, selector: str):
    """The cells beside every cell of the pieces `selector` names (or the decision first)."""
    found = resolve_pieces(m, ctx, selector, local, slot="next-to")
    if type(found) is dict:
        return found
    covered = {c for i in found for c in cells_of(m, pieces(m)[i])}
    return sorted({n for c in covered for n in _around(m, c)} - covered)


@implements("lift", seats="who")
def lift(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        piece = figure(m, seat)
        if piece is not None:
            piece[2] = piece[3] = None
            m.emit("lift", seat=seat)
    return None


def _goal(m: Machine, ctx: dict, local: dict, towards: str | None, area: str | None):
    """The cells a move heads for, and whether it stops next to them (a piece) or in them:
    those of the pieces `towards` names (the acting piece, for `self` in a foe's effect), else
    of the figures of the seats it names."""
    if area is not None:
        return area_goal(m, area), False
    if targets_pieces(m, towards, ctx):
        found = resolve_pieces(m, ctx, towards, local, slot="towards")
        if type(found) is dict:
            return found, False
        return {c for i in found for c in cells_of(m, pieces(m)[i])}, True
    seats = resolve(m, ctx, towards, local, slot="towards")
    if type(seats) is dict:
        return seats, False
    return {cell_of(figure(m, s)) for s in seats if figure(m, s)}, True


def _free_cells(m: Machine, piece: list, steps: int, spend: bool) -> tuple[list, dict]:
    """The cells a free move of up to `steps` may end on (sorted) and every reachable cell's
    cost; a move that spends a budget must leave its cell."""
    b, _ = board(m)
    reach = b.distances_from(cell_of(piece), avoid=in_the_way(m, _index(m, piece)))
    taken = occupied(m) - {cell_of(piece)}
    if spend:
        taken.add(cell_of(piece))
    return sorted(c for c, d in reach.items()
                  if d <= steps and c not in taken and b.passable(c)), reach


def _move_viable(m: Machine, ctx: dict, p) -> bool:
    """A free move of the acting seat's figure is offered only when it can go somewhere: one
    with nowhere to go costs nothing, so it would be offered (and chosen) again and again."""
    if p.towards is not None or p.area is not None or p.who != "self" or ctx.get("piece") is not None:
        return _some_piece("who")(m, ctx, p)
    piece = figure(m, ctx.get("self", m.state["active"]))
    steps = int(amount(m, ctx, p.distance))
    if piece is None or steps <= 0:
        return piece is not None
    b, _ = board(m)
    here, taken = cell_of(piece), occupied(m)
    if any(b.passable(c) and c not in taken and b.step_cost(here, c) <= steps
           for c in b.neighbours(here)):
        return True  # the usual case, without a walk over the whole board
    return bool(_free_cells(m, piece, steps, p.spend is not None)[0])


@implements("move", viable=_move_viable, seats="who")
def move(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    steps = int(amount(m, ctx, p.distance))
    moved: list[dict] = []  # each mover's `on-move`, once every seat has moved
    for seat in seats:
        piece = figure(m, seat)
        if piece is None or str(seat) in local.setdefault("moved", {}):
            continue
        index = _index(m, piece)
        before = covered_before(m, index)
        spent = 0
        if p.towards is not None or p.area is not None:
            goal, next_to = _goal(m, ctx, local, p.towards, p.area)
            if type(goal) is dict:
                return goal
            step_towards(m, piece, goal, steps, next_to, in_the_way(m, index))
        else:
            cells, reach = _free_cells(m, piece, steps, p.spend is not None)
            if not cells:
                continue
            cell = ask_cell(m, local, f"cell{seat}", seat, cells, "Move where?")
            if type(cell) is dict:
                return cell
            if p.spend is not None:
                write(m, p.spend, seat, read(m, p.spend, seat) - reach[tuple(cell)])
            piece[2], piece[3] = cell
            spent = reach[cell]
        if p.face:
            cost = int(amount(m, ctx, p.turn_cost))
            # each quarter turn costs points of the same move (none: turning is free)
            turns = None if cost <= 0 else (steps - spent) // cost
            way = ask_facing(m, local, f"face{seat}", seat, piece, turns)
            if type(way) is dict:
                return way
        local["moved"][str(seat)] = True
        m.emit("move-piece", seat=seat, cell=[piece[2], piece[3]])
        local.setdefault("stepped", []).extend(
            entered(m, index, before, p.towards is not None or p.area is not None))
        if "on-move" in m.program.listened:
            moved.append(window("on-move", {**ctx, "self": seat, "distance": spent}))
    moved = local.get("stepped", []) + moved  # the terrain stepped into goes off first
    return Tail(*moved) if moved else None


@implements("approach", seats="who")
def approach(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    goal, next_to = _goal(m, ctx, local, p.towards, p.area)
    if type(goal) is dict:
        return goal
    arrived = False
    stepped = []
    for seat in seats:
        piece = figure(m, seat)
        if piece is None:
            continue
        index = _index(m, piece)
        before = covered_before(m, index)
        step_towards(m, piece, goal, int(amount(m, ctx, p.distance)), next_to,
                     in_the_way(m, index))
        stepped += entered(m, index, before, True)
        here = cell_of(piece)
        arrived = arrived or (
            any(here == g or board(m)[0].adjacent(here, g) for g in goal) if next_to
            else here in goal
        )
    branch = p.then if arrived else p.else_
    then = [fx(m.program.lid(branch), ctx)] if branch else []
    return Tail(*stepped, *then) if stepped or then else None


@implements("push", seats="target")
def push(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    source = figure(m, ctx["self"])
    if source is None:
        return None
    b, _ = board(m)
    stepped = []
    for seat in seats:
        piece = figure(m, seat)
        if piece is None:
            continue
        index = _index(m, piece)
        before = covered_before(m, index)
        dc = (piece[2] > source[2]) - (piece[2] < source[2])
        dr = (piece[3] > source[3]) - (piece[3] < source[3])
        for _ in range(int(amount(m, ctx, p.distance))):
            nxt = (piece[2] + dc, piece[3] + dr)
            if (
                (dc, dr) == (0, 0)
                or not b.passable(nxt)
                or nxt in occupied(m)
                or b.closed(cell_of(piece), nxt)
            ):
                break
            piece[2], piece[3] = nxt
        stepped += entered(m, index, before)
    return Tail(*stepped) if stepped else None


def _index(m: Machine, piece: list) -> int:
    return next(j for j, row in enumerate(pieces(m)) if row is piece)


@implements("place-terrain")
def place_terrain(m: Machine, ctx: dict, p, local: dict):
    chooser = resolve(m, ctx, p.chosen_by, local, slot="chooser")
    if type(chooser) is dict:
        return chooser
    cells = named_cells(m, p.at, p.area)
    if not cells and chooser and figure(m, chooser[0]):
        cells = _around(m, cell_of(figure(m, chooser[0])))
    open_cells = free(m, cells)
    if not open_cells and "cell" not in local:
        return None  # no room for it: it is not placed
    cell = ask_cell(
        m, local, "cell", chooser[0] if chooser else ctx["self"], open_cells, "Place it where?"
    )
    if type(cell) is dict:
        return cell
    m.state.setdefault("terrain", []).append([p.piece, cell[0], cell[1]])
    placer = chooser[0] if chooser else ctx.get("self")
    if placer is not None:  # its abilities that go off by themselves act as its placer
        m.state.setdefault("placed_by", {})[placed_by_key(p.piece, tuple(cell))] = placer
    return None


@implements("scatter")
def scatter(m: Machine, ctx: dict, p, local: dict):
    from runtime.zones import move as move_card

    cells = named_cells(m, [], p.area)
    m.shuffle(cells)
    source = m.key(p.from_, ctx.get("self"))
    placed = m.state.setdefault("cells", {})
    for cell in cells:
        cards = m.state["zones"][source]
        if p.card is not None:  # the named card alone, wherever it lies in the zone
            ids = m.state["ids"]
            cards = [inst for inst in cards if ids[inst] == p.card]
        if not cards:
            break
        inst = cards[-1]
        if move_card(m, inst, m.key("board", None), p.face):
            placed[str(inst)] = list(cell)
    return None


@implements("spawn")
def spawn(m: Machine, ctx: dict, p, local: dict):
    from runtime.targets import targets_pieces

    if p.next_to is not None and targets_pieces(m, p.next_to, ctx):
        # next to a piece (the foe whose card this is, when one acts), not a seat's figure
        around = _next_to(m, ctx, local, p.next_to)
        if type(around) is dict:
            return around
        cells = named_cells(m, p.at, p.area) + around
    else:
        cells = _cells(m, ctx, local, p.at, p.area, p.next_to, "near")
    if type(cells) is dict:
        return cells
    open_cells = free(m, cells)
    health = m.program.fields.get(p.piece, {}).get("health")
    for cell in open_cells[: int(amount(m, ctx, p.count))]:
        pieces(m).append(new_piece(p.piece, None, cell, health))
        m.emit("spawn", piece=len(pieces(m)) - 1, card=None, cell=list(cell))
    return None


@implements("damage-near", seats="target")
def damage_near(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    """Damage, like `damage`, each piece the selector picks that stands within range of the
    area: characters by their seats, foes only when the selector picks foes."""
    from runtime.ops.pieces import take_health
    from runtime.targets import piece_candidates, targets_pieces

    area = named_cells(m, [], p.area)
    n = int(amount(m, ctx, p.amount))
    if targets_pieces(m, p.target, ctx):
        chosen = set(piece_candidates(m, ctx, p.target, p))
    else:
        chosen = {i for i, piece in enumerate(pieces(m)) if piece[1] in seats}
    frames = []
    for i, piece in enumerate(pieces(m)):
        if i not in chosen or piece[2] is None:
            continue
        if any(distance(m, cell_of(piece), c) <= p.range for c in area):
            frames += take_health(m, ctx, i, n)
    return Tail(*frames) if frames else None
