"""`Effects`: a list of one-key mappings `- op: {params}`, validated against the op catalogue.

Each effect is validated by the model of its own op, found by its single key, so an unknown
op or a bad parameter is reported with the exact location. Models that hold effects refer to
this one dispatching type instead of embedding the union of every op, and an op's model is
made the first time an effect uses it: a pack pays only for the ops it writes. The JSON
Schema still gives editors one branch per op.
"""

from contextvars import ContextVar
from functools import cache
from typing import Annotated, Any, ClassVar

from pydantic import Field, create_model
from pydantic_core import PydanticCustomError, core_schema

from compiler.language.base import Model
from compiler.language.catalogue import OPS


class Effect(Model):
    """A validated effect: one field, named by its op, holding the op's parameters."""

    op: ClassVar[str]


@cache
def effect_model(name: str) -> type[Effect]:
    """The model of an effect of op `name` (made once, on first use)."""
    model = create_model(
        "Op_" + name.replace("-", "_"),
        __base__=Effect,
        **{name.replace("-", "_") + "_": (OPS[name].params, Field(alias=name))},
    )
    model.op = name
    return model


def _op_name(value: Any) -> str | None:
    if isinstance(value, Effect):
        return value.op
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in OPS else None
    return None


def _validate(value: Any, info: core_schema.ValidationInfo) -> Effect:
    if isinstance(value, Effect):
        return value
    name = _op_name(value)
    if name is None:
        raise PydanticCustomError("unknown_op", "unknown op")
    return effect_model(name).__pydantic_validator__.validate_python(value, context=info.context)


class OneOp:
    """The annotation that makes a value an effect (see the module docstring)."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.with_info_plain_validator_function(_validate)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> Any:
        # One branch per op, each a reference to that op's definition. The outermost effect
        # list of a schema writes the definitions; the lists nested inside them only refer.
        models = [effect_model(name).__pydantic_core_schema__ for name in OPS]
        union = core_schema.tagged_union_schema(
            {name: core_schema.definition_reference_schema(_ref(m)) for name, m in zip(OPS, models, strict=True)},
            discriminator=_op_name,
        )
        if _writing.get():
            return handler(union)
        token = _writing.set(True)
        try:
            return handler(core_schema.definitions_schema(union, models))
        finally:
            _writing.reset(token)


_writing: ContextVar[bool] = ContextVar("writing_effect_definitions", default=False)


def _ref(schema: core_schema.CoreSchema) -> str:
    """The reference of a model's core schema (its definitions, if any, wrap it)."""
    return schema["schema"]["ref"] if schema["type"] == "definitions" else schema["ref"]


Effects = list[Annotated[Effect, OneOp]]


def op_of(effect: Effect) -> tuple[str, Model]:
    """The op name and parameters of a validated effect."""
    return effect.op, getattr(effect, effect.op.replace("-", "_") + "_")
