"""`Effects`: a list of one-key mappings `- op: {params}`, validated against the op catalogue.

The union is tagged by the single key, so an unknown op or a bad parameter is reported
with the exact location, and the JSON Schema gives editors one branch per op.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Discriminator, Field, Tag, create_model

from compiler.language import ops as _ops  # noqa: F401 - registers the ops
from compiler.language.base import Model
from compiler.language.catalogue import OPS


def _op_name(value: Any) -> str | None:
    if isinstance(value, Model):  # serialising a validated effect
        return _ALIAS.get(type(value))
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in OPS else None
    return None


def _wrapper(name: str, params: type) -> type[Model]:
    field = name.replace("-", "_") + "_"
    return create_model(
        "Op_" + name.replace("-", "_"),
        __base__=Model,
        **{field: (params, Field(alias=name))},
    )


WRAPPERS = {name: _wrapper(name, o.params) for name, o in OPS.items()}
_ALIAS = {wrapper: name for name, wrapper in WRAPPERS.items()}

Effect = Annotated[
    Union[tuple(Annotated[w, Tag(n)] for n, w in WRAPPERS.items())],  # noqa: UP007
    Discriminator(
        _op_name,
        custom_error_type="unknown_op",
        custom_error_message="unknown op",
    ),
]
Effects = list[Effect]

# Ops nest effects (`if`, `choose`, `repeat`, `roll`): resolve the forward reference now.
_ops.Effects = Effects
for _model in (*(o.params for o in OPS.values()), _ops.Option, _ops.RollResult, *WRAPPERS.values()):
    _model.model_rebuild()


def op_of(effect: Model) -> tuple[str, Model]:
    """The op name and parameters of a validated effect."""
    (name,) = type(effect).model_fields
    field = type(effect).model_fields[name]
    return field.alias, getattr(effect, name)
