"""Types of expressions, worked out at compile time from the types of the names they read.

A type is one of `number`, `text`, `flag` (true or false), `list`, `none` or `any` (not
known: a name read in several ways, a card's ref field…). `check_types(source, types)`
walks a valid expression bottom up and raises ExpressionError GS230 at the first operation
whose operands can never work together: text compared with a number (`score >= 'fifteen'`),
arithmetic on text, a flag used as a number. `any` never causes an error.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import lru_cache

from compiler.expressions.errors import ExpressionError
from compiler.expressions.functions import MEMBERSHIP
from compiler.expressions.parse import Positions, parse
from compiler.spelling import closest

NUMBER, TEXT, FLAG, LIST, NONE, ANY = "number", "text", "flag", "list", "none", "any"
_WORDS = {NUMBER: "a number", TEXT: "text", FLAG: "true or false", LIST: "a list", NONE: "None"}
_SYMBOLS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.USub: "-", ast.UAdd: "+",
}
_NUMERIC_FUNCTIONS = frozenset({"min", "max", "abs", "clamp", "ceil", "floor"})


def type_of_value(value: object) -> str:
    """The type of a constant or a variable's initial value."""
    if isinstance(value, bool):
        return FLAG
    if isinstance(value, int | float):
        return NUMBER
    if isinstance(value, str):
        return TEXT
    if value is None:
        return NONE
    if isinstance(value, tuple | list):
        return LIST
    return ANY


def describe(kind: str) -> str:
    """How a type is named in messages: `a number`, `text`, `true or false`."""
    return _WORDS.get(kind, "a value")


@lru_cache(maxsize=65536)
def check_types(source: str, types: frozenset[tuple[str, str]]) -> str:
    """The type of valid expression `source` given `(name, type)` pairs; raise GS230."""
    body, positions = parse(source)
    return _Types(dict(types), positions).of(body)


class _Types:
    def __init__(self, types: Mapping[str, str], positions: Positions):
        self.types = types
        self.positions = positions

    def fail(self, node: ast.AST, message: str, hint: str | None = None) -> ExpressionError:
        return ExpressionError("GS230", message, self.positions.start(node), hint)

    def of(self, node: ast.expr) -> str:  # noqa: C901 - one case per construct
        match node:
            case ast.Constant(value=value):
                return type_of_value(value)
            case ast.Name(id=name):
                return self.types.get(name, ANY)
            case ast.UnaryOp(op=ast.Not(), operand=operand):
                self.of(operand)
                return FLAG
            case ast.UnaryOp(op=op, operand=operand):
                self.number(operand, _SYMBOLS[type(op)])
                return NUMBER
            case ast.BinOp(left=left, op=op, right=right):
                return self.arithmetic(node, left, op, right)
            case ast.BoolOp(values=values):
                kinds = {self.of(v) for v in values}
                return kinds.pop() if len(kinds) == 1 else ANY
            case ast.Compare(left=left, ops=ops, comparators=comparators):
                operands = [left, *comparators]
                kinds = [self.of(o) for o in operands]
                for i, op in enumerate(ops):
                    self.compare(operands[i], kinds[i], op, operands[i + 1], kinds[i + 1])
                return FLAG
            case ast.IfExp(test=test, body=body, orelse=orelse):
                self.of(test)
                a, b = self.of(body), self.of(orelse)
                return a if a == b else ANY
            case ast.Tuple(elts=elts) | ast.List(elts=elts):
                for element in elts:
                    self.of(element)
                return LIST
            case ast.Call(func=ast.Name(id=name), args=args):
                return self.call(name, args)
        return ANY

    def number(self, node: ast.expr, symbol: str) -> None:
        kind = self.of(node)
        if kind in (TEXT, FLAG, LIST, NONE):
            raise self.fail(node, f"'{symbol}' needs a number, but {self.said(node)} is {describe(kind)}",
                            _hint(kind))

    def said(self, node: ast.expr) -> str:
        text = ast.get_source_segment(self.positions.source, node) if hasattr(node, "lineno") else None
        return f"`{text}`" if text else "its operand"

    def arithmetic(self, node: ast.BinOp, left: ast.expr, op: ast.operator, right: ast.expr) -> str:
        a, b = self.of(left), self.of(right)
        symbol = _SYMBOLS[type(op)]
        if isinstance(op, ast.Add) and a == b == TEXT:
            return TEXT  # joining two texts
        if isinstance(op, ast.Add) and TEXT in (a, b) and {a, b} <= {TEXT, ANY}:
            return TEXT
        for side, kind in ((left, a), (right, b)):
            if kind in (TEXT, FLAG, LIST, NONE):
                raise self.fail(side, f"'{symbol}' needs numbers, but {self.said(side)} is {describe(kind)}",
                                _hint(kind))
        return NUMBER

    def compare(self, left: ast.expr, a: str, op: ast.cmpop, right: ast.expr, b: str) -> None:
        if isinstance(op, ast.In | ast.NotIn) or ANY in (a, b) or a == b or NONE in (a, b):
            return
        symbol = _SYMBOLS[type(op)]
        raise self.fail(
            right,
            f"'{symbol}' compares {describe(a)} ({self.said(left)}) with {describe(b)} "
            f"({self.said(right)}): the two can never match",
            self.meant(left, b) or self.meant(right, a)
            or "compare like with like: a number with a number (`score >= 15`), text with text",
        )

    def meant(self, node: ast.expr, kind: str) -> str | None:
        """For quoted text that spells a name of the wanted type: did you mean the name?"""
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            return None
        close = closest(node.value, [n for n, k in self.types.items() if k == kind])
        return f"did you mean the name `{close}` (without quotes)?" if close else None

    def call(self, name: str, args: list[ast.expr]) -> str:
        if name in MEMBERSHIP:
            return FLAG
        if name == "len":
            kind = self.of(args[0])
            if kind in (NUMBER, FLAG, NONE):
                raise self.fail(args[0], f"len() counts the items of a list or text, but "
                                f"{self.said(args[0])} is {describe(kind)}",
                                "a name like `hand` is already a count: write `hand`, not `len(hand)`"
                                if kind == NUMBER else None)
            return NUMBER
        if name in _NUMERIC_FUNCTIONS:
            for argument in args:
                self.number(argument, f"{name}()")
            return NUMBER
        for argument in args:
            self.of(argument)
        return ANY


def _hint(kind: str) -> str | None:
    if kind == FLAG:
        return "a flag is true or false; test it (`if: flag_name`) or keep a count in a number variable"
    if kind == TEXT:
        return "write numbers without quotes (`15`, not `'15'`), or compare text with `==`"
    return None
