"""`closest`: the "did you mean" behind every hint."""

from __future__ import annotations

import pytest

from compiler.spelling import closest


@pytest.mark.parametrize(
    ("word", "candidates", "meant"),
    [
        ("cions", ["actions", "coins", "cost"], "coins"),  # swapped letters beat a longer match
        ("hnads", ["hands", "cost"], "hands"),
        ("hed", ["head", "body", "feet"], "head"),  # a letter dropped
        ("closet", ["closest", "self"], "closest"),
        ("Gear", ["gear"], "gear"),  # case only
        ("integer", ["int", "number", "string"], "int"),  # no single edit: difflib's closest
        ("zzzz", ["gear", "head"], None),
    ],
)
def test_closest(word, candidates, meant):
    assert closest(word, candidates) == meant


def test_closest_is_fast_on_long_lists():
    ids = [f"card-{i:05d}" for i in range(20_000)]
    assert closest("crad-01234", ids) == "card-01234"
