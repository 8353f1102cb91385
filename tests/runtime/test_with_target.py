"""`with-target`: one seat is picked once (a choice asked a single time, among the seats
meeting `where`), and every effect under it acts on that same seat."""

from __future__ import annotations

from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine

GAME = """\
kind: game
id: mending
title: Mending
players: {min: 3, max: 3}
variables:
  hurt: {initial: 0}
  mended: {initial: 0}
  tally: {initial: 0, per: game}
"""

RULES = """\
kind: rules
id: mending-rules
setup:
  - set: {variable: hurt, value: 1, who: each-opponent}
turn: {actions: 1}
actions:
  - id: mend
    name: Mend
    do:
      - with-target:
          where: hurt >= 1
          do:
            - lose: {variable: hurt, who: target}
            - gain: {variable: mended, who: target}
            - gain: {variable: tally}
"""


def _game(tmp_path: Path, rules: str = RULES) -> Machine:
    root = tmp_path / "mending"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "rules.yaml").write_text(rules, encoding="utf-8")
    return Machine.start(load_program(root), 3, 1)


def test_the_seat_is_asked_for_once_and_every_effect_reaches_it(tmp_path):
    m = _game(tmp_path)
    turn = m.decision
    assert [o["label"] for o in turn["options"]] == ["Mend", "End your turn"]
    m.answer(0)
    pick = m.decision
    assert pick["kind"] == "seat" and pick["seat"] == 0
    assert [o["seat"] for o in pick["options"]] == [1, 2]  # only the hurt, never the mender
    m.answer(1)
    assert [sv["hurt"] for sv in m.state["sv"]] == [0, 1, 0]
    assert [sv["mended"] for sv in m.state["sv"]] == [0, 0, 1]
    assert m.state["gv"]["tally"] == 1
    assert m.decision["kind"] != "seat"  # nobody is asked a second time


def test_it_is_not_offered_when_no_seat_qualifies(tmp_path):
    m = _game(tmp_path, RULES.replace("value: 1, who: each-opponent", "value: 0, who: each-opponent"))
    assert [o["label"] for o in (m.decision or {"options": []})["options"]] in (
        [], ["End your turn"])
