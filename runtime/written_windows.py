"""A window fired at once with its answering abilities run in place, per program.

`fire_in_place(program)` is a function `(m, top)` doing what `runtime.stepping.fire_now(m, 1)`
does for window frame `top` on top of the stack, its queue already collected (`l` holding
`q` and `i`): the window's step (`runtime.windows.run_window`) and the list of each ability
it uses run in one loop, the ability's frame built as `runtime.uses.use_frame` builds it,
from what each ability needs worked out once per program (its `once-per`, its `if:` written
out, its name and list). No step returns a `Call` to be taken apart and no second call of the
window's step finds its queue done. The window's frame stays on the stack while an ability's
list runs, with the queue, index and faces `run_window` keeps in it, so an ask inside leaves
the stack, saves and replay as the generic path does; the machine resumes such a window with
`run_window`. A queue entry that is a foe acting as its piece, or a card ability with no face
named, is left to `fire_now` from there on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.stepping import fire_now, run_above
from runtime.uses import Source, use_key
from runtime.written import condition

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program


def fire_in_place(program: Program) -> Callable:
    """The in-place firing of a collected window for `program` (kept in its cache)."""
    found = program.cache.get("window:fire")
    if found is None:
        found = program.cache["window:fire"] = _firing(program)
    return found


def _firing(program: Program) -> Callable:
    uses: dict = {}  # (face, index) -> once-per, `if:` written (None: none), name, list

    def need(face, index) -> tuple:
        ability = program.abilities_of(Source(face, index))
        found = uses[face, index] = (
            ability.once_per, None if ability.if_ is None else condition(program, ability.if_),
            ability.name or "", program.lid(ability.do))
        return found

    def fire(m: Machine, top: dict):
        st = m.state
        stack = st["stack"]
        local = top["l"]
        queue = local["q"]
        i = local["i"]
        ids = st["ids"]
        if "f" in local:
            faces = local["f"]
        else:  # the faces the cards show as the window opens (`run_window`)
            faces = local["f"] = [None if e[1] is None else ids[e[1]] for e in queue]
        loc = st["loc"]
        while i < len(queue):
            seat, inst, key, index, face = queue[i]
            if inst is None and key is not None or inst is not None and face is None:
                return fire_now(m, 1)  # a foe acting as its piece: the generic step from here
            opened_as = faces[i]
            i += 1
            local["i"] = i
            if inst is not None and (loc[inst] != key or ids[inst] != opened_as):
                continue  # the card left play, or turned over, before its turn came
            once_per, holds, name, lid = uses[face, index] if (face, index) in uses else need(
                face, index)
            if once_per is not None:
                scope = st["used"].get(once_per)
                if scope and scope.get(use_key(seat, inst, face, index), 0):
                    continue
            ctx = {**top["ctx"], "self": seat, "card": inst}
            if ("piece" in ctx and (piece := ctx["piece"]) is not None
                    and st["pieces"][piece][1] != seat and ctx.get("only_piece") != piece):
                del ctx["piece"]  # a seat's ability acts as the seat (`run_window`)
            if holds is not None and not holds(m, seat, ctx, inst):
                continue
            # the ability used (`use_frame`, written out) and its list run above the window
            if once_per is not None:
                counted = st["used"].setdefault(once_per, {})
                held = use_key(seat, inst, face, index)
                counted[held] = counted.get(held, 0) + 1
            if face is not None and m.stats is not None:
                m.count("used", face, seat)
            if m.log is not None:
                m.emit("ability", seat=seat, card=inst, name=name)
            frame = {"h": "fx", "e": lid, "i": 0, "ctx": ctx}  # (a new dict, as `use_frame`'s)
            if m.audit is not None:
                m.audit.after_step(m)
            done = run_above(m, frame, top)
            if done is not None:
                return done
        del stack[-1]  # nothing more answers: the window's step is over (`fire_now`)
        if m.audit is not None:
            m.audit.after_step(m)
        return None

    return fire
