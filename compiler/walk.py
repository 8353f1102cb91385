"""Find every marked value (references, expressions, player-count tables) in validated models.

The annotations of each model class are read once and turned into small visitor
functions, so walking 10,000 cards costs a few attribute reads per field.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from compiler.language.base import ExprMark, Gives, PlayerTableMark, RefTo

Marker = RefTo | ExprMark | PlayerTableMark | Gives
Visit = Callable[[Any, tuple, list], None]  # (value, path, out) -> appends (path, marker, value)
MARKERS = (RefTo, ExprMark, PlayerTableMark, Gives)


def walk(model: BaseModel, path: tuple = ()) -> Iterator[tuple[tuple, Marker, Any]]:
    """Yield `(path, marker, value)` for each marked value in `model`; paths use aliases."""
    out: list = []
    _model_visitor(type(model))(model, path, out)
    return iter(out)


def _markers(metadata) -> tuple[Marker, ...]:
    return tuple(m for m in metadata if isinstance(m, MARKERS))


@cache
def _model_visitor(cls: type[BaseModel]) -> Visit:
    plan = []
    for name, info in cls.model_fields.items():
        v = _visitor(info.annotation, tuple(info.metadata))
        if v is not None:
            plan.append((name, info.alias or name, v))

    def visit(value, path, out):
        for name, alias, v in plan:
            item = getattr(value, name)
            if item is not None:
                v(item, (*path, alias), out)

    return visit


def _any_model(value, path, out):
    if isinstance(value, BaseModel):
        _model_visitor(type(value))(value, path, out)


def _visitor(tp: Any, metadata: tuple = ()) -> Visit | None:  # noqa: C901 - one case per type form
    if get_origin(tp) is Annotated:
        inner, *meta = get_args(tp)
        return _visitor(inner, (*metadata, *meta))
    markers = _markers(metadata)
    if markers:
        inner = _visitor(tp) if any(isinstance(m, PlayerTableMark) for m in markers) else None

        def visit_marked(value, path, out):
            for m in markers:
                out.append((path, m, value))
            if inner:
                inner(value, path, out)

        return visit_marked
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return lambda value, path, out: _model_visitor(type(value))(value, path, out)
    origin = get_origin(tp)
    if origin in (list, tuple, set, frozenset):
        args = [a for a in get_args(tp) if a is not Ellipsis]
        subs = [_visitor(a) for a in args]
        if not any(subs):
            return None
        if origin is tuple and len(subs) > 1 and get_args(tp)[-1] is not Ellipsis:
            def visit_tuple(value, path, out):
                for i, (item, sub) in enumerate(zip(value, subs, strict=False)):
                    if sub:
                        sub(item, (*path, i), out)
            return visit_tuple
        sub = subs[0]

        def visit_list(value, path, out):
            for i, item in enumerate(value):
                sub(item, (*path, i), out)

        return visit_list
    if origin is dict:
        sub = _visitor(get_args(tp)[1])
        if sub is None:
            return None

        def visit_dict(value, path, out):
            for key, item in value.items():
                sub(item, (*path, key), out)

        return visit_dict
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        plans = [(m, _visitor(m)) for m in members]
        plans = [(m, v) for m, v in plans if v is not None]
        if not plans:
            return None

        def visit_union(value, path, out):
            for member, v in plans:
                if _matches(value, member):
                    v(value, path, out)
                    return

        return visit_union
    if tp is Any or isinstance(tp, typing.TypeVar):
        return _any_model
    return None


def _matches(value: Any, tp: Any) -> bool:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return any(_matches(value, m) for m in get_args(tp))
    if origin is not None:
        return isinstance(value, origin)
    if isinstance(tp, type):
        if tp is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, tp)
    return False
