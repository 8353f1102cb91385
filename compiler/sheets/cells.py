"""Cell values to field values, by the field's type (the cell syntax of docs/spreadsheets.md).

- whole numbers, numbers, true/false: typed cells as they are; text read as YAML reads a plain
  value (`3`, `1.5`, `true`, `FALSE`)
- text fields: the cell's text; a number cell becomes its digits
- lists (and patterns): items separated by `;`, each read as the item type; or YAML `[a, b]`
- abilities, effects, maps and player tables: YAML, in flow style on one line
  (`{2: 3, 3: 4}`) or block style over several lines of the cell
An empty cell leaves the field unset, so its default applies.
"""

from __future__ import annotations

import re
from typing import Any

from compiler.language.documents import CardType
from compiler.loader import load_text
from compiler.loader.scalars import resolve_plain

# How the built-in card keys are written in a cell (card-type fields use their declared type).
BUILT_IN_TYPES: dict[str, tuple[str, str | None]] = {
    "id": ("string", None), "name": ("string", None), "count": ("int", None),
    "text": ("text", None), "flavour": ("text", None), "keywords": ("list", "string"),
    "abilities": ("abilities", None), "image": ("string", None), "back": ("string", None),
    "source": ("string", None), "suppress": ("list", "string"),
}  # fmt: skip
_TEXT = frozenset({"string", "text", "enum", "ref", "expression"})
_YAML = frozenset({"map", "player-table", "effects", "abilities"})
LIST_SEPARATOR = ";"
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?").fullmatch
# How a cell of each field type is written (docs/language.md is generated from this).
CELL_SYNTAX: dict[str, str] = {
    "int": "a number cell, or text such as `3`",
    "number": "a number cell, or text such as `1.5`",
    "string": "the cell's text; a number cell gives its digits",
    "text": "the cell's text, line breaks kept",
    "bool": "a TRUE/FALSE cell, or the text `true` or `false`",
    "enum": "one of the values, as text",
    "ref": "the id, as text",
    "expression": "the expression, as text: `coins >= 2`",
    "list": "items separated by `;` (`metal; tier-2`), each read as the item type; or YAML `[a, b]`",
    "pattern": "rows separated by `;` (`.x.; xxx`), or YAML `[.x., xxx]`",
    "map": "YAML: `{fire: 2, ice: 1}`",
    "player-table": "YAML: `{2: 8, 3: 12, 4: 15}`",
    "effects": "YAML: `[{gain: {variable: coins, amount: 1}}]`, or block style over several lines",
    "abilities": "YAML: `[{name: Rally, when: on-play, do: [{draw: 1}]}]`, or block style",
}


def field_kind(name: str, card_type: CardType | None) -> tuple[str | None, str | None]:
    """(type, item type) of the field or built-in card key `name`; (None, None) if unknown."""
    if name in BUILT_IN_TYPES:
        return BUILT_IN_TYPES[name]
    spec = card_type.fields.get(name) if card_type else None
    return (spec.type, spec.of) if spec else (None, None)


class CellSyntaxError(ValueError):
    """The cell's text is not in the syntax its column needs; the message says why."""


def cell_value(value: Any, kind: str | None, of: str | None = None) -> Any:
    """The field value of a non-empty cell in a column of type `kind` (None: not known)."""
    if kind in _TEXT:
        return value if isinstance(value, str) else _text(value)
    if kind in ("int", "number", "bool"):
        if isinstance(value, str):
            plain = resolve_plain(value.strip())
            if kind == "number" and isinstance(plain, str) and _FLOAT(plain):
                return float(plain)  # `1E-05`, as spreadsheets write small and large numbers
            return plain
        if kind == "int" and isinstance(value, float) and value.is_integer():
            return int(value)
        return value
    if kind in ("list", "pattern"):
        if not isinstance(value, str):
            return [cell_value(value, of or "string")]
        if value.lstrip().startswith("["):
            return yaml_cell(value)
        items = [item.strip() for item in value.split(LIST_SEPARATOR)]
        return [cell_value(item, of or "string") for item in items if item]
    if kind in _YAML:
        return yaml_cell(value) if isinstance(value, str) else value
    return scalar_cell(value)


def scalar_cell(value: Any) -> Any:
    """A cell of no declared type: text read as a plain YAML value, or YAML if it starts a
    list, mapping or quoted string."""
    if not isinstance(value, str):
        return value
    if value.lstrip()[:1] in ("[", "{", '"', "'"):
        return yaml_cell(value)
    return resolve_plain(value.strip())


def yaml_cell(text: str) -> Any:
    """The value of YAML text in a cell, read by the content loader (so by its rules)."""
    documents, problems = load_text(text, "cell")
    if problems:
        first = problems[0]
        raise CellSyntaxError(f"{first.message.rstrip('.')} (line {first.line}, column {first.column} of the cell)")
    if len(documents) != 1:
        raise CellSyntaxError("the cell holds more than one YAML document")
    return documents[0].data


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
