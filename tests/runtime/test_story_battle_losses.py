"""A loss condition of the rules with `in-stories: false` waits while a battle is fought
within a story: the battle's own defeat leads where the story links it (a paragraph read
before the ending); by default the rules' loss ends the whole story at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """kind: game
id: last-stand
title: Last Stand
players: {min: 1, max: 2}
variables:
  standing: {initial: 1, per: game}
"""
RULES = """kind: rules
id: last-stand-rules
title: Last Stand rules
lose:
  - if: standing == 0
    who: party
    text: Nobody is left standing.
{extra}
phases:
  - id: fight
    do:
      - if: {{condition: round >= 2, then: [set: {{variable: standing, value: 0}}]}}
"""
STORY = """kind: story
id: stand
title: The Stand
start: "1"
cards:
  "1":
    battle: the-gate
    outcomes: {victory: "2", defeat: "3"}
  "2":
    ending: victory
  "3":
    text: The gate falls, and the valley with it.
    ending: defeat
---
kind: landscape
id: gatehouse
name: The gatehouse
grid: {columns: 3, rows: 3}
areas:
  start: ["A1:C1"]
---
kind: scenario
id: the-gate
title: The Gate
landscape: gatehouse
outcomes:
  victory: {if: "round > 5"}
  defeat: {if: "standing == 0"}
"""


def _pack(tmp_path: Path, extra: str) -> Path:
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "rules.yaml").write_text(RULES.format(extra=extra))
    (tmp_path / "story.yaml").write_text(STORY)
    return tmp_path


def _play(pack: Path, **kwargs) -> Machine:
    m = Machine.start(load_program(pack, **kwargs), 1, 1, log=[])
    while not m.over:
        m.answer(len(m.decision["options"]) - 1)
    return m


@pytest.mark.parametrize(("extra", "read"), [("    in-stories: false", True), ("", False)])
def test_a_lost_battle_reads_the_storys_paragraph_only_when_the_rules_wait(tmp_path, extra,
                                                                           read):
    m = _play(_pack(tmp_path, extra), story="stand")
    result = m.state["result"]
    assert result["winners"] == []
    ends = [e["outcome"] for e in m.log if e["e"] == "battle-end"]
    paragraphs = [e["at"] for e in m.log if e["e"] == "story"]
    if read:
        assert ends == ["defeat"] and paragraphs[-1] == "3"
        assert result["ending"] == "defeat"
    else:
        assert ends == [] and "3" not in paragraphs
        assert result["reason"] == "Nobody is left standing."


def test_the_battle_fought_on_its_own_still_loses_by_the_rules(tmp_path):
    m = _play(_pack(tmp_path, "    in-stories: false"), scenario="the-gate")
    assert m.state["result"]["winners"] == []
    assert m.state["result"]["reason"] == "Nobody is left standing."
