"""The registry behind the op, selector and timing-window catalogues.

An op is declared once here (name, parameter model, one-line doc) and implemented once
in the runtime; a test checks the two match one to one.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import model_validator

from compiler.language.base import Model


class Params(Model):
    """Base of an op's parameters. `shorthand` names the field a bare scalar fills:
    with `shorthand = "count"`, `- draw: 2` means `- draw: {count: 2}`."""

    shorthand: ClassVar[str | None] = None

    @model_validator(mode="before")
    @classmethod
    def _expand_shorthand(cls, value: Any) -> Any:
        if cls.shorthand and not isinstance(value, dict):
            return {cls.shorthand.replace("_", "-"): value}
        if value is None:
            return {}
        return value

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema, handler):
        # Editors must accept what the validator accepts: the shorthand (`- draw: 2`) and,
        # when nothing is required, no parameters at all (`- end-turn:`).
        schema = handler(core_schema)
        resolved = handler.resolve_ref_schema(schema)
        options = [schema]
        if cls.shorthand:
            alias = cls.shorthand.rstrip("_").replace("_", "-")
            short = resolved.get("properties", {}).get(alias)
            if short:
                options.append(short)
        if not resolved.get("required"):
            options.append({"type": "null"})
        return {"anyOf": options} if len(options) > 1 else schema


@dataclass(frozen=True)
class Op:
    name: str
    params: type[Params]
    doc: str
    group: str


OPS: dict[str, Op] = {}


def op(name: str, doc: str, group: str) -> Callable[[type[Params]], type[Params]]:
    """Class decorator: register `cls` as the parameters of op `name`."""

    def register(cls: type[Params]) -> type[Params]:
        if name in OPS:
            raise ValueError(f"op {name!r} declared twice")
        OPS[name] = Op(name, cls, doc, group)
        return cls

    return register


@dataclass(frozen=True)
class Named:
    """A selector or timing window: a name and what it means."""

    name: str
    doc: str


def table(*entries: tuple[str, str]) -> dict[str, Named]:
    return {name: Named(name, doc) for name, doc in entries}
