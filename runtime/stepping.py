"""Stepping into an effect list from the handler under way, with no step of its own.

A handler that would return `Call(fx(list), *rest)` may run the list at once instead
(`step_into`): the machine's work between two steps (the audit, the end check unless the step
was calm) is done first, the list runs in a frame of its own on the stack, exactly as the
machine would run it, and only what is left (an ask, frames the list made, `rest`) goes back
to the machine. The windows in `rest` are fired at once as well, each in its frame, and the
list of an ability a window queues runs at once above it (`fire_now`). The stack at every
decision is the same either way; the machine just takes fewer steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.battle import check as battle_check
from runtime.frames import HANDLERS, Call

if TYPE_CHECKING:
    from runtime.machine import Machine


def step_into(m: Machine, lid: int | None, ctx: dict, rest: tuple = ()):
    """Run effect list `lid` in `ctx` now, then frames `rest`, where the handler under way would
    return `Call(fx(lid, ctx), *rest)`: what the machine does between two steps is done here
    (the audit, the end check unless the step was calm), so the list takes no step of its own.
    Returns what the handler returns instead (an ask, or a `Call` the machine checks no end
    after), or None when nothing is left to run and the handler goes on as if called again."""
    return run_now(m, None if lid is None else {"h": "fx", "e": lid, "i": 0, "ctx": ctx}, rest,
                   True)


def run_now(m: Machine, frame: dict | None, rest: tuple, checked: bool):
    """`step_into` for an effect list's `frame` (None: an empty list), from a handler whose
    step the machine checks the end after (`checked`) or not (an effect list's own)."""
    if end_step(m, checked):
        return _AGAIN  # the game ended: nothing more of this step runs
    stack = m.state["stack"]
    if rest:
        stack += rest[::-1]  # (as `extend(reversed(...))`, with no call)
    if frame is not None:
        result = run_above(m, frame, stack[-1])  # (an ask, the list's frames, or `_AGAIN`)
        if result is not None:
            return result
    if not rest:
        return None
    if checked:
        return fire_now(m, len(rest))
    m.calm = True  # frames to run first (`_AGAIN`)
    return _AGAIN


def end_step(m: Machine, checked: bool) -> bool:
    """End the step under way as `Machine.run` ends one: the audit, then, unless the step was
    calm or is not `checked`, the end check. True (and calm) if the game ended."""
    if m.audit is not None:
        m.audit.after_step(m)
    if m.calm:
        m.calm = False
    elif checked and m.checks and (
            m.dirty and m.program.cache["conditions:end"](m)
            or m.program.scenario is not None and battle_check(m)):
        m.calm = True
        return True
    return False


def fire_now(m: Machine, count: int):
    """Run the `count` frames on top of the stack now while they are windows, each step as
    the machine runs it (a window's step is checked against no end): an ability a window
    queues has its list run at once above the window, which then goes on with its queue.
    Returns what is left to the machine, as `run_now` does, or None when all ran."""
    stack = m.state["stack"]
    window = HANDLERS["window"]
    while count:
        top = stack[-1]
        if top["h"] != "window":
            break
        result = window(m, top)
        if result is None:
            del stack[-1]
            if m.audit is not None:
                m.audit.after_step(m)
            count -= 1
            continue
        if type(result) is not Call or len(result.frames) != 1 or result.frames[0]["h"] != "fx":
            if type(result) is not dict:
                m.calm = True  # (as after a window's step: no end check)
            return result
        # the window's step ends; the ability's list runs as the machine's next step would
        if m.audit is not None:
            m.audit.after_step(m)
        done = run_above(m, result.frames[0], top)
        if done is not None:
            return done
    else:
        return None
    m.calm = True  # (`_AGAIN`)
    return _AGAIN


def run_above(m: Machine, frame: dict, top: dict):
    """Run the list of frame `frame` now, above frame `top` (on top of the stack: a window
    whose step is over, or the handler under way), as the machine's next step would: what is
    left to the machine (an ask, or the list's frames and then `top` again, or `_AGAIN` when
    the game ended or is ending), or None when `top` goes on."""
    stack = m.state["stack"]
    stack += (frame,)
    m.calm = False
    done = m.program.runs[frame["e"]](m, frame)  # (`runtime.effects.run_list`)
    if done is not None:
        if type(done) is not dict:
            m.calm = True  # (`_AGAIN`: the list's frames, then the window again)
        return done
    if stack and stack[-1] is frame:
        del stack[-1]
    if m.audit is not None:
        m.audit.after_step(m)
    m.calm = False
    if m.state["result"] is not None or not stack or stack[-1] is not top:
        m.calm = True  # the game ended or is ending
        return _AGAIN
    return None


# What a step returns to run what it left (none, or the frames a `Call` names), then the
# handler again, "calm" (`m.calm = True`): no end check between, since after an effect list's
# step the machine checks none (its effects were checked as they ran). One shared empty call.
_AGAIN = Call()
