"""Expressions evaluated over partly known values: any name, flag or item may be UNKNOWN, and
the result is then the value every completion gives, or UNKNOWN when completions differ."""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from functools import cache
from typing import Any

from compiler.expressions.parse import parse


class _Unknown:
    """A value the analysis does not know (any value its variable may take)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __reduce__(self):
        return (_Unknown, ())


UNKNOWN = _Unknown()

Lookup = Callable[[str, str], Any]  # (what, name) -> value; what is "name", "flag" or "item"

_BINARY: dict[type, Callable] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
}
_COMPARE: dict[type, Callable] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_FUNCTIONS: dict[str, Callable] = {
    "min": min, "max": max, "abs": abs, "len": len, "ceil": math.ceil, "floor": math.floor,
    "clamp": lambda x, lo, hi: max(lo, min(x, hi)),
}
_MEMBERSHIP = {"flag": "flag", "has": "item"}


@cache
def tree(source: str) -> ast.expr:
    """The parsed body of a (validated) expression."""
    return parse(source)[0]


def evaluate(source: str, lookup: Lookup) -> Any:
    """The value of `source` where `lookup` gives each name, flag and item (maybe UNKNOWN);
    UNKNOWN when it depends on what is unknown, or when evaluating it would fail."""
    try:
        return _eval(tree(source), lookup)
    except Exception:  # a failing evaluation is the runtime's error to report, not ours
        return UNKNOWN


def truth(source: str | None, lookup: Lookup) -> Any:
    """True, False or UNKNOWN: whether condition `source` holds (None always holds)."""
    if source is None:
        return True
    value = evaluate(source, lookup)
    return UNKNOWN if value is UNKNOWN else bool(value)


def _eval(node: ast.expr, lookup: Lookup) -> Any:  # noqa: C901 - one case per construct
    match node:
        case ast.Constant(value=value):
            return value
        case ast.Name(id=name):
            return lookup("name", name)
        case ast.Tuple(elts=elts) | ast.List(elts=elts):
            return tuple(_eval(e, lookup) for e in elts)
        case ast.UnaryOp(op=op, operand=operand):
            value = _eval(operand, lookup)
            if value is UNKNOWN:
                return UNKNOWN
            if isinstance(op, ast.Not):
                return not value
            return -value if isinstance(op, ast.USub) else +value
        case ast.BinOp(left=left, op=op, right=right):
            a, b = _eval(left, lookup), _eval(right, lookup)
            if a is UNKNOWN or b is UNKNOWN:
                return UNKNOWN
            return _BINARY[type(op)](a, b)
        case ast.BoolOp(op=op, values=values):
            return _bool(isinstance(op, ast.And), values, lookup)
        case ast.Compare(left=left, ops=ops, comparators=comparators):
            result: Any = True
            a = _eval(left, lookup)
            for op, right in zip(ops, comparators, strict=True):
                b = _eval(right, lookup)
                if a is UNKNOWN or b is UNKNOWN or (isinstance(b, tuple) and UNKNOWN in b):
                    result = UNKNOWN
                elif not _COMPARE[type(op)](a, b):
                    return False
                a = b
            return result
        case ast.IfExp(test=test, body=body, orelse=orelse):
            cond = _eval(test, lookup)
            if cond is UNKNOWN:
                yes, no = _eval(body, lookup), _eval(orelse, lookup)
                return yes if yes is not UNKNOWN and yes == no else UNKNOWN
            return _eval(body if cond else orelse, lookup)
        case ast.Call(func=ast.Name(id=name), args=args):
            if name in _MEMBERSHIP:
                return lookup(_MEMBERSHIP[name], args[0].value)
            values = [_eval(a, lookup) for a in args]
            if UNKNOWN in values:
                return UNKNOWN
            return _FUNCTIONS[name](*values)
    raise ValueError(f"not an expression the language allows: {ast.dump(node)}")


def _bool(conjunction: bool, values: list[ast.expr], lookup: Lookup) -> Any:
    """`and`/`or` in three values: a decisive operand decides even when others are unknown."""
    unknown = False
    last: Any = None
    for node in values:
        value = _eval(node, lookup)
        if value is UNKNOWN:
            unknown = True
            continue
        last = value
        if bool(value) != conjunction:  # False in an `and`, True in an `or`
            return value
    return UNKNOWN if unknown else last
