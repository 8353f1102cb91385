"""Running effect lists: each effect calls its op's implementation once, in order.

An op that finishes at once leaves no trace; one that must ask, or run effects of its own
first, gets an `op` frame holding its working values, and is called again with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.errors import RuleError
from runtime.frames import Call, Tail, handler

if TYPE_CHECKING:
    from runtime.machine import Machine


@handler("fx")
def run_effects(m: Machine, frame: dict):
    lid = frame["e"]
    if lid is None:
        return None
    effects = m.program.lists[lid]
    quiet = m.program.quiet[lid]
    ctx = frame["ctx"]
    state = m.state
    i = frame["i"]
    while i < len(effects):
        impl, params, name = effects[i]
        frame["i"] = i + 1
        local: dict = {}
        try:
            result = impl(m, ctx, params, local)
        except RuleError as err:
            raise RuleError(err.message, err.where or f"op '{name}'") from None
        kind = type(result)
        # whatever the op did, unless it only asks or wrote only variables no condition
        # reads, is checked against the end conditions now
        if kind is not dict and (state["result"] is not None
                                 or (m.checks and not quiet[i] and m.check_end())):
            return None
        if result is None:
            i += 1
            continue
        if kind is Tail:
            return Call(*result.frames)
        op_frame = {"h": "op", "e": lid, "j": i, "ctx": ctx, "l": local}
        if kind is Call:
            return Call(*result.frames, op_frame)
        state["stack"].append(op_frame)
        return result  # an ask: the answer goes to the op's frame, now on top
    return None


@handler("op")
def resume_op(m: Machine, frame: dict):
    impl, params, name = m.program.lists[frame["e"]][frame["j"]]
    try:
        return impl(m, frame["ctx"], params, frame["l"])
    except RuleError as err:
        raise RuleError(err.message, err.where or f"op '{name}'") from None
