"""Turn order `chosen`: seats that can act go before those that cannot, so a seat helped to
its feet during the round (rescued) still takes its turn in that round."""

from __future__ import annotations

from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """\
kind: game
id: helping-hand
title: Helping Hand
players: {min: 2, max: 2}
variables:
  down: {initial: 0}
"""

RULES = """\
kind: rules
id: helping-hand-rules
setup:
  - set: {variable: down, value: 1}
incapacitated: down >= 1
turn: {order: chosen, actions: 1}
actions:
  - id: lift
    name: Lift
    do:
      - with-target: {where: down >= 1, do: [set: {variable: down, value: 0, who: target}]}
"""


def test_a_seat_lifted_this_round_still_takes_its_turn(tmp_path: Path):
    root = tmp_path / "helping-hand"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "rules.yaml").write_text(RULES, encoding="utf-8")
    log: list = []
    m = Machine.start(load_program(root), 2, 1, log=log)  # seat 1 (first in order) is down
    assert m.decision["seat"] == 1  # the standing seat plays first
    m.answer([o["label"] for o in m.decision["options"]].index("Lift"))
    turns = [(e["seat"], e["round"]) for e in log if e["e"] == "turn"]
    assert turns == [(1, 1), (0, 1)]  # seat 1 lifted seat 0, who plays in the same round
    assert m.decision["seat"] == 0
