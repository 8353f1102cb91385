"""docs/ops.md: every op has parameters with types and meanings and an example, and every
example compiles inside a small pack without a single diagnostic."""

from __future__ import annotations

from pathlib import Path

from compiler import compile_pack
from compiler.language.catalogue import OPS
from compiler.language.op_examples import EXAMPLES, meaning

ROOT = Path(__file__).parents[2]
GAME = """\
kind: game
id: examples
title: Examples
players: {min: 2, max: 4}
variables:
  coins: {initial: 0}
  hp: {initial: 5}
  mettle: {initial: 2}
"""
CARDS = """\
kind: card-type
id: thing
name: Thing
fields:
  cost: {type: int}
  value: {type: int}
---
kind: cards
id: things
type: thing
cards:
  - {id: lantern, name: Lantern, cost: 2, value: 1}
  - {id: goblin, name: Goblin, cost: 0, value: 3}
---
kind: terrain
id: barrel
name: Barrel
type: obstacle
---
kind: landscape
id: yard
grid: {columns: 6, rows: 6}
areas:
  start: [A1]
  gate: [F6]
"""
ZONES = ["draw", "hand", "discard", "market", "stash", "board"]


def _rules() -> str:
    # hp is read by a loss condition so that no example's variable is set but never read
    lines = ["kind: rules", "id: r", "windows: [alarm]", "lose: [{if: hp <= 0}]", "dice:",
             "  - {id: d6, type: pool, sides: 6, faces: [{face: 6, successes: 1}]}", "zones:"]
    lines += [f"  - {{id: {z}, per: {'seat' if z in ('hand', 'stash') else 'game'}}}" for z in ZONES]
    lines.append("actions:")
    for name, example in EXAMPLES.items():
        lines += [f"  - id: try-{name}", f"    name: Try {name}", "    do:", f"      - {example}"]
    return "\n".join(lines) + "\n"


def test_every_op_has_an_example_and_every_parameter_a_meaning():
    assert set(EXAMPLES) == set(OPS)
    missing = [f"{o.name}.{info.alias or n}" for o in OPS.values()
               for n, info in o.params.model_fields.items()
               if not meaning(o.name, info.alias or n, info.description)]
    assert missing == []


def test_every_example_compiles(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.yaml").write_text(GAME)
    (tmp_path / "things.yaml").write_text(CARDS)
    (tmp_path / "rules.yaml").write_text(_rules())
    result = compile_pack(Path("."))
    assert [(d.code, d.line, d.message) for d in result.report.diagnostics] == []


def test_the_reference_shows_types_meanings_and_examples():
    text = (ROOT / "docs/ops.md").read_text()
    assert "| parameter | type | required / default | meaning |" in text
    for name, example in EXAMPLES.items():
        assert f"- {example}" in text, name
    for heading in ("## Moving every card of a zone at once", "## The scripted agent's file",
                    "## How the heuristic bot plays"):
        assert heading in text
