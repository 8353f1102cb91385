"""Issue #17's proof: every hostile input fails cleanly (exit 1 or 2, one located message, no
traceback), within a time limit, touching nothing outside the outputs it names; content text
full of terminal escapes and markup plays to its end, shown as the text it is."""

from __future__ import annotations

import pytest

from tests.hostile.cases import CASES
from tests.hostile.harness import Place, judge, run_inprocess, run_subprocess, tree_hash


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_hostile_input(case, tmp_path):
    place = Place(tmp_path)
    argv = case.make(place)
    before = tree_hash(place.decoy)
    if case.stdout == "full":
        with open("/dev/full", "wb") as full:
            outcome = run_subprocess(argv, place.work, stdout=full)
    elif case.stdout == "closed":
        outcome = run_subprocess(argv, place.work, closed=True)
    elif case.subprocess:
        outcome = run_subprocess(argv, place.work)
    else:
        outcome = run_inprocess(argv, place.work)
    problems = judge(outcome, case.expect, case.codes)
    if tree_hash(place.decoy) != before:
        problems.append("files outside the named outputs changed")
    assert not problems, f"{case.name}: {'; '.join(problems)}\n{outcome.output[-3000:]}"


def test_every_case_has_its_own_name():
    names = [c.name for c in CASES]
    assert len(names) == len(set(names)) and len(names) >= 60
