"""Effect lists stepped into where a handler stands (`runtime.stepping`), the windows after them
fired at once and turns begun in the game handler's step play exactly as each list, window
and turn run one machine step each: the same state (stack included) at every decision, the
same options, log, result and audit findings."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.audit import Audit
from runtime.loading import load_program
from tests.runtime.conftest import frame_by_frame, record_random_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy",
                                  "townsfolk-tussle"])
def test_lists_stepped_into_play_as_lists_stepped_one_by_one(pack, monkeypatch):
    program = load_program(CONTENT / pack)
    players = program.game.game.players
    games = [(players.min, 5), (players.max, 11)]
    stepped = [record_random_game(program, count, seed, 300, Audit()) for count, seed in games]
    frame_by_frame(monkeypatch, program)
    assert stepped == [record_random_game(program, count, seed, 300, Audit())
                       for count, seed in games]

