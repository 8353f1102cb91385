"""Severity overrides in game.yaml and per-item suppression."""

from __future__ import annotations

GAME = "kind: game\nid: tiny\ntitle: Tiny\nplayers: {min: 2, max: 4}\n"

STORY = """\
kind: story
id: act
title: Act
start: '1'
cards:
  '1': {do: [{set-flag: met}], goto: '2'}
  '2': {ending: victory}
  '3':
    ending: defeat
"""


def codes(result):
    return sorted((d.code, d.severity.value, d.line) for d in result.report.diagnostics)


def test_defaults(compile_files):
    assert codes(compile_files({"s.yaml": STORY})) == [("GS406", "warning", 8), ("GS408", "warning", 6)]


def test_override_raises_and_silences(compile_files):
    game = GAME + "severity: {GS406: error, GS408: 'off'}\n"
    result = compile_files({"s.yaml": STORY}, game=game)
    assert codes(result) == [("GS406", "error", 8)]
    assert result.game is None  # an error now: no compiled game


def test_suppress_on_one_item(compile_files):
    story = STORY.replace("    ending: defeat\n", "    ending: defeat\n    suppress: [GS406]\n")
    assert codes(compile_files({"s.yaml": story})) == [("GS408", "warning", 6)]


def test_suppress_is_scoped_to_the_item(compile_files):
    story = STORY.replace("  '2': {ending: victory}", "  '2': {ending: victory, suppress: [GS406]}")
    assert ("GS406", "warning", 8) in codes(compile_files({"s.yaml": story}))


def test_clean_pack_compiles(compile_files):
    story = STORY.replace("  '3':\n    ending: defeat\n", "").replace("{do: [{set-flag: met}], goto: '2'}", "{goto: '2'}")
    result = compile_files({"s.yaml": story})
    assert result.report.diagnostics == []
    assert result.game is not None and set(result.game.stories) == {"act"}
    assert result.game.to_json()["format"] == "gamesmith.compiled/1"
