"""Running effect lists: each effect calls its op's implementation once, in order.

An op that finishes at once leaves no trace; one that must ask, or run effects of its own
first, gets an `op` frame holding its working values, and is called again with them.
An `fx` frame runs its list's function in `Program.runs`: the list written out as Python
(`runtime.written_lists`), or `run_effects`, the loop that runs it effect by effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.battle import check as battle_check
from runtime.errors import RuleError
from runtime.frames import Call, Tail, handler
from runtime.located import effect_location
from runtime.specialise import FAILED_AT
from runtime.stepping import run_now

if TYPE_CHECKING:
    from runtime.machine import Machine


@handler("fx")
def run_list(m: Machine, frame: dict):
    """Run the list of `frame` by its function in `Program.runs` (written out, or the loop)."""
    return m.program.runs[frame["e"]](m, frame)


def run_effects(m: Machine, frame: dict):
    """Run the list of `frame` from its index on, effect by effect."""
    lid = frame["e"]
    if lid is None:
        return None
    program = m.program
    steps = program.steps[lid]
    ctx = frame["ctx"]
    state = m.state
    checks = m.checks
    i = frame["i"]
    n = program.ends[lid]
    while i < n:
        impl, params, quiet, after = steps[i]
        frame["i"] = after
        local: dict = {}
        try:
            result = impl(m, ctx, params, local)
        except (RuleError, *CONTENT_FAULTS) as exc:
            raise located_fault(m, exc, lid, local.get(FAILED_AT, i)) from None
        # whatever the op did, unless it only asks, wrote only variables no condition reads
        # or called its step calm (`Machine.calm_step`), is checked against the end now
        kind = None if result is None else type(result)
        if kind is not dict:
            if state["result"] is not None:
                return None
            if checks and not quiet:
                if m.calm:
                    m.calm = False
                elif (m.dirty and m.program.cache["conditions:end"](m)
                      or program.scenario is not None and battle_check(m)):
                    return None  # (`Machine.check_end`, inline)
            if result is None:
                i = after
                continue
        if kind is Tail:
            frames = result.frames
            if not frames or frames[0]["h"] != "fx":
                return Call(*frames)
            # the op is done; its first list runs now, the list's frame staying below it
            after = run_now(m, frames[0], frames[1:], False)
            if after is not None:
                return after
            program = m.program  # (as when called again)
            steps = program.steps[lid]
            n = program.ends[lid]
            i = frame["i"]
            continue
        op_frame = {"h": "op", "e": lid, "j": i, "ctx": ctx, "l": local}
        if kind is Call:
            return Call(*result.frames, op_frame)
        state["stack"].append(op_frame)
        return result  # an ask: the answer goes to the op's frame, now on top
    return None


@handler("op")
def resume_op(m: Machine, frame: dict):
    program = m.program
    impl, params, _name = program.lists[frame["e"]][frame["j"]]
    if program.quiet[frame["e"]][frame["j"]]:
        m.calm = True  # (`calm_step`) as in an effect list: no end check after an op that cannot end it
    try:
        return impl(m, frame["ctx"], params, frame["l"])
    except (RuleError, *CONTENT_FAULTS) as exc:
        raise located_fault(m, exc, frame["e"], frame["j"]) from None


# What an op raises when the content hands it a value of the wrong kind (an amount that is
# None because a card field has no value here, text where a number belongs).
CONTENT_FAULTS = (TypeError, ValueError, ZeroDivisionError, OverflowError)


def _plain(exc: Exception) -> str:
    text = str(exc).replace("'NoneType'", "None (no value)")
    return f"a value of the wrong kind: {text}" if isinstance(exc, TypeError) else text


def located_fault(m: Machine, exc: Exception, lid: int, index: int) -> RuleError:
    """What effect `index` of list `lid` raised (a `RuleError` or a `CONTENT_FAULTS` one) as
    an error naming the op and, unless an inner part already did, where it is written."""
    err = exc if isinstance(exc, RuleError) else RuleError(_plain(exc))
    name = m.program.lists[lid][index][2]
    at = err.at or effect_location(m.program, lid, index)
    return RuleError(err.message, err.where or f"op '{name}'", at)
