"""The variable store: seat and game variables read and written, held within their bounds.

`write` keeps a variable within its `min`, `max`, `limit` and `capped-by`, and lowers the
variables it caps; `read` gives its value. The ops on variables (`runtime.ops.variables`)
and every other rule that changes one go through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runtime.errors import RuleError

if TYPE_CHECKING:
    from runtime.machine import Machine


def _spec(m: Machine, name: str):
    var = m.program.variables.get(name)
    if var is None:
        raise RuleError(f"no variable '{name}' (declare it under `variables:` in game.yaml)")
    if var.counts is not None:
        raise RuleError(f"variable '{name}' is a count of cards; effects cannot change it")
    return var


def read(m: Machine, name: str, seat: int | None) -> Any:
    var = _spec(m, name)
    if var.per == "game":
        return m.state["gv"][name]
    return m.state["sv"][seat][name]


def write(m: Machine, name: str, seat: int | None, value: Any) -> None:
    """Set a variable, held within its `min`, `max`, `limit` (read for the seat) and
    `capped-by`; the variables it caps fall to its new value when they stand above it."""
    _store(m, _spec(m, name), name, seat, value)


def _store(m: Machine, var, name: str, seat: int | None, value: Any) -> None:
    plain = name in (m.program.cache.get("plain-variables") or _plain(m.program))
    if not plain and type(value) in (int, float):  # a number (not a bool): held within its bounds
        if var.min is not None:
            value = max(var.min, value)
        if var.max is not None:
            value = min(var.max, value)
        if var.limit is not None:
            top = m.value(var.limit, seat)
            if isinstance(top, int | float) and not isinstance(top, bool):
                value = min(top, value)
        if var.capped_by is not None:
            value = min(read(m, var.capped_by, seat), value)
    if var.per == "game":
        m.state["gv"][name] = value
    else:
        m.state["sv"][seat][name] = value
    m.dirty = True  # (`Machine.dirty`: the end check reads variables)
    if m.log is not None:
        m.emit("set", variable=name, seat=None if var.per == "game" else seat, value=value)
    if not plain:
        lower_capped(m, name, seat)


def _plain(program) -> frozenset[str]:
    """The variables with no bounds, no `limit:` and no `capped-by` either way: written as
    they are, nothing else moving with them (worked out once per program)."""
    found = program.cache.get("plain-variables")
    if found is None:
        caps = capped_by(program)
        found = program.cache["plain-variables"] = frozenset(
            name for name, var in program.variables.items()
            if var.min is None and var.max is None and var.limit is None
            and var.capped_by is None and name not in caps)
    return found


def lower_capped(m: Machine, name: str, seat: int | None) -> None:
    """Bring every variable `capped-by` variable `name` down to its value, where above it."""
    for capped in capped_by(m.program).get(name, ()):
        if read(m, capped, seat) > read(m, name, seat):
            write(m, capped, seat, read(m, name, seat))


def capped_by(program) -> dict[str, tuple[str, ...]]:
    """For each variable, the variables its value caps (worked out once per program)."""
    found = program.cache.get("capped-by")
    if found is None:
        found = {}
        for capped, var in program.variables.items():
            if getattr(var, "capped_by", None) is not None:
                found[var.capped_by] = (*found.get(var.capped_by, ()), capped)
        program.cache["capped-by"] = found
    return found
