"""JSON Schemas for the document kinds, generated from the models (`gamesmith schema`)."""

from __future__ import annotations

import json
from pathlib import Path

from compiler.language.documents import DOCUMENT_MODELS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_for(kind: str) -> dict:
    schema = DOCUMENT_MODELS[kind].model_json_schema(by_alias=True, mode="validation")
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://gamesmith.dev/schema/{kind}.schema.json",
        **schema,
        "title": f"gamesmith {kind} document",
    }


def render_all() -> dict[str, str]:
    """`{file name: JSON text}` for every kind, as committed under schema/."""
    return {f"{kind}.schema.json": json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n" for kind in DOCUMENT_MODELS}


def write_all(folder: Path) -> list[Path]:
    from compiler.files import write_atomic

    written = []
    for name, text in render_all().items():
        write_atomic(folder / name, text)
        written.append(folder / name)
    return written
