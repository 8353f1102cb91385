"""Compile-time errors: GS220 syntax, GS221 unknown names, GS222 forbidden constructs,
each with the offset a caret should point at."""

import pytest

from compiler.expressions import ExpressionError, compile_expression

NAMES = ["coins", "hp", "players", "hand", "x"]


def compile_error(source, names=NAMES):
    with pytest.raises(ExpressionError) as caught:
        compile_expression(source, names)
    return caught.value


@pytest.mark.parametrize(
    ("source", "at"),
    [
        # `at` is the text the offset must point at (its first occurrence in the source)
        ("x.__class__", "__class__"),
        ("coins + x . real", "real"),
        ("x[0]", "[0]"),
        ("hand[1:]", "[1:]"),
        ("2 ** 3", "**"),
        ("(hp) ** (2)", "**"),
        ("hp & 1", "&"),
        ("hp | 1", "|"),
        ("hp ^ 1", "^"),
        ("hp << 1", "<<"),
        ("hp >> 1", ">>"),
        ("hp @ x", "@"),
        ("~hp", "~"),
        ("x is None", "is"),
        ("x is not None", "is not"),
        ("coins < 2 is x", "is"),
        ("[i for i in hand]", "[i for"),
        ("{i for i in hand}", "{i for"),
        ("{i: 1 for i in hand}", "{i:"),
        ("coins + sum(i for i in hand)", "sum"),
        ("max(1, (i for i in hand))", "(i for"),
        ("lambda: 1", "lambda"),
        ("(x := 1)", ":="),
        ("f'{x}' == 'a'", "f'"),
        ("min(*hand)", "*hand"),
        ("(*hand,)", "*hand"),
        ("min(hp, key=coins)", "key"),
        ("max(**x)", "**x"),
        ("__import__('os')", "__import__"),
        ("open('f')", "open"),
        ("eval('1')", "eval"),
        ("x.f()", "f()"),
        ("(lambda: 0)()", "lambda"),
        ("(1)(2)", "1)"),
        ("{'a': 1}", "{"),
        ("x in {1, 2}", "{"),
        ("x in (hp, 2)", "hp"),
        ("x in [(1, 2)]", "(1, 2)"),
        ("x in [1, [2]]", "[2]"),
        ("1000000001", "1000000001"),
        ("coins + 1e10", "1e10"),
        ("1e999 > x", "1e999"),
        ("b'x'", "b'x'"),
        ("x == ...", "..."),
        ("2j", "2j"),
        ("x == '" + "a" * 201 + "'", "'aaa"),
        ("flag(x)", "x)"),
        ("flag('a' + 'b')", "'a'"),
        ("has(1)", "1)"),
        ("flag('a', 'b')", "flag"),
        ("has()", "has"),
        ("min(1)", "min"),
        ("clamp(1, 2)", "clamp"),
        ("abs(1, 2)", "abs"),
        ("  é == x.y", "y"),  # offsets count characters, after leading blanks
        ("(é ==\n x.y)", "y"),
        ("(yield)", "yield"),
        ("await x", "await"),
    ],
)
def test_forbidden_construct_is_gs222_at_the_construct(source, at):
    error = compile_error(source, names=None)
    assert error.code == "GS222", error.message
    assert error.offset == source.index(at), (error.offset, error.message)
    assert error.message


def test_forbidden_construct_hints():
    assert compile_error("2 ** 3").hint == "write the multiplication out: x * x"
    assert compile_error("x is None").hint == "write '=='"
    assert compile_error("x in {1, 2}").hint == "write a tuple: ('a', 'b')"
    assert compile_error("flor(2.5)").hint == "did you mean 'floor'?"
    assert "clamp" in compile_error("__import__('os')").hint


def test_too_long_and_too_deep_are_gs222():
    long = compile_error("1 + " * 250 + "1")
    assert (long.code, long.offset) == ("GS222", 1000)
    deep = compile_error("-" * 60 + "1")
    assert deep.code == "GS222"
    assert deep.offset == 50  # where the 51st level starts
    assert compile_error("-" * 998 + "1").code == "GS222"
    chained = compile_error(" + ".join(["1"] * 60))
    assert (chained.code, "deep" in chained.message) == ("GS222", True)


def test_limits_themselves_are_allowed():
    assert compile_expression("1000000000 + -1000000000").evaluate({}) == 0
    assert compile_expression("'" + "a" * 200 + "'").evaluate({}) == "a" * 200
    assert compile_expression("-" * 49 + "1").evaluate({}) == -1


@pytest.mark.parametrize(
    ("source", "name", "hint"),
    [
        ("coisn >= 2", "coisn", "did you mean 'coins'?"),
        ("2 * player", "player", "did you mean 'players'?"),
        ("coins >= 2 and hpp > 1", "hpp", "did you mean 'hp'?"),
        ("max(1, hands)", "hands", "did you mean 'hand'?"),
        ("gold > 1", "gold", None),
        ("x == true", "true", "write 'True' (capitalised)"),
        ("x == null", "null", "write 'None' (capitalised)"),
        ("min < 2", "min", None),  # a function name is not a value
    ],
)
def test_unknown_name_is_gs221_with_suggestion(source, name, hint):
    error = compile_error(source)
    assert error.code == "GS221"
    assert error.offset == source.index(name)
    assert name in error.message
    assert error.hint == hint


def test_first_unknown_name_by_position_is_reported():
    error = compile_error("(b + a) * a")
    assert error.message == "unknown name 'b'"
    assert error.offset == 1


def test_forbidden_constructs_are_reported_before_unknown_names():
    assert compile_error("unknown + x.y").code == "GS222"


def test_names_none_accepts_any_name_and_empty_names_accepts_none():
    assert compile_expression("anything + 1").names == {"anything"}
    assert compile_error("anything", names=()).code == "GS221"


@pytest.mark.parametrize(
    ("source", "offset", "message", "hint"),
    [
        ("coins >=", 8, "the expression ends too early", None),
        ("not", 3, "the expression ends too early", None),
        ("coins hp", 6, "unexpected 'hp'", None),
        ("x = 1", 2, "unexpected '='", "write '==' to compare"),
        ("x && hp", 3, "unexpected '&'", "write 'and' instead of '&&'"),
        ("x || hp", 3, "unexpected '|'", "write 'or' instead of '||'"),
        ("x and !hp", 6, "unexpected '!'", "write 'not' instead of '!'"),
        (
            "x\n+ 1",
            2,
            "unexpected '+'",
            "put an expression that spans several lines in parentheses",
        ),
        ("é + (", 4, "'(' was never closed", None),
        ("éé + 1)", 6, "unmatched ')'", None),
        ("  x +", 5, "the expression ends too early", None),
        ("1 if x", 0, "expected 'else' after 'if' expression", None),
        ("0777", 0, "leading zeros", None),
        ("", 0, "the expression is empty", None),
        ("   ", 0, "the expression is empty", None),
        ("x\0", 1, "the expression contains a NUL character", None),
        ("(" * 300, 200, "too many nested parentheses", None),
    ],
)
def test_syntax_error_is_gs220_in_plain_words(source, offset, message, hint):
    error = compile_error(source)
    assert error.code == "GS220"
    assert error.offset == offset
    assert error.message.startswith(message)
    assert error.hint == hint
    assert "GS220" in str(error)


def test_non_text_source_is_gs220():
    assert compile_error(3).code == "GS220"
