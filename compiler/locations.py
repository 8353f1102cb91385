"""Where compiled content came from, so the runtime can name it when a rule fails.

The compiled game carries one small table of strings, built once by the linker (effects by
`table`, expressions by `record_expression` in the walk the linker makes anyway):

- `fx:<item>:<path>` for every effect: `<item>` is `rules:<id>`, `card:<id>`, `story:<id>`…
  and `<path>` the effect's place inside that item (`actions/3/do/0`), as `effect_lists`
  yields it;
- `expr:<source>` for every expression: where it is first written.

Each value reads `file:line:col (what)`, e.g. `rules.yaml:275:9 (action 'sell-equipment')`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from compiler.language.effects import Effect

if TYPE_CHECKING:
    from compiler.pipeline import Unit

# document kinds whose effects the runtime runs; cards are keyed one by one
_RUN = ("rules", "story", "scenario", "landscape", "terrain")


def effect_lists(value: Any, path: tuple = ()) -> list[tuple[tuple, list]]:
    """Every effect list inside `value` with its path (field aliases, indexes, keys)."""
    out: list[tuple[tuple, list]] = []
    _collect(value, path, out)
    return out


_NESTED = (BaseModel, list, dict)  # scalars hold no effects


def _collect(value: Any, path: tuple, out: list) -> None:
    if isinstance(value, BaseModel):
        aliases = _aliases(type(value))
        for name, item in vars(value).items():
            if isinstance(item, _NESTED):
                _collect(item, (*path, aliases.get(name, name)), out)
    elif isinstance(value, list):
        if value and isinstance(value[0], Effect):
            out.append((path, value))
        for i, item in enumerate(value):
            if isinstance(item, _NESTED):
                _collect(item, (*path, i), out)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, _NESTED):
                _collect(item, (*path, key), out)


@cache
def _aliases(cls: type[BaseModel]) -> dict[str, str]:
    return {name: info.alias or name for name, info in cls.model_fields.items()}


def is_effects(value: Any) -> bool:
    """Whether `value` is an effect list (a non-empty list of validated effects)."""
    return isinstance(value, list) and bool(value) and isinstance(value[0], Effect)


def effect_key(item: str, path: tuple, index: int) -> str:
    return "fx:" + item + ":" + "/".join(map(str, (*path, index)))


def items(game: Any) -> Iterator[tuple[str, BaseModel]]:
    """The compiled game's items whose effects run, keyed as in the table."""
    if game.rules is not None:
        yield f"rules:{game.rules.id}", game.rules
    for card_id, card in game.cards.items():
        yield f"card:{card_id}", card
    for kind, group in (("story", game.stories), ("scenario", game.scenarios),
                        ("landscape", game.landscapes), ("terrain", game.terrain)):
        for id_, model in group.items():
            yield f"{kind}:{id_}", model


def table(units: list[Unit]) -> dict[str, str]:
    """The effects' part of the location table of a pack's validated units (the linker adds
    each expression's with `record_expression` as it walks them)."""
    out: dict[str, str] = {}
    for u in units:
        if u.kind == "cards":
            for i, card in enumerate(u.model.cards):
                _record(out, u, f"card:{card.id}", card, ("cards", i))
        elif u.kind in _RUN:
            _record(out, u, f"{u.kind}:{u.model.id}", u.model, ())
    return out


def record_expression(out: dict[str, str], u: Unit, path: tuple, source: str) -> None:
    """Note where expression `source` is first written."""
    key = "expr:" + source
    if key not in out:
        out[key] = where(u, path)


def _record(out: dict[str, str], u: Unit, item: str, model: BaseModel, prefix: tuple) -> None:
    for path, effects in effect_lists(model):
        what = label(u, (*prefix, *path))  # one label for the whole list
        for j in range(len(effects)):
            loc = u.doc.location((*prefix, *path, j))
            out.setdefault(effect_key(item, path, j),
                           str(loc) + (f" ({what})" if what else ""))


def where(u: Unit, path: tuple) -> str:
    """`file:line:col (item)` of the value at `path` in unit `u`."""
    loc = u.doc.location(path)
    what = label(u, path)
    return str(loc) + (f" ({what})" if what else "")


def label(u: Unit, path: tuple) -> str | None:
    """What a designer calls the item holding `path`: `action 'buy'`, `card 'x', ability 1`,
    `card '12'` (a story card)."""
    names: list[str] = []
    node: Any = u.model
    parent_field = None
    for part in path:
        if isinstance(node, BaseModel):
            fields = type(node).model_fields
            name = next((n for n, f in fields.items() if (f.alias or n) == part), None)
            if name is None:
                break
            parent_field, node = part, getattr(node, name)
            continue
        effects = isinstance(node, list) and node and isinstance(node[0], Effect)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, BaseModel) and not effects and not isinstance(node, Effect):
            ident = getattr(node, "id", None)
            number = part + 1 if isinstance(part, int) else part
            names.append(f"{_singular(parent_field)} '{ident}'" if ident else
                         f"{_singular(parent_field)} {number}")
    if u.kind not in ("rules", "cards") and getattr(u.model, "id", None):
        names.insert(0, f"{u.kind} '{u.model.id}'")
    return ", ".join(dict.fromkeys(names[:1] + names[-1:])) or None


_SINGULAR = {"abilities": "ability", "cards": "card", "enemies": "enemy"}


def _singular(field: str | None) -> str:
    return _SINGULAR.get(field or "", (field or "item").removesuffix("s").replace("-", " "))
