"""Ops on the turn order itself: rotate-order (the first seat goes to the back of the line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.ops import amount, implements

if TYPE_CHECKING:
    from runtime.machine import Machine


@implements("rotate-order")
def rotate_order(m: Machine, ctx: dict, p, local: dict):
    st = m.state
    order = st["order"]
    if order:
        by = int(amount(m, ctx, p.by)) % len(order)
        st["order"] = order[by:] + order[:by]
        first = m.seats_from(st["order"][0])
        if first:
            st["active"] = first[0]
            m.dirty = True  # (`Machine.dirty`)
        m.emit("order", order=list(st["order"]))
    return None
