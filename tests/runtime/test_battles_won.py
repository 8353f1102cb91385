"""`battles_won`: the battles won so far in the story walked (in a campaign, carried from one
story to the next). A bot whose evaluation weighs it ends a won battle even though the next
one sets worse odds against it; without it, it lingers in the battle it has already won."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents.heuristic import HeuristicAgent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.program import CAMPAIGN
from runtime.rng import Rng
from runtime.views import view

GAME = """kind: game
id: two-gates
title: Two Gates
players: {min: 1, max: 2}
variables:
  through: {initial: 0, per: game}
  dread: {initial: 0, per: game}
"""
RULES = """kind: rules
id: two-gates-rules
title: Two Gates rules
turn:
  actions: 1
actions:
  - {{id: wait, name: Wait at the gate, do: [gain: {{variable: dread, amount: 0}}]}}
  - {{id: go, name: Go through the gate, do: [set: {{variable: through, value: 1}}]}}
evaluation:
  dread: -5.0
{weight}
campaign:
  stories: [first-gate, second-gate]
"""
STORY = """kind: story
id: {id}
title: The {id}
start: "1"
cards:
  "1":
    battle: {id}-fight
    outcomes: {{victory: "2"}}
  "2":
    do: [set: {{variable: dread, value: 3}}]
    battle: keep
    outcomes: {{victory: "3"}}
  "3":
    ending: victory
---
kind: scenario
id: {id}-fight
title: The {id}
landscape: gatehouse
setup:
  - set: {{variable: through, value: 0}}
outcomes:
  victory: {{if: "through == 1"}}
"""
SCENERY = """kind: landscape
id: gatehouse
name: The gatehouse
grid: {columns: 3, rows: 3}
areas:
  start: ["A1:C1"]
---
kind: scenario
id: keep
title: The Keep
landscape: gatehouse
outcomes:
  victory: {if: "round > 1"}
"""


def _pack(tmp_path: Path, weight: str) -> Path:
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "rules.yaml").write_text(RULES.format(weight=weight))
    for story in ("first-gate", "second-gate"):
        (tmp_path / f"{story}.yaml").write_text(STORY.format(id=story))
    (tmp_path / "scenery.yaml").write_text(SCENERY)
    return tmp_path


def _to_turn(m: Machine) -> Machine:
    """Answer anything before the first turn's choice of action (deployment) with option 0."""
    while m.decision["kind"] != "turn":
        m.answer(0)
    return m


def test_battles_won_counts_through_a_campaign(tmp_path):
    program = load_program(_pack(tmp_path, ""), story=CAMPAIGN)
    m = Machine.start(program, 1, 1, log=[])
    seen = [m.value("battles_won", 0)]
    while not m.over:
        options = m.decision["options"]
        go = [i for i, o in enumerate(options) if o["label"] == "Go through the gate"]
        m.answer(go[0] if go else len(options) - 1)
        seen.append(m.value("battles_won", 0))
    assert m.state["result"]["winners"] == [0]
    assert seen[0] == 0 and seen[-1] == 4  # two battles in each of the two stories
    assert sorted(seen) == seen  # never back to 0 when the second story begins


@pytest.mark.parametrize(("weight", "chosen"), [
    ("  battles_won: 20.0", {"Go through the gate"}),
    ("", {"Wait at the gate", "End your turn"}),  # the Keep's dread (3 x -5) deters it
])
def test_a_bot_ends_a_won_battle_when_winning_it_counts(tmp_path, weight, chosen):
    program = load_program(_pack(tmp_path, weight), story="first-gate")
    m = _to_turn(Machine.start(program, 1, 1, log=[]))
    agent = HeuristicAgent(program)
    picks = {m.decision["options"][agent.choose(view(m, 0), m.decision, Rng(k))]["label"]
             for k in range(4)}
    assert picks <= chosen and picks, picks
