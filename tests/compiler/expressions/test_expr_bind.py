"""`Expression.bind`: names read through readers bound at compile time give what the mapping
lookup gives, failures are described the same way, and an unknown name is not bound."""

import pytest

from compiler.expressions import EvaluationError, compile_expression
from tests.compiler.expressions.test_expr_evaluate import ENV

READERS = {name: (lambda env, n=name: env[n]) for name in ENV}

SOURCES = [
    "coins", "coins + hp * 2", "not coins", "hp if coins > 2 else zero", "flag('met-guard')",
    "has('rope') and not has('lamp')", "max(coins, hp) - min(1, zero)", "phase == 'night'",
    "coins % 2", "players * ratio", "coins >= 3 and hp < 6 or zero",
]


@pytest.mark.parametrize("source", SOURCES)
def test_bound_gives_what_evaluate_gives(source):
    expr = compile_expression(source)
    assert expr.bind(READERS)(ENV) == expr.evaluate(ENV)


def test_readers_are_called_with_the_environment():
    calls = []
    bound = compile_expression("a + b").bind({"a": lambda e: calls.append(e) or 1,
                                              "b": lambda e: 2})
    assert bound("env") == 3 and calls == ["env"]


def test_a_name_with_no_reader_is_not_bound():
    assert compile_expression("coins + gold").bind(READERS) is None
    assert compile_expression("flag('x')").bind({"coins": READERS["coins"]}) is None


@pytest.mark.parametrize("source", ["coins / zero", "phase * 2", "coins + phase"])
def test_failures_read_as_evaluate_reports_them(source):
    expr = compile_expression(source)
    with pytest.raises(EvaluationError) as expected:
        expr.evaluate(ENV)
    with pytest.raises(Exception) as raised:
        expr.bind(READERS)(ENV)
    assert str(expr.failure(raised.value)) == str(expected.value)


def test_bound_with_several_parameters_passes_them_all_to_each_reader():
    seen = []

    def reader(value):
        return lambda m, seat, ctx, card: seen.append((m, seat, ctx, card)) or value

    bound = compile_expression("a + b * 2 if flag('x') else 0").bind(
        {"a": reader(1), "b": reader(3), "flags": reader({"x"})}, ("m", "seat", "ctx", "card"))
    assert bound("M", 2, {}, None) == 7
    assert seen == [("M", 2, {}, None)] * 3


def _inlined(value_text: str, needs: dict, value):
    """A reader that also carries its text to write in place (what `inline` means)."""
    reader = lambda env: value  # noqa: E731
    reader.inline = (value_text, needs)
    return reader


@pytest.mark.parametrize("source", SOURCES)
def test_inlined_readers_give_what_their_calls_give(source):
    # every name read in place from `env` (a parameter) instead of through a call
    inline = {name: _inlined(f"env[{name!r}]", {}, ENV[name]) for name in ENV}
    expr = compile_expression(source)
    assert expr.bind(inline)(ENV) == expr.bind(READERS)(ENV) == expr.evaluate(ENV)


def test_an_inlined_reader_brings_the_globals_its_text_names():
    bound = compile_expression("a + b").bind(
        {"a": _inlined("_held_a * 2", {"_held_a": 5}, None), "b": lambda env: 1})
    assert bound("env") == 11
