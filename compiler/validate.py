"""Validate one loaded document against its model and turn pydantic's errors into
diagnostics at the exact file, line and column, with a hint where one helps.

Messages speak the designer's language: they name the key and the item it belongs to
(`cost` in card 'sword'), say what the value must be (a whole number, a list…) and quote
what was written, never pydantic's wording, Python type names or internal field names.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.language.base import CODE_PATTERN, ID_PATTERN, NAME_PATTERN
from compiler.language.catalogue import OPS
from compiler.language.effects import Effect
from compiler.loader import Document
from compiler.loader.scalars import resolve_plain
from compiler.spelling import closest

# Error types whose diagnostic code the error itself decides.
_PREFERRED = ("expression", "coded", "unknown_op", "unknown_selector", "unknown_event", "extra_forbidden",
              "missing")
_EXPRESSION_HINT = "expressions are written like `coins >= 2 and not flag('met-guard')`"
# Literal choices listed in a message; longer lists go to the hint.
_LISTED = 6


def suggest(word: str, candidates, prefix: str = "did you mean") -> str | None:
    """A "did you mean 'x'?" hint for the closest candidate, if any is close."""
    close = closest(str(word), candidates)
    return f"{prefix} '{close}'?" if close is not None else None


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
    # A union's other member (text where a mapping was written) says nothing once the
    # mapping's own member found errors inside it.
    paths = [p for p, _, _ in best]
    best = {k: e for k, e in best.items() if not (
        e["type"].endswith("_type") and any(len(p) > len(k[0]) and p[:len(k[0])] == k[0]
                                            for p in paths))}
    # A misspelt key is one mistake, not two: its unknown key names the missing one in the
    # hint, so the "missing" error it causes is dropped.
    missing = {(p[:-1], p[-1]) for p, _, m in best if m is not False and p}
    meant = set()
    for path, extra, _ in best:
        if extra:
            close = closest(path[-1], [k for parent, k in missing if parent == path[:-1]])
            if close is not None:
                meant.add((*path[:-1], close))
    return [
        _diagnostic(e, path, doc, model, lines, card_fields)
        for (path, _, m), e in best.items()
        if not (m is not False and path in meant)
    ]


def _rank(e: dict) -> int:
    return _PREFERRED.index(e["type"]) if e["type"] in _PREFERRED else len(_PREFERRED)


def _data_path(data: Any, loc: tuple) -> tuple:
    """Map pydantic's `loc` (which also names union members and tags) onto the data."""
    path: list = []
    node = data
    prev = object()
    for part in loc:
        repeated, prev = part == prev, part
        if repeated and not (isinstance(node, dict) and part in node):
            continue  # a tagged union names the tag, then the field of the same name
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


def _diagnostic(e, path, doc, model, lines, card_fields) -> Diagnostic:  # noqa: C901 - per type
    etype, ctx = e["type"], e.get("ctx") or {}
    in_card = card_fields and len(path) >= 3 and path[0] == "cards"
    data = doc.data
    if etype == "extra_forbidden":
        key = path[-1]
        allowed = _allowed_keys(model, path[:-1])
        code = "GS207" if in_card and len(path) == 3 else "GS211" if _in_effect(path, model) else "GS203"
        where = _context(data, path[:-1], model)
        return CATALOGUE[code](
            f"unknown key '{key}'" + (f" in {where}" if where else ""),
            doc.location(path, key=True),
            hint=suggest(key, allowed) or (f"allowed keys: {', '.join(sorted(allowed))}" if allowed else None),
        )
    if etype == "missing":
        key, parent = path[-1], path[:-1]
        code = "GS207" if in_card and len(path) == 3 else "GS211" if _in_effect(path, model) else "GS204"
        where = _context(data, parent, model)
        return CATALOGUE[code](
            f"missing required key '{key}'" + (f" in {where}" if where else ""),
            doc.location(parent, key=bool(parent)),
            hint=f"add `{key}:`",
        )
    if etype == "expression":
        loc = doc.location(path)
        if loc.sheet is None:  # in a text file, point at the character; a cell is one place
            loc = replace(loc, column=loc.column + _quote_width(lines, loc) + int(ctx.get("offset") or 0))
        message, source = ctx["message"], e["input"]
        return CATALOGUE[ctx["code"]](
            f"expression `{source}` {message.removeprefix('the expression ')}"
            if message.startswith("the expression ") else f"{message} in expression `{source}`",
            loc,
            hint=ctx.get("hint") or (_EXPRESSION_HINT if ctx["code"] == "GS220" else None),
        )
    if etype == "coded":  # the validator chose the code (see `compiler.language.base.coded`)
        return CATALOGUE[ctx["code"]](ctx["message"], doc.location(path), hint=ctx.get("hint"))
    if etype == "unknown_op":
        value = e["input"]
        loc = doc.location(path)
        if not isinstance(value, dict) or len(value) != 1:
            got = (
                "keys " + ", ".join(f"'{k}'" for k in value) if isinstance(value, dict) and value
                else _shown(value)
            )
            return CATALOGUE["GS212"](
                f"an effect must be a one-key mapping `- op: {{params}}`, got {got}", loc,
                hint="write one op per list item",
            )
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
    if etype == "unknown_event":
        from compiler.language.events import EVENTS

        return CATALOGUE["GS310"](
            f"unknown event '{e['input']}'", doc.location(path),
            hint=suggest(e["input"], EVENTS) or "see docs/language.md for the events",
        )
    if etype == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        value = str(e["input"])
        fixed = "-".join(filter(None, "".join(c if c.isalnum() else "-" for c in value.lower()).split("-")))
        return CATALOGUE["GS206"](
            f"'{value}' is not a valid id: use lowercase letters, digits and single hyphens",
            doc.location(path), hint=f"write `{fixed}`" if fixed else None,
        )
    code = "GS207" if in_card else ("GS211" if _in_effect(path, model) else "GS205")
    message, hint = _bad_value(etype, ctx, e, _subject(data, path, model))
    return CATALOGUE[code](message, doc.location(path), hint=hint)


_KINDS_OF_VALUE = {
    "int": "a whole number", "float": "a number", "bool": "true or false", "string": "text",
    "list": "a list", "tuple": "a list", "set": "a list", "dict": "a mapping of keys to values",
    "model": "a mapping of keys to values", "model_attributes": "a mapping of keys to values",
}
_FIX = {
    "a list": "write `[a, b]`, or one `- item` per line below the key",
    "a mapping of keys to values": "write `key: value` lines, indented below",
    "true or false": "write true or false (yes, no, on and off are text)",
}
_PATTERNS = {
    NAME_PATTERN: ("a name of lowercase letters, digits and underscores that starts with a letter",
                   "write it like `max_hp`"),
    CODE_PATTERN: ("a diagnostic code such as GS401", "see docs/diagnostics.md for the codes"),
}


def _bad_value(  # noqa: C901 - one case per kind of error
    etype: str, ctx: dict, e: dict, subject: str
) -> tuple[str, str | None]:
    """The message and hint for a value of the wrong type, range or form."""
    value = e.get("input")
    base = etype.rsplit("_", 1)[0] if etype.endswith(("_type", "_parsing", "_from_float")) else ""
    if etype == "int_from_float":
        hint = "round it to a whole number"
        return f"{subject} must be a whole number, not {_shown(value)}", hint
    if base in _KINDS_OF_VALUE:
        wanted = _KINDS_OF_VALUE[base]
        if value is None:
            hint = "write a value after the key, or remove it"
            return f"{subject} is empty: it must be {wanted}", hint
        hint = _FIX.get(wanted)
        if isinstance(value, str) and resolve_plain(value.strip()) not in (value.strip(), None):
            hint = "remove the quotes: quoted values are text"
        if wanted == "a list" and isinstance(value, str | int | float) and " " not in str(value):
            hint = f"write `[{value}]`, or one `- item` per line below the key"
        return f"{subject} must be {wanted}, not {_shown(value)}", hint
    if etype in ("literal_error", "enum"):
        choices = _literals(ctx.get("expected", ""))
        close = suggest(value, choices)
        if len(choices) > _LISTED:
            return (f"{subject} cannot be {_shown(value)}",
                    close or "choose one of " + ", ".join(f"'{c}'" for c in choices))
        return f"{subject} must be {_one_of(choices)}, not {_shown(value)}", close
    bounds = {
        "greater_than_equal": ("at least", "ge"), "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"), "less_than": ("less than", "lt"),
    }
    if etype in bounds:
        words, name = bounds[etype]
        return f"{subject} must be {words} {_number(ctx.get(name))}, not {_shown(value)}", None
    if etype in ("too_short", "too_long"):
        n = ctx.get("min_length" if etype == "too_short" else "max_length")
        got = ctx.get("actual_length")
        words = "at least" if etype == "too_short" else "at most"
        items = "item" if n == 1 else "items"
        return f"{subject} must have {words} {n} {items}, not {got}", None
    if etype == "string_too_long":
        n = ctx.get("max_length")
        return f"{subject} must be at most {n} characters long, not {len(str(value))}", None
    if etype == "string_pattern_mismatch" and ctx.get("pattern") in _PATTERNS:
        wanted, hint = _PATTERNS[ctx["pattern"]]
        return f"{subject} must be {wanted}, not {_shown(value)}", hint
    if etype == "value_error":
        reason = str(ctx.get("error") or e["msg"]).removeprefix("Value error, ")
        return (f"{subject}: {reason}" if subject else reason), None
    return f"{subject}: {e['msg'][:1].lower()}{e['msg'][1:]}", None


def _shown(value: Any) -> str:
    """How a written value is quoted in a message."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return f"'{value if len(value) <= 40 else value[:37] + '...'}'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "this value"


def _number(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _one_of(choices: list[str]) -> str:
    quoted = [f"'{c}'" for c in choices]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _singular(word: str) -> str:
    if word == "do":
        return "effect"
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("xes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _steps(data: Any, path: tuple, model: Any) -> list[str]:
    """Name each item along `path`: `card 'sword'`, `choice 2`, `variable 'coins'`, `players`."""
    names: list[str] = []
    node, tp = data, model
    i = 0
    while i < len(path):
        part = path[i]
        child = node.get(part) if isinstance(node, dict) else None
        tp = _descend(tp, part) if tp is not None else None
        collection = _collection(tp) if tp is not None else isinstance(child, list)
        if i + 1 < len(path) and collection and isinstance(child, list | dict):
            item = path[i + 1]
            value = child.get(item) if isinstance(child, dict) else (
                child[item] if isinstance(item, int) and 0 <= item < len(child) else None)
            noun = _singular(str(part))
            op = _op_key(value, path[i + 2 : i + 3])
            if op is not None:  # `- gain: {...}`: the op names the effect
                names.append(f"`{op}` effect")
                node = value[op]
                tp = _descend(_descend(tp, item), op) if tp is not None else None
                i += 3
                continue
            if isinstance(child, dict):
                names.append(f"{noun} '{item}'")
            elif isinstance(value, dict) and isinstance(value.get("id"), str):
                names.append(f"{noun} '{value['id']}'")
            else:
                names.append(f"{noun} {item + 1 if isinstance(item, int) else item}")
            node = value
            tp = _descend(tp, item) if tp is not None else None
            i += 2
        else:
            names.append(f"`{part}`" if isinstance(part, str) else f"item {part + 1}")
            node = child if isinstance(part, str) else (
                node[part] if isinstance(node, list) and 0 <= part < len(node) else None)
            i += 1
    return names


def _op_key(value: Any, following: tuple) -> str | None:
    """The op of an effect `- op: {params}` whose params `following` enters, else None."""
    if isinstance(value, dict) and len(value) == 1 and following and following[0] in value:
        return following[0] if following[0] in OPS else None
    return None


def _collection(tp: Any) -> bool:
    """Whether values of type `tp` hold items (a list or a mapping of ids), not named keys."""
    return any(get_origin(m) in (list, tuple, dict) for m in _unwrap(tp))


def _context(data: Any, path: tuple, model: Any) -> str:
    """Where `path` is, innermost first (`choice 1 of card '3'`); empty at the top level."""
    return " of ".join(reversed(_steps(data, path, model)))


def _subject(data: Any, path: tuple, model: Any) -> str:
    """The value at `path` named for a message: "`cost` in card 'sword'"."""
    steps = _steps(data, path, model)
    if not steps:
        return ""
    head, rest = steps[-1], steps[:-1]
    return head + (f" in {' of '.join(reversed(rest))}" if rest else "")


def _quote_width(lines: Sequence[str], loc: Location) -> int:
    if 0 < loc.line <= len(lines) and loc.column > 0:
        line = lines[loc.line - 1]
        if loc.column - 1 < len(line) and line[loc.column - 1] in "'\"":
            return 1
    return 0


def _literals(expected: str) -> list[str]:
    return [part.strip(" '\"") for part in expected.replace(" or ", ",").split(",")]


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
        if member is Effect:
            if key in OPS:
                return OPS[key].params
        elif isinstance(member, type) and issubclass(member, BaseModel):
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
        if member is Effect:
            keys += list(OPS)
        elif isinstance(member, type) and issubclass(member, BaseModel):
            keys += [info.alias or name for name, info in member.model_fields.items()]
    return keys
