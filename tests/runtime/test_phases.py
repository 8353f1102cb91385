"""A round's phases run in the declared order, the seats' turns inside the phase holding them."""

from __future__ import annotations

import pytest

from runtime.loading import load_program
from tests.runtime.conftest import FIXTURES, pick, start, var


@pytest.fixture(scope="module")
def phased():
    return load_program(FIXTURES / "phased")


def test_turns_come_inside_their_phase(phased):
    m = start(phased, players=2)
    assert var(m, "trail", 0) == 1  # dawn is over; the first turn waits
    pick(m, "Work")
    pick(m, "Work")
    assert var(m, "trail", 0) == 12231  # both turns, dusk, then the next round's dawn
    assert m.state["round"] == 2


def test_every_round_runs_every_phase_once(phased):
    m = start(phased, players=1)
    pick(m, "Work")
    pick(m, "Work")
    assert m.over and var(m, "trail", 0) == 123123


def test_an_incapacitated_seat_skips_its_turns(phased):
    m = start(phased, players=2)
    pick(m, "Doze off")
    pick(m, "Work")
    # round 2: only the waking seat plays
    assert m.state["round"] == 2 and m.decision["seat"] == 1
    pick(m, "Work")
    assert m.over and var(m, "trail", 0) == 123123
