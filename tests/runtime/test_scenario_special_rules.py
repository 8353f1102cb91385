"""A scenario's special rules with a `when` answer their window while its battle is fought,
on its own or within a story, once for the whole table (not once per seat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading import load_program
from runtime.machine import Machine

FILES = {
    "game.yaml": """kind: game
id: bells
title: Bells
players: {min: 1, max: 2}
variables:
  bells: {initial: 0, per: game}
""",
    "rules.yaml": """kind: rules
id: bells-rules
title: Bells rules
windows: [dusk]
phases:
  - id: evening
    do: [trigger: dusk]
""",
    "story.yaml": """kind: story
id: vigil
title: The Vigil
start: "1"
cards:
  "1":
    battle: the-tower
    outcomes: {victory: "2"}
  "2":
    ending: victory
---
kind: landscape
id: belfry
name: The belfry
grid: {columns: 2, rows: 2}
areas:
  start: ["A1:B1"]
---
kind: scenario
id: the-tower
title: The Tower
landscape: belfry
special-rules:
  - name: The bell tolls
    text: Each dusk in the tower, the bell rings once.
    when: dusk
    do: [gain: {variable: bells}]
  - name: Only words
    text: A rule with no window is read, never run.
outcomes:
  victory: {if: "round > 3"}
""",
}


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("bells")
    for name, text in FILES.items():
        (root / name).write_text(text)
    return root


def _play(program, players: int) -> Machine:
    m = Machine.start(program, players, 1, log=[])
    while not m.over:
        m.answer(len(m.decision["options"]) - 1)
    return m


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("mode", [{"scenario": "the-tower"}, {"story": "vigil"}])
def test_a_special_rule_answers_its_window_once_in_its_battle(pack, mode, players):
    m = _play(load_program(pack, **mode), players)
    rung = [e for e in m.log if e["e"] == "ability" and e["name"] == "The bell tolls"]
    dusks = [e for e in m.log if e["e"] == "phase" and e["phase"] == "evening"]
    assert len(rung) == len(dusks) == 3  # rounds 1-3; the fourth ends the battle first
    assert m.state["gv"]["bells"] == 3
    assert m.state["result"]["winners"] == list(range(players))
