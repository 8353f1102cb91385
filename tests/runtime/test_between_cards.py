"""Between story cards each seat, in turn order, may take the rules' `between-cards` actions
(each at most once a pause without a `limit`), then goes on; and a variable's `limit`
expression caps it for its seat whenever it is set."""

from __future__ import annotations

from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """\
kind: game
id: waystation
title: Waystation
players: {min: 2, max: 2}
variables:
  coins: {initial: 0}
  cap: {initial: 3}
  luck: {initial: 0, limit: cap}
"""

RULES = """\
kind: rules
id: waystation-rules
setup:
  - set: {variable: cap, value: 1, who: next-player}
actions:
  - {id: beg, name: Beg, do: [gain: {variable: coins}]}
  - {id: pray, name: Pray, limit: 2, do: [gain: {variable: luck, amount: 5}]}
  - {id: spend, name: Spend, if: coins >= 5, do: [lose: {variable: coins}]}
between-cards: [beg, pray, spend]
"""

STORY = """\
kind: story
id: road
title: The Road
start: "1"
cards:
  "1": {text: An inn., goto: "2"}
  "2": {ending: victory}
"""


def _game(tmp_path: Path) -> tuple[Machine, list]:
    root = tmp_path / "waystation"
    root.mkdir()
    for name, text in (("game.yaml", GAME), ("rules.yaml", RULES), ("story.yaml", STORY)):
        (root / name).write_text(text, encoding="utf-8")
    log: list = []
    return Machine.start(load_program(root, story="road"), 2, 1, log=log), log


def _labels(m: Machine) -> list[str]:
    return [o["label"] for o in m.decision["options"]]


def test_each_seat_pauses_in_turn_and_actions_keep_their_limits(tmp_path):
    m, log = _game(tmp_path)
    assert m.decision["kind"] == "between" and m.decision["seat"] == 0
    assert _labels(m) == ["Beg", "Pray", "Go on to the next card"]  # Spend would fizzle
    m.answer(0)  # Beg: once a pause
    assert _labels(m) == ["Pray", "Go on to the next card"]
    m.answer(0)
    m.answer(0)  # Pray twice, its limit: nothing is left to do, so seat 0 goes on
    assert m.decision["seat"] == 1 and _labels(m) == ["Beg", "Pray", "Go on to the next card"]
    m.answer(_labels(m).index("Go on to the next card"))
    assert m.over and m.state["result"]["winners"] == [0, 1]
    assert [sv["coins"] for sv in m.state["sv"]] == [1, 0]
    assert [e["at"] for e in log if e["e"] == "story"] == ["1", "2"]


def test_a_limit_caps_the_variable_for_its_own_seat(tmp_path):
    m, _log = _game(tmp_path)
    m.answer(_labels(m).index("Pray"))
    assert m.state["sv"][0]["luck"] == 3  # 5 gained, capped at seat 1's cap of 3
    m.answer(_labels(m).index("Go on to the next card"))
    m.answer(_labels(m).index("Pray"))
    assert m.state["sv"][1]["luck"] == 1  # the other seat's cap is 1
