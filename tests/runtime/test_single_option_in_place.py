"""An op that asks with a single option inside a written list is answered in place and called
again there (`runtime.written_lists._Writer._single`), its frame never pushed: the same games
as lists run effect by effect, where the machine takes that option and steps the op's frame
(the same state, stack included, at every decision, the same log, result and audit findings);
most such asks no longer reach the machine; a planted fault in the in-place step is seen;
programs with stories keep the machine's step."""

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
FMF = CONTENT / "fuzzy-mage-fight"
GAMES = [(2, 4), (3, 9), (4, 13)]


def _record(program, games=GAMES) -> list:
    return [record_random_game(program, n, seed, 400, Audit()) for n, seed in games]


def _by_effect(monkeypatch, pack: Path = FMF):
    with monkeypatch.context() as patch:
        patch.setattr(runtime.program, "ListRuns", OpByOp)
        return load_program(pack)


def _single_asks(program, monkeypatch) -> int:
    """The asks with a single option the machine itself answers in these games."""
    taken = []
    put = runtime.machine._put_answer
    with monkeypatch.context() as patch:
        patch.setattr(runtime.machine, "_put_answer",
                      lambda frame, option: taken.append(frame["h"]) or put(frame, option))
        _record(program)
    return len(taken)


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "townsfolk-tussle"])
def test_single_options_taken_in_place_play_as_the_machine_takes_them(pack, monkeypatch):
    written = load_program(CONTENT / pack)
    players = written.game.game.players
    games = [(players.min, 4), (players.max, 9)]
    assert _record(written, games) == _record(_by_effect(monkeypatch, CONTENT / pack), games)


def test_the_machine_no_longer_answers_most_single_options(monkeypatch):
    """Not vacuous: the written lists took dozens of the single options the machine took
    before (a pick of one card is taken by `pick` itself on both paths, so not counted here)."""
    in_place = _single_asks(load_program(FMF), monkeypatch)
    by_machine = _single_asks(_by_effect(monkeypatch), monkeypatch)
    assert by_machine > 50 and by_machine - in_place >= 50


def test_a_fault_planted_in_the_in_place_step_is_seen(monkeypatch):
    """The op called again for the next seat instead of its own: other games."""
    reference = _record(_by_effect(monkeypatch))
    single = _Writer._single

    def planted(self, at: int) -> list[str]:
        return [line.replace("(m, ctx,", "(m, {**ctx, 'self': (ctx['self'] + 1) % "
                             "m.state['players']},") for line in single(self, at)]

    monkeypatch.setattr(_Writer, "_single", planted)
    assert _record(load_program(FMF)) != reference


def test_programs_with_stories_keep_the_machine_s_step():
    """A story or battle may change the program under a running list: no step in place."""
    program = load_program(CONTENT / "gascony-legacy")
    assert _Writer(program, 0, program.runs)._single(0) == []
