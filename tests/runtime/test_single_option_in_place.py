"""An op that asks with a single option inside a written list is answered in place and called
again there (`runtime.written_lists._Writer._single`), its frame never pushed: the same games
as lists run effect by effect, where the machine takes that option and steps the op's frame
(the same state, stack included, at every decision, the same log, result and audit findings);
most such asks no longer reach the machine; a planted fault in the in-place step is seen."""

from __future__ import annotations

from pathlib import Path

import pytest

import runtime.machine
import runtime.program
from runtime.audit import Audit
from runtime.loading import load_program
from runtime.written_lists import OpByOp, _Writer
from tests.runtime.conftest import record_random_game

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = [(2, 4), (3, 9), (4, 13)]


def _record(program) -> list:
    return [record_random_game(program, n, seed, 400, Audit()) for n, seed in GAMES]


def _by_effect(monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(runtime.program, "ListRuns", OpByOp)
        return load_program(CONTENT / "fuzzy-mage-fight")


def _single_asks(program, monkeypatch) -> int:
    """The asks with a single option the machine itself answers in these games."""
    taken = []
    put = runtime.machine._put_answer
    with monkeypatch.context() as patch:
        patch.setattr(runtime.machine, "_put_answer",
                      lambda frame, option: taken.append(frame["h"]) or put(frame, option))
        _record(program)
    return len(taken)


def test_single_options_taken_in_place_play_as_the_machine_takes_them(monkeypatch):
    written = load_program(CONTENT / "fuzzy-mage-fight")
    reference = _by_effect(monkeypatch)
    assert _record(written) == _record(reference)
    # not vacuous: the machine answers far fewer single options when lists take them in place
    by_machine, in_place = _single_asks(reference, monkeypatch), _single_asks(written, monkeypatch)
    assert by_machine > 50 and in_place < by_machine / 2


def test_a_fault_planted_in_the_in_place_step_is_seen(monkeypatch):
    """The op called again for the next seat instead of its own: other games."""
    reference = _record(_by_effect(monkeypatch))
    single = _Writer._single

    def planted(self, at: int) -> list[str]:
        return [line.replace("(m, ctx,", "(m, {**ctx, 'self': (ctx['self'] + 1) % "
                             "m.state['players']},") for line in single(self, at)]

    monkeypatch.setattr(_Writer, "_single", planted)
    assert _record(load_program(CONTENT / "fuzzy-mage-fight")) != reference


@pytest.mark.parametrize("pack", ["gascony-legacy"])
def test_programs_with_stories_keep_the_machine_s_step(pack):
    """A story or battle may change the program under a running list: no step in place."""
    program = load_program(CONTENT / pack)
    writer = _Writer(program, 0, program.runs)
    assert writer._single(0) == []
