"""Allowed constructs compile and evaluate as in Python; evaluation failures are EvaluationError."""

import math
import pickle

import pytest

from compiler.expressions import FUNCTIONS, EvaluationError, compile_expression

ENV = {
    "coins": 3,
    "hp": 5,
    "players": 4,
    "ratio": 2.5,
    "phase": "night",
    "hand": ("a", "b"),
    "zero": 0,
    "flags": {"met-guard"},
    "items": {"rope"},
    "near_terrain": {"town-pond"},
    "foe_areas": {"objective-bench"},
}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("7", 7),
        ("2.5", 2.5),
        ("'text'", "text"),
        ("True", True),
        ("None", None),
        ("coins", 3),
        ("-coins", -3),
        ("+coins", 3),
        ("not coins", False),
        ("coins + hp", 8),
        ("coins - hp", -2),
        ("2 * players", 8),
        ("ratio * 2", 5.0),
        ("hp / 2", 2.5),
        ("hp // 2", 2),
        ("hp % 2", 1),
        ("-7 % 3", 2),
        ("1_000 + 0x10", 1016),
        ("phase + '!'", "night!"),
        ("coins >= 2", True),
        ("coins == 3 != hp", True),
        ("1 < coins < 3", False),
        ("phase in ('day', 'night')", True),
        ("phase not in ['day']", True),
        ("coins in (-3, 3)", True),
        ("'a' in hand", True),
        ("() == ()", True),
        ("coins >= 2 and hp", 5),
        ("zero or coins", 3),
        ("zero and unset", 0),  # `and` short-circuits: `unset` is never read
        ("1 if coins > hp else 2", 2),
        ("min(hp, 3)", 3),
        ("max(1, hp - 2)", 3),
        ("min(3, 1, 2)", 1),
        ("abs(coins - hp)", 2),
        ("len(hand)", 2),
        ("clamp(hp * 3, 0, 10)", 10),
        ("clamp(-hp, 0, 10)", 0),
        ("ceil(players / 3)", 2),
        ("floor(ratio)", 2),
        ("flag('met-guard')", True),
        ("flag('lost-map')", False),
        ("has('rope')", True),
        ("not has('sword') and coins >= 2 and flag('met-guard')", True),
        ("  coins + 1", 4),
        ("(coins\n + 1)", 4),
        ("coins +\\\n 1", 4),
        ("1000000000 * 1000000000", 10**18),
    ],
)
def test_allowed_construct_evaluates_like_python(source, expected):
    value = compile_expression(source).evaluate(ENV)
    assert value == expected
    assert type(value) is type(expected)


# One call per listed function, each with its arity.
CALLS = {
    "min": ("min(hp, 3)", 3),
    "max": ("max(1, hp - 2, 0)", 3),
    "abs": ("abs(-2.5)", 2.5),
    "len": ("len(phase)", 5),
    "clamp": ("clamp(hp, 6, 9)", 6),
    "ceil": ("ceil(-2.5)", -2),
    "floor": ("floor(-2.5)", -3),
    "flag": ("flag('met-guard')", True),
    "has": ("has('sword')", False),
    "next_to": ("next_to('town-pond')", True),
    "foe_in": ("foe_in('objective-bench')", True),
}


def test_every_listed_function_is_documented_and_exercised():
    assert set(CALLS) == set(FUNCTIONS)
    for name, (doc, arity) in FUNCTIONS.items():
        assert f"{name}(" in doc
        assert arity is None or CALLS[name][0].count(",") == arity - 1


@pytest.mark.parametrize(("source", "expected"), list(CALLS.values()))
def test_listed_function_evaluates(source, expected):
    value = compile_expression(source).evaluate(ENV)
    assert value == expected
    assert type(value) is type(expected)


def test_expression_reports_names_flags_and_items():
    expr = compile_expression(
        "coins >= cost and flag('met-guard') and not flag('fled') or has('rope')",
        names=["coins", "cost"],
    )
    assert expr.names == {"coins", "cost"}
    assert expr.flags == {"met-guard", "fled"}
    assert expr.items == {"rope"}
    assert expr.source.startswith("coins >= cost")


def test_names_inside_function_arguments_are_collected():
    assert compile_expression("max(1, hp - bonus)").names == {"hp", "bonus"}


@pytest.mark.parametrize(
    ("source", "env", "says"),
    [
        ("hp / zero", ENV, "division by zero"),
        ("hp // zero", ENV, "division by zero"),
        ("hp % zero", ENV, "division by zero"),
        ("hp + phase", ENV, "unsupported operand"),
        ("coins < phase", ENV, "not supported"),
        ("gold + 1", ENV, "'gold' has no value"),
        ("flag('met-guard')", {}, "'flags' has no value"),
        ("has('rope')", {"flags": set()}, "'items' has no value"),
        ("len(coins)", ENV, "has no len"),
        ("ceil(phase)", ENV, "must be real number"),
        ("phase * 1000000000", ENV, "numbers only"),
        ("hand * 1000000000", ENV, "numbers only"),
        ("'%999999999d' % coins", ENV, "numbers only"),
        ("open", ENV, "'open' has no value"),  # builtins are not reachable
        ("coins", None, "not subscriptable"),
    ],
)
def test_evaluation_failures_raise_evaluation_error(source, env, says):
    expr = compile_expression(source)
    with pytest.raises(EvaluationError) as caught:
        expr.evaluate(env)
    assert caught.value.source == source
    assert says in caught.value.message
    assert repr(source) in str(caught.value)


def test_calls_cannot_be_shadowed_by_the_environment():
    assert compile_expression("max(1, 2)").evaluate({"max": min}) == 2


def test_float_results_stay_exact():
    assert compile_expression("ratio / 3").evaluate(ENV) == ENV["ratio"] / 3
    assert math.isclose(compile_expression("0.1 + 0.2").evaluate({}), 0.1 + 0.2)


def test_expression_pickles_and_still_evaluates():
    expr = compile_expression("2 * players + len(hand)", names=["players", "hand"])
    copy = pickle.loads(pickle.dumps(expr))
    assert copy == expr
    assert copy.evaluate(ENV) == 10
