"""The expression language of content: conditions (`coins >= 2 and flag('met-guard')`)
and amounts (`max(1, hp - 2)`), a safe subset of Python syntax.

`compile_expression(source, names)` parses with `ast`, refuses everything outside the
whitelist and checks names against `names`, raising `ExpressionError` (GS220 syntax,
GS221 unknown name, GS222 forbidden construct) with a 0-based character `offset` and a
`hint`. Allowed: int/float/str/bool/None constants (|n| <= 10**9, strings <= 200 chars),
names, unary `- + not`, binary `+ - * / // %`, comparisons (chained, `in`, `not in`),
`and`/`or`, `a if c else b`, tuples and lists of constants, and calls by plain name to
`FUNCTIONS`. Sources are at most 1000 characters and 50 levels deep.

`Expression.evaluate(env)` runs the compiled form with no builtins. `env` maps each name
to its value, and also holds `env['flags']` (set-like: `flag('x')` is `'x' in
env['flags']`) and `env['items']` (set-like: `has('x')` is `'x' in env['items']`) when
the expression uses them. Any failure (division by zero, wrong types, a name with no
value) raises `EvaluationError` naming the source. `*` and `%` accept numbers only.
"""

from compiler.expressions.compile import Expression, compile_expression
from compiler.expressions.errors import EvaluationError, ExpressionError
from compiler.expressions.functions import FUNCTIONS

__all__ = ["FUNCTIONS", "EvaluationError", "Expression", "ExpressionError", "compile_expression"]
