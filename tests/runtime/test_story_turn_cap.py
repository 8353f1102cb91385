"""A story's battles each have the rules' turn cap to themselves: a story of several battles
is not stopped because together they take more turns than one battle may, and a battle that
never ends is still stopped after the cap's worth of its own turns."""

from __future__ import annotations

from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """kind: game
id: three-rooms
title: Three Rooms
players: {min: 1, max: 2}
"""
RULES = """kind: rules
id: three-rooms-rules
title: Three Rooms rules
turn:
  actions: 1
turn-cap: 5
"""
STORY = """kind: story
id: rooms
title: The rooms
start: "1"
cards:
  "1":
    battle: hall
    outcomes: {victory: "2"}
  "2":
    battle: hall
    outcomes: {victory: "3"}
  "3":
    battle: {last}
    outcomes: {victory: "4"}
  "4":
    ending: victory
---
kind: landscape
id: room
name: A room
grid: {columns: 3, rows: 3}
areas:
  start: ["A1:C1"]
---
kind: scenario
id: hall
title: The hall
landscape: room
outcomes:
  victory: {if: "round > 3"}
---
kind: scenario
id: endless
title: The endless hall
landscape: room
outcomes:
  victory: {if: "round < 0"}
"""


def _walk(tmp_path: Path, last: str) -> Machine:
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "rules.yaml").write_text(RULES)
    (tmp_path / "rooms.yaml").write_text(STORY.replace("{last}", last))
    m = Machine.start(load_program(tmp_path, story="rooms"), 1, 1, log=[])
    while not m.over:
        m.answer(len(m.decision["options"]) - 1)  # deploy anywhere, then end the turn
    return m


def test_three_battles_of_three_turns_each_pass_a_five_turn_cap(tmp_path):
    m = _walk(tmp_path, "hall")
    assert m.state["result"]["winners"] == [0]
    assert m.state["turns"] == 9  # more than the cap, three battles together


def test_a_battle_that_never_ends_is_stopped_by_its_own_cap(tmp_path):
    m = _walk(tmp_path, "endless")
    result = m.state["result"]
    assert result["capped"] and result["reason"] == "turn cap"
    assert m.state["turns"] == 6 + 5  # two battles of three turns, then five of its own
