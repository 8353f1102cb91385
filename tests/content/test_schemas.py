"""Every YAML document of every seed pack validates against the committed JSON Schema
of its kind, with the jsonschema library alone (as an editor would)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from compiler.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(p for p in (ROOT / "content").rglob("*.y*ml") if p.suffix in (".yaml", ".yml"))


@cache
def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((ROOT / "schema" / f"{kind}.schema.json").read_text()))


def as_json(value):
    """YAML allows non-string keys (`{2: 8}`); JSON, and so the schema, sees strings."""
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT / "content")))
def test_documents_match_schema(path):
    docs, problems = load_file(path)
    assert not problems, problems
    for doc in docs:
        errors = sorted(validator(doc.data["kind"]).iter_errors(as_json(doc.data)), key=lambda e: e.path)
        assert not errors, f"{path}#{doc.index}: " + "; ".join(
            f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors[:5]
        )
