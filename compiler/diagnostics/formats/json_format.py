"""Diagnostics as JSON: `{"diagnostics": [...], "summary": {...}}`, keys in a fixed order."""

from __future__ import annotations

import json

from compiler.diagnostics.model import Report


def json_document(report: Report) -> dict:
    """The report as plain data: diagnostics sorted by location, then `Report.summary()`."""
    return {
        "diagnostics": [d.as_dict() for d in report.sorted()],
        "summary": report.summary(),
    }


def render_json(report: Report) -> str:
    """`json_document` indented by two spaces, UTF-8 text kept as is."""
    return json.dumps(json_document(report), indent=2, ensure_ascii=False) + "\n"
