"""Shared building blocks of the models: the base config, ids, references,
expressions and player-count tables, each marked so generic walkers can find them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationInfo
from pydantic_core import PydanticCustomError

from compiler.expressions import Expression, ExpressionError, compile_expression
from compiler.expressions.types import check_types

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
NAME_PATTERN = r"^[a-z][a-z0-9_]*$"
CODE_PATTERN = r"^GS[0-9]{3}$"


def kebab(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


class Model(BaseModel):
    """Base of every content model: kebab-case keys, unknown keys rejected, immutable."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        alias_generator=kebab,
        populate_by_name=False,
        coerce_numbers_to_str=True,
        use_enum_values=True,
    )


Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
"""A lowercase kebab-case id: `turtle-shell`, `11`."""

Name = Annotated[str, StringConstraints(pattern=NAME_PATTERN)]
"""A name usable in expressions: `coins`, `max_hp`."""

Source = Literal["rulebook", "designed"]
Code = Annotated[str, StringConstraints(pattern=CODE_PATTERN)]


@dataclass(frozen=True)
class RefTo:
    """Marks a string as a reference to an item of `kind` (the linker resolves it).

    `kind` is a document kind (`scenario`, `landscape`, `terrain`, `card-type`, `cards`),
    `card` for a single card, or a namespaced kind such as `zone`, `dice`, `action`.
    """

    kind: str


def Ref(kind: str) -> Any:  # noqa: N802 - reads like a type in annotations
    return Annotated[str, StringConstraints(pattern=ID_PATTERN), RefTo(kind)]


@dataclass(frozen=True)
class PlayerTableMark:
    """Marks a mapping keyed by player count; analysis checks it covers the player range."""


@dataclass(frozen=True)
class Gives:
    """Marks an op parameter that gives a flag or an item, for the given/tested analysis."""

    what: str  # "flag" or "item"


def PlayerTable(value_type: Any) -> Any:  # noqa: N802
    return Annotated[dict[int, value_type], PlayerTableMark()]


@lru_cache(maxsize=65536)
def checked_expression(source: str, names: frozenset[str] | None) -> Expression:
    """Compile `source` once per distinct text and name set."""
    return compile_expression(source, names)


def _check_expression(value: str, info: ValidationInfo) -> str:
    context = info.context or {}
    try:
        checked_expression(value, context.get("names"))
        if context.get("types") is not None:
            check_types(value, context["types"])
    except ExpressionError as err:
        raise PydanticCustomError(
            "expression",
            "{message}",
            {"message": err.message, "code": err.code, "offset": err.offset, "hint": err.hint},
        ) from None
    return value


@dataclass(frozen=True)
class ExprMark:
    """Marks a string as an expression (checked at compile time, compiled at load)."""


Expr = Annotated[str, AfterValidator(_check_expression), ExprMark()]
"""A condition or amount in the expression language: `coins >= 2`."""

Amount = int | Expr
"""A number, or an expression giving one."""


Var = Annotated[str, StringConstraints(pattern=NAME_PATTERN), RefTo("variable")]
"""A variable or stat the game declares (game.yaml `variables:`, a card-type field, a built-in)."""

ZoneId = Ref("zone")
"""A zone the rules declare (checked when the game declares any zones)."""


class Item(Model):
    """Anything with an id that may be marked with its source and silence diagnostics."""

    id: Id
    source: Source | None = None
    suppress: list[Code] = Field(default_factory=list)
