"""Checks of a story's conditions on their own (GS418, GS420): constant or contradictory
conditions, and comparisons settled by a variable's declared range (comparisons across types
are GS230, which checks every expression).

A condition is judged exactly, by trying every combination of what it tests, only when it
compares declared variables with constants (and tests flags and items): each such atom then
changes value only at the constants it is compared with, so a few points per variable cover
all its values. Anything else (arithmetic, card fields, the runtime's names) is left alone.
"""

from __future__ import annotations

import ast
import itertools
from typing import TYPE_CHECKING, Any

from compiler.analysis.story_values import evaluate, tree
from compiler.language.documents import Story, Variable

if TYPE_CHECKING:
    from compiler.analysis.story import Emitter

_MAX_COMBINATIONS = 4096
_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def check_conditions(story: Story, variables: dict[str, Variable], out: Emitter) -> set[tuple]:
    """Emit GS418 and GS420 for each card's and choice's `if:`; return the (card, path) of each
    condition reported, so that the state checks do not report its consequences again."""
    reported = set()
    for key, card in story.cards.items():
        places = [(card.if_, ("if",))] + [
            (c.if_, ("choices", i, "if")) for i, c in enumerate(card.choices)]
        for source, path in places:
            if source is not None and _check(source, key, path, variables, out):
                reported.add((key, path))
    return reported


def _check(source: str, key: str, path: tuple, variables: dict[str, Variable],
           out: Emitter) -> bool:
    body = tree(source)
    atoms = _atoms(body, variables)
    if atoms is None:
        return False
    constant = _constant(body, atoms, variables, ranged=False)
    if constant is not None:
        word = "always holds" if constant else "never holds (it contradicts itself)"
        out.emit("GS418", key, f"`{source}` {word}, whatever the flags, items and values",
                 path)
        return True
    for node in ast.walk(body):
        if isinstance(node, ast.Compare):
            settled = _constant(node, _atoms(node, variables) or {}, variables, ranged=True)
            if settled is not None:
                name = next(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
                var = variables[name]
                span = f"{_bound(var.min)}..{_bound(var.max)}"
                out.emit("GS420", key,
                         f"`{ast.unparse(node)}` is {'always' if settled else 'never'} true: "
                         f"{name} is declared to stay within {span}", path)
                return True
    return False


def _bound(value: int | None) -> str:
    return "" if value is None else str(value)


def _kind(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    return None


def _atoms(body: ast.expr, variables: dict[str, Variable]) -> dict[tuple[str, str], list] | None:
    """What `body` tests and the points worth trying for each, or None when it is not a
    combination of variable-against-constant comparisons, flags and items."""
    atoms: dict[tuple[str, str], list] = {}
    called = {id(n.func) for n in ast.walk(body) if isinstance(n, ast.Call)}
    for node in ast.walk(body):
        if id(node) in called:
            continue
        match node:
            case ast.BinOp() | ast.IfExp():
                return None
            case ast.Call(func=ast.Name(id=("flag" | "has") as fn), args=[ast.Constant(value=v)]):
                atoms[("flag" if fn == "flag" else "item", v)] = [False, True]
            case ast.Call():
                return None
            case ast.Compare(left=left, comparators=comparators):
                names = [n for n in (left, *comparators) if isinstance(n, ast.Name)]
                if len(names) > 1:
                    return None
            case ast.Name(id=name):
                var = variables.get(name)
                if var is None or var.counts is not None or _kind(var.initial) != "number":
                    return None
                atoms.setdefault(("name", name), [])
    constants = [n.value for n in ast.walk(body) if isinstance(n, ast.Constant)
                 and _kind(n.value) == "number"]
    constants += [-n.operand.value for n in ast.walk(body)
                  if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub)
                  and isinstance(n.operand, ast.Constant) and _kind(n.operand.value) == "number"]
    for key in atoms:
        if key[0] == "name":
            points = {c + d for c in constants for d in (-1, -0.5, 0, 0.5, 1)} | {0}
            atoms[key] = sorted(points)
    return atoms


def _constant(body: ast.expr, atoms: dict, variables: dict[str, Variable], ranged: bool):
    """The truth `body` takes for every combination of its atoms' points (within the declared
    ranges when `ranged`), or None when it varies (or cannot be judged)."""
    domains = []
    for (what, name), points in atoms.items():
        if what == "name" and ranged:
            var = variables[name]
            lo = var.min if var.min is not None else float("-inf")
            hi = var.max if var.max is not None else float("inf")
            points = [p for p in points if lo <= p <= hi] + [b for b in (var.min, var.max)
                                                            if b is not None]
            if var.min is None and var.max is None:
                return None
        domains.append(points or [0])
    if not atoms:
        return None
    size = 1
    for d in domains:
        size *= len(d)
    if size > _MAX_COMBINATIONS:
        return None
    keys = list(atoms)
    source = ast.unparse(body)
    seen = set()
    for combo in itertools.product(*domains):
        values = dict(zip(keys, combo, strict=True))
        result = evaluate(source, lambda what, name, v=values: v.get((what, name)))
        if not isinstance(result, bool | int | float):
            return None
        seen.add(bool(result))
        if len(seen) > 1:
            return None
    return seen.pop()
