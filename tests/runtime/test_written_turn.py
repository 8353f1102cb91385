"""The turn written per program (`runtime.written_turn`) plays exactly as the generic turn
handler run frame by frame (each list, window and turn a machine step of its own): the same
state (stack included) at every decision, the same options, log, result and audit findings,
on random games of a pack and of fixture packs with windows at the turn's start and end,
seats struck down, rounds written in place and not; and a planted fault in the written turn
is seen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runtime.audit import Audit
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import state_hash
from runtime.written_turn import fits
from tests.runtime.conftest import FIXTURES, frame_by_frame, record_random_game

CONTENT = Path(__file__).resolve().parents[2] / "content"
# the packs whose turn is written: windows at the turn's start and end (skirmish, the
# pack), a start window with seats struck down and a round with phases (outfit), seats struck
# down (battle, phased), a lone seat (boss, duel), up to four seats (series, tally)
PACKS = [CONTENT / "fuzzy-mage-fight", *(FIXTURES / name for name in (
    "skirmish", "outfit", "battle", "phased", "boss", "duel", "series", "tally", "arena"))]


def _games(program) -> list[tuple[int, int]]:
    players = program.game.game.players
    return [(players.min, 5), (players.max, 11), (max(players.min, 2), 23)]


def _record(program) -> list:
    return [record_random_game(program, count, seed, 300, Audit())
            for count, seed in _games(program)]


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_the_written_turn_plays_as_the_generic_handler_frame_by_frame(pack, monkeypatch):
    program = load_program(pack)
    assert fits(program)
    written = _record(program)
    frame_by_frame(monkeypatch, program)
    assert written == _record(program)


def _planted(program, old: str, new: str):
    """The program's written turn with `old` in its text replaced by `new`."""
    fn = program.cache["turn:step"]
    assert old in fn.source
    namespace = dict(fn.__globals__)
    exec(compile(fn.source.replace(old, new), "<planted turn>", "exec"), namespace)  # noqa: S102
    return namespace["turn"]


@pytest.mark.parametrize(("old", "new"), [
    # the start-of-turn window never fired (its listeners asked, their answer dropped)
    ("if queue:", "if False:"),
    # an action taken with its use not counted (a limit per turn never reached)
    ("uses[key] = uses[key] + 1 if key in uses else 1", "pass"),
    # a round begun in place without counting it
    ("st['round'] += 1", "pass"),
])
def test_a_fault_planted_in_the_written_turn_is_seen(old, new, monkeypatch):
    program = load_program(FIXTURES / "skirmish")
    written = _record(program)
    monkeypatch.setitem(program.cache, "turn:step", _planted(program, old, new))
    assert written != _record(program)


def test_a_save_at_a_turn_decision_plays_on_as_the_game_it_came_from():
    """A state saved at a turn decision (plain data: frames, list numbers and indices)
    loaded into a new machine answers on to the same states as the machine it came from."""
    program = load_program(CONTENT / "fuzzy-mage-fight")
    m = Machine.start(program, 3, 7)
    for step in range(400):
        if m.over:
            break
        if m.decision["kind"] == "turn" and step > 40:
            break
        m.answer(step % len(m.decision["options"]))
    assert m.decision["kind"] == "turn"
    loaded = Machine(program, json.loads(json.dumps(m.state)))
    for step in range(200):
        if m.over:
            break
        choice = (step * 7) % len(m.decision["options"])
        m.answer(choice)
        loaded.answer(choice)
        assert state_hash(loaded.state) == state_hash(m.state)
    assert loaded.state["result"] == m.state["result"]
