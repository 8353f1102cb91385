"""Properties: any text compiles or fails with ExpressionError; compiled expressions fail
only with EvaluationError; arithmetic over small ints matches Python's own eval."""

import contextlib

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from compiler.expressions import EvaluationError, ExpressionError, compile_expression

# Characters and words that reach deep into the parser and the whitelist.
_CHARS = "()[]{}+-*/%<>=!,.:;'\"\\ \n\t_&|^~@#abcxé0123456789"
_WORDS = [
    "flag",
    "has",
    "min",
    "max",
    "clamp",
    "len",
    "and",
    "or",
    "not",
    "in",
    "is",
    "if",
    "else",
    "lambda",
    "None",
    "True",
    "1e9",
    "10**9",
    "'x'",
    "(",
    ")",
    ",",
    "a",
    "b",
    "x.y",
    "[0]",
    "*",
    "//",
    "%",
    "'%9d'",
]
sources = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=_CHARS, max_size=40),
    st.lists(st.sampled_from(_WORDS), max_size=10).map(" ".join),
)
values = st.one_of(
    st.integers(-5, 5),
    st.floats(allow_nan=False, width=16),
    st.text(max_size=3),
    st.none(),
    st.tuples(st.integers(0, 3)),
    st.booleans(),
)


@given(sources, st.data())
def test_any_text_compiles_or_raises_expression_error(source, data):
    try:
        expr = compile_expression(source)
    except ExpressionError as error:
        assert error.code in ("GS220", "GS221", "GS222")
        assert 0 <= error.offset <= len(source)
        return
    env = {name: data.draw(values) for name in expr.names}
    env |= {"flags": {"x"}, "items": set()}
    with contextlib.suppress(EvaluationError):  # anything else fails the test
        expr.evaluate(env)


_BINARY = ["+", "-", "*", "/", "//", "%", "<", "<=", "==", "!=", ">", ">=", "and", "or"]


def _extend(children):
    return st.one_of(
        st.builds("({} {} {})".format, children, st.sampled_from(_BINARY), children),
        st.builds("({}{})".format, st.sampled_from(["-", "+", "not "]), children),
        st.builds("({} if {} else {})".format, children, children, children),
        st.builds("{}({}, {})".format, st.sampled_from(["min", "max"]), children, children),
        st.builds("abs({})".format, children),
    )


arithmetic = st.recursive(
    st.one_of(st.integers(-20, 20).map(str), st.sampled_from(["a", "b", "c"])),
    _extend,
    max_leaves=16,
)
small_ints = st.fixed_dictionaries({name: st.integers(-9, 9) for name in "abc"})


@given(arithmetic, small_ints)
def test_arithmetic_matches_python(source, env):
    try:
        expr = compile_expression(source, names=["a", "b", "c"])
    except ExpressionError as error:
        # only the size limits may refuse a generated expression
        assert error.code == "GS222" and "deep" in error.message, error.message
        reject()
    try:
        expected = eval(source, {"__builtins__": {}, "min": min, "max": max, "abs": abs}, env)
    except ZeroDivisionError:
        with pytest.raises(EvaluationError, match="division by zero"):
            expr.evaluate(env)
        return
    value = expr.evaluate(env)
    assert value == expected
    assert type(value) is type(expected)
