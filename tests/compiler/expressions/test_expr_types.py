"""Expression types: mismatches found at compile time (GS230), none where types agree."""

from __future__ import annotations

import pytest

from compiler.expressions import ExpressionError
from compiler.expressions.types import check_types

TYPES = frozenset({("score", "number"), ("nick", "text"), ("brave", "flag"), ("cost", "number"),
                   ("hand", "number")})


@pytest.mark.parametrize("source, offset, words", [
    ("score >= 'fifteen'", 9, "compares a number"),
    ("nick * 2", 0, "'*' needs numbers"),
    ("1 + nick", 4, "'+' needs numbers"),
    ("brave + 1", 0, "true or false"),
    ("-nick", 1, "'-' needs a number"),
    ("max(nick, 2)", 4, "max()"),
    ("ceil(cost / 'two')", 12, "'/' needs numbers"),
    ("score == True", 9, "compares a number"),
    ("(score if brave else 1) < 'x'", 26, "compares"),
    ("len(hand) > 2", 4, "len() counts the items"),
])
def test_mismatch_is_reported_at_the_operand(source, offset, words):
    with pytest.raises(ExpressionError) as err:
        check_types(source, TYPES)
    assert err.value.code == "GS230"
    assert err.value.offset == offset
    assert words in err.value.message


@pytest.mark.parametrize("source, kind", [
    ("score >= 15", "flag"),
    ("ceil(cost / 2)", "number"),
    ("nick + '!'", "text"),
    ("nick == 'bob' and brave", "flag"),
    ("unknown_thing * 3", "number"),  # names of unknown type are never reported
    ("len(nick) + 1", "number"),
    ("score if brave else 0", "number"),
    ("nick in ('a', 'b')", "flag"),
])
def test_agreeing_types(source, kind):
    assert check_types(source, TYPES) == kind


def test_quoted_name_gets_a_did_you_mean():
    with pytest.raises(ExpressionError) as err:
        check_types("cost <= 'scor'", TYPES)
    assert err.value.hint == "did you mean the name `score` (without quotes)?"
