"""Plain game and seat variables are read in place in bound expressions (no reader call):
the runner gives what the reader gives, for a seat, for no seat (the initial value), and
fails as the reader fails."""

from pathlib import Path

import pytest

from runtime.env import NO_CTX
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.tallies import recount

PACK = Path(__file__).resolve().parents[2] / "content" / "fuzzy-mage-fight"


@pytest.fixture(scope="module")
def machine():
    return Machine.start(load_program(PACK), 2, 11)


def test_plain_variables_carry_their_inline_text(machine):
    readers = machine.program.readers
    plain = [n for n, v in machine.program.variables.items() if v.counts is None]
    assert plain and all(getattr(readers[n], "inline", None) for n in plain
                         if n not in machine.program.card_field_names)


def test_an_inlined_runner_reads_what_the_reader_reads(machine):
    program = machine.program
    names = [n for n, v in program.variables.items()
             if v.counts is None and n not in program.card_field_names]
    # a value no seat starts with, so a read of the initial value instead would show
    seat_name = next(n for n in names if program.variables[n].per != "game")
    machine.state["sv"][1][seat_name] = 17
    for name in names:
        run = program.runner(name)
        for seat in (None, 0, 1):
            assert run(machine, seat, NO_CTX, None) == program.readers[name](
                machine, seat, NO_CTX, None)


def test_an_inlined_read_of_a_missing_seat_fails_located(machine):
    name = next(n for n, v in machine.program.variables.items()
                if v.counts is None and v.per != "game"
                and n not in machine.program.card_field_names)
    with pytest.raises(RuleError, match=name):
        machine.evaluate(f"{name} + 1", 5)


def test_counts_read_in_place_give_what_the_count_reader_gives(machine):
    program = machine.program
    machine = Machine.start(program, 2, 11)  # its own game: the zones are rearranged below
    counts = [n for n, v in program.variables.items() if v.counts is not None]
    inlined = [n for n in counts if getattr(program.readers[n], "inline", None)]
    # a filtered count, a face-down count and a plain zone length are all written in place
    assert {"magic_in_hand", "magic_on_battlefield", "cards_in_hand"} <= set(inlined)
    state = machine.state
    for key in ("hand:0", "battlefield:1"):  # cards of both faces where the counts look
        state["zones"][key] = list(state["zones"][key]) + list(state["zones"]["draw"][:4])
    state["down"] = [i % 2 for i in range(len(state["down"]))]
    recount(machine)  # (cards laid out by hand, not moved: the kept counts worked out afresh)
    for name in counts:
        run = program.runner(f"{name} + 0")  # bound afresh, the count in place
        for seat in (None, 0, 1):
            assert run(machine, seat, NO_CTX, None) == program.readers[name](
                machine, seat, NO_CTX, None), (name, seat)
