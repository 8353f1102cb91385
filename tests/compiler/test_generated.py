"""The committed schemas and reference docs match what the code generates."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.docs import DOCS
from compiler.schema import render_all

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(render_all()))
def test_schema_is_current(name):
    committed = ROOT / "schema" / name
    assert committed.exists(), f"{committed} missing: run `gamesmith schema`"
    assert committed.read_text() == render_all()[name], f"{committed} is stale: run `gamesmith schema`"


@pytest.mark.parametrize("name", sorted(DOCS))
def test_docs_are_current(name):
    committed = ROOT / name
    assert committed.read_text() == DOCS[name](), f"{committed} is stale: run `gamesmith docs`"


def test_catalogue_docs_cover_every_op_and_code():
    from compiler.diagnostics import CATALOGUE
    from compiler.language.catalogue import OPS

    ops, diags = DOCS["docs/ops.md"](), DOCS["docs/diagnostics.md"]()
    assert all(f"### `{name}`" in ops for name in OPS)
    assert all(f"## {code}" in diags for code in CATALOGUE)
