"""The turn order as content moves it: `each-player-reversed` (every seat, last in turn order
first), `rotate-order` (the first seat goes to the back of the line), `move-card` with
`bottom: true` (under a pile, not on it), and a rules' `story:` that the game walks when no
scenario or story is asked for."""

from __future__ import annotations

from pathlib import Path

from compiler import compile_pack
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.program import Program

GAME = """\
kind: game
id: queue
title: Queue
players: {min: 3, max: 3}
variables:
  ticket: {initial: 0, per: game}
  first: {initial: 0}
  second: {initial: 0}
"""

RULES = """\
kind: rules
id: queue-rules
campaign: {stories: [line-up]}
zones:
  - {id: pile, per: game, visibility: public, ordered: true, holds: [tokens]}
  - {id: aside, per: game, visibility: public}
  - {id: hand, per: seat, visibility: public}
"""

CARDS = """\
kind: card-type
id: token
name: Token
---
kind: cards
id: tokens
type: token
cards:
  - {id: red, name: Red}
  - {id: blue, name: Blue}
"""

STORY = """\
kind: story
id: line-up
title: Line up
start: "1"
cards:
  "1":
    do:
      - choose:
          who: each-player-reversed
          options:
            - text: Take a ticket
              do: [{gain: {variable: ticket}}, {set: {variable: first, value: ticket}}]
      - set: {variable: ticket, value: 0}
      - rotate-order: 1
      - choose:
          who: each-player
          options:
            - text: Take a ticket
              do: [{gain: {variable: ticket}}, {set: {variable: second, value: ticket}}]
      - move-card: {from: pile, to: aside, all: true}
      - move-card: {from: aside, to: pile, card: blue}
      - move-card: {from: aside, to: pile, card: red, bottom: true}
    goto: "2"
  "2": {ending: victory}
---
kind: story
id: give-back
title: Give it back
start: "1"
cards:
  "1":
    do:
      - move-card: {from: pile, to: hand, card: red, who: next-player}
      - choose:
          who: each-player
          options:
            - text: Give the red token back
              do: [{move-card: {from: hand, to: pile, card: red}}]
            - {text: Keep still, do: []}
    goto: "2"
  "2": {ending: victory}
"""


def _pack(tmp_path: Path, rules: str = RULES) -> Path:
    root = tmp_path / "queue"
    root.mkdir(parents=True)
    for name, text in (("game.yaml", GAME), ("rules.yaml", rules), ("cards.yaml", CARDS),
                       ("story.yaml", STORY)):
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_reversed_seats_a_rotated_order_and_a_card_put_under_the_pile(tmp_path):
    program = load_program(_pack(tmp_path))
    assert program.stories == ("line-up",)  # the rules' campaign, with no --story given
    log: list = []
    m = Machine.start(program, 3, 1, log=log)
    assert m.over and m.state["result"]["ending"] == "victory"
    sv = m.state["sv"]
    # seats 1, 2, 3 in turn order: the reversed pass goes 3, 2, 1
    assert [sv[s]["first"] for s in range(3)] == [3, 2, 1]
    # seat 1 went to the back: seat 2 now goes first, then 3, then 1
    assert m.state["order"] == [1, 2, 0]
    assert [sv[s]["second"] for s in range(3)] == [3, 1, 2]
    assert [e["order"] for e in log if e["e"] == "order"] == [[1, 2, 0]]
    ids = m.state["ids"]
    assert [ids[i] for i in m.state["zones"]["pile"]] == ["red", "blue"]  # red under blue


def test_without_a_rules_campaign_the_game_plays_its_turns(tmp_path):
    game = compile_pack(_pack(tmp_path)).game
    assert Program(game).stories == Program(game, story="line-up").stories == ("line-up",)
    plain = compile_pack(_pack(tmp_path / "plain", RULES.replace(
        "campaign: {stories: [line-up]}\n", ""))).game
    assert Program(plain).story is None


def test_the_rules_campaign_names_the_packs_stories(tmp_path):
    root = _pack(tmp_path, RULES.replace("stories: [line-up]", "stories: [lineup]"))
    result = compile_pack(root)
    (found,) = [d for d in result.report.diagnostics if "lineup" in d.message]
    assert found.severity == "error" and found.file.endswith("rules.yaml") and found.line == 3


def test_each_of_several_choosers_is_offered_what_it_can_do_itself(tmp_path):
    program = Program(compile_pack(_pack(tmp_path)).game, story="give-back")
    m = Machine.start(program, 3, 1)
    # seat 1 holds the red token: only it is offered to give it back (seat 1 passed on its own)
    assert m.decision["seat"] == 1
    assert [o["label"] for o in m.decision["options"]] == ["Give the red token back", "Keep still"]
    m.answer(0)
    assert m.over and "red" in [m.state["ids"][c] for c in m.state["zones"]["pile"]]
