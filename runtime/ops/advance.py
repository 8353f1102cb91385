"""The op `advance`: pieces moving by priorities, as an enemy's AI moves.

A piece that already reaches a target (on a square next to one, or with one in sight) stays.
Otherwise it picks the nearest square, by movement cost, from which it would reach one:
with `avoid-patterns`, squares outside every target's attack patterns come first. Failing
any, it closes on the nearest target. It walks there as far as its movement allows, halting
on entering a square of a target's attack pattern (with `avoid-patterns`), never entering
the targets' squares, terrain with an `avoid` keyword or (with `avoid-patterns`) a square
inside a pattern that another piece holds. Squares equally near are a decision for the seat
the rules' `ties` names (the acting seat by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import ask_cell, board, cell_of, cells_of, pieces
from runtime.ops import implements
from runtime.ops.pieces import on_pieces
from runtime.selectors import tie_breaker
from runtime.targets import enemies_of, pattern_cover, piece_label, tie_chooser

if TYPE_CHECKING:
    from compiler.geometry import Board
    from runtime.machine import Machine

Cell = tuple[int, int]


@implements("advance", seats="who")
def advance_seats(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    """Seats advance through their figures."""
    found = [i for i, row in enumerate(pieces(m)) if row[1] in seats and row[2] is not None]
    return advance(m, ctx, p, local, found)


@on_pieces("advance")
def advance(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    from runtime.ops import amount

    moved = local.setdefault("moved", {})
    for i in found:
        if str(i) in moved or pieces(m)[i][2] is None:
            continue
        plan = local.setdefault("plans", {}).get(str(i))
        if plan is None:
            plan = local["plans"][str(i)] = _plan(m, i, p, int(amount(m, ctx, p.distance)))
        if plan["ends"]:
            chooser = tie_chooser(m, ctx)
            if len(plan["ends"]) > 1:  # the seat the rules' `ties` names breaks it
                chooser = tie_breaker(m, {**ctx, "self": chooser}, local, f"cell{i}")
                if type(chooser) is dict:
                    return chooser
            cell = ask_cell(m, local, f"cell{i}", chooser, [tuple(c) for c in plan["ends"]],
                            f"Where does {piece_label(m, i)} head?")
            if type(cell) is dict:
                return cell
            _walk(m, i, plan, tuple(cell))
        moved[str(i)] = True
    return None


def _plan(m: Machine, i: int, p, steps: int) -> dict:
    """The squares piece `i` may head for (nearest first, ties all kept) and how to get there:
    `ends` empty when it stays."""
    b, _ = board(m)
    me = pieces(m)[i]
    here = cell_of(me)
    targets = [pieces(m)[t] for t in enemies_of(m, i)]
    if not targets:
        return {"ends": []}
    target_cells = {c for t in targets for c in cells_of(m, t)}

    def reaches(cell: Cell) -> bool:
        mine = cells_of(m, me, cell)
        if p.reach == "sight":
            return any(b.line_of_sight(x, y) for x in mine for y in target_cells)
        return any(b.adjacent(x, y) and not b.across_railing(x, y)
                   for x in mine for y in target_cells)

    if reaches(here):
        return {"ends": []}
    patterns = set()
    if p.avoid_patterns:
        for t in enemies_of(m, i):
            patterns |= pattern_cover(m, t)
    others = {c for j, row in enumerate(pieces(m)) if j != i and row[2] is not None
              for c in cells_of(m, row)}
    avoid = target_cells | _terrain(b, set(p.avoid))
    if p.avoid_patterns:
        avoid |= others & patterns
    cost, previous = b.cheapest_paths(here, avoid=avoid)
    free = {c: d for c, d in cost.items()
            if c != here and all(x in b.cells and x not in others and x not in avoid
                                 for x in cells_of(m, me, c))}
    goals = [c for c in free if reaches(c)]
    outside = [c for c in goals if c not in patterns]
    if p.avoid_patterns and outside:
        # given the choice it keeps out of the patterns: walks round them where it can
        clear_cost, clear_previous = b.cheapest_paths(here, avoid=avoid | patterns)
        if any(c in clear_cost for c in outside):
            cost, previous = clear_cost, clear_previous
            free = {c: clear_cost[c] for c in free if c in clear_cost}
            outside = [c for c in outside if c in free]
        goals = outside
    if goals:
        best = min(free[c] for c in goals)
        ends = [c for c in goals if free[c] == best]
    elif free:  # no square reaches one: close on the nearest target instead
        near = {c: min(b.span(c, t) for t in target_cells) for c in free}
        closest = min(near.values())
        if closest >= min(b.span(here, t) for t in target_cells):
            return {"ends": []}
        best = min(free[c] for c in free if near[c] == closest)
        ends = [c for c in free if near[c] == closest and free[c] == best]
    else:
        return {"ends": []}
    return {"ends": [list(c) for c in sorted(ends)], "steps": steps,
            "previous": {f"{c[0]},{c[1]}": list(v) for c, v in previous.items()},
            "patterns": [list(c) for c in sorted(patterns)], "others": [list(c) for c in others]}


def _terrain(b: Board, keywords: set[str]) -> set[Cell]:
    return {c for piece in b.pieces if keywords & piece.keywords for c in piece.cells}


def _walk(m: Machine, i: int, plan: dict, goal: Cell) -> None:
    """Walk piece `i` along its cheapest path to `goal` while its movement lasts, halting
    on a pattern's square; it stops on the last free square it reached."""
    b, _ = board(m)
    piece = pieces(m)[i]
    previous = {tuple(map(int, k.split(","))): tuple(v) for k, v in plan["previous"].items()}
    path = [goal]
    while path[-1] in previous:
        path.append(previous[path[-1]])
    path.reverse()  # from the piece's own square to the goal
    patterns = {tuple(c) for c in plan["patterns"]}
    others = {tuple(c) for c in plan["others"]}
    spent, stop = 0, path[0]
    m.state["path"] = []
    for last, cell in zip(path, path[1:], strict=False):
        spent += b.step_cost(last, cell)
        if spent > plan["steps"]:
            break
        m.state["path"].append(list(cell))
        if cell not in others:
            stop = cell
        if cell in patterns:
            break
    if stop != path[0]:
        piece[2], piece[3] = stop
        m.emit("move-piece", piece=i, seat=piece[1], cell=list(stop))
