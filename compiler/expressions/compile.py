"""Compile a validated expression once into a Python function of `env`, and evaluate it.

The tree is rewritten so that a name `x` reads `env['x']`, `flag('f')` tests
`'f' in env['flags']`, `has('i')` tests `'i' in env['items']`, listed functions are
looked up in a fixed table, and `*`/`%` go through number-only guards unless both sides
are plainly numbers. The result is compiled to a `lambda env: ...` whose globals hold
only that table and no builtins: one plain Python call per evaluation.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.expressions.errors import EvaluationError
from compiler.expressions.functions import IMPLEMENTATIONS, MEMBERSHIP, modulo, multiply
from compiler.expressions.parse import parse
from compiler.expressions.validate import check_names, validate

_ENV = "env"  # the lambda's parameter; every user name becomes a subscript of it
_GUARDS: dict[type, tuple[str, Callable[[Any, Any], Any]]] = {
    ast.Mult: ("_multiply", multiply),
    ast.Mod: ("_modulo", modulo),
}
# Shared by every compiled expression: nothing an expression can do writes to it.
_GLOBALS: dict[str, Any] = {
    "__builtins__": {},
    **IMPLEMENTATIONS,
    **{name: guard for name, guard in _GUARDS.values()},
}


@dataclass(frozen=True, slots=True)
class Expression:
    """A compiled expression and what it refers to; `evaluate(env)` runs it."""

    source: str
    names: frozenset[str]  # free variable names
    flags: frozenset[str]  # flag('...') arguments
    items: frozenset[str]  # has('...') arguments
    _function: Callable[[Mapping[str, Any]], Any] = field(repr=False, compare=False)

    def evaluate(self, env: Mapping[str, Any]) -> Any:
        """The value of the expression with names read from `env`; raise EvaluationError."""
        try:
            return self._function(env)
        except Exception as exc:  # the contract: never a bare Python exception
            raise EvaluationError(self.source, _describe(exc)) from exc

    def __reduce__(self):
        # The compiled function does not pickle; the source recompiles to the same thing.
        return compile_expression, (self.source,)


def compile_expression(source: str, names: Collection[str] | None = None) -> Expression:
    """Parse, validate and compile `source`; `names` are the allowed names (None: any)."""
    body, positions = parse(source)
    analysis = validate(body, positions)
    if names is not None:
        check_names(analysis, names)
    function = ast.Lambda(
        args=ast.arguments(
            posonlyargs=[], args=[ast.arg(_ENV)], kwonlyargs=[], kw_defaults=[], defaults=[]
        ),
        body=_Rewrite().visit(body),
    )
    tree = ast.fix_missing_locations(ast.Expression(function))
    return Expression(
        source=source,
        names=frozenset(analysis.names),
        flags=frozenset(analysis.flags),
        items=frozenset(analysis.items),
        _function=eval(compile(tree, "<expr>", "eval"), _GLOBALS),
    )


def _env(key: str, like: ast.AST) -> ast.Subscript:
    lookup = ast.Subscript(ast.Name(_ENV, ast.Load()), ast.Constant(key), ast.Load())
    return ast.copy_location(lookup, like)


class _Rewrite(ast.NodeTransformer):
    def visit_Name(self, node: ast.Name) -> ast.AST:
        return _env(node.id, node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        name = node.func.id
        if name in MEMBERSHIP:
            test = ast.Compare(node.args[0], [ast.In()], [_env(MEMBERSHIP[name], node)])
            return ast.copy_location(test, node)
        node.args = [self.visit(argument) for argument in node.args]
        return node  # the function name stays a global lookup in the fixed table

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if type(node.op) not in _GUARDS or (_numeric(node.left) and _numeric(node.right)):
            return node
        guard = _GUARDS[type(node.op)][0]
        call = ast.Call(ast.Name(guard, ast.Load()), [node.left, node.right], [])
        return ast.copy_location(call, node)


def _numeric(node: ast.AST) -> bool:
    """True if `node` can only be a number, whatever the environment holds."""
    match node:
        case ast.Constant(value=value):
            return isinstance(value, int | float)
        case ast.UnaryOp(op=ast.UAdd() | ast.USub(), operand=operand):
            return _numeric(operand)
        case ast.BinOp(left=left, right=right):
            return _numeric(left) and _numeric(right)
    return False


def _describe(exc: Exception) -> str:
    match exc:
        case KeyError(args=(key, *_)):
            return f"{key!r} has no value in the environment"
        case ZeroDivisionError():
            return "division by zero"
        case OverflowError():
            return "a number became too large"
    return str(exc) or type(exc).__name__
