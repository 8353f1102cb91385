"""Name the content a failing rule came from: file, line and item, read from the compiled
game's location table (see `compiler.locations`). Only error paths call this, so the table
is searched lazily and playing costs nothing extra."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from compiler.locations import effect_key, effect_lists, is_effects, items
from runtime.env import Env
from runtime.errors import RuleError

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program


def effect_location(program: Program, lid: int, index: int) -> str | None:
    """Where effect `index` of effect list `lid` is written, when the table knows."""
    keys = program.cache.get("list-keys")
    if keys is None:
        keys = program.cache["list-keys"] = {}
        numbers = program._list_ids  # id(effect list) -> lid, as the program registered them
        for item, model in items(program.game):
            for path, effects in effect_lists(model):
                found = numbers.get(id(effects))
                if found is not None:
                    keys.setdefault(found, (item, path))
    found = keys.get(lid)
    return None if found is None else program.game.locations.get(effect_key(*found, index))


def failure(program, source: str, exc: Exception) -> str:
    """What went wrong evaluating `source`, as the compiled expression describes it."""
    try:
        return str(program.expr(source).failure(exc))
    except Exception as bad:  # noqa: BLE001 - the source itself does not compile
        return str(bad)


def expression_error(m: Machine, source: str, exc: Exception, seat: int | None,
                     ctx: dict | None, card: int | None) -> RuleError:
    """A located RuleError for an expression that failed, naming names with no value."""
    message = failure(m.program, source, exc)
    missing = _unset(m, source, seat, ctx, card)
    if missing:
        whose = f" on card '{m.state['ids'][card]}'" if card is not None else " (no card is being considered)"
        message += f"; {', '.join(repr(n) for n in missing)} {'has' if len(missing) == 1 else 'have'} no value{whose}"
    where = f"expression {source!r}"
    if card is not None:
        where += f" for card '{m.state['ids'][card]}'"
    return RuleError(message, where, m.program.game.locations.get("expr:" + source))


def _unset(m: Machine, source: str, seat: int | None, ctx: dict | None, card: int | None) -> list[str]:
    try:
        names = sorted(m.program.expr(source).names)
    except Exception:  # noqa: BLE001 - a source that does not compile has nothing to list
        return []
    env = Env(m, seat, ctx, card)
    out = []
    for name in names:
        try:
            value: Any = env[name]
        except Exception:  # noqa: BLE001 - a name the runtime cannot read has no value either
            value = None
        if value is None:
            out.append(name)
    return out


def purpose(program: Program, view: dict) -> str | None:
    """Why the pending decision is asked, for people: the name (and first sentence) of the
    phase, action, ability or story card whose effects ask it; `Setting up the game` for
    the rules' setup."""
    table = program.cache.get("purposes")
    if table is None:
        table = program.cache["purposes"] = {}
        numbers = program._list_ids
        for _item, model in items(program.game):
            for effects, why in _named_lists(model, None, top=True):
                lid = numbers.get(id(effects))
                if lid is not None and why:
                    table.setdefault(lid, why)
    for frame in reversed(view.get("stack") or ()):
        if frame.get("h") in ("fx", "op") and frame.get("e") in table:
            return table[frame["e"]]
    return None


def _named_lists(value: Any, why: str | None, top: bool = False):
    """Every effect list in `value` with what encloses it that a person knows by name (the
    document itself is not: its title says nothing about one question)."""
    if isinstance(value, BaseModel):
        name = None if top else getattr(value, "name", None) or getattr(value, "title", None)
        if isinstance(name, str) and name:
            text = getattr(value, "text", None)
            first = _first_sentence(text) if isinstance(text, str) else ""
            why = f"{name}: {first}" if first and first != name else name
        for field in type(value).model_fields:
            inner = "Setting up the game" if top and field == "setup" else why
            yield from _named_lists(getattr(value, field), inner)
    elif isinstance(value, list):
        if is_effects(value):
            yield value, why
        for item in value:
            yield from _named_lists(item, why)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _named_lists(item, why)


_SENTENCE = re.compile(r"(.{12,}?[.!?])(?:\s|$)", re.S)


def _first_sentence(text: str) -> str:
    """The first sentence of a rules text (skipping list numbers like `1.`), at most ~100
    characters."""
    found = _SENTENCE.match(" ".join(text.split()))
    sentence = (found.group(1) if found else " ".join(text.split())).rstrip(".")
    return sentence if len(sentence) <= 100 else sentence[:99].rstrip() + "…"


def loop_location(m: Machine, watched: list[dict]) -> str:
    """Where a run that loops stands, for the guard that stops it: the effects run in its
    last steps (`watched` frames: file, line and the phase, action, ability or card they
    belong to), the frames under way, the round and, in a story, the card (and battle)."""
    from runtime.story import where as story_where

    places: list[str] = []
    for frame in watched:
        if frame.get("h") == "op":
            lid, index = frame["e"], frame["j"]
        elif frame.get("h") == "fx" and frame.get("e") is not None:
            lid, index = frame["e"], frame.get("i", 0)
        else:
            continue
        at = effect_location(m.program, lid, min(index, len(m.program.lists[lid]) - 1))
        named = purpose(m.program, {"stack": [frame]})
        place = " ".join(p for p in (at, named and f"({named})") if p)
        if place and place not in places:
            places.append(place)
    parts = [f"effects run: {'; '.join(places[:3])}"] if places else []
    frames = " > ".join(f["h"] for f in m.state["stack"])
    if frames:
        parts.append(f"frames {frames}")
    parts.append(f"round {m.state['round']}")
    story = story_where(m)
    if story:
        parts.append(story)
    return ", ".join(parts)
