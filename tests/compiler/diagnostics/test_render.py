import json

import pytest

from compiler.diagnostics import CATALOGUE, FORMATS, Diagnostic, Location, Report, Severity, render
from compiler.diagnostics.formats.github import render_github
from compiler.diagnostics.formats.json_format import render_json
from compiler.diagnostics.formats.sarif import render_sarif
from compiler.diagnostics.formats.text import render_text


def test_dispatches_to_each_format(report, sources):
    assert FORMATS == ("text", "json", "sarif", "github")
    assert render(report, "text", sources=sources) == render_text(report, sources)
    assert render(report, "text", sources=sources, color=True) == render_text(report, sources, True)
    assert render(report, "json") == render_json(report)
    assert render(report, "sarif", tool_version="9.9") == render_sarif(report, "9.9")
    assert render(report, "github") == render_github(report)


def test_unknown_format():
    with pytest.raises(ValueError, match="expected one of text, json, sarif, github"):
        render(Report(), "xml")


def test_off_diagnostics_are_left_out():
    kept = CATALOGUE["GS301"]("kept", Location("a.yaml", 1, 1))
    r = Report([kept, Diagnostic("GS408", Severity.OFF, "dropped", Location("a.yaml", 2, 1))])
    for fmt in FORMATS:
        assert "dropped" not in render(r, fmt, sources=lambda file: None)
    assert json.loads(render(r, "json"))["diagnostics"] == [kept.as_dict()]
    assert r.diagnostics[1].message == "dropped"  # the caller's report is untouched
