import json

from compiler.diagnostics import Report
from compiler.diagnostics.formats.json_format import render_json


def test_round_trips(report):
    data = json.loads(render_json(report))
    assert data == {
        "diagnostics": [d.as_dict() for d in report.sorted()],
        "summary": report.summary(),
    }
    assert data["summary"] == {
        "errors": 3,
        "warnings": 1,
        "counts": {"cards": 70, "files": 3, "story-card": 12},
    }


def test_stable_key_order_and_indent(report):
    text = render_json(report)
    data = json.loads(text)
    assert text.startswith('{\n  "diagnostics": [\n    {\n      "code": ')
    assert list(data) == ["diagnostics", "summary"]
    assert list(data["summary"]) == ["errors", "warnings", "counts"]
    keys = ["code", "severity", "message", "file", "line", "column", "hint"]
    assert all(list(d) == keys for d in data["diagnostics"])


def test_values_kept_as_is(report):
    text = render_json(report)
    data = json.loads(text)
    assert "café" in text  # UTF-8, not \\u escapes
    first = data["diagnostics"][0]
    assert (first["code"], first["line"], first["column"], first["hint"]) == (
        "GS304",
        0,
        0,
        "add one",
    )
    assert "100% broken, says: me\nsecond line" in [d["message"] for d in data["diagnostics"]]


def test_empty_report():
    assert json.loads(render_json(Report())) == {
        "diagnostics": [],
        "summary": {"errors": 0, "warnings": 0, "counts": {}},
    }
