"""An `evaluation:` weight written as steps (diminishing returns per seat): accepted when
each step is worth no more than the one before, GS715 at its line otherwise."""

from __future__ import annotations

import pytest


def rules(weight: str, where: str = "rules") -> dict[str, str]:
    if where == "rules":
        return {"r.yaml": f"kind: rules\nid: rules\nevaluation:\n  coins: {weight}\n"}
    return {"s.yaml": "kind: scenario\nid: fight\ntitle: Fight\n"
                      f"evaluation:\n  coins: {weight}\n"}


@pytest.mark.parametrize("where, line", [("rules", 4), ("scenario", 5)])
@pytest.mark.parametrize("weight", ["[1.0, 2.0]", "[]", "[3.0, 1.0, 1.5]"])
def test_steps_that_rise_or_name_none_are_gs715_at_their_line(compile_files, weight, where, line):
    result = compile_files(rules(weight, where))
    found = [(d.code, d.file, d.line) for d in result.report.diagnostics]
    assert found == [("GS715", next(iter(rules(weight, where))), line)]


@pytest.mark.parametrize("weight", ["[4.0, 1.5]", "[2.0, 2.0, 0.0]", "[-1.0, -2.0]", "1.5"])
def test_falling_steps_and_plain_numbers_compile(compile_files, weight):
    result = compile_files(rules(weight))
    assert [(d.code, d.message) for d in result.report.diagnostics] == []
