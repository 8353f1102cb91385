"""docs/language.md: its examples form a pack that compiles clean, and it covers every kind,
key and field type."""

from __future__ import annotations

from typing import get_args

from compiler.language.documents import DOCUMENT_MODELS, FieldType
from compiler.language_doc import EXAMPLES, FIELD_TYPES, language_markdown
from compiler.pipeline import compile_pack


def test_examples_compile_clean(tmp_path):
    for kind, text in EXAMPLES.items():
        (tmp_path / ("game.yaml" if kind == "game" else f"{kind}.yaml")).write_text(text)
    result = compile_pack(tmp_path)
    assert [f"{d.code} {d.message}" for d in result.report.diagnostics] == []
    assert result.game is not None


def test_every_kind_and_key_is_described():
    doc = language_markdown()
    assert set(EXAMPLES) == set(DOCUMENT_MODELS)
    for kind, model in DOCUMENT_MODELS.items():
        section = doc.split(f"## `kind: {kind}`")[1].split("\n## ")[0]
        assert EXAMPLES[kind].strip() in section
        for name, info in model.model_fields.items():
            assert f"| `{info.alias or name}` |" in section


def test_every_field_type_is_explained():
    assert list(FIELD_TYPES) == list(get_args(FieldType))
