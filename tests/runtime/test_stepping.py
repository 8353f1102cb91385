"""Effect lists stepped into where a handler stands (`runtime.stepping`), the windows after them
fired at once and turns begun in the game handler's step play exactly as each list, window
and turn run one machine step each: the same state (stack included) at every decision, the
same options, log, result and audit findings."""

from __future__ import annotations

from pathlib import Path

import pytest

import runtime.effects
import runtime.turns
from runtime.audit import Audit
from runtime.frames import Call, fx
from runtime.loading import load_program
from tests.runtime.conftest import record_random_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _frame_by_frame(monkeypatch) -> None:
    """The machine as it ran before stepping into lists: each list, window and turn a step of
    its own."""

    def run_now(m, frame, rest, checked):
        return Call(frame, *rest)

    def step_into(m, lid, ctx, rest=()):
        return Call(fx(lid, ctx), *rest)

    def turn_now(m, frame):
        return Call(frame)

    monkeypatch.setattr(runtime.turns, "run_now", run_now)
    monkeypatch.setattr(runtime.turns, "_turn_now", turn_now)
    monkeypatch.setattr(runtime.turns, "step_into", step_into)
    monkeypatch.setattr(runtime.effects, "run_now", run_now)


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy",
                                  "townsfolk-tussle"])
def test_lists_stepped_into_play_as_lists_stepped_one_by_one(pack, monkeypatch):
    program = load_program(CONTENT / pack)
    players = program.game.game.players
    games = [(players.min, 5), (players.max, 11)]
    stepped = [record_random_game(program, count, seed, 300, Audit()) for count, seed in games]
    _frame_by_frame(monkeypatch)
    assert stepped == [record_random_game(program, count, seed, 300, Audit())
                       for count, seed in games]

