"""Turn a `card-type` document into the model its cards are validated with.

Each card type becomes one pydantic model, built once per compile, whose extra keys are
exactly the fields the type declares; a `cards` document is validated with a model whose
`cards:` items are of that type.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, Strict, create_model

from compiler.language.base import Expr, PlayerTable, Ref
from compiler.language.documents import FIELD_PREFIX, Ability, Card, Cards, CardType, FieldSpec
from compiler.language.effects import Effects

BUILT_IN = {info.alias or name for name, info in Card.model_fields.items()}

# Strict: `true` is not the number 1, nor the text `yes` a boolean (YAML 1.2 keeps it text).
_SCALARS: dict[str, Any] = {
    "int": Annotated[int, Strict()],
    "number": Annotated[float, Strict()],
    "string": str,
    "text": str,
    "bool": Annotated[bool, Strict()],
    "effects": Effects,
    "abilities": list[Ability],
    "expression": Expr,
    "pattern": list[str],
}


def field_type(spec: FieldSpec, kind: str | None = None) -> Any:
    """The Python type a field of `spec` (or of its item kind) holds."""
    kind = kind or spec.type
    if kind == "enum":
        return Literal[tuple(spec.values)] if spec.values else str
    if kind == "ref":
        return Ref(spec.ref or "card")
    if kind == "list":
        return list[field_type(spec, spec.of or "string")]
    if kind == "map":
        return dict[str, field_type(spec, spec.of or "string")]
    if kind == "player-table":
        return PlayerTable(field_type(spec, spec.of or "int"))
    return _SCALARS[kind]


class TypedCard(Card):
    """A card checked against its type: no keys beyond the declared fields."""

    model_config = ConfigDict(extra="forbid")


def card_model(card_type: CardType) -> type[TypedCard]:
    """The model of one card of `card_type`; field `x` is stored as `f_x`, aliased `x`."""
    fields: dict[str, Any] = {}
    for name, spec in card_type.fields.items():
        tp = field_type(spec)
        bounds = {"ge": spec.min, "le": spec.max} if spec.type in ("int", "number") else {}
        if spec.required:
            default = ...
        else:
            default = spec.default
            if default is None:
                tp = tp | None
        fields[FIELD_PREFIX + name] = (tp, Field(default, alias=name, description=spec.text, **bounds))
    return create_model("Card_" + card_type.id.replace("-", "_"), __base__=TypedCard, **fields)


def cards_model(card_type: CardType) -> type[Cards]:
    """The model of a `cards` document whose cards are of `card_type`."""
    card = card_model(card_type)
    return create_model(
        "Cards_" + card_type.id.replace("-", "_"),
        __base__=Cards,
        cards=(list[card], Field(min_length=1)),
    )
