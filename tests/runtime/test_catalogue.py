"""Every op of the compiler's catalogue has exactly one implementation in the runtime."""

from __future__ import annotations

import runtime.rule_modules  # noqa: F401 - every op registered
from compiler.language.catalogue import OPS
from runtime.ops import IMPLEMENTATIONS


def test_ops_and_implementations_match_one_to_one():
    assert set(OPS) - set(IMPLEMENTATIONS) == set(), "ops with no implementation"
    assert set(IMPLEMENTATIONS) - set(OPS) == set(), "implementations of no op"


def test_each_implementation_is_its_own_function():
    assert len({id(fn) for fn in IMPLEMENTATIONS.values()}) == len(IMPLEMENTATIONS)
