"""Diagnostics as a SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers.

One run; the driver declares a rule per code the report uses, described from `CATALOGUE`.
Locations are relative to the `SRCROOT` base; columns count Unicode code points.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePath
from urllib.parse import quote

from compiler.diagnostics.catalogue import CATALOGUE
from compiler.diagnostics.formats.paths import relative_posix
from compiler.diagnostics.model import Diagnostic, Report, Severity

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
VERSION = "2.1.0"
TOOL = "gamesmith"
URI_BASE = "SRCROOT"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _rule(code: str) -> dict:
    entry = CATALOGUE.get(code)
    if entry is None:  # a code outside the catalogue still gets a rule so ruleIndex holds
        return {"id": code}
    return {
        "id": entry.code,
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": f"{entry.summary}\n\nExample:\n{entry.example}"},
        "help": {"text": entry.fix},
        "defaultConfiguration": {"level": LEVEL[entry.severity]},
    }


def artifact_location(file: str) -> dict:
    """`file` as a percent-encoded `/` URI relative to SRCROOT; a file URI if outside cwd."""
    path = relative_posix(file)
    if PurePath(path).is_absolute():
        return {"uri": Path(path).as_uri()}
    # surrogateescape gives back the raw bytes of a file name that was not UTF-8
    return {"uri": quote(path, safe="/", errors="surrogateescape"), "uriBaseId": URI_BASE}


def _location(d: Diagnostic) -> dict:
    physical: dict = {"artifactLocation": artifact_location(d.file)}
    if d.line > 0:
        region = {"startLine": d.line}
        if d.column > 0:
            region["startColumn"] = d.column
        physical["region"] = region
    if d.location.cell:  # a spreadsheet cell, as spreadsheet programs name it
        return {"physicalLocation": physical,
                "logicalLocations": [{"fullyQualifiedName": d.location.cell, "kind": "cell"}]}
    return {"physicalLocation": physical}


def sarif_log(report: Report, tool_version: str = "0.1.0") -> dict:
    """The report as a SARIF 2.1.0 log object."""
    diagnostics = report.sorted()
    codes = sorted({d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for d in diagnostics:
        text = f"{d.message}\nhint: {d.hint}" if d.hint else d.message
        if d.location.cell:
            text = f"{d.location.cell}: {text}"
        result = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": LEVEL[d.severity],
            "message": {"text": text},
        }
        if d.file:
            result["locations"] = [_location(d)]
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL,
                        "version": tool_version,
                        "rules": [_rule(code) for code in codes],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render_sarif(report: Report, tool_version: str = "0.1.0") -> str:
    """`sarif_log` as JSON indented by two spaces."""
    return json.dumps(sarif_log(report, tool_version), indent=2, ensure_ascii=False) + "\n"
