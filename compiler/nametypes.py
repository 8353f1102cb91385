"""What type of value each name an expression may read holds: built-ins, the game's
variables (the type of their initial value) and card fields (their declared type). A name
given two types (a field declared as a number in one card type and text in another) is
`any`, so it is never reported."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from compiler.diagnostics import CATALOGUE, Diagnostic
from compiler.expressions.errors import ExpressionError
from compiler.expressions.types import (
    ANY,
    FLAG,
    LIST,
    NONE,
    NUMBER,
    TEXT,
    check_types,
    describe,
    type_of_value,
)
from compiler.language.base import checked_expression
from compiler.language.names import BUILTIN_TYPES
from compiler.loader.scalars import number_problem

if TYPE_CHECKING:
    from compiler.loader import Document
    from compiler.pipeline import Unit

FIELD_TYPES = {
    "int": NUMBER, "number": NUMBER, "string": TEXT, "text": TEXT, "enum": TEXT, "ref": TEXT,
    "bool": FLAG, "list": LIST, "pattern": LIST,
}


def field_kind(spec: dict) -> str:
    """The expression type of a card field declared as `spec` (raw `{type: int, ...}`)."""
    kind = spec.get("type")
    if kind == "player-table":
        return FIELD_TYPES.get(spec.get("of") or "int", ANY)
    return FIELD_TYPES.get(kind, ANY) if isinstance(kind, str) else ANY


def variable_kinds(game: Unit | None) -> dict[str, str]:
    """Each declared variable's type: that of its initial value (a count is a number; a number
    content does not take, reported as GS260, is left unknown rather than taken for text)."""
    if game is None:
        return {}
    return {
        name: NUMBER if var.counts is not None
        else ANY if isinstance(var.initial, str) and number_problem(var.initial, var.initial)
        else type_of_value(var.initial)
        for name, var in game.model.variables.items()
    }


def name_types(by_kind: dict[str, list[Document]], game: Unit | None) -> frozenset[tuple[str, str]]:
    """`(name, type)` for every name whose type is known."""
    found: dict[str, set[str]] = {name: {kind} for name, kind in BUILTIN_TYPES.items()}
    for name, kind in variable_kinds(game).items():
        found.setdefault(name, set()).add(kind)
    for doc in by_kind.get("card-type", []):
        fields = doc.data.get("fields")
        if isinstance(fields, dict):
            for name, spec in fields.items():
                kind = field_kind(spec) if isinstance(spec, dict) else ANY
                found.setdefault(str(name), set()).add(kind)
    return frozenset((name, kinds.pop()) for name, kinds in found.items() if len(kinds) == 1)


# ops that change a variable by an amount, and the parameters naming the variable
_ARITHMETIC = {("gain", "variable"), ("lose", "variable"), ("modify-stat", "stat"),
               ("transfer", "from"), ("transfer", "to")}


def written_type(params: Any, names: Collection[str], types: frozenset[tuple[str, str]] | None) -> str:
    """The type of the value a `set` op writes: a literal's, or its expression's (a word
    that names nothing the game declares is text)."""
    value = params.value
    if isinstance(value, str):
        try:
            if not checked_expression(value, None).names <= set(names):
                return TEXT
            return check_types(value, types) if types is not None else ANY
        except ExpressionError:
            return TEXT
    return type_of_value(value)


def check_write(unit: Unit, path: tuple, variable: str, kinds: dict[str, str],
                names: Collection[str], types: frozenset[tuple[str, str]] | None,
                ) -> Diagnostic | None:
    """GS231 when the op at `path[:-1]` writes a value of another type into `variable`."""
    kind = kinds.get(variable)
    if kind is None or len(path) < 2 or kind == ANY:
        return None
    op, param = path[-2], path[-1]
    if (op, param) in _ARITHMETIC and kind != NUMBER:
        return CATALOGUE["GS231"](
            f"'{op}' changes '{variable}' by an amount, but '{variable}' holds {describe(kind)}",
            unit.doc.location(path),
            hint=f"use `set` to change it, or give '{variable}' a number as its initial value",
        )
    if (op, param) == ("set", "variable"):
        written = written_type(model_at(unit.model, path[:-1]), names, types)
        if written not in (kind, ANY, NONE):
            return CATALOGUE["GS231"](
                f"'set' gives '{variable}' {describe(written)}, but it holds {describe(kind)} "
                "(its initial value): a variable keeps one type",
                unit.doc.location((*path[:-1], "value")),
                hint=f"set it to {describe(kind)}, or declare another variable for this value",
            )
    return None


def model_at(model: Any, path: tuple) -> Any:
    """The value at an alias path inside validated models (as `walk` yields paths)."""
    for part in path:
        if isinstance(model, BaseModel):
            fields = type(model).model_fields
            name = next((n for n, f in fields.items() if (f.alias or n) == part), part)
            model = getattr(model, name)
        else:
            model = model[part]
    return model
