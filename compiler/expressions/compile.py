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
    near_terrain: frozenset[str]  # next_to('...') arguments: terrain ids
    _function: Callable[[Mapping[str, Any]], Any] = field(repr=False, compare=False)

    def evaluate(self, env: Mapping[str, Any]) -> Any:
        """The value of the expression with names read from `env`; raise EvaluationError."""
        try:
            return self._function(env)
        except Exception as exc:  # the contract: never a bare Python exception
            raise self.failure(exc) from exc

    def bind(
        self, readers: Mapping[str, Callable[..., Any]], params: tuple[str, ...] = ("env",)
    ) -> Callable[..., Any] | None:
        """The expression as a function of `params` (by default one environment object) in
        which each name `x` is read as `readers['x'](*params)`, bound now rather than looked
        up per evaluation (`flag`/`has`/`next_to` read `readers['flags']`/`['items']`/
        `['near_terrain']`), or, for a reader carrying `inline = (text, globals)`, as that
        Python expression over `params` written in place. None if a name has no reader.
        Failures raise what they raise; `failure(exc)` describes them."""
        found = self._rewritten(readers, params)
        if found is None:
            return None
        body, names = found
        function = ast.Lambda(
            args=ast.arguments(posonlyargs=[], args=[ast.arg(p) for p in params], kwonlyargs=[],
                               kw_defaults=[], defaults=[]),
            body=body,
        )
        tree = ast.fix_missing_locations(ast.Expression(function))
        return eval(compile(tree, "<expr>", "eval"), {**_GLOBALS, **names})

    def written(
        self, readers: Mapping[str, Callable[..., Any]], params: tuple[str, ...] = ("env",)
    ) -> tuple[str, dict[str, Any]] | None:
        """The expression as Python source text over variables named `params`, names read as
        `bind` reads them, and the globals that text needs (the function table included), to
        be written into a larger generated function; None if a name has no reader."""
        found = self._rewritten(readers, params)
        if found is None:
            return None
        body, names = found
        needs = {k: v for k, v in _GLOBALS.items() if k != "__builtins__"}
        needs.update(names)
        return ast.unparse(ast.fix_missing_locations(body)), needs

    def _rewritten(self, readers, params) -> tuple[ast.AST, dict[str, Any]] | None:
        body, _positions = parse(self.source)
        rewrite = _Rewrite(bound=set(), params=params, readers=readers)
        body = rewrite.visit(body)
        if not rewrite.bound <= readers.keys():
            return None
        names = {_BOUND + name: readers[name] for name in rewrite.bound}
        names.update(rewrite.inlined)
        return body, names

    def failure(self, exc: Exception) -> EvaluationError:
        """The EvaluationError for `exc`, raised while evaluating this expression."""
        return exc if isinstance(exc, EvaluationError) else EvaluationError(self.source, _describe(exc))

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
        near_terrain=frozenset(analysis.near_terrain),
        _function=eval(compile(tree, "<expr>", "eval"), _GLOBALS),
    )


_BOUND = "_r_"  # prefix of a bound reader's global: content names never start with "_"


class _Rewrite(ast.NodeTransformer):
    """Names read `env['x']`; with `bound` (a set, filled with the names seen), they call
    the global reader `_r_x(*params)` instead."""

    def __init__(self, bound: set[str] | None = None, params: tuple[str, ...] = (_ENV,),
                 readers: Mapping[str, Callable[..., Any]] | None = None):
        self.bound = bound
        self.params = params
        self.readers = readers or {}
        self.inlined: dict[str, Any] = {}  # the globals the inlined readers' text names

    def _env(self, key: str, like: ast.AST) -> ast.AST:
        env = ast.Name(_ENV, ast.Load())
        inline = getattr(self.readers.get(key), "inline", None)
        if self.bound is None:
            lookup = ast.Subscript(env, ast.Constant(key), ast.Load())
        elif inline is not None:
            text, needs = inline
            self.inlined.update(needs)
            lookup = ast.parse(text, mode="eval").body
        else:
            self.bound.add(key)
            lookup = ast.Call(ast.Name(_BOUND + key, ast.Load()),
                              [ast.Name(p, ast.Load()) for p in self.params], [])
        return ast.copy_location(lookup, like)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return self._env(node.id, node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        name = node.func.id
        if name in MEMBERSHIP:
            test = ast.Compare(node.args[0], [ast.In()], [self._env(MEMBERSHIP[name], node)])
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
