"""The runtime never loops without a decision: a run whose rounds go by with nobody able to
act is stopped by the no-progress guard, capped, with a reason naming where it stood."""

from __future__ import annotations

from pathlib import Path

from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.session import play_game

GAME = """\
kind: game
id: idle
title: Idle Hands
players: {min: 1, max: 2}
variables:
  dozing: {initial: 0, per: game}
"""

# Nobody can ever act (everyone is incapacitated) and nothing ends the game: the rounds'
# phase runs for ever with no decision to ask.
RULES = """\
kind: rules
id: idle-rules
incapacitated: 'True'
phases:
  - id: doze
    name: Dozing
    text: Everyone nods off again.
    do:
      - gain: {variable: dozing}
  - {id: turns, turns: true}
"""


def test_a_loop_with_no_decision_is_stopped_and_named(tmp_path: Path, monkeypatch):
    monkeypatch.setattr("runtime.machine.STEP_BUDGET", 2000)  # trips sooner; same rule
    root = tmp_path / "idle"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "rules.yaml").write_text(RULES, encoding="utf-8")
    program = load_program(root)
    m, decisions = play_game(program, 2, 1, [make_agent("random", program)] * 2)
    result = m.state["result"]
    assert decisions == 0 and result["capped"] and result["guard"] == "no-progress"
    reason = result["reason"]
    assert "a loop that makes no progress" in reason
    assert "idle/rules.yaml:9:9 (phase 'doze')" in reason  # the phase's effect, as written
    assert "(Dozing: Everyone nods off again)" in reason
    assert "2000 steps" in reason and "frames game" in reason and "round " in reason
    assert m.state["gv"]["dozing"] > 10  # it did go round and round before being stopped
