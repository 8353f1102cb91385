"""The whitelist: walk a parsed expression, refuse what is not allowed (GS222), collect
the names, flags and items it uses, and check the names against the allowed ones (GS221).
"""

from __future__ import annotations

import ast
import difflib
import math
from collections.abc import Collection
from dataclasses import dataclass, field

from compiler.expressions.errors import ExpressionError
from compiler.expressions.functions import FUNCTIONS, MEMBERSHIP
from compiler.expressions.parse import Positions
from compiler.spelling import closest

MAX_DEPTH = 50
MAX_NUMBER = 10**9
MAX_STRING = 200

_UNARY = (ast.UAdd, ast.USub, ast.Not)
_BINARY = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
_COMPARE = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn)

# Every operator Python has that the whitelist leaves out.
_OPERATORS: dict[type, tuple[str, str | None]] = {
    ast.Pow: ("'**' (power) is not allowed", "write the multiplication out: x * x"),
    ast.BitAnd: ("'&' is not allowed", "write 'and'"),
    ast.BitOr: ("'|' is not allowed", "write 'or'"),
    ast.BitXor: ("'^' is not allowed", None),
    ast.LShift: ("'<<' is not allowed", None),
    ast.RShift: ("'>>' is not allowed", None),
    ast.MatMult: ("'@' is not allowed", None),
    ast.Invert: ("'~' is not allowed", "write 'not' or '-'"),
    ast.Is: ("'is' is not allowed", "write '=='"),
    ast.IsNot: ("'is not' is not allowed", "write '!='"),
}

_FORBIDDEN: dict[type, tuple[str, str | None]] = {
    ast.Attribute: ("attribute access ('.') is not allowed", None),
    ast.Subscript: ("indexing or slicing ('[...]') is not allowed", None),
    ast.ListComp: ("comprehensions are not allowed", None),
    ast.SetComp: ("comprehensions are not allowed", None),
    ast.DictComp: ("comprehensions are not allowed", None),
    ast.GeneratorExp: ("comprehensions are not allowed", None),
    ast.Lambda: ("'lambda' is not allowed", None),
    ast.NamedExpr: ("assignment (':=') is not allowed", "write '==' to compare"),
    ast.JoinedStr: ("f-strings are not allowed", "write a plain string: 'text'"),
    ast.Starred: ("unpacking ('*') is not allowed", None),
    ast.Dict: ("dict literals are not allowed", None),
    ast.Set: ("set literals are not allowed", "write a tuple: ('a', 'b')"),
    ast.Await: ("'await' is not allowed", None),
    ast.Yield: ("'yield' is not allowed", None),
    ast.YieldFrom: ("'yield' is not allowed", None),
}

_CONSTANT_HINTS = {"true": "True", "false": "False", "none": "None", "null": "None"}


@dataclass
class Analysis:
    """What a valid expression uses; `names` keeps each name's first offset."""

    names: dict[str, int] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    items: set[str] = field(default_factory=set)
    near_terrain: set[str] = field(default_factory=set)  # next_to('...') arguments
    foe_areas: set[str] = field(default_factory=set)  # foe_in('...') arguments


def validate(body: ast.expr, positions: Positions) -> Analysis:
    """Raise ExpressionError (GS222) at the first construct outside the whitelist."""
    walker = _Walker(positions)
    walker.check(body, 1)
    return walker.analysis


def check_names(analysis: Analysis, allowed: Collection[str]) -> None:
    """Raise ExpressionError (GS221) for the first name not in `allowed`, with a suggestion."""
    for name, offset in sorted(analysis.names.items(), key=lambda item: item[1]):
        if name not in allowed:
            raise ExpressionError(
                "GS221", f"unknown name {name!r}", offset, _suggest(name, allowed)
            )


def _suggest(name: str, known: Collection[str]) -> str | None:
    if name.lower() in _CONSTANT_HINTS:
        return f"write {_CONSTANT_HINTS[name.lower()]!r} (capitalised)"
    close = closest(name, known)
    return f"did you mean {close!r}?" if close else None


class _Walker:
    def __init__(self, positions: Positions):
        self.positions = positions
        self.analysis = Analysis()

    def fail(self, message: str, offset: int, hint: str | None = None) -> ExpressionError:
        return ExpressionError("GS222", message, offset, hint)

    def check(self, node: ast.expr, depth: int) -> None:
        start = self.positions.start(node)
        if depth > MAX_DEPTH:
            raise self.fail(f"the expression nests more than {MAX_DEPTH} levels deep", start)
        inner = depth + 1
        match node:
            case ast.Constant():
                self.constant(node)
            case ast.Name():
                self.analysis.names.setdefault(node.id, start)
            case ast.UnaryOp(op=op, operand=operand):
                if not isinstance(op, _UNARY):
                    raise self.operator(op, start)
                self.check(operand, inner)
            case ast.BinOp(left=left, op=op, right=right):
                if not isinstance(op, _BINARY):
                    raise self.operator(op, self.between(left, right, start))
                self.check(left, inner)
                self.check(right, inner)
            case ast.BoolOp(values=values):
                for value in values:
                    self.check(value, inner)
            case ast.Compare(left=left, ops=ops, comparators=comparators):
                operands = [left, *comparators]
                for i, op in enumerate(ops):
                    if not isinstance(op, _COMPARE):
                        raise self.operator(op, self.between(operands[i], operands[i + 1], start))
                for operand in operands:
                    self.check(operand, inner)
            case ast.IfExp(test=test, body=body, orelse=orelse):
                for part in (body, test, orelse):
                    self.check(part, inner)
            case ast.Tuple(elts=elts) | ast.List(elts=elts):
                for element in elts:
                    if not isinstance(element, ast.Starred) and not _is_constant(element):
                        raise self.fail(
                            "a tuple or list may hold only constants",
                            self.positions.start(element),
                            "write numbers, strings, True, False or None",
                        )
                    self.check(element, inner)
            case ast.Call():
                self.call(node, inner)
            case ast.Attribute(attr=attr):
                message, hint = _FORBIDDEN[ast.Attribute]
                raise self.fail(message, self.positions.end(node) - len(attr), hint)
            case ast.Subscript(value=value):
                message, hint = _FORBIDDEN[ast.Subscript]
                raise self.fail(message, self.after(value), hint)
            case _:
                message, hint = _FORBIDDEN.get(
                    type(node), (f"this construct ({type(node).__name__}) is not allowed", None)
                )
                if isinstance(node, ast.NamedExpr):
                    start = self.between(node.target, node.value, start)
                raise self.fail(message, start, hint)

    def constant(self, node: ast.Constant) -> None:
        value, start = node.value, self.positions.start(node)
        if value is None or isinstance(value, bool):
            return
        if isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise self.fail(f"numbers may be at most {MAX_NUMBER:,} in size", start)
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise self.fail(f"numbers may be at most {MAX_NUMBER:,} in size", start)
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise self.fail(f"strings may be at most {MAX_STRING} characters long", start)
        else:
            raise self.fail(
                f"{type(value).__name__} constants are not allowed",
                start,
                "write a number, a string, True, False or None",
            )

    def call(self, node: ast.Call, inner: int) -> None:
        func = node.func
        if not isinstance(func, ast.Name):
            self.check(func, inner)  # reports `x.f(...)`, `(lambda: 0)()` as what they are
            raise self.fail(
                "only the listed functions can be called, by name", self.positions.start(func)
            )
        name = func.id
        start = self.positions.start(func)
        if name not in FUNCTIONS:
            close = difflib.get_close_matches(name, list(FUNCTIONS), n=1)
            hint = f"did you mean {close[0]!r}?" if close else "functions: " + ", ".join(FUNCTIONS)
            raise self.fail(f"{name!r} is not a function expressions may call", start, hint)
        for argument in node.args:
            if isinstance(argument, ast.Starred):
                message, hint = _FORBIDDEN[ast.Starred]
                raise self.fail(message, self.positions.start(argument), hint)
        if node.keywords:
            keyword = node.keywords[0]
            raise self.fail(
                "keyword arguments are not allowed",
                self.positions.start(keyword),
                FUNCTIONS[name].doc,
            )
        arity, count = FUNCTIONS[name].arity, len(node.args)
        if (arity is None and count < 2) or (arity is not None and count != arity):
            wanted = "two or more arguments" if arity is None else _plural(arity, "argument")
            raise self.fail(f"{name}() takes {wanted}, not {count}", start, FUNCTIONS[name].doc)
        if name in MEMBERSHIP:
            argument = node.args[0]
            if not (isinstance(argument, ast.Constant) and isinstance(argument.value, str)):
                raise self.fail(
                    f"{name}() takes a quoted name",
                    self.positions.start(argument),
                    FUNCTIONS[name].doc,
                )
            getattr(self.analysis, MEMBERSHIP[name]).add(argument.value)
        for argument in node.args:
            self.check(argument, inner)

    def operator(self, op: ast.AST, offset: int) -> ExpressionError:
        message, hint = _OPERATORS[type(op)]
        return self.fail(message, offset, hint)

    def between(self, left: ast.AST, right: ast.AST, fallback: int) -> int:
        """The offset of the operator written between two operands."""
        offset = self.after(left)
        return offset if offset < self.positions.start(right) else fallback

    def after(self, node: ast.AST) -> int:
        """The first character after `node` that is not space or a closing bracket."""
        text, offset = self.positions.source, self.positions.end(node) - self.positions.base
        while offset < len(text) and text[offset] in " \t\r\n\f)\\":
            offset += 1
        return offset + self.positions.base


def _is_constant(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd | ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
