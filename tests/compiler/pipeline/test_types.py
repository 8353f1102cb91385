"""Types from variables and card fields reach every expression and every op that writes a
variable: the mistakes a designer makes are errors at their line."""

from __future__ import annotations

GAME = """\
kind: game
id: tiny
title: Tiny
players: {min: 2, max: 4}
variables:
  score: {initial: 0}
  title: {initial: squire}
  brave: {initial: false}
"""
GEAR = "kind: card-type\nid: gear\nname: Gear\nfields:\n  cost: {type: int}\n  slot: {type: string}\n"
TOOL = "kind: card-type\nid: tool\nname: Tool\nfields:\n  slot: {type: int}\n"


def rules(*effects: str, condition: str = "score >= 0") -> str:
    body = "".join(f"      - {e}\n" for e in effects)
    return f"kind: rules\nid: r\nactions:\n  - id: act\n    name: Act\n    if: \"{condition}\"\n    do:\n{body}"


def found(result) -> list[tuple[str, str, int]]:
    return [(d.code, d.file, d.line) for d in result.report.diagnostics]


def test_gain_on_a_text_variable(compile_files):
    result = compile_files({"r.yaml": rules("gain: {variable: title, amount: 1}")}, GAME)
    assert found(result) == [("GS231", "r.yaml", 8)]
    assert "'title' holds text" in result.report.diagnostics[0].message


def test_a_variable_that_changes_type(compile_files):
    result = compile_files({"r.yaml": rules("set: {variable: brave, value: 3}",
                                            "set: {variable: score, value: score + 1}",
                                            "set: {variable: title, value: knight}")}, GAME)
    assert found(result) == [("GS231", "r.yaml", 8)]


def test_card_field_types_reach_conditions(compile_files):
    result = compile_files({"t.yaml": GEAR, "r.yaml": rules("draw: 1", condition="cost > 'cheap'")}, GAME)
    assert found(result) == [("GS230", "r.yaml", 6)]


def test_a_name_with_two_types_is_not_reported(compile_files):
    files = {"t.yaml": GEAR, "u.yaml": TOOL, "r.yaml": rules("draw: 1", condition="slot > 1")}
    assert found(compile_files(files, GAME)) == []


def test_a_flag_used_as_a_number(compile_files):
    result = compile_files({"r.yaml": rules("gain: {variable: score, amount: brave * 2}")}, GAME)
    assert found(result) == [("GS230", "r.yaml", 8)]
