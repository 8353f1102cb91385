"""A party (rules whose wins or losses are the party's) plays on while any of its seats is
still in: the last one standing does not win alone, and the party loses once none is left.
In a competitive game the last seat left still wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """\
kind: game
id: holdout
title: Holdout
players: {min: 3, max: 3}
variables:
  clock: {initial: 0, per: game}
"""

RULES = """\
kind: rules
id: holdout-rules
turn:
  actions: 1
{outcome}
actions:
  - {{id: give-up, name: Give up, do: [defeat: {{target: self}}]}}
  - {{id: wait, name: Wait, do: [gain: {{variable: clock}}]}}
"""

PARTY = "lose:\n  - {if: clock >= 50, who: party, text: The clock ran out.}"
RIVALS = "end:\n  - {if: clock >= 50, text: The clock ran out.}"


def _machine(tmp_path: Path, outcome: str) -> Machine:
    root = tmp_path / "holdout"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "rules.yaml").write_text(RULES.format(outcome=outcome), encoding="utf-8")
    return Machine.start(load_program(root), 3, 1)


def _give_up(m: Machine) -> None:
    labels = [o["label"] for o in m.decision["options"]]
    m.answer(labels.index("Give up"))


@pytest.mark.parametrize(("outcome", "last_wins"), [(PARTY, False), (RIVALS, True)])
def test_the_last_seat_standing(tmp_path, outcome, last_wins):
    m = _machine(tmp_path, outcome)
    _give_up(m)
    _give_up(m)
    if last_wins:
        assert m.over and m.state["result"]["winners"] == [2]
        return
    assert not m.over and m.decision["seat"] == 2  # the party's last seat plays on
    _give_up(m)
    assert m.over and m.state["result"] == {"winners": [], "reason": "every seat is out"}
