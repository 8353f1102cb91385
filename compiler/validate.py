"""Validate one loaded document against its model and turn pydantic's errors into
diagnostics at the exact file, line and column, with a hint where one helps."""

from __future__ import annotations

import difflib
import types
from collections.abc import Sequence
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.language.base import ID_PATTERN
from compiler.loader import Document

# Error types whose diagnostic code the error itself decides.
_PREFERRED = ("expression", "unknown_op", "unknown_selector", "extra_forbidden", "missing")


def suggest(word: str, candidates, prefix: str = "did you mean") -> str | None:
    """A "did you mean 'x'?" hint for the closest candidate, if any is close."""
    close = difflib.get_close_matches(str(word), [str(c) for c in candidates], n=1, cutoff=0.6)
    return f"{prefix} '{close[0]}'?" if close else None


def validate(
    doc: Document,
    model: type[BaseModel],
    context: dict,
    lines: Sequence[str] = (),
    card_fields: bool = False,
) -> tuple[BaseModel | None, list[Diagnostic]]:
    """Validate `doc.data` with `model`; on failure return every problem as a diagnostic.

    With `card_fields`, problems inside a card's own fields get the card-field code.
    """
    try:
        return model.model_validate(doc.data, context=context), []
    except ValidationError as err:
        return None, _diagnostics(err, doc, model, lines, card_fields)


def _diagnostics(err, doc, model, lines, card_fields) -> list[Diagnostic]:
    # pydantic reports one error per union member; keep the most telling per place.
    best: dict[tuple, dict] = {}
    for e in err.errors(include_url=False):
        path = _data_path(doc.data, e["loc"])
        key = (path, e["type"] == "extra_forbidden", e["type"] == "missing" and e["loc"][-1])
        if key not in best or _rank(e) < _rank(best[key]):
            best[key] = e
    return [_diagnostic(e, path, doc, model, lines, card_fields) for (path, *_), e in best.items()]


def _rank(e: dict) -> int:
    return _PREFERRED.index(e["type"]) if e["type"] in _PREFERRED else len(_PREFERRED)


def _data_path(data: Any, loc: tuple) -> tuple:
    """Map pydantic's `loc` (which also names union members and tags) onto the data."""
    path: list = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
            path.append(part)
        elif isinstance(node, dict) and isinstance(part, str) and part.isdigit() and int(part) in node:
            node = node[int(part)]
            path.append(int(part))
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            path.append(part)
        elif isinstance(node, dict) and part not in node and isinstance(part, str) and _is_field(part):
            # a missing or extra key: keep it as the last element, it names the problem
            path.append(part)
            node = None
    return tuple(path)


def _is_field(part: str) -> bool:
    return not any(c in part for c in "[]()") and part not in {"int", "str", "float", "bool", "dict", "list"}


def _diagnostic(e, path, doc, model, lines, card_fields) -> Diagnostic:
    etype, ctx = e["type"], e.get("ctx") or {}
    in_card = card_fields and len(path) >= 3 and path[0] == "cards"
    if etype == "extra_forbidden":
        key = path[-1]
        allowed = _allowed_keys(model, path[:-1])
        code = "GS207" if in_card and len(path) == 3 else "GS211" if _in_effect(path, model) else "GS203"
        return CATALOGUE[code](
            f"unknown key '{key}'" + (f" in {_where(path[:-1])}" if path[:-1] else ""),
            doc.location(path, key=True),
            hint=suggest(key, allowed) or (f"allowed keys: {', '.join(sorted(allowed))}" if allowed else None),
        )
    if etype == "missing":
        key, parent = path[-1], path[:-1]
        code = "GS207" if in_card and len(path) == 3 else "GS211" if _in_effect(path, model) else "GS204"
        return CATALOGUE[code](
            f"missing required key '{key}'" + (f" in {_where(parent)}" if parent else ""),
            doc.location(parent, key=bool(parent)),
            hint=f"add `{key}:`",
        )
    if etype == "expression":
        loc = doc.location(path)
        col = loc.column + _quote_width(lines, loc) + int(ctx.get("offset") or 0)
        return CATALOGUE[ctx["code"]](
            f"{ctx['message']} in expression '{e['input']}'",
            Location(loc.file, loc.line, col),
            hint=ctx.get("hint"),
        )
    if etype == "unknown_op":
        value = e["input"]
        loc = doc.location(path)
        if not isinstance(value, dict) or len(value) != 1:
            keys = ", ".join(map(str, value)) if isinstance(value, dict) else type(value).__name__
            return CATALOGUE["GS212"](
                f"an effect must be a one-key mapping `- op: {{params}}`, got {keys}", loc,
                hint="write one op per list item",
            )
        from compiler.language.catalogue import OPS

        name = next(iter(value))
        return CATALOGUE["GS210"](
            f"unknown op '{name}'", doc.location((*path, name), key=True),
            hint=suggest(name, OPS) or "see docs/ops.md for the op catalogue",
        )
    if etype == "unknown_selector":
        from compiler.language.selectors import SELECTORS

        return CATALOGUE["GS213"](
            f"unknown selector '{e['input']}'", doc.location(path),
            hint=suggest(e["input"], SELECTORS) or "see docs/ops.md for the selectors",
        )
    if etype == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        value = str(e["input"])
        fixed = "-".join(filter(None, "".join(c if c.isalnum() else "-" for c in value.lower()).split("-")))
        return CATALOGUE["GS206"](
            f"'{value}' is not a valid id: use lowercase letters, digits and single hyphens",
            doc.location(path), hint=f"write `{fixed}`" if fixed else None,
        )
    code = "GS207" if in_card else ("GS211" if _in_effect(path, model) else "GS205")
    hint = None
    if etype in ("literal_error", "enum") and "expected" in ctx:
        hint = suggest(e.get("input"), _literals(ctx["expected"])) or f"expected {ctx['expected']}"
    where = f" at {_where(path)}" if path else ""
    return CATALOGUE[code](f"{e['msg']}{where}", doc.location(path), hint=hint)


def _quote_width(lines: Sequence[str], loc: Location) -> int:
    if 0 < loc.line <= len(lines) and loc.column > 0:
        line = lines[loc.line - 1]
        if loc.column - 1 < len(line) and line[loc.column - 1] in "'\"":
            return 1
    return 0


def _literals(expected: str) -> list[str]:
    return [part.strip(" '\"") for part in expected.replace(" or ", ",").split(",")]


def _where(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _in_effect(path: tuple, model) -> bool:
    from compiler.language.catalogue import Params

    tp: Any = model
    for part in path:
        tp = _descend(tp, part)
        if tp is None:
            return False
        if isinstance(tp, type) and issubclass(tp, Params):
            return True
    return False


def _unwrap(tp: Any) -> list:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    if get_origin(tp) in (Union, types.UnionType):
        out = []
        for m in get_args(tp):
            out += _unwrap(m)
        return out
    return [tp]


def _descend(tp: Any, key: Any) -> Any:
    """The type found at `key` inside a value of type `tp` (None when unknown)."""
    for member in _unwrap(tp):
        origin = get_origin(member)
        if isinstance(member, type) and issubclass(member, BaseModel):
            for name, info in member.model_fields.items():
                if (info.alias or name) == key:
                    return info.annotation
        elif origin in (list, tuple) and isinstance(key, int):
            args = [a for a in get_args(member) if a is not Ellipsis]
            return args[min(key, len(args) - 1)] if args else None
        elif origin is dict:
            return get_args(member)[1]
    return None


def _allowed_keys(model, parent: tuple) -> list[str]:
    tp: Any = model
    for part in parent:
        tp = _descend(tp, part)
        if tp is None:
            return []
    keys: list[str] = []
    for member in _unwrap(tp):
        if isinstance(member, type) and issubclass(member, BaseModel):
            keys += [info.alias or name for name, info in member.model_fields.items()]
    return keys
